// PopOut exact solver : the rules' pop cases, and its values
// against a reference written here from RULES.md A7 alone, on a plain grid:
// retrograde analysis of every 4x4 position (the value of the game graph in
// which endless play is a draw), which popout_search.h argues the search
// computes, on every position a game can stand on.
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <iostream>
#include <vector>

#include "engine/solver/popout_search.h"
#include "popout_grid.h"
#include "popout_retrograde.h"
#include "rules/variant.h"

namespace ft::engine::solver {
namespace {

using namespace reference;  // NOLINT: the grid rules of popout_grid.h

// --- the reference: retrograde analysis of every 4x4 position -------------
// Positions are indexed column by column: a column with k discs, whose
// mover's discs read as the k-bit number b (bit r: row r), is 2^k - 1 + b,
// and a position is the columns' numbers in base 31.
class Retrograde4x4 {
 public:
  static constexpr int W = 4;
  static constexpr int H = 4;
  static constexpr int PER_COLUMN = 31;
  static constexpr int STATES = PER_COLUMN * PER_COLUMN * PER_COLUMN * PER_COLUMN;

  Retrograde4x4() : value_(STATES, 0) {
    // Moves 0..3 drop, 4..7 pop. child_[s*8+m]: the child's index, or
    // WIN_NOW / LOSE_NOW / DRAW_NOW for a move that ends the game, ILLEGAL.
    child_.assign(static_cast<std::size_t>(STATES) * 8, ILLEGAL);
    std::vector<bool> valid(STATES, true);
    for (int s = 0; s < STATES; ++s) {
      Grid g = decode(s);
      if (line_of(g, 1) || line_of(g, 2)) {
        valid[s] = false;  // never reached: a line ends the game
        continue;
      }
      for (int mv = 0; mv < 8; ++mv) {
        std::optional<int> result;
        Grid next;
        if (!ref_move(g, mv, result, next)) continue;
        int& c = child_[static_cast<std::size_t>(s) * 8 + mv];
        if (result) {
          c = *result == 1 ? WIN_NOW : (*result == -1 ? LOSE_NOW : DRAW_NOW);
        } else {
          c = encode(next);
        }
      }
    }
    // value_: 1 win, -1 loss for the mover, 0 not known yet (a draw at the
    // end: no side can force a line, endless play counts as a draw).
    for (bool changed = true; changed;) {
      changed = false;
      for (int s = 0; s < STATES; ++s) {
        if (!valid[s] || value_[s] != 0) continue;
        bool win = false;
        bool all_lose = true;
        for (int mv = 0; mv < 8 && !win; ++mv) {
          const int c = child_[static_cast<std::size_t>(s) * 8 + mv];
          if (c == ILLEGAL || c == LOSE_NOW) continue;
          if (c == WIN_NOW || (c >= 0 && value_[c] == -1)) {
            win = true;
          } else if (c == DRAW_NOW || value_[c] != 1) {
            all_lose = false;
          }
        }
        if (win || all_lose) {
          value_[s] = static_cast<std::int8_t>(win ? 1 : -1);
          changed = true;
        }
      }
    }
  }

  int value(const Grid& g) const { return value_[encode(g)]; }

  static int encode(const Grid& g) {
    int s = 0;
    for (int c = W - 1; c >= 0; --c) {
      const int k = height_of(g, c);
      int b = 0;
      for (int r = 0; r < k; ++r) b |= (g.cell[c][r] == 1 ? 1 : 0) << r;
      s = s * PER_COLUMN + (1 << k) - 1 + b;
    }
    return s;
  }
  static Grid decode(int s) {
    Grid g;
    g.w = W;
    g.h = H;
    for (int c = 0; c < W; ++c) {
      const int id = s % PER_COLUMN;
      s /= PER_COLUMN;
      int k = 0;
      while ((1 << (k + 1)) - 1 <= id) ++k;
      const int b = id - ((1 << k) - 1);
      for (int r = 0; r < k; ++r) g.cell[c][r] = static_cast<std::int8_t>((b >> r & 1) ? 1 : 2);
    }
    return g;
  }

