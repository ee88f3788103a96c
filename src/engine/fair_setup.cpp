#include "engine/fair_setup.h"

#include <span>

#include "engine/table_pool.h"
#include "rules/setup_draw.h"

namespace ft::engine {

solver::OpeningPolicy table_opening_policy() {
  solver::OpeningPolicy p;
  p.early_plies = 16;
  p.candidates = 16;
  p.max_nodes = 1'000'000;
  return p;
}

FairSetup fair_setup_seed(const rules::VariantSpec& spec, std::uint64_t seed,
                          const solver::OpeningPolicy& policy) {
  FairSetup out;
  out.seed = seed;
  // Blocks come from the same seed as the opening; the solver's openings are
  // drawn on the bare board, so a variant with both is left to the rules.
  if (spec.opening_plies <= 0 || spec.blocks > 0) return out;
  TableLease lease = TablePool::shared().acquire(std::size_t{32} << 20);
  if (lease.empty()) return out;
  solver::TranspositionTable table(
      std::span<std::uint64_t>(static_cast<std::uint64_t*>(lease.data()), lease.bytes() / 8));
  // choose_opening tries draw_opening(spec, base + i); the set-up seed whose
  // opening is that draw is opening_seed(base + i).
  const std::uint64_t base = rules::opening_seed(seed);
  auto choice = solver::choose_opening(spec, base, table, policy);
  if (!choice) return out;
  out.candidate = choice->candidate;
  out.vetted = choice->accepted;
  out.seed = rules::opening_seed(base + static_cast<std::uint64_t>(choice->candidate));
  return out;
}

}  // namespace ft::engine
