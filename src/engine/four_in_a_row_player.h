// The computer seat for four in a row: turns a level into search settings,
// runs the exact solver or the heuristic search, and picks the move.
#pragma once

#include "engine/computer.h"
#include "rules/four_game.h"

namespace ft::engine {

ComputerMove choose_four_move(const rules::FourGame& game, const ComputerRequest& request,
                              TablePool& pool);

}  // namespace ft::engine
