// Perft for four in a row: for each ply 0..depth from a game's
// current position, the number of move sequences and the number of distinct
// positions reached after exactly that many plies. A position where the game
// ended counts and is not expanded.
//
// Positions are merged level by level (a breadth-first search), and a
// sequence count is carried as the multiplicity of each position, so depth 9
// of classic is about a million plays, not 40 million.
//
// Repetition (RULES.md A7): perft counts positions, not histories, so the
// threefold-repetition draw is not applied. Up to ply 8 from an empty board
// this changes nothing: a PopOut cycle back to the same position takes at
// least four plies (each side must add and remove a disc), the empty start
// cannot recur (a pop that empties the board ends the game), so the earliest
// third occurrence is at ply 9. Beyond that the counts are of the game without
// the repetition rule.
#pragma once

#include <cstdint>
#include <vector>

#include "rules/four_game.h"

namespace ft::rules {

struct PerftRow {
  int ply = 0;  // plies after the starting position
  std::uint64_t sequences = 0;
  std::uint64_t positions = 0;
};

// Rows 0..depth. Starts from the game's current position (after its set-up and
// any moves played), with that position as ply 0.
std::vector<PerftRow> perft(const FourGame& game, int depth);

}  // namespace ft::rules
