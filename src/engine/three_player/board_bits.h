// Bitboard facts of a three-player board (RULES.md A10) shared by the exact
// end game (three_endgame.h) and the Monte Carlo search (three_mcts.h):
// which cells complete a line, which cells a drop can reach.
#pragma once

#include "rules/geometry.h"

namespace ft::engine {

struct ThreeBoard {
  explicit ThreeBoard(const rules::Geometry& g)
      : board(g.playable()), bottom(g.bottom_row()), stride(g.stride()) {}

  // Cells that complete four of `b` (three in line and this cell, the cell at
  // either end or inside), among the cells not in `mask`. Sentinel bits above
  // each column are never set, so a run cannot pass from the top of one
  // column to the next. Lines four long on a board that does not wrap.
  rules::Bits winning_cells(rules::Bits b, rules::Bits mask) const {
    rules::Bits r = (b << 1) & (b << 2) & (b << 3);  // on top of three
    for (const int s : {stride, stride + 1, stride - 1}) {
      rules::Bits p = (b << s) & (b << (2 * s));
      r |= p & (b << (3 * s));
      r |= p & (b >> s);
      p = (b >> s) & (b >> (2 * s));
      r |= p & (b << s);
      r |= p & (b >> (3 * s));
    }
    return r & board & ~mask;
  }

  // The cell a drop fills in every column that is not full.
  rules::Bits next_cells(rules::Bits mask) const { return (mask + bottom) & board; }

  rules::Bits board;   // every playable cell
  rules::Bits bottom;  // the bottom cell of every column
  int stride;
};

}  // namespace ft::engine
