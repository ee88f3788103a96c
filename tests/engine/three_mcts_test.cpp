// The three-player Monte Carlo search (RULES.md A10): careful playouts take a
// line in one, block the next player's, and lose to two of them; the tree
// search keeps out of the proven losses of end games and finds their proven
// wins (checked against the exact end game, itself checked against a plain
// max-n in three_endgame_test.cpp), stays inside its lease and replays with
// its seed.
#include "engine/three_mcts.h"

#include <gtest/gtest.h>

#include <set>

#include "test_games.h"
#include "three_player_support.h"

namespace ft::engine {
namespace {

using rules::Move;
using rules::Position;
using testing::legal;
using testing::random_position;
using testing::sized_game;

constexpr auto NO_DEADLINE = std::chrono::steady_clock::time_point::max();

// RULES.md A2: a line in one is taken, whatever the playout's seed.
TEST(ThreeMctsA10, PlayoutTakesTheMoversLineInOne) {
  auto g = testing::new_game("three-players");
  // Red 1, 2, 3 on the bottom row; Yellow and Green on top of them.
  testing::play_moves(g, {"a", "a", "a", "b", "b", "b", "c", "c", "c"});
  TablePool pool(std::size_t{1} << 20);
  TableLease lease = pool.acquire();
  const ThreeMcts mcts(g.position(), lease);
  for (std::uint64_t seed = 0; seed < 50; ++seed)
    EXPECT_EQ(mcts.playout(seed), ThreeOutcome::red) << "seed " << seed;
}

// Two lines in one of the next player cannot both be blocked: every playout
// is its win. One of them is blocked: no playout lets it win at once.
TEST(ThreeMctsA10, PlayoutBlocksTheNextPlayersLineAndLosesToTwo) {
  auto g = testing::new_game("three-players");
  // Yellow (the next after Red) has b1 c1 d1: a1 and e1 both complete it.
  testing::play_moves(g, {"g", "b", "h", "i", "c", "g", "h", "d", "i"});
  TablePool pool(std::size_t{1} << 20);
  TableLease lease = pool.acquire();
  ASSERT_EQ(g.position().to_move(), 0);
  const ThreeMcts two(g.position(), lease);
  for (std::uint64_t seed = 0; seed < 50; ++seed)
    EXPECT_EQ(two.playout(seed), ThreeOutcome::yellow) << "seed " << seed;

  // Red holds a1 already: only e1 is left, and Red must take it.
  auto h = testing::new_game("three-players");
  testing::play_moves(h, {"a", "b", "h", "i", "c", "g", "h", "d", "i"});
  ASSERT_EQ(h.position().to_move(), 0);
  const ThreeMcts one(h.position(), lease);
  std::set<int> outcomes;
  for (std::uint64_t seed = 0; seed < 200; ++seed) {
    outcomes.insert(static_cast<int>(one.playout(seed)));
  }
  // A yellow win stays possible later in a game, but not every playout
  // gives it: the block was made.
  EXPECT_GT(outcomes.size(), 1U);
}

// RULES.md A10 on the real board (9x7): end games after 44 to 49 random
// plies where some moves are proven lost (the next player's line comes, a
// zugzwang of the fill-up, or a player that loses anyway lets another win
// rather than the root) and others hold at least a draw: the tree search
// picks one that holds, and a proven win when there is one.
TEST(ThreeMctsA10, AvoidsTheProvenLossesOf9x7EndGames) {
  auto g = testing::new_game("three-players");
  TablePool pool(std::size_t{1} << 22);
  rules::SeededRandom rng(404);
  int checked = 0;
  for (int sample = 0; sample < 400 && checked < 40; ++sample) {
    const std::optional<Position> p = random_position(g, 44 + sample % 6, rng);
    if (!p) continue;
    const std::vector<Move> moves = legal(*p);
    const int me = p->to_move();
    std::vector<int> rank(static_cast<std::size_t>(g.position().geometry().width()), -1);
    int top = -1, low = 4;
    {
      TableLease lease = pool.acquire();
      ThreeEndgame exact(*p, lease);
      const ThreeEndgameResult r = exact.solve(moves, UINT64_MAX, NO_DEADLINE);
      ASSERT_TRUE(r.complete);
      for (const auto& [m, o] : r.moves) {
        const int k = ThreeEndgame::rank(o, me, me);
        rank[static_cast<std::size_t>(m.col)] = k;
        top = std::max(top, k);
        low = std::min(low, k);
      }
    }
    if (top < 2 || low >= 2) continue;
    TableLease lease = pool.acquire();
    ThreeMctsOptions o;
    o.playouts = 20'000;
    o.seed = static_cast<std::uint64_t>(sample);
    const ThreeMctsResult r = ThreeMcts(*p, lease).run(moves, o);
    EXPECT_EQ(r.playouts, o.playouts);
    ++checked;
    const int got = rank[static_cast<std::size_t>(r.best.col)];
    EXPECT_GE(got, 2) << "sample " << sample << ": column " << r.best.col + 1;
    if (top == 3) {
      EXPECT_EQ(got, 3) << "sample " << sample << ": column " << r.best.col + 1;
    }
  }
  EXPECT_GE(checked, 20);
}

// A lease of a few thousand nodes: the tree stops growing, the playouts go
// on from its leaves, and the answer is one of the candidates. Without a
// lease the first candidate comes back unexplored.
TEST(ThreeMctsA10, StaysInsideItsLease) {
  auto g = testing::new_game("three-players");
  TablePool pool(std::size_t{64} << 10);
  TableLease lease = pool.acquire();
  ASSERT_FALSE(lease.empty());
  const std::vector<Move> moves = legal(g.position());
  ThreeMctsOptions o;
  o.playouts = 20'000;
  const ThreeMctsResult r = ThreeMcts(g.position(), lease).run(moves, o);
  EXPECT_EQ(r.playouts, o.playouts);
  std::uint64_t visits = 0;
  for (const ThreeMctsMove& m : r.moves) visits += m.visits;
  EXPECT_EQ(visits, o.playouts);
  const ThreeMctsResult none = ThreeMcts(g.position(), TableLease{}).run(moves, o);
  EXPECT_EQ(none.playouts, 0U);
  EXPECT_EQ(none.best, moves.front());
}

// The same seed plays the same games.
TEST(ThreeMctsA10, ReplaysWithItsSeed) {
  auto g = testing::new_game("three-players");
  testing::play_moves(g, {"d", "e", "f", "e", "d"});
  TablePool pool(std::size_t{1} << 22);
  const std::vector<Move> moves = legal(g.position());
  ThreeMctsOptions o;
  o.playouts = 5'000;
  o.seed = 9;
  std::vector<std::uint64_t> first;
  for (int run = 0; run < 2; ++run) {
    TableLease lease = pool.acquire();
    const ThreeMctsResult r = ThreeMcts(g.position(), lease).run(moves, o);
    std::vector<std::uint64_t> visits;
    for (const ThreeMctsMove& m : r.moves) visits.push_back(m.visits);
    if (run == 0)
      first = visits;
    else
      EXPECT_EQ(visits, first);
  }
}

}  // namespace
}  // namespace ft::engine
