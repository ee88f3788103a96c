// The plain-text record of one game of four in a row (RULES.md A1):
// what the store keeps, what a player downloads, and what reads back to the
// same game.
//
//   Variant: five
//   Size: 9x6
//   PopOut: yes                 (only for five in a row with pops, RULES.md A7)
//   Blocks: c1 g1               (only with blocks, RULES.md A8)
//   Opening: d c                (only with a drawn opening, RULES.md A9)
//   Red: Ann                    (one line per seat in seat order; two vs two:
//   Yellow: Bob                  Red 1, Yellow 1, Red 2, Yellow 2)
//   Result: red wins by line    (or "draw by full", "ongoing", and results the
//   Moves:                       board cannot show: "yellow wins by resignation",
//   1. ● b                       "... by time", "... by abandonment")
//   2. ○ b
//   3. ● b^
//
// Move lines number plies from the start of the game, so after a drawn
// opening of two plies the first move is `3. ● e`.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "rules/four_game.h"

namespace ft::rules {

struct GameRecord {
  FourGame game;
  std::vector<std::string> players;  // one per seat, "" for an empty seat
  // The result line as written; equals describe_result(game) unless the game
  // ended off the board (resignation, time, abandonment).
  std::string result;
};

// "red wins by line", "draw by full", "ongoing".
std::string describe_result(const FourGame& game);

// The seat labels of a variant: Red, Yellow[, Green] or Red 1, Yellow 1, ...
std::vector<std::string> seat_labels(const VariantSpec& spec);

// `players` must have one entry per seat (or be empty: seats unnamed), with no
// line breaks. `result` overrides the board's result for a game ended off the
// board (e.g. "yellow wins by resignation"); it must not contradict the board.
Result<std::string> format_record(const FourGame& game, std::span<const std::string> players = {},
                                  std::string_view result = {});

// Reads a record and replays it; every error names its line.
Result<GameRecord> parse_record(std::string_view text);

// The record's first lines, the board before the first move: Variant, Size,
// and PopOut, Blocks, Opening when they apply. What an export calls the
// game's set-up: with it, the move lines replay on their own.
std::string format_setup(const FourGame& game);
// The game those lines start (no moves played); unknown lines are errors.
Result<FourGame> parse_setup(std::string_view text);

}  // namespace ft::rules
