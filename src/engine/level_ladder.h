// The level ladder (each level must beat the one below): adjacent levels play matches against
// each other through choose_move, for any game whose states a factory makes.
//
// Two sides: a match is two games from the same random opening with the
// sides swapped (RULES.md A3). Three sides (RULES.md A10): a match is three
// games, the higher level in each seat once against two copies of the lower
// level. The higher level's score is pairwise, as the rating counts it
// (RULES.md A5): per game and per opponent 1 for more points, 1/2 for equal
// points (a draw, or both lost to the third), 0 for fewer. Equal strength
// scores 50% either way.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "engine/levels.h"
#include "rules/game_state.h"

namespace ft::engine {

struct LadderConfig {
  // A fresh game for a match; the seed draws its set-up (blocks, opening).
  std::function<std::unique_ptr<rules::GameState>(std::uint64_t seed)> new_game;
  int matches = 100;  // per pair of adjacent levels
  int level_from = 1;
  int level_to = 7;
  std::uint64_t seed = 1;
  std::chrono::milliseconds budget{50};  // per move, both sides
  int opening_plies = 4;                 // random legal moves played before each match
  int threads = 1;
  int max_plies = 1000;  // a game still going after this many moves counts as a draw
  // Levels that play with other settings than their own (experiments).
  std::map<int, LevelSettings> settings;
};

struct PairResult;
// Called (from a worker thread, one call at a time) as each pair finishes.
using PairDone = std::function<void(const PairResult&)>;

struct PairResult {
  int lower = 0;
  int upper = 0;
  int matches = 0;
  int games = 0;
  int upper_wins = 0;  // games the higher level won
  int draws = 0;
  int upper_losses = 0;  // games a lower-level seat won
  double points = 0;     // pairwise points of the higher level
  double possible = 0;
  int match_wins = 0;  // two sides only: matches by match points
  int match_draws = 0;
  int match_losses = 0;
  double score() const { return possible > 0 ? points / possible : 0; }
};

struct LevelTimes {
  std::vector<double> ms;  // every move's choose_move wall time
  double median() const;
  double max() const;
};

struct LadderResult {
  std::vector<PairResult> pairs;
  std::map<int, LevelTimes> times;
  std::string error;  // set if a move could not be chosen or played
};

LadderResult run_ladder(const LadderConfig& config, const PairDone& on_pair_done = {});

}  // namespace ft::engine
