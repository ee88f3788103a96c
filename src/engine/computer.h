// The one facade through which the server (and `fourtable play`, `bench
// levels`) lets the computer move, for every game and variant
// (docs/engine-levels.md says what each level does). Thread-safe: many calls
// may run at once on worker threads; all their transposition tables come from
// one pool whose total is set by configure_table_memory (default 256 MiB).
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "engine/levels.h"
#include "engine/table_pool.h"
#include "rules/game_state.h"

namespace ft::engine {

struct ComputerRequest {
  int level = 1;                           // 1..7 or PERFECT
  std::uint64_t seed = 0;                  // for levels that randomise (reproducible games)
  std::chrono::milliseconds budget{2000};  // hard cap on thinking time for this move
  // Four in a row: plays with these instead of the level's settings. For
  // experiments with the level ladder (`fourtable bench levels
  // --level-settings`); the server never sets it.
  std::optional<LevelSettings> settings;
};

struct ComputerMove {
  std::string move;    // in the game's notation, legal in `state`; empty on error
  int score = 0;       // the mover's view: solver convention when exact, else heuristic
  bool exact = false;  // true when the score is proven
  std::uint64_t nodes = 0;
  int depth = 0;         // plies searched to the end
  bool stopped = false;  // the budget (time or nodes) ended the search
  std::string error;     // why no move was chosen (game over, bad level, unknown game)
};

ComputerMove choose_move(const rules::GameState& state, const ComputerRequest& request);

void configure_table_memory(std::size_t total_bytes);
TableMemoryStats table_memory_stats();

}  // namespace ft::engine
