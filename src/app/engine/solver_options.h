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
  // 16 MiB: on this machine Test_L2_R2 and Test_L1_R2 ran 17-20% faster in
  // 16 MiB than in 64 (1-2% more nodes, more of the table in the cache;
  // docs/engine-levels.md), and so did positions of 40-50 M nodes.
  std::size_t table_mb = 16;
  int threads = 1;
};

// --variant K, --width W, --height H: the variant; `blocks` gets the columns
// of --blocks COLS if given (obstacles need them), whose count the spec holds.
Result<rules::VariantSpec> variant_option(Options& opt, std::optional<std::string>& blocks);

// --variant K, --width W, --height H, --blocks COLS, --table-mb N, --threads N.
Result<SolverOptions> parse_solver_options(Options& opt);

}  // namespace ft::app
