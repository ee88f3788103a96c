// Max-n search for three players (RULES.md A10): every
// player, at its own turn, picks the move best for itself, judged by a score
// vector with one entry per colour. Unlike a paranoid search (both others
// against the root, which on 9x7 "proves" nearly every position lost because
// two players with two moves a round force a line) and unlike best-reply
// search (only one of the others moves between two root moves), max-n keeps
// the real turn order: the next player blocks a threat of the third if that
// threat would beat it, and nobody helps the root unless that helps itself.
//
// Ties at a player's turn (typically: it loses whatever it does) go to the
// move worst for the root, which keeps the root careful. Max-n has almost no
// pruning, so strength comes from depth: a transposition table of exact score
// vectors (over the pool's memory) cuts the many move orders that reach one
// position, and iterative deepening keeps a move ready when the node budget
// runs out. Near the end of the game (SearchOptions::exact_empty) the exact
// end-game search (three_endgame.h) decides first: a proven win is played,
// moves proven lost are left out while another move holds.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <vector>

#include "engine/evaluation.h"
#include "engine/heuristic_search.h"
#include "engine/table_pool.h"
#include "rules/position.h"

namespace ft::engine {

class MaxNSearch {
 public:
  MaxNSearch(const rules::Position& root, int start_empty_cells, const TableLease& lease);

  // Scores in the result are the root player's entry of the vector on the
  // engine's scale (engine/types.h: WIN_SCORE minus plies for a win, its negative
  // for a loss), so levels pick among root moves the same way for both.
  // `exact` is set for a win the others cannot stop whatever each of them does.
  SearchResult run(const SearchOptions& options);

 private:
  struct Value {
    int v[3] = {0, 0, 0};
  };
  struct Entry;

  Value search(const rules::Position& pos, int depth, int ply);
  Value leaf(const rules::Position& pos, int ply) const;
  Value win_for(int colour, int ply) const;
  bool out_of_budget();
  std::uint64_t key(const rules::Position& pos) const;

  // The exact end of the game where the options ask for it: moves proven
  // lost leave `moves`; a proven win, or a single move left, is the result.
  std::optional<SearchResult> exact_end(std::vector<rules::Move>& moves,
                                        std::vector<RootScore>& lost);

  rules::Position root_;
  const TableLease* lease_;
  BoardModel model_;
  Entry* table_ = nullptr;
  std::size_t mask_ = 0;
  SearchOptions options_;
  int root_colour_;
  std::uint64_t salt_ = 0;
  std::uint64_t nodes_ = 0;
  std::uint64_t endgame_nodes_ = 0;  // spent by exact_end, outside max_nodes
  bool stop_ = false;
};

}  // namespace ft::engine
