#include "engine/four_in_a_row_player.h"

#include <algorithm>
#include <optional>
#include <span>
#include <unordered_map>

#include "engine/heuristic_search.h"
#include "engine/popout_player.h"
#include "engine/search_support.h"
#include "engine/solver/book.h"
#include "engine/solver/solver.h"
#include "engine/three_player/max_n_search.h"
#include "engine/three_player/mcts.h"
#include "engine/types.h"
#include "rules/notation.h"
#include "rules/setup_draw.h"

namespace ft::engine {

using rules::Bits;
using rules::Move;

namespace {

using Clock = std::chrono::steady_clock;

// RULES.md A7: how often each position of the game so far arose, for the
// search's repetition rule. Only PopOut positions can recur.
std::unordered_map<std::uint64_t, int> game_history(const rules::FourGame& game) {
  std::unordered_map<std::uint64_t, int> seen;
  if (!game.spec().popout) return seen;
  rules::Position p = game.start();
  ++seen[HeuristicSearch::hash(p)];
  for (Move m : game.move_list()) {
    p.play(m);
    ++seen[HeuristicSearch::hash(p)];
  }
  return seen;
}

// Free cells of the board before any disc was played: decides which rows
// each colour tends to get (evaluation.h).
int start_empty_cells(const rules::FourGame& game) {
  const rules::Geometry& g = game.position().geometry();
  return rules::popcount(g.playable() & ~game.start().blocks() & ~g.prefilled_columns());
}

// The solver's convention (solver/solver.h): a win of the side to move scores
// (W*H + 1 - n) / 2, n the discs on the board before the winning disc.
int solver_convention(const rules::Position& pos, int score) {
  if (!is_proven(score)) return 0;
  const rules::Geometry& g = pos.geometry();
  const int plies = WIN_SCORE - std::abs(score);  // 1: the winning disc is the next one
  const int discs = rules::popcount(pos.discs(0) | pos.discs(1) | pos.discs(2));
  const int n = discs + plies - 1;
  const int value = std::max(1, (g.width() * g.height() + 1 - n) / 2);
  return score > 0 ? value : -value;
}

// The exact solver (engine/solver) on the pool's memory: an exactly best
// column (the book's for the early 7x6 positions, solver/book.h), or nothing
// if the deadline came first or the variant is not one the solver plays
// (PopOut, three colours).
std::optional<ComputerMove> solve_exactly(const rules::Position& pos, const TableLease& lease,
                                          Clock::time_point deadline) {
  auto problem = solver::problem_from(pos);
  if (!problem) return std::nullopt;
  ComputerMove out;
  out.depth = pos.geometry().width() * pos.geometry().height();
  out.exact = true;
  if (const auto book = solver::shared_book().find(*problem)) {
    out.move = rules::format_move(Move{static_cast<std::int8_t>(book->column), false});
    out.score = book->score;
    return out;
  }
  if (lease.empty()) return std::nullopt;
  // At most CACHE_FRIENDLY_TABLE_BYTES of the lease (a slot is 32 MiB by
  // default). On the 81 nine-disc positions of `bench perfect --positions
  // 2000 --seed 20261202` (the hardest the search meets, the book answering
  // fewer discs), three pairs of runs here, 16 MiB against 32: mean 190 ms
  // against 225 ms, the worst 1,075-1,340 ms against 1,264-1,574 ms.
  solver::TranspositionTable table(
      std::span<std::uint64_t>(static_cast<std::uint64_t*>(lease.data()),
                               std::min(lease.bytes(), solver::CACHE_FRIENDLY_TABLE_BYTES) / 8));
  solver::Solver s(table);
  solver::Limits limits;
  limits.deadline = deadline;
  const auto best = s.best_move(*problem, limits);
  if (!best) return std::nullopt;
  out.move = rules::format_move(Move{static_cast<std::int8_t>(best->column), false});
  out.score = best->score;
  out.nodes = s.stats().nodes;
  return out;
}

}  // namespace

// A lapse: the level plays at random this move (its own seeded draw, so the
// other levels' games stay as they were). Nothing when it does not lapse.
std::optional<ComputerMove> lapse_move(const rules::Position& pos, const LevelSettings& level,
                                       std::uint64_t seed) {
  if (level.oversight_permille <= 0) return std::nullopt;
  rules::SeededRandom lapse(seed ^ 0x5851f42d4c957f2dULL ^
                            (0xd1b54a32d192ed03ULL * static_cast<std::uint64_t>(pos.ply() + 1)));
  if (lapse.below(1000) >= level.oversight_permille) return std::nullopt;
  // It still sees its own line in one: what it overlooks is the others'.
  Move moves[rules::MAX_MOVES];
  const int n = pos.legal_moves(moves);
  Move pick = moves[lapse.below(n)];
  for (int i = 0; i < n; ++i) {
    rules::Position child = pos;
    const rules::Outcome o = child.play(moves[i]);
    if (o.status == rules::Status::win && o.winner == pos.to_move()) pick = moves[i];
  }
  ComputerMove out;
  out.move = rules::format_move(pick);
  return out;
}

// A level below perfect may stray from the search's best move: among the
// root moves that do not walk into a loss the search saw (a proven one, or a
// line the opponent completes next: a big evaluation swing), by noise and
// blunders, or for three colours by games played out to the full board
// (three_player/mcts.h). Returns the move and its score.
RootScore stray_from_search(const rules::Position& pos, const SearchResult& r,
                            const LevelSettings& level, rules::SeededRandom& rng, TableLease& lease,
                            Clock::time_point deadline) {
  RootScore chosen{r.best, r.score};
  std::vector<RootScore> candidates;
  int top = INT32_MIN;
  for (const RootScore& rs : r.root_scores) top = std::max(top, rs.score);
  for (const RootScore& rs : r.root_scores) {
    if (!(is_proven(rs.score) && rs.score < 0) && rs.score > top - 1000) candidates.push_back(rs);
  }
  if (candidates.empty()) candidates = r.root_scores;
  if (level.playouts > 0 && candidates.size() > 1 && ThreeEndgame::covers(pos.geometry())) {
    std::vector<Move> moves;
    for (const RootScore& rs : candidates) moves.push_back(rs.move);
    ThreeMctsOptions mc;
    mc.playouts = level.playouts;
    mc.deadline = deadline;
    mc.seed = rng.next();
    mc.exploration = level.explore_permille / 1000.0;
    const ThreeMctsResult m = ThreeMcts(pos, lease).run(moves, mc);
    for (const RootScore& rs : candidates) {
      if (rs.move == m.best) chosen = rs;
    }
  } else if (const RootScore* pick =
                 stray_from_best(candidates, level.noise, level.blunder_permille, rng, is_proven)) {
    chosen = *pick;
  }
  return chosen;
}

ComputerMove choose_four_move(const rules::FourGame& game, const ComputerRequest& request,
                              TablePool& pool) {
  const Clock::time_point start = Clock::now();
  const rules::Position& pos = game.position();
  const LevelSettings level = request.settings
                                  ? *request.settings
                                  : level_settings(request.level, pos.geometry().colours());
  const auto time = std::min(level.time_cap, request.budget);
  // Keep a little of the budget for returning the move: the cap is hard.
  const auto margin =
      std::clamp(time / 20, std::chrono::milliseconds(1), std::chrono::milliseconds(100));

  if (auto lapse = lapse_move(pos, level, request.seed)) return *lapse;
  const auto history = game_history(game);
  TableLease lease = pool.acquire(level.table_bytes);
  if (level.use_solver) {
    // Perfect play where the solver finishes in its share of the time (the
    // perfect level never loses a won position nor gives away a drawn one);
    // the heuristic search plays on with what is left otherwise.
    // Perfect: nearly all of it (the early 7x6 positions come from the book;
    // a heuristic move is a guess anyway); level 7: 40%.
    const auto share =
        request.level == PERFECT ? (time - margin) * 9 / 10 : (time - margin) * 4 / 10;
    if (request.level == PERFECT) {
      if (auto exact = popout_exact_move(game, lease, start + share)) return *exact;
    }
    if (auto exact = solve_exactly(pos, lease, start + share)) return *exact;
  }
  SearchOptions options;
  options.max_depth = level.max_depth;
  options.max_nodes = level.max_nodes;
  options.deadline = start + time - margin;
  options.eval = level.eval;
  options.exact_nodes = level.exact_nodes;
  options.exact_empty = level.exact_empty;
  options.all_root_scores = level.noise > 0 || level.blunder_permille > 0;
  SearchResult r;
  if (pos.geometry().colours() == 3) {
    // RULES.md A10: three players, max-n (three_player/max_n_search.h).
    MaxNSearch search(pos, start_empty_cells(game), lease);
    r = search.run(options);
  } else {
    TranspositionTable table(lease);
    HeuristicSearch search(pos, start_empty_cells(game), history, table);
    r = search.run(options);
  }

  // Seeded per move, so a replayed game with the same seed plays the same.
  rules::SeededRandom rng(request.seed ^
                          (0x9e3779b97f4a7c15ULL * static_cast<std::uint64_t>(pos.ply() + 1)));
  Move chosen = r.best;
  int chosen_score = r.score;
  const bool proven_win = r.exact && r.score > 0 && is_proven(r.score);
  if (!proven_win && !r.root_scores.empty()) {
    const RootScore pick = stray_from_search(pos, r, level, rng, lease, start + time - margin);
    chosen = pick.move;
    chosen_score = pick.score;
  }
  ComputerMove out;
  out.move = rules::format_move(chosen);
  out.exact = r.exact && chosen == r.best;
  out.score = is_proven(chosen_score) ? solver_convention(pos, chosen_score) : chosen_score;
  if (!out.exact && is_proven(chosen_score)) out.score = chosen_score > 0 ? 1 : -1;
  out.nodes = r.nodes;
  out.depth = r.depth;
  out.stopped = r.stopped;
  return out;
}

}  // namespace ft::engine
