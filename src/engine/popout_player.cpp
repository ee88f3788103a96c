#include "engine/popout_player.h"

#include <span>
#include <unordered_map>

#include "engine/solver/popout_search.h"
#include "rules/notation.h"

namespace ft::engine {
namespace {

// Whether some position of the game so far arose twice.
bool repeated_twice(const rules::FourGame& game) {
  std::unordered_map<rules::PositionKey, int, rules::PositionKeyHash> seen;
  rules::Position p = game.start();
  if (++seen[p.key()] >= 2) return true;
  for (const rules::Move m : game.move_list()) {
    p.play(m);
    if (++seen[p.key()] >= 2) return true;
  }
  return false;
}

}  // namespace

std::optional<ComputerMove> popout_exact_move(const rules::FourGame& game, const TableLease& lease,
                                              std::chrono::steady_clock::time_point deadline) {
  if (!game.spec().popout || lease.empty()) return std::nullopt;
  const auto board = solver::popout_board(game.spec());
  if (!board || repeated_twice(game)) return std::nullopt;
  const rules::Position& pos = game.position();
  solver::PopoutProblem problem = *board;
  problem.mover = pos.discs(pos.to_move());
  problem.other = pos.discs(1 - pos.to_move());
  // Half the lease for the win/draw/loss values, half for the distances, so
  // that best_move's two kinds of search do not clear each other's.
  const std::size_t words = lease.bytes() / 8;
  const std::span<std::uint64_t> memory(static_cast<std::uint64_t*>(lease.data()), words);
  solver::TranspositionTable values(memory.first(words / 2));
  solver::TranspositionTable distances(memory.subspan(words / 2));
  solver::PopoutSolver s(values, &distances);
  solver::Limits limits;
  limits.deadline = deadline;
  const auto best = s.best_move(problem, limits);
  if (!best) return std::nullopt;
  ComputerMove out;
  out.move =
      rules::format_move(rules::Move{static_cast<std::int8_t>(best->move.column), best->move.pop});
  out.score = best->value;
  out.exact = true;
  out.nodes = s.nodes();
  out.depth = best->plies;
  return out;
}

}  // namespace ft::engine
