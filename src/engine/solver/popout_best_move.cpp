// PopoutSolver::best_move: the perfect level's PopOut move (popout_search.h).
// The value comes from the win/draw/loss search; a win's or a loss's length
// from probes "does it end within d plies?" with growing d, then one probe a
// move finds the first move that keeps that length.
#include <vector>

#include "engine/solver/popout_search.h"

namespace ft::engine::solver {
namespace {

// Drops, then pops, each from the centre column out (the search's order).
std::vector<PopoutMove> ordered_moves(const PopoutProblem& p) {
  std::vector<PopoutMove> out;
  for (const bool pop : {false, true}) {
    for (int i = 0; i < p.width; ++i) {
      const PopoutMove m{pop, p.width / 2 + (1 - 2 * (i % 2)) * (i + 1) / 2};
      if (popout_legal(p, m)) out.push_back(m);
    }
  }
  return out;
}

}  // namespace

std::optional<PopoutSolver::Best> PopoutSolver::best_move(const PopoutProblem& p,
                                                          const Limits& limits) {
  const auto value = solve(p, limits);
  if (!value) return std::nullopt;
  const std::vector<PopoutMove> moves = ordered_moves(p);
  // A move's value for the side to move: the end it makes, or the negated
  // value of the position after it.
  auto move_value = [&](PopoutMove m) -> std::optional<int> {
    const PopoutOutcome o = popout_play(p, m);
    if (o.result) return *o.result;
    const auto v = solve(o.next, limits);
    if (!v) return std::nullopt;
    return -*v;
  };
  Best best;
  best.value = *value;
  if (*value == 0) {
    for (const PopoutMove m : moves) {
      const auto v = move_value(m);
      if (!v) return std::nullopt;
      if (*v == 0) {
        best.move = m;
        return best;
      }
    }
    return std::nullopt;  // a drawn position has a drawing move: not reached
  }

  // The length: a win ends on the mover's ply (odd), a loss on the
  // opponent's (even); the search never plays a pop that loses at once.
  const bool win = *value > 0;
  for (int d = win ? 1 : 2; d <= MAX_DISTANCE && best.plies == 0; d += 2) {
    const auto ends = ends_within(p, win, d, limits);
    if (!ends) return std::nullopt;
    if (*ends) best.plies = d;
  }
  for (const PopoutMove m : moves) {
    const PopoutOutcome o = popout_play(p, m);
    if (best.plies == 0) {
      // Out of reach: any move that keeps the value.
      if (win) {
        const auto v = move_value(m);
        if (!v) return std::nullopt;
        if (*v < 1) continue;
      } else if (o.result) {
        continue;  // a pop that loses at once
      }
      best.move = m;
      return best;
    }
    if (o.result) {
      // In a won position only a win in one ends the game well; in a lost
      // one every end at once is the quickest loss.
      if (*o.result == 1 && best.plies == 1) {
        best.move = m;
        return best;
      }
      continue;
    }
    std::optional<bool> keeps;
    if (win) {
      // The opponent loses within plies - 1 (never sooner: that would be a
      // quicker win than the position's).
      keeps = best.plies == 1 ? std::optional<bool>(false)
                              : ends_within(o.next, false, best.plies - 1, limits);
    } else if (best.plies == 2) {
      keeps = true;  // every move loses to the next drop
    } else {
      // The opponent wins within plies - 1 after every move; this one keeps
      // the loss that long if not within plies - 3.
      const auto sooner = ends_within(o.next, true, best.plies - 3, limits);
      if (sooner) keeps = !*sooner;
    }
    if (!keeps) return std::nullopt;
    if (*keeps) {
      best.move = m;
      return best;
    }
  }
  return std::nullopt;  // some move keeps the length: not reached
}

}  // namespace ft::engine::solver
