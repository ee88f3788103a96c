// Balanced openings for measuring twiceFour levels against each other.
//
// From the start of RULES.md B2 the first player has a forced double line in
// five half-moves (b1-b2, c1-c2, d1-d2 fill row 2; the second player cannot
// reach it in time), so every level that sees five half-moves wins each round
// it starts, and a 2-round match between two such levels always ends 1-1. A
// ladder that wants to see strength therefore starts its matches from random
// openings in which neither side has a result that a level-7 search (eight
// half-moves) can prove, the same opening for both rounds with sides swapped.
#pragma once

#include <cstdint>

#include "rules/twicefour_game.h"

namespace ft::engine::twicefour {

// `plies` random legal moves from the start (cross first), drawn from `seed`
// until the position is still open: the round goes on and an eight-half-move
// search proves no result for the side to move. Deterministic for a seed.
// With plies == 0 it is the start itself (decided, see above).
rules::TwiceFourGame balanced_opening(std::uint64_t seed, int plies);

}  // namespace ft::engine::twicefour
