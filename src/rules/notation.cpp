#include "rules/notation.h"

#include <array>

namespace ft::rules {
namespace {

constexpr std::array<std::string_view, 3> COLOUR_NAMES = {"red", "yellow", "green"};
// Distinct shapes as well as colours, so a plain-text record reads without colour.
constexpr std::array<std::string_view, 3> DISCS = {"●", "○", "◆"};

Result<int> parse_column(char c, int width) {
  if (c < 'a' || c > 'z') return make_error(ErrorCode::bad_input, "a column is a letter a..");
  const int col = c - 'a';
  if (col >= width) {
    return make_error(ErrorCode::no_such_column, std::string("column ") + c +
                                                     " does not exist on a board " +
                                                     std::to_string(width) + " wide");
  }
  return col;
}

}  // namespace

std::string format_move(Move m) {
  std::string s(1, static_cast<char>('a' + m.col));
  if (m.pop) s += '^';
  return s;
}

Result<Move> parse_move(std::string_view text, int width) {
  if (text.empty() || text.size() > 2 || (text.size() == 2 && text[1] != '^'))
    return make_error(ErrorCode::bad_input,
                      "a move is a column letter, or a letter and ^ for a pop");
  auto col = parse_column(text[0], width);
  if (!col) return col.error();
  return Move{static_cast<std::int8_t>(*col), text.size() == 2};
}

std::string format_cell(Cell c) {
  return std::string(1, static_cast<char>('a' + c.col)) + std::to_string(c.row + 1);
}

Result<Cell> parse_cell(std::string_view text, int width, int height) {
  if (text.size() < 2 || text.size() > 3)
    return make_error(ErrorCode::bad_input, "a cell is a column letter and a row number");
  auto col = parse_column(text[0], width);
  if (!col) return col.error();
  if (text[1] == '0') return make_error(ErrorCode::bad_input, "a row number has no leading zero");
  int row = 0;
  for (char ch : text.substr(1)) {
    if (ch < '0' || ch > '9') return make_error(ErrorCode::bad_input, "a row is a number");
    row = row * 10 + (ch - '0');
  }
  if (row < 1 || row > height)
    return make_error(ErrorCode::bad_input, "row " + std::to_string(row) + " does not exist");
  return Cell{*col, row - 1};
}

std::string_view colour_name(int colour) {
  return COLOUR_NAMES.at(colour);
}
std::string_view colour_disc(int colour) {
  return DISCS.at(colour);
}

int colour_from_disc(std::string_view disc) {
  for (int i = 0; i < 3; ++i) {
    if (DISCS[i] == disc) return i;
  }
  return -1;
}

std::string format_move_line(int ply, int colour, Move m) {
  return std::to_string(ply) + ". " + std::string(colour_disc(colour)) + " " + format_move(m);
}

}  // namespace ft::rules
