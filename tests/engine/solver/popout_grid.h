// The PopOut rules of RULES.md A7 on a plain grid, written for the tests
// from the rule book alone (no code of engine/solver): a reference for the
// pop cases and for random positions drawn with a seed.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <random>
#include <vector>

#include "engine/solver/popout_search.h"

namespace ft::engine::solver::reference {

// --- the reference rules: a grid of 0 empty, 1 mover, 2 other --------------
struct Grid {
  int w = 4;
  int h = 4;
  std::array<std::array<std::int8_t, 8>, 8> cell{};  // [col][row], row 0 at the bottom
};

inline bool line_of(const Grid& g, int who) {
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

inline int height_of(const Grid& g, int c) {
  int n = 0;
  while (n < g.h && g.cell[c][n] != 0) ++n;
  return n;
}

// The mover's discs swapped with the other's: the position the next mover sees.
inline Grid swapped(Grid g) {
  for (int c = 0; c < g.w; ++c)
    for (int r = 0; r < g.h; ++r)
      if (g.cell[c][r] != 0) g.cell[c][r] = static_cast<std::int8_t>(3 - g.cell[c][r]);
  return g;
}

// Moves 0..w-1 drop, w..2w-1 pop. Returns false if illegal; else `result`
// is set when the game ends (for the mover) or `next` is the child.
inline bool ref_move(const Grid& g, int mv, std::optional<int>& result, Grid& next) {
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

inline PopoutProblem to_problem(const Grid& g) {
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

// A random position: `plies` random legal moves from the empty board that do
// not end the game (drops and pops alike); nothing if it got stuck.
inline std::optional<Grid> random_grid(int w, int h, int plies, std::mt19937_64& rng) {
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

// Each column's number of discs and the mover's discs among them (bit r:
// row r), as popout_retrograde.h indexes positions.
struct ColumnCodes {
  std::vector<int> discs;
  std::vector<int> mine;
};
inline ColumnCodes column_codes(const Grid& g) {
  ColumnCodes out;
  for (int c = 0; c < g.w; ++c) {
    const int k = height_of(g, c);
    int b = 0;
    for (int r = 0; r < k; ++r) b |= (g.cell[c][r] == 1 ? 1 : 0) << r;
    out.discs.push_back(k);
    out.mine.push_back(b);
  }
  return out;
}

}  // namespace ft::engine::solver::reference
