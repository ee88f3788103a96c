// Alpha-beta search for twiceFour (RULES.md part B): negamax with iterative
// deepening, a transposition table from the engine's pool
// (engine/transposition.h), the table move and scoring steps first, history
// ordering, and the evaluation of evaluate.h at the horizon.
//
// Rounds end by points, by the 80-half-move limit and by a third repetition
// (B5): the search judges all three exactly, counting repetitions over the
// round so far and the search path. So once the horizon reaches the end of
// the round, or a forced result is found, the score is a proof, with the
// caveat of every table-driven search of a game with repetitions: an entry
// made under one path's history can be reused under another's (the key holds
// the pieces, counted lines, points and ply, not the history).
#pragma once

#include <chrono>
#include <cstdint>
#include <vector>

#include "engine/transposition.h"
#include "engine/twicefour/evaluate.h"
#include "engine/types.h"
#include "rules/twicefour_game.h"

namespace ft::engine::twicefour {

// Scores are the side to move's, on the engine's scale (engine/types.h): a
// proven round win is WIN_SCORE minus the half-moves to it.
inline constexpr int TF_MAX_PLY = 100;  // more than the 80 half-moves of a round

struct SearchLimits {
  int max_depth = 8;
  std::uint64_t max_nodes = UINT64_MAX;
  std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max();
  EvalGrade grade = EvalGrade::full;
  // Search every root move with a full window so that each has a true score
  // (levels that randomise among near-best moves need them).
  bool all_root_scores = false;
};

struct RootMove {
  rules::TwiceFourMove move;
  int score = 0;
};

struct SearchOutcome {
  rules::TwiceFourMove best;
  int score = 0;         // side to move's view
  int depth = 0;         // deepest iteration finished
  bool exact = false;    // a proof: the tree reached the end of the round, or a forced result
  bool stopped = false;  // a node or time limit cut the search short
  std::uint64_t nodes = 0;
  std::vector<RootMove> root_moves;  // best first, with scores of the last full iteration
};

class Search {
 public:
  // Searches `game`'s current position; the game's history decides
  // repetitions. `table` may store nothing (an empty lease).
  Search(const rules::TwiceFourGame& game, TranspositionTable& table);

  SearchOutcome run(const SearchLimits& limits);

 private:
  int negamax(const rules::TwiceFourPosition& pos, int depth, int alpha, int beta, int ply);
  int root(int depth, int alpha, int beta, SearchOutcome& out);
  // RULES.md B5: how often `key` arose in the round and on the path to `ply`.
  int occurrences(std::uint64_t key, int ply) const;
  // Scores of a round that ended, for the side that moved into it.
  int end_score(const rules::Outcome& o, int mover, int ply) const;
  std::uint64_t table_key(const rules::TwiceFourPosition& pos) const;
  bool out_of_budget();

  const rules::TwiceFourGame& game_;
  TranspositionTable& table_;
  SearchLimits limits_;
  std::vector<std::uint64_t> history_;  // repetition keys of the round so far, oldest first
  std::uint64_t path_[TF_MAX_PLY + 2] = {};
  int history_score_[2][25][25] = {};
  std::uint64_t salt_ = 0;
  std::uint64_t nodes_ = 0;
  bool stop_ = false;
  bool horizon_ = false;  // the current iteration evaluated a position at its horizon
};

}  // namespace ft::engine::twicefour
