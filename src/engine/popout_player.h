// The perfect level's PopOut move (RULES.md A7): the exact PopOut search's
// best move (solver/popout_search.h: the quickest win, else a draw, else the
// longest loss) where it finishes before the deadline.
#pragma once

#include <chrono>
#include <optional>

#include "engine/computer.h"
#include "engine/table_pool.h"
#include "rules/four_game.h"

namespace ft::engine {

// Nothing when the game is not PopOut on a board the solver plays, when a
// position of the game has already occurred twice (the solver's values
// assume none has: popout_search.h), when the lease is empty, or when the
// deadline comes first; the caller then searches heuristically. The score
// is 1, 0 or -1 for the mover (PopOut has no disc-count score).
std::optional<ComputerMove> popout_exact_move(const rules::FourGame& game, const TableLease& lease,
                                              std::chrono::steady_clock::time_point deadline);

}  // namespace ft::engine
