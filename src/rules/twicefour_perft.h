// Move-sequence counts of twiceFour (RULES.md B3a) for tests and the perft
// command: for each half-move count 0..depth, the number of move sequences
// from a round's current state and the number of distinct positions reached.
// As for four in a row, a position where the round ended counts and is not
// expanded. The round's history is honoured (B5 repetition).
#pragma once

#include <cstdint>
#include <vector>

#include "rules/twicefour_game.h"

namespace ft::rules {

struct TwiceFourPerftRow {
  int depth = 0;
  std::uint64_t sequences = 0;
  // Distinct by pieces, side to move, counted lines and points (the ply is
  // the same for every position of a row).
  std::uint64_t positions = 0;
};

std::vector<TwiceFourPerftRow> twicefour_perft(const TwiceFourGame& game, int depth);

}  // namespace ft::rules
