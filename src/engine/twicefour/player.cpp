#include "engine/twicefour/player.h"

#include <algorithm>

#include "engine/search_support.h"
#include "engine/twicefour/levels.h"
#include "engine/twicefour/search.h"
#include "rules/setup_draw.h"

namespace ft::engine {

using twicefour::RootMove;

ComputerMove choose_twicefour_move(const rules::TwiceFourGame& game, const ComputerRequest& request,
                                   TablePool& pool) {
  using Clock = std::chrono::steady_clock;
  const Clock::time_point start = Clock::now();
  const twicefour::LevelSettings level = twicefour::level_settings(request.level);
  const auto time = std::min(level.time_cap, request.budget);
  // Keep a little of the budget for returning the move: the cap is hard.
  const auto margin =
      std::clamp(time / 20, std::chrono::milliseconds(1), std::chrono::milliseconds(100));

  ComputerMove out;
  if (game.outcome().over()) {
    out.error = "the round is over";
    return out;
  }
  TableLease lease = pool.acquire(level.table_bytes);
  TranspositionTable table(lease);
  twicefour::Search search(game, table);
  twicefour::SearchLimits limits;
  const int remaining = rules::TF_MOVE_LIMIT - game.ply();
  limits.max_depth = remaining <= level.solve_remaining ? remaining : level.depth;
  limits.deadline = start + time - margin;
  limits.grade = level.grade;
  limits.all_root_scores = level.noise > 0 || level.blunder_permille > 0;
  const twicefour::SearchOutcome r = search.run(limits);

  // Seeded per move, so a replayed game with the same seed plays the same.
  rules::SeededRandom rng(request.seed ^
                          (0x9e3779b97f4a7c15ULL * static_cast<std::uint64_t>(game.ply() + 1)));
  rules::TwiceFourMove chosen = r.best;
  int chosen_score = r.score;
  const bool proven_win = is_proven(r.score) && r.score > 0;
  if (!proven_win && r.root_moves.size() > 1) {
    std::vector<RootMove> candidates;
    for (const RootMove& rm : r.root_moves) {
      if (!(is_proven(rm.score) && rm.score < 0)) candidates.push_back(rm);
    }
    if (candidates.empty()) candidates = r.root_moves;
    if (const RootMove* pick =
            stray_from_best(candidates, level.noise, level.blunder_permille, rng, is_proven)) {
      chosen = pick->move;
      chosen_score = pick->score;
    }
  }
  out.move = rules::tf_format_move(chosen);
  out.exact = r.exact && chosen == r.best;
  if (is_proven(chosen_score))
    out.score = chosen_score > 0 ? 1 : -1;
  else
    out.score = out.exact ? 0 : chosen_score;
  out.nodes = r.nodes;
  out.depth = r.depth;
  out.stopped = r.stopped;
  return out;
}

}  // namespace ft::engine
