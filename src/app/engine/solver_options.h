// Options shared by the solver's commands (solve, bench, book): the variant,
// the board and the table.
#pragma once

#include <cstddef>
#include <span>
#include <string>

#include "engine/solver/solver.h"

namespace ft::app {

struct SolverOptions {
  engine::solver::Problem start;  // the board (and blocks) before the moves
  std::size_t table_mb = 64;
  int threads = 1;
};

// --variant K, --width W, --height H, --blocks COLS, --table-mb N, --threads N.
Result<SolverOptions> parse_solver_options(std::span<const std::string> args);

}  // namespace ft::app
