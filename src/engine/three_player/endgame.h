// Exact end of a three-player game (RULES.md A10): who wins, or a draw, when
// every player plays on to the full board choosing, at its own turn, the
// outcome best for itself. Between players who block every line in one, the
// three-player game is decided late: when the columns fill up, someone runs
// out of moves that do not give the next player a line (three-colour
// zugzwang). The heuristic max-n search sees that only at its horizon; this
// search sees it from as many empty cells as its node budget reaches, which
// is what makes a stronger level stronger in the part of the game that
// decides it.
//
// Each player ranks outcomes: its own win, then a draw, then a loss. A loser
// is indifferent to who beat it (RULES.md A5 counts it level with the other
// loser), so among losses the tie goes against the root player: the search
// is careful, as the max-n search is (max_n_search.h). The root's own tie
// between the two others' wins is broken by a fixed rule too, so every
// position has one value whatever order the search meets it in (the table
// may then hand it to any path).
//
// The search knows two facts that cut it down: a player must block the next
// player's line in one (two of them: the next player wins), and a move
// directly under a cell that completes the next player's line hands it that
// line. The third player's line in one is left to the next player, so it is
// searched like any other move.
//
// Boards whose lines are four long and that do not wrap (not the cylinder):
// the three-player tables; other boards return nothing.
#pragma once

#include <array>
#include <chrono>
#include <cstdint>
#include <vector>

#include "engine/table_pool.h"
#include "engine/three_player/board_bits.h"
#include "rules/position.h"

namespace ft::engine {

// The game's outcome: a draw or a colour's win.
enum class ThreeOutcome : std::uint8_t { draw = 0, red = 1, yellow = 2, green = 3 };

inline ThreeOutcome win_of(int colour) {
  return static_cast<ThreeOutcome>(colour + 1);
}

struct ThreeEndgameResult {
  // The outcome of each root move searched, in the order asked; the budget
  // may end the search before the last ones.
  std::vector<std::pair<rules::Move, ThreeOutcome>> moves;
  bool complete = false;  // every root move asked for has its outcome
  std::uint64_t nodes = 0;
};

class ThreeEndgame {
 public:
  // Plays on the lease's memory (a table of exact outcomes); an empty lease
  // searches without a table.
  ThreeEndgame(const rules::Position& root, const TableLease& lease);

  // Whether the board is one this search plays (four in a row, no wrap,
  // three colours, no pops).
  static bool covers(const rules::Geometry& g);

  // The outcome of each of `moves` (legal drops of the root) in turn, until
  // `max_nodes` or the deadline ends the search.
  ThreeEndgameResult solve(const std::vector<rules::Move>& moves, std::uint64_t max_nodes,
                           std::chrono::steady_clock::time_point deadline);

  // How `player` ranks an outcome: 3 its own win, 2 a draw; a loss 1 if the
  // winner is not the root player (else 0); the root player itself ranks the
  // next player's win 0 and the third player's 1.
  static int rank(ThreeOutcome o, int player, int root);

 private:
  struct Node {
    std::array<rules::Bits, 3> discs;
    rules::Bits mask;  // every occupied cell, blocks too
    int mover;
  };

  // `parent_best`: how the player who moved into `n` ranks the best outcome
  // it has already found elsewhere (-1: none). A node cut short by it returns
  // an outcome that player will not take, and is not stored as exact.
  ThreeOutcome search(const Node& n, int parent_best);
  static int best_rank_for(int parent, int mover, int mover_rank, int root);
  std::uint64_t key(const Node& n) const;

  rules::Position root_;
  ThreeBoard bits_;
  int root_colour_ = 0;
  std::uint64_t* table_ = nullptr;
  std::size_t mask_ = 0;
  std::uint64_t salt_ = 0;
  std::uint64_t nodes_ = 0;
  std::uint64_t max_nodes_ = 0;
  std::chrono::steady_clock::time_point deadline_;
  bool stop_ = false;
  std::vector<int> order_;  // column indices, centre first
};

}  // namespace ft::engine
