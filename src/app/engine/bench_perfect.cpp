// `fourtable bench perfect`: the perfect level on random 7x6 positions (what
// "perfect" promises: an exactly best move within the budget): each move comes from
// engine::choose_move as the server asks for it (level perfect, the budget), and is checked against
// the exact score (engine/solver/move_check.h); the time of each answer is measured.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <iostream>
#include <map>
#include <string>

#include "app/command.h"
#include "app/engine/bench_command.h"
#include "app/options.h"
#include "engine/computer.h"
#include "engine/solver/move_check.h"
#include "engine/solver/random_positions.h"
#include "rules/four_game.h"
#include "rules/notation.h"
#include "rules/variant.h"

namespace ft::app {
namespace {

namespace sv = ft::engine::solver;

struct PlyRow {
  int positions = 0;
  int wrong = 0;      // checked, and the move does not keep the exact score
  int late = 0;       // over the budget
  int fallback = 0;   // the solver did not finish: the heuristic search chose
  int unchecked = 0;  // below --check-from and not in the book
  int book = 0;       // answered from the opening book
  double max_ms = 0;
  double sum_ms = 0;
  // The thread's CPU time and the nodes: what the answer costs on a quiet
  // machine, when wall time on a shared one says little.
  double max_cpu_ms = 0;
  std::uint64_t max_nodes = 0;
};

double thread_cpu_ms() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return 1e3 * static_cast<double>(ts.tv_sec) + 1e-6 * static_cast<double>(ts.tv_nsec);
}

constexpr const char* USAGE =
    R"(usage: fourtable bench perfect [--positions N] [--seed S] [--min-discs A]
                               [--max-discs D] [--budget-ms M] [--check-from C]
                               [--run-min-discs R] [--run-max-discs T]
                               [--list] [--verbose]

Random 7x6 classic positions with A..D discs (default 2000, seed 1, 0..20),
uniformly by disc count, not ended; the perfect level's move in each (budget
default 2000 ms, as the server's) is checked against the exact scores (book,
else solver: the position's score and its child's, what `solve --analyze`
gives for that column). Prints a row per disc count: wrong moves, fallbacks,
answers over the budget, book answers, mean and worst wall time, worst CPU
time and nodes of an answer; exit 1 if a move is not exactly best or an
answer took longer than the budget. Positions with fewer than C discs that
the book does not hold are timed but not checked (a fresh solve of each
takes minutes); a fallback there counts as a failure. --list prints the
positions only (for `fourtable move` and `fourtable solve --analyze`).
--run-min-discs/--run-max-discs run only the drawn positions with R..T discs
(default all): the same sample's part that a new book changes, say, without
solving the rest again.
)";

