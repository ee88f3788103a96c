// Random positions for checking the perfect level (it must keep each position's exact value): a
// number of discs drawn uniformly in [min_discs, max_discs], then random
// drops that make no line, from the empty board; redrawn when every drop
// would make a line. Deterministic for the seed, so a failure is replayable.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/solver/solver.h"

namespace ft::engine::solver {

// Column digits (as `fourtable solve` reads them) of `count` positions.
std::vector<std::string> random_positions(const Board& board, int count, int min_discs,
                                          int max_discs, std::uint64_t seed);

}  // namespace ft::engine::solver
