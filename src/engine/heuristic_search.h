// Alpha-beta search for every four-in-a-row variant over rules::Position
// (so pops, misère, cylinders and blocks are judged by the rules library):
// iterative deepening, a transposition table from the pool, history-ordered
// moves, an immediate-win scan at every node, and the threat evaluation of
// evaluation.h at the horizon.
//
// Scores are from the root player's view (minimax, not negamax). Two vs two
// is a two-colour game (team-mates share a colour, RULES.md A11). Three
// players (RULES.md A10) play max-n (three_player/max_n_search.h); run on three colours,
// this search would be paranoid (both others against the root).
//
// PopOut positions can repeat (RULES.md A7): a position that already arose in
// the game or earlier on the search path scores as a draw, since whoever
// likes the draw can repeat it again.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "engine/evaluation.h"
#include "engine/transposition.h"
#include "engine/types.h"
#include "rules/position.h"

namespace ft::engine {

inline constexpr int MAX_PLY = 128;

struct SearchOptions {
  int max_depth = MAX_PLY - 1;
  std::uint64_t max_nodes = UINT64_MAX;
  std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max();
  EvalKind eval = EvalKind::full;
  // Search every root move with a full window so that each has a true score
  // (levels that pick among near-best moves need them).
  bool all_root_scores = false;
  // Three colours: the exact end-game search (three_player/endgame.h) runs first,
  // with this many nodes, once at most `exact_empty` cells are empty.
  std::uint64_t exact_nodes = 0;
  int exact_empty = 0;
};

struct RootScore {
  rules::Move move;
  int score = 0;
};

struct SearchResult {
  rules::Move best;
  int score = 0;         // root player's view
  int depth = 0;         // last depth searched to the end
  bool exact = false;    // the score is a proof (win, loss, or draw of a finished tree)
  bool stopped = false;  // the node or time limit cut the search short
  std::uint64_t nodes = 0;
  std::vector<RootScore> root_scores;  // with all_root_scores, from the last full depth
};

class HeuristicSearch {
 public:
  // `history`: positions of the game so far (PopOut repetitions), each with
  // how often it arose; may be empty for variants without pops.
  HeuristicSearch(const rules::Position& root, int start_empty_cells,
                  const std::unordered_map<std::uint64_t, int>& history, TranspositionTable& table);

  SearchResult run(const SearchOptions& options);

  // The hash the search and the history map use for a position.
  static std::uint64_t hash(const rules::Position& pos);

 private:
  int search(const rules::Position& pos, int depth, int alpha, int beta, int ply);
  int root_search(int depth, int alpha, int beta, SearchResult& out, bool all_scores);
  // Fills `order` with the indices of `moves` in search order.
  void order_moves(int mover, int tt_move, const rules::Move* moves, const int* index, int n,
                   int* order) const;
  bool out_of_budget();
  int move_index(rules::Move m) const { return m.col + (m.pop ? width_ : 0); }

  rules::Position root_;
  BoardModel model_;
  const std::unordered_map<std::uint64_t, int>& history_;
  TranspositionTable& table_;
  SearchOptions options_;
  int root_colour_;
  int width_;
  bool popout_;
  std::uint64_t salt_ = 0;
  std::uint64_t nodes_ = 0;
  bool stop_ = false;
  std::uint64_t path_[MAX_PLY + 2] = {};
  int history_score_[3][2 * rules::MAX_SIZE] = {};
  // Child positions of each ply, allocated once per search (Position has no
  // default state, and a node must not allocate).
  std::vector<rules::Position> frames_;
};

}  // namespace ft::engine
