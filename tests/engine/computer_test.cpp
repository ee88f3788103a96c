// choose_move, the engine's one facade (engine/computer.h): legal moves, wins in one
// taken, losses in one blocked, errors for bad requests, and every variant
// played to the end by the engine against itself.
#include "engine/computer.h"

#include <gtest/gtest.h>

#include "test_games.h"

namespace ft::engine {
namespace {

using testing::at_level;
using testing::is_legal;
using testing::new_game;
using testing::play_moves;

// RULES.md A2: every level completes its own line when it can (a vertical
// three on column a; the opponent has nothing).
// Every level's choice on the classic board after `moves`.
std::vector<ComputerMove> every_level_after(std::initializer_list<std::string_view> moves) {
  std::vector<ComputerMove> out;
  for (int level = MIN_LEVEL; level <= MAX_LEVEL; ++level) {
    auto g = new_game("classic");
    play_moves(g, moves);
    out.push_back(choose_move(g, at_level(level, 100, level)));
  }
  return out;
}

TEST(ComputerA2, EveryLevelTakesAWinInOne) {
  int level = MIN_LEVEL;
  for (const ComputerMove& m : every_level_after({"a", "g", "a", "g", "a", "f"})) {
    EXPECT_EQ(m.move, "a") << "level " << level++;
    EXPECT_TRUE(m.exact);
    EXPECT_GT(m.score, 0);
  }
}

// RULES.md A2: Yellow has three in column g; every level must play g.
TEST(ComputerA2, EveryLevelBlocksALossInOne) {
  int level = MIN_LEVEL;
  for (const ComputerMove& m : every_level_after({"a", "g", "b", "g", "a", "g"}))
    EXPECT_EQ(m.move, "g") << "level " << level++;
}

// RULES.md A7: a pop moves the whole column down and may make lines for both
// colours; both at once win for the popper. Red's d1 pop drops d3 (Red) onto
// d2 beside a2 b2 c2 and Yellow's d2 onto d1 beside a1 b1 c1. No drop wins.
TEST(ComputerA7, PopOutFindsTheWinningPop) {
  for (int level : {1, 4, 7, PERFECT}) {
    auto g = new_game("popout");
    play_moves(g, {"d", "d", "d", "a", "a", "b", "b", "c", "c", "f"});
    const ComputerMove m = choose_move(g, at_level(level));
    EXPECT_EQ(m.move, "d^") << "level " << level;
    auto after = g;
    ASSERT_TRUE(after.play(m.move).ok());
    EXPECT_EQ(after.outcome().status, rules::Status::win);
    EXPECT_EQ(after.outcome().winner, 0);
  }
}

// A level that searches beats a player who moves at random, in either
// colour: level 3 wins at least three of four games on classic and PopOut.
TEST(ComputerLevels, LevelThreeBeatsARandomMover) {
  for (const char* variant : {"classic", "popout"}) {
    int wins = 0;
    for (int game = 0; game < 4; ++game) {
      wins += testing::level_against_random(variant, 3, game % 2, 40 + game) == game % 2;
    }
    EXPECT_GE(wins, 3) << variant;
  }
}

TEST(ComputerErrors, GameOverIsAnErrorNotAMove) {
  auto g = new_game("classic");
  play_moves(g, {"a", "b", "a", "b", "a", "b"});
  ASSERT_TRUE(g.play("a").ok());
  const ComputerMove m = choose_move(g, at_level(3));
  EXPECT_TRUE(m.move.empty());
  EXPECT_EQ(m.error, "the game is over");
}

TEST(ComputerErrors, UnknownLevelIsRejected) {
  auto g = new_game("classic");
  for (int level : {0, 9, -3}) {
    const ComputerMove m = choose_move(g, at_level(level));
    EXPECT_TRUE(m.move.empty());
    EXPECT_NE(m.error.find("level"), std::string::npos);
  }
}

// The budget is a hard cap: a level-7 search on a big board with a tiny
// budget is stopped by it (no timing asserted, only that the search knew it
// had to stop) and still plays a legal move.
TEST(ComputerBudget, ATinyBudgetStopsLevelSeven) {
  auto g = new_game("three-players");
  const ComputerMove m = choose_move(g, at_level(7, 5));
  EXPECT_TRUE(m.stopped);
  EXPECT_TRUE(is_legal(g, m.move));
}

// Seeded levels replay: the same seed gives the same move.
TEST(ComputerLevels, SameSeedSameMove) {
  for (int level = 1; level <= 4; ++level) {
    for (std::uint64_t seed : {1u, 2u, 3u}) {
      auto g = new_game("classic");
      play_moves(g, {"d", "c"});
      const ComputerMove a = choose_move(g, at_level(level, 1000, seed));
      const ComputerMove b = choose_move(g, at_level(level, 1000, seed));
      EXPECT_EQ(a.move, b.move) << "level " << level << " seed " << seed;
    }
  }
}

// Every variant of RULES.md A6 is playable to the end by the engine against
// itself, with legal moves only (short budgets: this is about the rules).
TEST(ComputerVariants, EveryVariantPlaysToTheEnd) {
  for (auto key : rules::variant_keys()) {
    for (int level : {1, 7}) {
      auto g = new_game(key, 11);
      int moves = 0;
      while (!g.outcome().over() && moves < 400) {
        const ComputerMove m = choose_move(g, at_level(level, 3, moves + 1));
        ASSERT_TRUE(m.error.empty()) << key << ": " << m.error;
        ASSERT_TRUE(is_legal(g, m.move)) << key << " level " << level << ": " << m.move;
        ASSERT_TRUE(g.play(m.move).ok());
        ++moves;
      }
      EXPECT_TRUE(g.outcome().over()) << key << " level " << level << " did not end";
    }
  }
}

}  // namespace
}  // namespace ft::engine
