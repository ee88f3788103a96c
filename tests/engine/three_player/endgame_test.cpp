// The exact three-player end game (RULES.md A10) against a plain memoised
// max-n over outcomes (no pruning, no shortcuts, the rules' own moves): the
// same outcome for every root move on small boards, with and without a table
// and whatever the node budget leaves out; and the three-player levels never
// play a move it proved lost while another move holds.
#include "engine/three_player/endgame.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <optional>
#include <unordered_map>
#include <vector>

#include "../test_games.h"
#include "engine/three_player/max_n_search.h"
#include "rules/setup_draw.h"
#include "support.h"

namespace ft::engine {
namespace {

using rules::Move;
using rules::Position;
using testing::legal;
using testing::name;
using testing::PlainMaxN;
using testing::random_position;
using testing::sized_game;

constexpr auto NO_DEADLINE = std::chrono::steady_clock::time_point::max();

// Checks every root move's outcome against `plain` (whose root is the side
// to move); returns the nodes searched.
std::uint64_t expect_same_as_plain(const Position& pos, const TableLease& lease,
                                   const std::string& where, PlainMaxN& plain) {
  ThreeEndgame endgame(pos, lease);
  const std::vector<Move> moves = legal(pos);
  const ThreeEndgameResult r = endgame.solve(moves, UINT64_MAX, NO_DEADLINE);
  EXPECT_TRUE(r.complete) << where;
  EXPECT_EQ(r.moves.size(), moves.size()) << where;
  for (const auto& [m, o] : r.moves) {
    const ThreeOutcome want = plain.after(pos, m);
    EXPECT_EQ(o, want) << where << ", column " << m.col + 1 << ": " << name(o) << " instead of "
                       << name(want);
  }
  return r.nodes;
}

TEST(ThreeEndgameA10, RanksOutcomesWinDrawLossAndLossesAgainstTheRoot) {
  // Yellow (1) judging, Red (0) the root: its own win, a draw, Green's win,
  // Red's win.
  EXPECT_EQ(ThreeEndgame::rank(ThreeOutcome::yellow, 1, 0), 3);
  EXPECT_EQ(ThreeEndgame::rank(ThreeOutcome::draw, 1, 0), 2);
  EXPECT_EQ(ThreeEndgame::rank(ThreeOutcome::green, 1, 0), 1);
  EXPECT_EQ(ThreeEndgame::rank(ThreeOutcome::red, 1, 0), 0);
  // The root itself: the next player's win lowest, the third's above it.
  EXPECT_EQ(ThreeEndgame::rank(ThreeOutcome::red, 0, 0), 3);
  EXPECT_EQ(ThreeEndgame::rank(ThreeOutcome::yellow, 0, 0), 0);
  EXPECT_EQ(ThreeEndgame::rank(ThreeOutcome::green, 0, 0), 1);
}

TEST(ThreeEndgameA10, CoversFourInARowWithThreeColoursOnly) {
  EXPECT_TRUE(ThreeEndgame::covers(testing::new_game("three-players").position().geometry()));
  EXPECT_TRUE(ThreeEndgame::covers(sized_game("three-players", 5, 4).position().geometry()));
  EXPECT_FALSE(ThreeEndgame::covers(testing::new_game("classic").position().geometry()));
  EXPECT_FALSE(ThreeEndgame::covers(testing::new_game("two-vs-two").position().geometry()));
}

// RULES.md A10 on 5x5: positions after 13 to 16 random plies, where the
// lines in one, the forced blocks and the zugzwangs of the fill-up decide.
// Compares the end-game search with the plain max-n on `samples` random
// positions `plies` deep into `g` (with a table, and without one when
// `also_without_table`); counts the positions checked and those won.
struct SampleCounts {
  int checked = 0;
  int decided = 0;
};
SampleCounts check_samples(const rules::FourGame& g, int plies, std::uint64_t seed, int samples,
                           const std::string& label, bool also_without_table) {
  TablePool pool(std::size_t{1} << 22);
  rules::SeededRandom rng(seed);
  SampleCounts counts;
  for (int sample = 0; sample < samples; ++sample) {
    const std::optional<Position> p = random_position(g, plies, rng);
    if (!p) continue;
    TableLease lease = pool.acquire();
    PlainMaxN plain(p->to_move());
    const std::string where = label + " sample " + std::to_string(sample);
    expect_same_as_plain(*p, lease, where, plain);
    if (also_without_table) expect_same_as_plain(*p, TableLease{}, where + " (no table)", plain);
    ++counts.checked;
    counts.decided += plain.value(*p) != ThreeOutcome::draw;
  }
  return counts;
}

TEST(ThreeEndgameA10, SameAsPlainMaxNOn5x5RandomPositions) {
  const SampleCounts c =
      check_samples(sized_game("three-players", 5, 5), 14, 2026, 100, "5x5", true);
  // The samples are not all draws: wins by zugzwang are among them.
  std::printf("5x5: %d of the samples are won by someone\n", c.decided);
  EXPECT_GT(c.decided, 5);
}

// RULES.md A10 on the real board (9x7): the last 11 to 14 cells of random
// games.
TEST(ThreeEndgameA10, SameAsPlainMaxNOn9x7EndGames) {
  EXPECT_GT(check_samples(testing::new_game("three-players"), 49, 63, 12, "9x7", false).checked, 5);
}

// A budget too small for the whole tree: the moves it did finish are right,
// the rest are left out, and the result says it is not complete.
TEST(ThreeEndgameA10, NodeBudgetLeavesMovesOutButNeverGetsOneWrong) {
  auto g = sized_game("three-players", 5, 4);
  const Position p = g.position();
  PlainMaxN plain(p.to_move());
  TablePool pool(std::size_t{1} << 22);
  TableLease lease = pool.acquire();
  ThreeEndgame endgame(p, lease);
  const std::vector<Move> moves = legal(p);
  const ThreeEndgameResult r = endgame.solve(moves, 2000, NO_DEADLINE);
  EXPECT_FALSE(r.complete);
  EXPECT_LT(r.moves.size(), moves.size());
  for (const auto& [m, o] : r.moves) EXPECT_EQ(o, plain.after(p, m)) << "column " << m.col + 1;
}

// The three-player search with the end game switched on never plays a move
// proven worse for it than another, and keeps the proven losses out of the
// root scores a level picks from.
TEST(ThreeEndgameA10, MaxNPlaysABestProvenMove) {
  auto g = sized_game("three-players", 5, 5);
  rules::SeededRandom rng(77);
  TablePool pool(std::size_t{1} << 22);
  int checked = 0;
  for (int sample = 0; sample < 60; ++sample) {
    const std::optional<Position> found = random_position(g, 12, rng);
    if (!found) continue;
    const Position& p = *found;
    PlainMaxN plain(p.to_move());
    int top = -1;
    for (Move m : legal(p))
      top = std::max(top, ThreeEndgame::rank(plain.after(p, m), p.to_move(), p.to_move()));
    TableLease lease = pool.acquire();
    MaxNSearch search(p, 25, lease);
    SearchOptions o;
    o.max_depth = 4;
    o.eval = EvalKind::threats;
    o.all_root_scores = true;
    o.exact_nodes = UINT64_MAX;
    o.exact_empty = 25;
    const SearchResult r = search.run(o);
    const int got = ThreeEndgame::rank(plain.after(p, r.best), p.to_move(), p.to_move());
    EXPECT_EQ(got, top) << "sample " << sample << ": column " << r.best.col + 1;
    for (const RootScore& rs : r.root_scores) {
      const int rank = ThreeEndgame::rank(plain.after(p, rs.move), p.to_move(), p.to_move());
      if (rank < top && top >= 2) {
        EXPECT_TRUE(is_proven(rs.score) && rs.score < 0)
            << "sample " << sample << ": lost column " << rs.move.col + 1 << " scored " << rs.score;
      }
    }
    ++checked;
  }
  EXPECT_GT(checked, 20);
}

}  // namespace
}  // namespace ft::engine
