// Drawn openings the engine accepts (RULES.md A9): the rules
// draw random openings that make no line and leave no win in one; the engine
// further rejects those where the solver proves an early forced win for
// either side, so neither player is handed the game by the draw.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/solver/transposition_table.h"
#include "rules/result.h"
#include "rules/variant.h"

namespace ft::engine::solver {

struct OpeningPolicy {
  // An opening is rejected when either side has a forced win whose winning
  // disc falls within this many plies after the opening.
  int early_plies = 16;
  // Candidates drawn before giving up and taking the best one seen.
  int candidates = 64;
  // Work per proof; deterministic (nodes, not time), so a seed always gives
  // the same opening. A proof cut short counts as "no early win found".
  std::uint64_t max_nodes = 2'000'000;
};

struct OpeningChoice {
  std::vector<int> columns;  // 0-based drops, as rules::Setup::opening
  int candidate = 0;         // which candidate (0 = the rules' first draw)
  bool accepted = true;      // false: every candidate had an early win
};

// Deterministic for (spec, seed): candidate i is rules::draw_opening(spec,
// seed + i). Errors for variants the solver does not handle.
Result<OpeningChoice> choose_opening(const rules::VariantSpec& spec, std::uint64_t seed,
                                     TranspositionTable& table, const OpeningPolicy& policy = {});

}  // namespace ft::engine::solver
