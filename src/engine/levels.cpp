#include "engine/levels.h"

#include <algorithm>

namespace ft::engine {

LevelSettings level_settings(int level, int colours) {
  using std::chrono::milliseconds;
  LevelSettings s;
  level = std::clamp(level, MIN_LEVEL, MAX_LEVEL);
  switch (level) {
    case 1:  // sees a win or a loss in one, little else, and often plays at random
      s = {1, 500, EvalKind::simple, 60, 300, milliseconds(200), 1 << 16, false};
      break;
    case 2:
      s = {2, 1'000, EvalKind::simple, 30, 150, milliseconds(300), 1 << 18, false};
      break;
    case 3:
      s = {4, 1'500, EvalKind::simple, 16, 60, milliseconds(400), 1 << 20, false};
      break;
    case 4:  // from here the evaluation knows stacked threats
      s = {8, 2'000, EvalKind::threats, 8, 0, milliseconds(600), 4 << 20, false};
      break;
    case 5:  // from here the row parity of threats too
      s = {12, 6'000, EvalKind::full, 4, 0, milliseconds(900), 8 << 20, false};
      break;
    case 6:
      s = {20, 20'000, EvalKind::full, 0, 0, milliseconds(1400), 16 << 20, false};
      break;
    case 7:  // bounded by time only; issue 4: at most 2 s per move on 7x6
      s = {127, 40'000'000, EvalKind::full, 0, 0, milliseconds(1800), SIZE_MAX, true};
      break;
    default:  // PERFECT: as deep as the request's budget allows
      s = {127, UINT64_MAX, EvalKind::full, 0, 0, milliseconds(24 * 3600 * 1000), SIZE_MAX, true};
      break;
  }
  if (colours == 3) {
    // Three players (RULES.md A10): a game against two others is decided by
    // tactics more than by evaluation, and best-reply search (heuristic_search.h)
    // meets both others' moves at every second ply. Wider steps in nodes and
    // in blunders keep the levels apart.
    switch (level) {
      case 3:
        s.max_nodes = 3'000;
        s.blunder_permille = 80;
        break;
      case 4:
        s.max_nodes = 6'000;
        s.blunder_permille = 20;
        break;
      case 5:
        s.max_nodes = 16'000;
        break;
      case 6:
        s.max_nodes = 40'000;
        break;
      default:
        break;
    }
  }
  return s;
}

}  // namespace ft::engine
