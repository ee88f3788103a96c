// Three players (RULES.md A10) through max-n: wins in one taken, the next
// player's win in one blocked, a position the mover cannot hold seen as lost,
// and levels that beat players who move at random. Two vs two (RULES.md A11)
// stays a two-colour game in which a team-mate's discs count as one's own.
#include "engine/three_player/max_n_search.h"

#include <gtest/gtest.h>

#include <set>
#include <string>

#include "../test_games.h"
#include "engine/computer.h"

namespace ft::engine {
namespace {

using testing::at_level;
using testing::new_game;
using testing::play_moves;

SearchResult max_n(const rules::FourGame& g, int depth) {
  TablePool pool(std::size_t{1} << 22);
  TableLease lease = pool.acquire();
  MaxNSearch search(g.position(), rules::popcount(g.position().geometry().playable()), lease);
  SearchOptions o;
  o.max_depth = depth;
  o.eval = EvalKind::threats;
  o.all_root_scores = true;
  return search.run(o);
}

// RULES.md A10: Red (a1 a2 a3) completes column a; Yellow and Green have
// only twos.
TEST(MaxNA10, TakesAWinInOne) {
  auto g = new_game("three-players");
  play_moves(g, {"a", "i", "h", "a", "i", "h", "a", "e", "e"});
  for (int depth : {1, 3, 5}) {
    const SearchResult r = max_n(g, depth);
    EXPECT_EQ(r.best, (rules::Move{0, false})) << "depth " << depth;
    EXPECT_TRUE(r.exact);
    EXPECT_GT(r.score, WIN_SCORE - 10);
  }
  for (int level = MIN_LEVEL; level <= MAX_LEVEL; ++level) {
    EXPECT_EQ(choose_move(g, at_level(level, 5000, 3)).move, "a") << "level " << level;
  }
}

// RULES.md A10: Yellow, the next to move, has e1 e2 e3; only Red can stop it
// (Green moves after Yellow). Every level from 2 blocks at e; level 1, the
// beginner that overlooks the others' threats, plays anywhere.
TEST(MaxNA10, BlocksTheNextPlayersWinInOne) {
  auto g = new_game("three-players");
  play_moves(g, {"a", "e", "i", "b", "e", "i", "g", "e", "h"});
  for (int depth : {2, 3, 4, 5}) {
    const SearchResult r = max_n(g, depth);
    EXPECT_EQ(r.best, (rules::Move{4, false})) << "depth " << depth;
    for (const RootScore& rs : r.root_scores) {
      // Any other move lets Yellow complete e4 next: a loss for Red.
      if (rs.move.col != 4) {
        EXPECT_LT(rs.score, -(WIN_SCORE - 10)) << "column " << int(rs.move.col);
      }
    }
  }
  for (int level = 2; level <= MAX_LEVEL; ++level) {
    for (std::uint64_t seed : {1, 2, 3}) {
      EXPECT_EQ(choose_move(g, at_level(level, 5000, seed)).move, "e")
          << "level " << level << ", seed " << seed;
    }
  }
  std::set<std::string> beginner;
  for (std::uint64_t seed = 0; seed < 40; ++seed)
    beginner.insert(choose_move(g, at_level(1, 5000, seed)).move);
  EXPECT_GE(beginner.size(), 5U);
}

// RULES.md A10, max-n keeps the turn order: Yellow (next) threatens e4 and
// Green (third) d4. Red must block Yellow at e; Green's line is Yellow's to
// block, since it would beat Yellow too. A paranoid search (both others
// against Red) would see one of the two lines go through and call it lost.
TEST(MaxNA10, BlocksNextAndCountsOnTheNextToBlockTheThird) {
  auto g = new_game("three-players");
  // Red a1 b1 g1; Yellow e1 e2 e3; Green d1 d2 d3. Red to move.
  play_moves(g, {"a", "e", "d", "b", "e", "d", "g", "e", "d"});
  const SearchResult r = max_n(g, 4);
  EXPECT_EQ(r.best, (rules::Move{4, false}));
  // After Red's e4 Yellow blocks d4 (else Green wins, and Yellow loses with
  // it), so e is no loss for Red.
  EXPECT_FALSE(is_proven(r.score)) << r.score;
}

// RULES.md A10: Yellow (next) has two open threats, c4 and e4: Red blocks
// one, Yellow plays the other. Max-n sees the loss.
TEST(MaxNA10, SeesATwoThreatLossOfTheMover) {
  auto g = new_game("three-players");
  // Red a1 a2 g1 g2 i1 i2; Yellow c1 c2 c3 e1 e2 e3; Green b1 b2 f1 f2 h1 h2.
  play_moves(g, {"a", "e", "b", "g", "c", "f", "a", "e", "b", "g", "c", "f", "i", "e", "h", "i",
                 "c", "h"});
  ASSERT_EQ(g.position().to_move(), 0);
  const SearchResult r = max_n(g, 3);
  EXPECT_LT(r.score, -(WIN_SCORE - 10));
  EXPECT_FALSE(r.exact);
}

// A level that searches beats two players who move at random: over six
// games, two in each seat, it wins at least five (a random mover blocks little).
TEST(MaxNA10, LevelFourBeatsTwoRandomMovers) {
  int wins = 0;
  for (int game = 0; game < 6; ++game) {
    wins += testing::level_against_random("three-players", 4, game % 3, 100 + game) == game % 3;
  }
  EXPECT_GE(wins, 5);
}

// RULES.md A11: team-mates share a colour, so Red 2 completes a line of
// Red 1's discs: Red 1 played a1 and a3, Red 2 a2, and Red is to move.
TEST(TwoVsTwoA11, ATeamMatesDiscsCountAsOwn) {
  auto g = new_game("two-vs-two");
  play_moves(g, {"a", "h", "a", "h", "a", "g"});
  ASSERT_EQ(g.position().to_move(), 0);
  for (int level : {1, 4, 7}) {
    EXPECT_EQ(choose_move(g, at_level(level, 300, 3)).move, "a") << "level " << level;
  }
  // And Yellow's team blocks the Red column the two Reds built.
  auto y = new_game("two-vs-two");
  play_moves(y, {"a", "h", "a", "g", "a"});
  ASSERT_EQ(y.position().to_move(), 1);
  for (int level : {2, 4, 7}) {
    EXPECT_EQ(choose_move(y, at_level(level, 300, 3)).move, "a") << "level " << level;
  }
}

}  // namespace
}  // namespace ft::engine
