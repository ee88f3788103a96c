// Set-ups drawn at random before a match (RULES.md A8 obstacles, A9 drawn
// opening). The caller passes the seed, so the same seed gives the same match:
// both games of a match, a replay, and a server restarted mid-match.
#pragma once

#include <cstdint>

#include "rules/four_game.h"

namespace ft::rules {

// SplitMix64: small, fast, and fixed forever (a seed's meaning must not change).
class SeededRandom {
 public:
  explicit SeededRandom(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next();
  int below(int n);  // uniform in [0, n)

 private:
  std::uint64_t state_;
};

// RULES.md A8: spec.blocks blocks dropped into random columns, mirror-symmetric
// about the middle column; an odd count puts one in the middle. A column takes
// at most two blocks (our rule), so no column is walled off.
std::vector<Cell> draw_obstacles(const VariantSpec& spec, std::uint64_t seed);

// RULES.md A9: spec.opening_plies random drops that make no line and leave the
// player to move no win in one. The engine may filter further (no early forced
// win); this is the rule-level draw.
std::vector<int> draw_opening(const VariantSpec& spec, std::uint64_t seed);

// The whole set-up for a variant: blocks and/or opening as the spec asks. The
// opening is draw_opening(spec, opening_seed(seed)).
Setup draw_setup(const VariantSpec& spec, std::uint64_t seed);

// The opening's seed inside a set-up seed. An XOR, so it is its own inverse:
// the set-up seed whose opening is draw_opening(spec, s) is opening_seed(s).
constexpr std::uint64_t opening_seed(std::uint64_t setup_seed) {
  return setup_seed ^ 0x5eed0fe11ULL;
}

}  // namespace ft::rules
