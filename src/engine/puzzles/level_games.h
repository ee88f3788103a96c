// Where puzzle positions come from: games between computer levels
// (levels.h) through the engine's one facade (computer.h). Levels 2 to 6
// make the mistakes that leave one side a short forced win, and see
// enough to exploit some of them; a seeded opening of random drops makes
// every game different. The seed decides everything, so a puzzle's source
// replays.
#pragma once

#include <chrono>
#include <cstdint>
#include <vector>

#include "engine/puzzles/oracle.h"
#include "rules/result.h"
#include "rules/variant.h"

namespace ft::engine::puzzles {

struct LevelGame {
  int first_level = 0;   // the level that moved first
  int second_level = 0;  // the other
  std::vector<PuzzleMove> moves;
};

inline constexpr int MAX_GAME_PLIES = 120;  // PopOut games can wander

// The game of `seed`: at most MAX_GAME_PLIES plies, `budget` a move at most.
Result<LevelGame> play_level_game(const rules::VariantSpec& spec, std::uint64_t seed,
                                  std::chrono::milliseconds budget);

}  // namespace ft::engine::puzzles
