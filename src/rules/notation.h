// RULES.md A1 notation: columns are letters from the left, rows numbers from
// the bottom; a drop is `d`, a pop `d^`, a cell `d1`; the move list reads
// `7. ● d` (ply, the mover's disc, the move).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "rules/position.h"
#include "rules/result.h"

namespace ft::rules {

struct Cell {
  int col = 0;
  int row = 0;  // 0 is the bottom row (written 1)
  friend bool operator==(const Cell&, const Cell&) = default;
};

std::string format_move(Move m);
// Parses `d` or `d^` for a board `width` columns wide.
Result<Move> parse_move(std::string_view text, int width);

std::string format_cell(Cell c);
Result<Cell> parse_cell(std::string_view text, int width, int height);

std::string_view colour_name(int colour);     // "red", "yellow", "green"
std::string_view colour_disc(int colour);     // "●", "○", "◆"
int colour_from_disc(std::string_view disc);  // -1 if not a disc symbol

// One line of the move list: `7. ● d`.
std::string format_move_line(int ply, int colour, Move m);

}  // namespace ft::rules
