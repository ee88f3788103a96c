// The twiceFour computer (RULES.md B7): proven results agree
// with a brute-force minimax over the rules (repetitions included), the levels
// differ, seeds reproduce games, and the facade answers for twiceFour.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "engine/computer.h"
#include "engine/twicefour/levels.h"
#include "engine/twicefour/opening.h"
#include "rules/twicefour_game.h"

namespace ft::engine {
namespace {

using rules::TwiceFourGame;

// Value of the round for the side to move under perfect play: +1, 0, -1,
// by the rules library alone (TwiceFourGame judges repetitions itself).
int brute_force(const TwiceFourGame& g) {
  if (g.outcome().over()) {
    if (g.outcome().status == rules::Status::draw) return 0;
    // The side that just moved is not the side to move any more.
    return g.outcome().winner == g.side_to_move() ? 1 : -1;
  }
  int best = -2;
  for (const auto& m : g.legal_moves()) {
    TwiceFourGame child = g;
    EXPECT_TRUE(child.play(m).ok());
    const int v = child.outcome().over()
                      ? (child.outcome().status == rules::Status::draw
                             ? 0
                             : (child.outcome().winner == g.side_to_move() ? 1 : -1))
                      : -brute_force(child);
    best = std::max(best, v);
    if (best == 1) break;
  }
  return best;
}

ComputerMove ask(const TwiceFourGame& g, int level, std::uint64_t seed = 1) {
  ComputerRequest req;
  req.level = level;
  req.seed = seed;
  req.budget = std::chrono::milliseconds(20000);
  ComputerMove m = choose_move(g, req);
  EXPECT_TRUE(m.error.empty()) << m.error;
  return m;
}

// Positions from seeded random play, stopped `left` half-moves before the
// limit; rounds that end earlier are skipped.
std::vector<TwiceFourGame> late_positions(int count, int left, std::uint32_t seed) {
  std::mt19937 rng(seed);
  std::vector<TwiceFourGame> out;
  while (static_cast<int>(out.size()) < count) {
    auto g = TwiceFourGame::start(static_cast<int>(rng() % 2));
    while (!g.outcome().over() && g.ply() < rules::TF_MOVE_LIMIT - left) {
      const auto moves = g.legal_moves();
      EXPECT_TRUE(g.play(moves[rng() % moves.size()]).ok());
    }
    if (!g.outcome().over()) out.push_back(g);
  }
  return out;
}

// RULES.md B4: every level takes the round-winning d4-e4.
TEST(TwiceFourComputer, EveryLevelPlaysTheWorkedExampleWin) {
  auto g = TwiceFourGame::from_setup({.cross = {"b1", "c2", "d3", "d4", "d5"},
                                      .circle = {"a3", "a4", "b5", "c5", "e3"},
                                      .counted = {"d2-d5"},
                                      .cross_points = 1,
                                      .ply = 24});
  ASSERT_TRUE(g.ok());
  for (int level = 1; level <= 7; ++level) {
    const ComputerMove m = ask(*g, level, 100 + level);
    EXPECT_EQ(m.move, "d4-e4") << "level " << level;
    EXPECT_TRUE(m.exact);
    EXPECT_EQ(m.score, 1);
  }
}

// RULES.md B2: from the first start (before 2026-12-01) the first player had
// a forced double line: b1-b2, c1-c2, d1-d2 fill row 2 (a2-d2 and b2-e2) by
// the fifth half-move and the second player cannot reach row 2 in two steps.
// Level 7 proves it; from the new start its eight half-moves prove nothing.
TEST(TwiceFourComputer, FirstStartWasAForcedWinTheNewOneIsOpen) {
  for (int first : {rules::TF_CROSS, rules::TF_CIRCLE}) {
    const ComputerMove old = ask(TwiceFourGame::start(first, rules::TfStart::first), 7);
    EXPECT_TRUE(old.exact);
    EXPECT_EQ(old.score, 1);
    const ComputerMove now = ask(TwiceFourGame::start(first), 7);
    EXPECT_FALSE(now.exact) << "the new start decided in eight half-moves";
    EXPECT_EQ(now.depth, 8);
  }
  // Brute force to five half-moves agrees: the starter wins whatever circle does.
  auto g = TwiceFourGame::start(rules::TF_CROSS, rules::TfStart::first);
  ASSERT_TRUE(g.play("b1-b2").ok());
  for (const auto& reply : g.legal_moves()) {
    TwiceFourGame a = g;
    ASSERT_TRUE(a.play(reply).ok());
    ASSERT_TRUE(a.play("c1-c2").ok());
    bool blocked = true;
    for (const auto& reply2 : a.legal_moves()) {
      TwiceFourGame b = a;
      ASSERT_TRUE(b.play(reply2).ok());
      auto o = b.play("d1-d2");
      blocked = blocked && (!o.ok() || !o->over());
    }
    EXPECT_FALSE(blocked) << "after " << reply;
  }
}

// Where the round can be searched to its end, level 7 plays perfectly: its
// proven score and the value of its move equal brute force over the rules.
TEST(TwiceFourComputer, LevelSevenIsPerfectNearTheMoveLimit) {
  int checked = 0;
  for (const TwiceFourGame& g : late_positions(24, 5, 11)) {
    const int truth = brute_force(g);
    const ComputerMove m = ask(g, 7);
    ASSERT_TRUE(m.exact) << "ply " << g.ply();
    EXPECT_EQ(m.score, truth) << "ply " << g.ply();
    TwiceFourGame after = g;
    ASSERT_TRUE(after.play(m.move).ok());
    const int value = after.outcome().over()
                          ? (after.outcome().status == rules::Status::draw
                                 ? 0
                                 : (after.outcome().winner == g.side_to_move() ? 1 : -1))
                          : -brute_force(after);
    EXPECT_EQ(value, truth) << "ply " << g.ply() << " move " << m.move;
    ++checked;
  }
  EXPECT_EQ(checked, 24);
}

// RULES.md B5: the search counts repetitions over the round so far. Here the
// walled-in cross can only pass; circle has made the start arrangement twice,
// so returning to it a third time ends the round at once, judged by points
// (circle leads): the search must find that and call it a proven win.
TEST(TwiceFourComputer, SearchKnowsTheRoundsRepetitions) {
  auto g = TwiceFourGame::from_setup({.cross = {"b1"},
                                      .circle = {"c1", "b2", "c5", "d5", "e4"},
                                      .counted = {"a2-d2"},
                                      .circle_points = 1,
                                      .ply = 30});
  ASSERT_TRUE(g.ok());
  TwiceFourGame game = *g;
  for (auto m : {"pass", "e4-e3", "pass", "e3-e4", "pass", "e4-e3", "pass"}) {
    ASSERT_TRUE(game.play(m).ok()) << m;
  }
  // Circle to move; e3-e4 repeats the start arrangement (cross to move) a third time.
  ASSERT_EQ(game.side_to_move(), rules::TF_CIRCLE);
  const ComputerMove m = ask(game, 2);
  EXPECT_EQ(m.move, "e3-e4");
  EXPECT_TRUE(m.exact);
  EXPECT_EQ(m.score, 1);
}

// A level that plays the same moves as the one below is no level of its own.
// Over the same positions and seeds, each level differs from the one below
// in some of its choices.
TEST(TwiceFourComputer, AdjacentLevelsChooseDifferently) {
  std::mt19937 rng(5);
  std::vector<TwiceFourGame> positions;
  while (positions.size() < 24) {
    auto g = TwiceFourGame::start(static_cast<int>(rng() % 2));
    const int plies = 2 + static_cast<int>(rng() % 30);
    while (!g.outcome().over() && g.ply() < plies) {
      const auto moves = g.legal_moves();
      ASSERT_TRUE(g.play(moves[rng() % moves.size()]).ok());
    }
    if (!g.outcome().over()) positions.push_back(g);
  }
  std::vector<std::string> previous;
  for (int level = 1; level <= 7; ++level) {
    std::vector<std::string> chosen;
    for (std::size_t i = 0; i < positions.size(); ++i) {
      chosen.push_back(ask(positions[i], level, i).move);
    }
    if (level > 1) {
      int differ = 0;
      for (std::size_t i = 0; i < chosen.size(); ++i) differ += chosen[i] != previous[i];
      EXPECT_GT(differ, 0) << "level " << level << " plays like level " << level - 1;
    }
    previous = chosen;
  }
}

// RULES.md B7: the look-ahead of each level, in a position no level can
// decide (so every search runs to its full depth).
TEST(TwiceFourComputer, LevelDepthsFollowB7) {
  const int expected[] = {1, 2, 3, 4, 5, 6, 8};
  const TwiceFourGame g = twicefour::balanced_opening(3, 6);
  for (int level = 1; level <= 7; ++level) {
    EXPECT_EQ(twicefour::level_settings(level).depth, expected[level - 1]);
    const ComputerMove m = ask(g, level);
    EXPECT_FALSE(m.exact);
    EXPECT_EQ(m.depth, expected[level - 1]) << "level " << level;
  }
}

// The same seed gives the same move; a game replays.
TEST(TwiceFourComputer, SeedsReproduceMoves) {
  for (int level = 1; level <= 7; ++level) {
    auto a = TwiceFourGame::start();
    auto b = TwiceFourGame::start();
    for (int ply = 0; ply < 12 && !a.outcome().over(); ++ply) {
      const ComputerMove ma = ask(a, level, 42 + ply);
      const ComputerMove mb = ask(b, level, 42 + ply);
      ASSERT_EQ(ma.move, mb.move) << "level " << level << " ply " << ply;
      ASSERT_TRUE(a.play(ma.move).ok());
      ASSERT_TRUE(b.play(mb.move).ok());
    }
  }
}

// A budget too small for the level still gives a legal move, and the facade
// refuses a finished round.
TEST(TwiceFourComputer, TinyBudgetAndFinishedRound) {
  auto g = TwiceFourGame::start();
  ASSERT_TRUE(g.play("c1-c2").ok());
  ComputerRequest req;
  req.level = PERFECT;
  req.budget = std::chrono::milliseconds(1);
  const ComputerMove m = choose_move(g, req);
  ASSERT_TRUE(m.error.empty()) << m.error;
  TwiceFourGame after = g;
  EXPECT_TRUE(after.play(m.move).ok()) << m.move;

  // Cross fills row 2 while circle shuffles: two lines at once end the round.
  for (auto mv : {"d4-e4", "b2-a2", "e4-d4", "d2-e2", "d4-e4", "b1-b2", "e4-d4", "d1-d2"})
    ASSERT_TRUE(g.play(mv).ok()) << mv;
  ASSERT_TRUE(g.outcome().over());
  EXPECT_FALSE(choose_move(g, ComputerRequest{}).error.empty());
}

// Balanced openings for the ladder: the asked number of random half-moves, a
// round still open that an eight-half-move search cannot decide, the same
// for the same seed; different seeds give different openings.
TEST(TwiceFourComputer, BalancedOpeningsAreOpenAndReproducible) {
  std::vector<std::vector<std::string>> seen;
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    const TwiceFourGame g = twicefour::balanced_opening(seed, 6);
    EXPECT_EQ(g.ply(), 6);
    EXPECT_FALSE(g.outcome().over());
    EXPECT_FALSE(ask(g, 7).exact) << "seed " << seed;
    EXPECT_EQ(twicefour::balanced_opening(seed, 6).moves(), g.moves());
    seen.push_back(g.moves());
  }
  std::sort(seen.begin(), seen.end());
  EXPECT_GT(std::unique(seen.begin(), seen.end()) - seen.begin(), 3);
  EXPECT_EQ(twicefour::balanced_opening(9, 0).ply(), 0);
}

}  // namespace
}  // namespace ft::engine
