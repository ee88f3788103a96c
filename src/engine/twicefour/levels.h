// What each twiceFour computer level may do (RULES.md B7). Level L
// looks ahead 1, 2, 3, 4, 5, 6, 8 half-moves; the levels also differ in what
// the evaluation understands (evaluate.h) and in a seeded randomisation
// (noise on the root scores and an occasional random move) that fades out
// towards the top, so that no level plays the moves of the one below.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>

#include "engine/twicefour/evaluate.h"

namespace ft::engine::twicefour {

struct LevelSettings {
  int depth = 1;  // half-moves of look-ahead
  EvalGrade grade = EvalGrade::points;
  // Each root move's heuristic score gets a uniform bonus in [0, noise]
  // (a point is worth POINT_VALUE); proven results get none.
  int noise = 0;
  // Chance in 1/1000 of a random move among those not proven lost.
  int blunder_permille = 0;
  // With this many half-moves or fewer left in the round, search to its end
  // (so the top level plays the end of a round perfectly).
  int solve_remaining = 0;
  // The level's own cap on thinking time (the request's budget caps further).
  std::chrono::milliseconds time_cap{5000};
  std::size_t table_bytes = 0;
};

// Settings of `level` 1..7; 8 (engine::PERFECT) searches as deep as the
// request's budget allows, to the end of the round where it can.
LevelSettings level_settings(int level);

}  // namespace ft::engine::twicefour
