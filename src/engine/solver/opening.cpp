#include "engine/solver/opening.h"

#include "engine/solver/solver.h"
#include "rules/setup_draw.h"

namespace ft::engine::solver {

namespace {

// The smallest score magnitude of a win whose winning disc falls within
// `plies` plies from a position with `n` discs: the winning disc is at most
// ply n + plies, so n' <= n + plies - 1 discs stand before it.
int early_win_score(const Problem& p, int plies) {
  const int cells = p.board.width * p.board.height;
  return (cells + 1 - (p.discs() + plies - 1)) / 2;
}

}  // namespace

Result<OpeningChoice> choose_opening(const rules::VariantSpec& spec, std::uint64_t seed,
                                     TranspositionTable& table, const OpeningPolicy& policy) {
  auto board = board_for(spec);
  if (!board) return board.error();
  if (spec.opening_plies <= 0)
    return make_error(ErrorCode::bad_setup, "the variant has no drawn opening (RULES.md A9)");
  Solver solver(table);
  OpeningChoice fallback;
  for (int i = 0; i < std::max(1, policy.candidates); ++i) {
    const std::vector<int> cols = rules::draw_opening(spec, seed + static_cast<std::uint64_t>(i));
    Problem p;
    p.board = *board;
    for (int c : cols) p = play(p, c);
    const int t = early_win_score(p, policy.early_plies);
    Limits limits;
    limits.max_nodes = policy.max_nodes;
    // Either side: the mover wins early (score >= t) or loses early (<= -t).
    const auto mover_wins = solver.score_at_least(p, t, limits);
    const auto mover_loses = solver.score_at_most(p, -t, limits);
    const bool early = (mover_wins && *mover_wins) || (mover_loses && *mover_loses);
    if (!early) return OpeningChoice{cols, i, true};
    if (i == 0) fallback = OpeningChoice{cols, 0, false};
  }
  // Every candidate hands someone an early win (only on boards where that is
  // the rule rather than the exception): the rules' own draw stands.
  return fallback;
}

}  // namespace ft::engine::solver
