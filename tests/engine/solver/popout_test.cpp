// PopOut exact solver : the rules' pop cases, and its values
// against a reference written here from RULES.md A7 alone, on a plain grid:
// retrograde analysis of every 4x4 position (the value of the game graph in
// which endless play is a draw), which popout_search.h argues the search
// computes, on the empty board and random positions drawn with a seed.
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <iostream>
#include <random>
#include <vector>

#include "engine/solver/popout_search.h"
#include "rules/variant.h"

namespace ft::engine::solver {
namespace {

// --- the reference rules: a grid of 0 empty, 1 mover, 2 other --------------
struct Grid {
  int w = 4;
  int h = 4;
  std::array<std::array<std::int8_t, 8>, 8> cell{};  // [col][row], row 0 at the bottom
};

bool line_of(const Grid& g, int who) {
  const int dirs[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};
  for (int c = 0; c < g.w; ++c) {
    for (int r = 0; r < g.h; ++r) {
      for (const auto& d : dirs) {
        int k = 0;
        while (k < 4) {
          const int x = c + k * d[0];
          const int y = r + k * d[1];
          if (x < 0 || x >= g.w || y < 0 || y >= g.h || g.cell[x][y] != who) break;
          ++k;
        }
        if (k == 4) return true;
      }
    }
  }
  return false;
}

int height_of(const Grid& g, int c) {
  int n = 0;
  while (n < g.h && g.cell[c][n] != 0) ++n;
  return n;
}

// The mover's discs swapped with the other's: the position the next mover sees.
Grid swapped(Grid g) {
  for (int c = 0; c < g.w; ++c)
    for (int r = 0; r < g.h; ++r)
      if (g.cell[c][r] != 0) g.cell[c][r] = static_cast<std::int8_t>(3 - g.cell[c][r]);
  return g;
}

// Moves 0..w-1 drop, w..2w-1 pop. Returns false if illegal; else `result`
// is set when the game ends (for the mover) or `next` is the child.
bool ref_move(const Grid& g, int mv, std::optional<int>& result, Grid& next) {
  Grid a = g;
  result.reset();
  if (mv < g.w) {
    const int n = height_of(g, mv);
    if (n == g.h) return false;
    a.cell[mv][n] = 1;
    if (line_of(a, 1)) {
      result = 1;
    } else {
      bool full = true;
      for (int c = 0; c < g.w; ++c) full = full && height_of(a, c) == g.h;
      if (full) result = 0;
    }
  } else {
    const int c = mv - g.w;
    if (g.cell[c][0] != 1) return false;
    for (int r = 0; r + 1 < g.h; ++r) a.cell[c][r] = a.cell[c][r + 1];
    a.cell[c][g.h - 1] = 0;
    const bool mine = line_of(a, 1);
    const bool theirs = line_of(a, 2);
    bool empty = true;
    for (int x = 0; x < g.w; ++x) empty = empty && a.cell[x][0] == 0;
    if (mine) {
      result = 1;
    } else if (theirs) {
      result = -1;
    } else if (empty) {
      result = 0;
    }
  }
  next = swapped(a);
  return true;
}

PopoutProblem to_problem(const Grid& g) {
  PopoutProblem p;
  p.width = g.w;
  p.height = g.h;
  for (int c = 0; c < g.w; ++c) {
    for (int r = 0; r < g.h; ++r) {
      const Bits bit = Bits{1} << (c * (g.h + 1) + r);
      if (g.cell[c][r] == 1) p.mover |= bit;
      if (g.cell[c][r] == 2) p.other |= bit;
    }
  }
  return p;
}

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

// A random position: `plies` random legal moves from the empty board that do
// not end the game (drops and pops alike); nothing if it got stuck.
std::optional<Grid> random_grid(int w, int h, int plies, std::mt19937_64& rng) {
  Grid g;
  g.w = w;
  g.h = h;
  for (int i = 0; i < plies; ++i) {
    std::vector<Grid> options;
    for (int mv = 0; mv < 2 * w; ++mv) {
      std::optional<int> result;
      Grid next;
      if (ref_move(g, mv, result, next) && !result) options.push_back(next);
    }
    if (options.empty()) return std::nullopt;
    g = options[rng() % options.size()];
  }
  return g;
}

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
TEST(PopoutSolver, MatchesRetrogradeAnalysis4x4) {
  const Retrograde4x4 reference;
  const std::uint64_t seed = 20261201;
  std::cout << "PopOut 4x4 random positions: seed " << seed << "\n";
  std::mt19937_64 rng(seed);
  TranspositionTable t(16 << 20);
  PopoutSolver solver(t);
  Grid empty;
  const auto root = solver.solve(to_problem(empty));
  ASSERT_TRUE(root.has_value());
  EXPECT_EQ(*root, reference.value(empty)) << "the empty board";
  int compared = 0;
  int counts[3] = {0, 0, 0};
  for (int i = 0; i < 400; ++i) {
    const int plies = static_cast<int>(rng() % 24);
    const auto g = random_grid(4, 4, plies, rng);
    if (!g) continue;
    const int want = reference.value(*g);
    const auto got = solver.solve(to_problem(*g));
    ASSERT_TRUE(got.has_value());
    EXPECT_EQ(*got, want) << "position " << i << " (" << plies << " random plies), seed " << seed;
    ++counts[want + 1];
    ++compared;
  }
  std::cout << "compared " << compared << ": " << counts[2] << " wins, " << counts[1] << " draws, "
            << counts[0] << " losses\n";
  EXPECT_GE(compared, 300);
  // The sample must hold every outcome, or it checks too little.
  EXPECT_GT(counts[0], 0);
  EXPECT_GT(counts[1], 0);
  EXPECT_GT(counts[2], 0);
}

}  // namespace
}  // namespace ft::engine::solver
