// What each computer level of four in a row is allowed to do.
// Strength grows along several axes at once, not depth alone: search depth and
// node budget, the quality of the evaluation, and a seeded randomisation
// (noise on the root scores and an occasional blunder) that fades out
// after level 5. Node budgets rather than time make a level equally strong on a busy
// and an idle machine, and make a seeded game replayable; the request's time
// budget stays a hard cap on top.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "engine/evaluation.h"

namespace ft::engine {

inline constexpr int PERFECT = 8;  // levels 1..7, 8 = perfect
inline constexpr int MIN_LEVEL = 1;
inline constexpr int MAX_LEVEL = PERFECT;

struct LevelSettings {
  int max_depth = 1;
  std::uint64_t max_nodes = 0;
  EvalKind eval = EvalKind::simple;
  // Each root move's score gets a uniform bonus in [0, noise]; the largest
  // total is played. Proven wins and losses are far apart, so noise never
  // turns a win into a loss, it only muddles quiet choices.
  int noise = 0;
  // Chance in 1/1000 of playing a random move among those not proven lost.
  int blunder_permille = 0;
  // The level's own time cap (the request's budget caps it further).
  std::chrono::milliseconds time_cap{2000};
  // Table memory this level needs at most (a share of one pool slot).
  std::size_t table_bytes = 0;
  // The exact solver is tried first where it covers the variant.
  bool use_solver = false;
  // Three colours: nodes of the exact end-game search (three_player/endgame.h) and
  // the number of empty cells from which it is tried.
  std::uint64_t exact_nodes = 0;
  int exact_empty = 0;
  // Three colours: games played out by the Monte Carlo search (three_player/mcts.h)
  // to choose among the moves max-n did not see lose; 0: max-n's choice.
  std::uint64_t playouts = 0;
  int explore_permille = 500;  // its exploration constant, in 1/1000
  // Chance in 1/1000 of a lapse: a random legal move, even one that hands
  // an opponent a line, unless it completes the level's own line (a beginner
  // sees its own four, not the others' threats).
  int oversight_permille = 0;
};

// Settings of `level` (1..PERFECT) for a game with `colours` colours.
LevelSettings level_settings(int level, int colours);

// Changes `settings` by a list "name=value,..." with the names depth, nodes,
// eval (simple, threats, full), noise, blunders (per mille), exact-nodes,
// exact-empty, solver (0 or 1), playouts, explore (per mille), oversights (per
// mille). For experiments with the level
// ladder; on a bad part returns false with `error` naming it, and `settings` unchanged.
bool apply_level_settings(std::string_view text, LevelSettings& settings, std::string& error);

}  // namespace ft::engine
