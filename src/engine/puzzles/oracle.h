// What a puzzle asks of the exact solvers, in one interface over the drop
// variants' solver (solver/solver.h: classic, its sizes, misère, cylinder)
// and PopOut's (solver/popout_search.h): the legal moves, playing one,
// whether the side to move wins at all, and whether it wins within k of its
// own moves. Every answer is exact; a probe that hits the node limit answers
// nothing, and the caller drops the position (no puzzle rests on a guess).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/solver/book.h"
#include "engine/solver/popout_search.h"
#include "engine/solver/solver.h"
#include "rules/result.h"
#include "rules/variant.h"

namespace ft::engine::puzzles {

// A drop or a pop in a 0-based column.
struct PuzzleMove {
  bool pop = false;
  int col = 0;
  friend bool operator==(const PuzzleMove&, const PuzzleMove&) = default;
};

// The notation `fourtable solve` reads: a column digit 1..9 (0 for a tenth
// column), a pop the digit followed by `^` (`4^`).
std::string move_text(PuzzleMove m);
std::string moves_text(const std::vector<PuzzleMove>& moves);
Result<std::vector<PuzzleMove>> parse_moves(std::string_view text, int width);

// A position of either solver (only the one of the oracle's variant is used).
struct Node {
  solver::Problem drops;
  solver::PopoutProblem pops;
};

// What a move leads to: the end of the game (1 the mover wins, 0 a draw, -1
// the mover loses) or the position after it.
struct Played {
  std::optional<int> result;
  Node next;
};

class Oracle {
 public:
  // For a variant one of the solvers plays exactly; an error otherwise.
  // `max_nodes` bounds each probe (0: no bound).
  static Result<std::unique_ptr<Oracle>> create(const rules::VariantSpec& spec,
                                                std::size_t table_bytes, std::uint64_t max_nodes);

  const rules::VariantSpec& spec() const { return spec_; }
  bool popout() const { return spec_.popout; }
  bool misere() const { return spec_.misere; }

  Node start() const;
  // The position after `moves` from the start, or why there is none (a bad
  // move, the game over; PopOut: a repeated position, which its solver
  // does not take).
  Result<Node> replay(const std::vector<PuzzleMove>& moves) const;
  // Drops from the centre outwards, then pops likewise.
  std::vector<PuzzleMove> legal(const Node& n) const;
  Played play(const Node& n, PuzzleMove m) const;
  // The same cells with the sides swapped: what the opponent could do if it
  // were its turn.
  Node swapped(const Node& n) const;

  // Whether the side to move wins (with best play of both). The game must
  // not be over.
  std::optional<bool> wins(const Node& n);
  // Whether the side to move loses.
  std::optional<bool> loses(const Node& n);
  // Whether the side to move wins within `k` >= 1 of its own moves against
  // any defence (its k-th move at the latest makes the line; in misère the
  // opponent's move after it at the latest is forced to make one).
  std::optional<bool> wins_within(const Node& n, int k);
  // Whether the side to move loses within the opponent's next `k` >= 1
  // moves against any defence (in misère: its own forced line after them).
  std::optional<bool> loses_within(const Node& n, int k);

  std::uint64_t nodes() const;

 private:
  Oracle(const rules::VariantSpec& spec, std::size_t table_bytes, std::uint64_t max_nodes);
  solver::Limits limits() const;

  rules::VariantSpec spec_;
  solver::Problem drop_start_;
  solver::PopoutProblem pop_start_;
  solver::TranspositionTable table_;
  solver::TranspositionTable distance_table_;  // PopOut's values with distances
  solver::Solver drop_solver_;
  solver::PopoutSolver pop_solver_;
  const solver::OpeningBook* book_;
  std::uint64_t max_nodes_;
};

}  // namespace ft::engine::puzzles
