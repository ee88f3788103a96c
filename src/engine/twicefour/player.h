// The computer seat for twiceFour: turns a level into search limits, runs
// the search and picks the move (engine/computer.h dispatches here).
#pragma once

#include "engine/computer.h"
#include "rules/twicefour_game.h"

namespace ft::engine {

// ComputerMove.score: for a proven result +1 (the side to move wins the
// round), -1 (loses) or 0 (draw), with exact set; otherwise the heuristic
// score (a point is worth 1000).
ComputerMove choose_twicefour_move(const rules::TwiceFourGame& game, const ComputerRequest& request,
                                   TablePool& pool);

}  // namespace ft::engine
