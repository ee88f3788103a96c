#include "engine/twicefour/levels.h"

#include <algorithm>

namespace ft::engine::twicefour {

LevelSettings level_settings(int level) {
  using std::chrono::milliseconds;
  constexpr std::size_t MiB = std::size_t{1} << 20;
  switch (std::clamp(level, 1, 8)) {
    case 1:  // sees its own point in one, values placement, often plays at random
      return {1, EvalGrade::points, 400, 250, 0, milliseconds(1000), MiB / 4};
    case 2:
      return {2, EvalGrade::points, 200, 100, 0, milliseconds(1000), MiB / 2};
    case 3:  // from here the evaluation knows lines one step from scoring
      return {3, EvalGrade::threats, 120, 60, 0, milliseconds(2000), 1 * MiB};
    case 4:
      return {4, EvalGrade::threats, 90, 40, 0, milliseconds(3000), 2 * MiB};
    case 5:  // from here also lines two steps away and mobility
      return {5, EvalGrade::full, 60, 20, 0, milliseconds(4000), 4 * MiB};
    case 6:
      return {6, EvalGrade::race, 30, 10, 0, milliseconds(5000), 8 * MiB};
    case 7:  // RULES.md B7: eight half-moves; 15 s per move, we aim far below
      return {8, EvalGrade::race, 0, 0, 10, milliseconds(5000), 16 * MiB};
    default:  // PERFECT: as deep as the budget allows
      return {rules::TF_MOVE_LIMIT,           EvalGrade::race, 0, 0, rules::TF_MOVE_LIMIT,
              milliseconds(24 * 3600 * 1000), SIZE_MAX};
  }
}

}  // namespace ft::engine::twicefour