 private:
  static constexpr int ILLEGAL = -1;
  static constexpr int WIN_NOW = -2;
  static constexpr int LOSE_NOW = -3;
  static constexpr int DRAW_NOW = -4;
  std::vector<int> child_;
  std::vector<std::int8_t> value_;
};

// --- the pop cases of A7, one each -------------------------------------------
PopoutProblem grid_problem(int w, int h, const std::vector<std::string>& rows_top_down) {
  Grid g;
  g.w = w;
  g.h = h;
  for (int r = 0; r < h; ++r) {
    const std::string& row = rows_top_down[static_cast<std::size_t>(h - 1 - r)];
    for (int c = 0; c < w; ++c) {
      g.cell[c][r] = static_cast<std::int8_t>(row[c] == 'x' ? 1 : (row[c] == 'o' ? 2 : 0));
    }
  }
  return to_problem(g);
}

TEST(PopoutRules, PopMakingLinesForBothWinsForThePopper) {
  // x to move pops a: column a becomes o (row 0), x (row 1), so row 0 reads
  // o o o o and row 1 x x x x: both lines, the popper wins.
  const PopoutProblem b = grid_problem(4, 4, {"....", "x...", "oxxx", "xooo"});
  const PopoutOutcome o = popout_play(b, {true, 0});
  ASSERT_TRUE(o.result.has_value());
  EXPECT_EQ(*o.result, 1);
}

TEST(PopoutRules, PopMakingOnlyTheOpponentsLineLoses) {
  // Pop a: column a becomes o (row 0): row 0 = o o o o, no x line: x loses.
  const PopoutProblem b = grid_problem(4, 4, {"....", "....", "o...", "xooo"});
  const PopoutOutcome o = popout_play(b, {true, 0});
  ASSERT_TRUE(o.result.has_value());
  EXPECT_EQ(*o.result, -1);
  // The solver agrees: the only other moves decide the value, never this pop.
  TranspositionTable t(4 << 20);
  PopoutSolver s(t);
  const auto scores = s.analyze(b);
  ASSERT_TRUE(scores[4].has_value());
  EXPECT_EQ(*scores[4], -1);
}

TEST(PopoutRules, PopMakingOwnLineWinsAndOnlyOwnDiscsPop) {
  // Pop a: column a becomes o (row 0), x (row 1): row 1 reads x x x x.
  const PopoutProblem b = grid_problem(4, 4, {"....", "x...", "oxxx", "xoxo"});
  const PopoutOutcome o = popout_play(b, {true, 0});
  ASSERT_TRUE(o.result.has_value());
  EXPECT_EQ(*o.result, 1);
  EXPECT_FALSE(popout_legal(b, {true, 1}));  // o's bottom disc
  TranspositionTable t(4 << 20);
  PopoutSolver s(t);
  EXPECT_EQ(s.solve(b), 1);
}

TEST(PopoutRules, DropFillingTheBoardIsADraw) {
  // One cell left (d4), no line anywhere after it.
  const PopoutProblem b = grid_problem(4, 4, {"xoo.", "oxxo", "xoox", "oxxo"});
  const PopoutOutcome o = popout_play(b, {false, 3});
  ASSERT_TRUE(o.result.has_value());
  EXPECT_EQ(*o.result, 0);
}

TEST(PopoutRules, PopLeavingTheBoardEmptyIsADraw) {
  const PopoutProblem b = grid_problem(4, 4, {"....", "....", "....", "..x."});
  const PopoutOutcome o = popout_play(b, {true, 2});
  ASSERT_TRUE(o.result.has_value());
  EXPECT_EQ(*o.result, 0);
  TranspositionTable t(4 << 20);
  PopoutSolver s(t);
  const auto scores = s.analyze(b);
  ASSERT_TRUE(scores[4 + 2].has_value());
  EXPECT_EQ(*scores[4 + 2], 0);
}

// --- values against the reference -------------------------------------------
// The retrograde analysis that checks 5x4 and 4x5 (popout_retrograde.h, on
// bitboards and backwards) gives every 4x4 position the value of the one
// above (on the grid rules, by repeated passes): the two share no code.
TEST(PopoutReference, BackwardAnalysisMatchesGridAnalysis4x4) {
  const Retrograde4x4 grid;
  const PopoutRetrograde backward(4, 4);
  ASSERT_EQ(backward.states(), static_cast<std::uint32_t>(Retrograde4x4::STATES));
  int compared = 0;
  for (int s = 0; s < Retrograde4x4::STATES; ++s) {
    const Grid g = Retrograde4x4::decode(s);
    const ColumnCodes codes = column_codes(g);
    const std::uint32_t i = backward.index(codes.discs, codes.mine);
    ASSERT_EQ(i, static_cast<std::uint32_t>(s));
    if (backward.value(i) == PopoutRetrograde::NOT_A_POSITION) continue;
    ASSERT_EQ(backward.value(i), grid.value(g)) << "state " << s;
    ++compared;
  }
  // The 923,521 indices less the boards with a line or full: 497,213.
  EXPECT_GT(compared, 450000);
}

// Every 4x4 position that a game can stand on (no line, not full), solved one
// after another with one table, as the server's solver is used: entries left
// by earlier solves must never give a later one a wrong value.
TEST(PopoutSolver, EveryPositionMatchesRetrogradeAnalysis4x4) {
  const Retrograde4x4 reference;
  TranspositionTable t(16 << 20);
  PopoutSolver solver(t);
  int compared = 0;
  int counts[3] = {0, 0, 0};
  for (int s = 0; s < Retrograde4x4::STATES; ++s) {
    const Grid g = Retrograde4x4::decode(s);
    if (line_of(g, 1) || line_of(g, 2)) continue;
    bool full = true;
    for (int c = 0; c < g.w; ++c) full = full && height_of(g, c) == g.h;
    if (full) continue;
    const int want = reference.value(g);
    const auto got = solver.solve(to_problem(g));
    ASSERT_TRUE(got.has_value()) << "state " << s;
    ASSERT_EQ(*got, want) << "state " << s;
    ++counts[want + 1];
    ++compared;
  }
  std::cout << "PopOut 4x4: every position, " << compared << ": " << counts[2] << " wins, "
            << counts[1] << " draws, " << counts[0] << " losses; solver nodes " << solver.nodes()
            << "\n";
  // The 923,521 indices less the boards with a line or full.
  EXPECT_EQ(compared, 497213);
  EXPECT_GT(counts[0], 0);
  EXPECT_GT(counts[1], 0);
  EXPECT_GT(counts[2], 0);
}

}  // namespace
}  // namespace ft::engine::solver
