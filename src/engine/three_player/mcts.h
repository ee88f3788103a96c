// Monte Carlo tree search for three players (RULES.md A10). Between players
// who block every line in one, a three-player game is decided when the
// columns fill up and someone runs out of moves that do not hand the next
// player a line (three-colour zugzwang): set-ups made twenty and more plies
// before the end, beyond what max-n (max_n_search.h) or the exact end game
// (three_endgame.h) reach in a move's time. Games played out to the full
// board by careful players see those set-ups: this search plays many of
// them and keeps, for each player at each node of its tree, the share of
// the games it won or drew (max-n's view, each player for itself; UCT picks
// what to explore).
//
// Careful means: a player takes its line in one, blocks the next player's
// line in one (two of them: the next player wins), never drops directly
// under a cell that completes the next player's line, and does not drop
// under a cell that completes its own (the player after next would take that
// cell). The third player's line in one is left to the next player, whose
// next it is. Among the moves left a playout chooses at random; the tree
// offers all of them.
//
// The tree lives in the pool's memory lease (after the max-n search is done
// with it), so it is bounded like every table and allocated once.
#pragma once

#include <array>
#include <chrono>
#include <cstdint>
#include <vector>

#include "engine/table_pool.h"
#include "engine/three_player/board_bits.h"
#include "engine/three_player/endgame.h"
#include "rules/position.h"

namespace ft::engine {

struct ThreeMctsOptions {
  std::uint64_t playouts = 0;  // games played out, at most
  std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max();
  std::uint64_t seed = 0;
  double exploration = 0.5;  // UCT's constant, on a reward scale of 0..1
};

struct ThreeMctsMove {
  rules::Move move;
  std::uint64_t visits = 0;
  double value = 0;  // the root player's mean reward: 1 a win, 1/2 a draw, 0 a loss
};

struct ThreeMctsResult {
  rules::Move best;
  std::vector<ThreeMctsMove> moves;  // one for each candidate, in the order given
  std::uint64_t playouts = 0;
};

class ThreeMcts {
 public:
  ThreeMcts(const rules::Position& root, const TableLease& lease);

  // Plays out games from the root after each of `candidates` (legal drops of
  // the root; the caller's choice, typically those max-n did not see lose)
  // until the options' budget ends; the best is the most explored. Needs
  // ThreeEndgame::covers() of the board and a lease with room for the root's
  // children and some more nodes (once it is full the tree stops growing and
  // the playouts go on from its leaves); otherwise returns the first
  // candidate unexplored.
  ThreeMctsResult run(const std::vector<rules::Move>& candidates, const ThreeMctsOptions& options);

  // One game from the root's position played to its end by careful players
  // (for tests): its outcome.
  ThreeOutcome playout(std::uint64_t seed) const;

 private:
  struct State {
    std::array<rules::Bits, 3> discs;
    rules::Bits mask;
    int mover;
  };
  struct Node;

  State root_state() const;
  // The careful moves of `s`, or through `decided` the outcome if every move
  // (or the game) is already decided: the mover's line in one, the next
  // player's two lines in one or every move under its line.
  rules::Bits careful_moves(const State& s, int& decided) const;
  template <class Rng>
  ThreeOutcome play_out(State s, Rng& rng) const;
  // UCT for the mover at `node`: the child to descend to.
  std::uint32_t uct_pick(const Node& node, std::size_t mover, double exploration) const;
  // The root children's visits and values into `out`, and its best move.
  void summarise_root(ThreeMctsResult& out, std::size_t k, int root_colour) const;

  rules::Position root_;
  ThreeBoard bits_;
  Node* nodes_ = nullptr;
  std::size_t capacity_ = 0;
};

}  // namespace ft::engine
