// The seed a match's set-up is drawn from, vetted by the engine
// (RULES.md A9): the rules draw an opening that makes no line and leaves no
// win in one; this keeps drawing until the solver finds no early forced win for
// either side, so neither player is handed the match by the lottery.
#pragma once

#include <cstdint>

#include "engine/solver/opening.h"
#include "rules/variant.h"

namespace ft::engine {

// What a server can afford per new table: a few candidates, bounded work per
// proof (deterministic in nodes, so a seed always gives the same opening).
solver::OpeningPolicy table_opening_policy();

struct FairSetup {
  std::uint64_t seed = 0;  // pass to rules::draw_setup / match::MatchConfig::seed
  int candidate = 0;       // 0: the given seed's own draw was already fair
  bool vetted = false;     // false: not checked (no opening, no table free, a
                           // variant the solver does not play) or no fair one found
};

// Deterministic for (spec, seed, policy). Variants without a drawn opening get
// their seed back unchanged. Uses the shared table pool (computer.h).
FairSetup fair_setup_seed(const rules::VariantSpec& spec, std::uint64_t seed,
                          const solver::OpeningPolicy& policy = table_opening_policy());

}  // namespace ft::engine
