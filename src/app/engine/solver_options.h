// Options shared by the solver's commands (solve, bench, book): the variant,
// the board and the table.
#pragma once

#include <cstddef>
#include <optional>
#include <string>

#include "app/options.h"
#include "engine/solver/solver.h"
#include "rules/variant.h"

namespace ft::app {

struct SolverOptions {
  engine::solver::Problem start;  // the board (and blocks) before the moves
  std::size_t table_mb = engine::solver::CACHE_FRIENDLY_TABLE_BYTES >> 20;
  int threads = 1;
};

// --variant K, --width W, --height H: the variant; `blocks` gets the columns
// of --blocks COLS if given (obstacles need them), whose count the spec holds.
Result<rules::VariantSpec> variant_option(Options& opt, std::optional<std::string>& blocks);

// --variant K, --width W, --height H, --blocks COLS, --table-mb N, --threads N.
Result<SolverOptions> parse_solver_options(Options& opt);

}  // namespace ft::app