int run_perfect(std::span<const std::string> args) {
  Options opt("bench perfect", args);
  const long long count = opt.number("positions", 2000, 1, 1'000'000);
  const long long seed = opt.number("seed", 1, 0, INT64_MAX);
  const long long min_discs = opt.number("min-discs", 0, 0, 40);
  const long long max_discs = opt.number("max-discs", 20, min_discs, 40);
  const long long budget_ms = opt.number("budget-ms", 2000, 1, 3'600'000);
  const long long check_from = opt.number("check-from", 0, 0, 42);
  const long long run_min = opt.number("run-min-discs", min_discs, 0, 42);
  const long long run_max = opt.number("run-max-discs", max_discs, run_min, 42);
  if (!opt.ok()) return opt.report(opt.error(), 2);
  const auto budget = std::chrono::milliseconds(budget_ms);
  const bool verbose = opt.flag("verbose");
  sv::Board board;
  const auto positions =
      sv::random_positions(board, static_cast<int>(count), static_cast<int>(min_discs),
                           static_cast<int>(max_discs), static_cast<std::uint64_t>(seed));
  if (opt.flag("list")) {
    for (const std::string& moves : positions) std::printf("%s\n", moves.c_str());
    return 0;
  }
  const sv::OpeningBook& book = sv::shared_book();
  std::printf(
      "bench perfect: %lld positions, %lld..%lld discs, seed %lld, budget %lld ms, book %s "
      "(%zu entries, to %d discs)\n",
      count, min_discs, max_discs, seed, static_cast<long long>(budget.count()),
      sv::shared_book_path().c_str(), book.size(), book.max_discs());
  const rules::VariantSpec spec = rules::make_variant("classic", {}).value();
  sv::TranspositionTable table(std::size_t{256} << 20);
  sv::Solver checker(table);
  engine::ComputerRequest request;
  request.level = engine::PERFECT;
  request.budget = budget;
  request.seed = static_cast<std::uint64_t>(seed);
  std::map<int, PlyRow> rows;
  int failures = 0;
  long long run = 0;
  for (const std::string& moves : positions) {
    const auto discs = static_cast<long long>(moves.size());
    if (discs < run_min || discs > run_max) continue;
    ++run;
    auto game = rules::FourGame::create(spec).value();
    for (char c : moves) (void)game.play(rules::Move{static_cast<std::int8_t>(c - '1'), false});
    const auto t0 = std::chrono::steady_clock::now();
    const double cpu0 = thread_cpu_ms();
    const engine::ComputerMove m = engine::choose_move(game, request);
    const double cpu = thread_cpu_ms() - cpu0;
    const double ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    const int column = m.move.empty() ? -1 : m.move[0] - 'a';
    const sv::Problem p = sv::play_moves(board, moves).value();
    PlyRow& row = rows[static_cast<int>(moves.size())];
    const bool in_book = book.find(p).has_value();
    const bool checked = static_cast<int>(moves.size()) >= check_from || in_book;
    // Unchecked: an exact answer of the perfect level is taken as best (the
    // solver's own checks are the test sets and the tests), a fallback not.
    sv::MoveCheck check;
    if (checked) {
      check = sv::check_move(p, column, checker, book);
    } else {
      check.best = m.score;
      check.kept = m.exact ? m.score : m.score - 1000;
      ++row.unchecked;
    }
    ++row.positions;
    row.wrong += checked && !check.exact();
    row.late += ms > static_cast<double>(budget.count());
    row.fallback += !m.exact;
    row.book += in_book;
    row.max_ms = std::max(row.max_ms, ms);
    row.sum_ms += ms;
    row.max_cpu_ms = std::max(row.max_cpu_ms, cpu);
    row.max_nodes = std::max(row.max_nodes, m.nodes);
    const bool bad = !check.exact() || ms > static_cast<double>(budget.count());
    failures += bad;
    if (verbose || bad)
      std::printf("%s%s %s best %d kept %d %s %.1f ms %.1f cpu-ms %llu nodes\n", bad ? "FAIL " : "",
                  moves.empty() ? "(empty)" : moves.c_str(), m.move.c_str(), check.best, check.kept,
                  m.exact ? "exact" : "fallback", ms, cpu,
                  static_cast<unsigned long long>(m.nodes));
    std::fflush(stdout);
  }
  std::printf(
      "discs positions wrong fallback over-budget book unchecked mean-ms max-ms max-cpu-ms "
      "max-nodes\n");
  for (const auto& [d, r] : rows)
    std::printf("%5d %9d %5d %8d %11d %4d %9d %7.1f %6.1f %10.1f %9llu\n", d, r.positions, r.wrong,
                r.fallback, r.late, r.book, r.unchecked, r.sum_ms / r.positions, r.max_ms,
                r.max_cpu_ms, static_cast<unsigned long long>(r.max_nodes));
  std::printf("failures %d of %lld (of %lld drawn)\n", failures, run, count);
  return failures > 0 ? 1 : 0;
}

const RegisterCommand reg("perfect", "the perfect level on random 7x6 positions, checked exactly",
                          run_perfect, USAGE, bench_commands());

}  // namespace
}  // namespace ft::app
