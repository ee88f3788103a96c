// `fourtable solve`: exact scores of positions read from stdin.
#include <algorithm>
#include <chrono>
#include <climits>
#include <cstdio>
#include <ctime>
#include <iostream>
#include <string>
#include <string_view>
#include <utility>

#include "app/command.h"
#include "app/engine/solver_options.h"
#include "app/options.h"
#include "engine/solver/book.h"
#include "engine/solver/popout_search.h"
#include "engine/solver/solver.h"

namespace ft::app {
namespace {

namespace sv = ft::engine::solver;

constexpr const char* HELP = R"(usage: fourtable solve [options] < positions

Reads one position a line: the columns played from the start (the empty
board; five in a row: its two pre-filled outer columns), as digits
1..W (0 for a tenth column), e.g. 4453. Prints `<position> <score>` a line:
0 a draw, positive a win for the side to move ((W*H+1-n)/2 where n is the
number of discs before the winning one), negative a loss. A second number on
the input line is taken as the expected score and checked (see --stats).
An empty line is the empty board. A bad line prints `<line> error: <why>`.

options:
  --variant K      variant key (classic, small, misere, cylinder, obstacles,
                   drawn-opening, two-vs-two, single, five); default classic
  --width W        board width (default: the variant's)
  --height H       board height (default: the variant's)
  --blocks COLS    obstacles: drop neutral blocks in these columns first
                   (digits like the moves), e.g. 2626
  --analyze        print the score of every column instead (`-` if full)
  --weak           print only 1 (win), 0 (draw) or -1 (loss)
  --no-book        search every position (by default the 7x6 classic
                   opening book answers the positions it holds, see
                   `fourtable book info`)
  --threads N      searchers sharing the table (default 1)
  --table-mb N     transposition table size in MiB (default 16; PopOut 64).
                   A smaller table stays in the cache more: here the test
                   sets and 50 M-node solves ran faster in 16 than in 64;
                   give the empty board 1024
  --verbose        append each line's nodes, wall and CPU microseconds
  --stats          summary to stderr: positions, time, nodes, checked scores

PopOut (--variant popout, boards up to 64 bits, e.g. 7x6, 8x7): a move is a
column digit (a drop) or `p` and a digit, or the digit and `^` (a pop of the
mover's bottom disc), e.g. 44p4 or 444^; the score is 1 (win), 0 (draw) or -1 (loss) for the side to move,
a position repeated on the search path counting as a draw (see
src/engine/solver/popout_search.h). --analyze prints the drops' scores, a
`|`, then the pops' (`-` where illegal). --threads, --weak and the book do not
apply; a position whose moves repeat a position is refused. --budget-ms N
stops each position's search after N ms (an error line then says how deep
the search path went).
)";

struct Totals {
  long positions = 0;
  long errors = 0;
  long checked = 0;
  long wrong = 0;
  double seconds = 0;  // wall clock, summed over the searches
  double cpu = 0;      // CPU time of the whole loop: steadier on a shared machine
  double max_seconds = 0;
  std::string slowest;
  std::uint64_t nodes = 0;
};

double cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

// The first two whitespace-separated words of `line` (empty when missing).
std::pair<std::string_view, std::string_view> two_words(std::string_view line) {
  auto word = [&line]() {
    const auto start = line.find_first_not_of(" \t");
    if (start == std::string_view::npos) {
      line = {};
      return std::string_view{};
    }
    line.remove_prefix(start);
    const auto end = std::min(line.find_first_of(" \t"), line.size());
    const std::string_view w = line.substr(0, end);
    line.remove_prefix(end);
    return w;
  };
  const std::string_view first = word();
  return {first, word()};
}

std::string score_text(const std::optional<int>& s) {
  return s ? std::to_string(*s) : "-";
}

// A second word on the line is the expected score: a number counts as a
// check (and a wrong score as an error), anything else is ignored.
void check_expected(std::string_view moves, std::string_view expected_text,
                    const std::optional<int>& score, bool weak, Totals& totals) {
  const std::optional<long long> expected = whole_number(expected_text, INT_MIN, INT_MAX);
  if (!expected) return;
  ++totals.checked;
  const int want = static_cast<int>(weak ? (*expected > 0) - (*expected < 0) : *expected);
  if (!score || *score != want) {
    ++totals.wrong;
    std::cerr << "fourtable solve: " << moves << " scored " << score_text(score) << ", expected "
              << want << "\n";
  }
}

void print_stats(const Totals& totals, int threads, std::size_t table_mb) {
  const double mean_us = totals.positions ? 1e6 * totals.seconds / totals.positions : 0;
  const double mean_nodes =
      totals.positions ? static_cast<double>(totals.nodes) / totals.positions : 0;
  char buf[512];
  std::snprintf(buf, sizeof buf,
                "positions %ld  errors %ld  checked %ld  wrong %ld\n"
                "wall %.3f s  mean %.2f us/position  max %.3f s (%s)\n"
                "cpu  %.3f s  mean %.2f us/position (whole loop: read, solve, print)\n"
                "nodes %llu  mean %.1f/position  %.0f knodes/s  threads %d  table %zu MiB\n",
                totals.positions, totals.errors, totals.checked, totals.wrong, totals.seconds,
                mean_us, totals.max_seconds, totals.slowest.c_str(), totals.cpu,
                totals.positions ? 1e6 * totals.cpu / totals.positions : 0.0,
                static_cast<unsigned long long>(totals.nodes), mean_nodes,
                totals.seconds > 0 ? totals.nodes / totals.seconds / 1e3 : 0.0, threads, table_mb);
  std::cerr << buf;
}

int run_popout_solve(Options& opt, const rules::VariantSpec& spec);

int run_solve(std::span<const std::string> args) {
  Options opt("solve", args);
  {
    std::optional<std::string> blocks;
    auto spec = variant_option(opt, blocks);
    if (spec && spec->popout) return run_popout_solve(opt, *spec);
  }
  auto opts = parse_solver_options(opt);
  if (!opts) return opt.report(opts.error().message, 2);
  const bool analyze = opt.flag("analyze");
  const bool weak = opt.flag("weak");
  const bool stats = opt.flag("stats");
  const bool verbose = opt.flag("verbose");
  const sv::OpeningBook empty_book;
  const sv::OpeningBook& book = opt.flag("no-book") ? empty_book : sv::shared_book();

  sv::TranspositionTable table(opts->table_mb << 20);
  sv::Solver solver(table);
  Totals totals;
  std::string line;
  // Line by line from a stream tied to C stdio is a library call per
  // character; this command reads and writes only through iostreams.
  std::ios::sync_with_stdio(false);
  std::cin.tie(nullptr);
  // Reading the process CPU clock is a system call (about a microsecond here,
  // a sixth of an easy position): read it per line only for --verbose, and
  // else once around the loop, which then counts reading and printing too.
  const double loop_c0 = cpu_seconds();
  while (true) {
    // Before a read that may wait for input, show what is answered so far:
    // someone typing positions, or a program writing one and awaiting its
    // score, sees each answer; a file read in blocks flushes once a block.
    if (std::cin.rdbuf()->in_avail() <= 0) std::cout.flush();
    if (!std::getline(std::cin, line)) break;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    const auto [moves, expected_text] = two_words(line);
    auto problem = sv::play_moves(opts->start, moves);
    if (!problem) {
      ++totals.errors;
      std::cout << line << " error: " << problem.error().message << "\n";
      continue;
    }
    const auto t0 = std::chrono::steady_clock::now();
    const double c0 = verbose ? cpu_seconds() : 0;
    const std::uint64_t n0 = solver.stats().nodes;
    std::string out;
    std::optional<int> score;
    if (analyze) {
      auto scores = book.analyze(*problem);
      if (!scores) scores = solver.analyze(*problem);
      for (const auto& s : *scores) out += " " + score_text(s);
    } else {
      if (const auto known = book.find(*problem)) {
        score = weak ? (known->score > 0) - (known->score < 0) : known->score;
      } else {
        score = weak ? solver.solve_weak(*problem) : solver.solve_parallel(*problem, opts->threads);
      }
      out = " " + score_text(score);
    }
    const double secs =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    ++totals.positions;
    totals.seconds += secs;
    totals.nodes += solver.stats().nodes - n0;
    if (secs > totals.max_seconds) {
      totals.max_seconds = secs;
      totals.slowest = std::string(moves);
    }
    if (!expected_text.empty() && !analyze)
      check_expected(moves, expected_text, score, weak, totals);
    if (verbose) {
      const double cpu = cpu_seconds() - c0;
      out += " " + std::to_string(solver.stats().nodes - n0) + " " +
             std::to_string(static_cast<long>(secs * 1e6)) + " " +
             std::to_string(static_cast<long>(cpu * 1e6));
    }
    std::cout << moves << out << "\n";
  }
  std::cout.flush();
  totals.cpu = cpu_seconds() - loop_c0;
  if (stats) print_stats(totals, opts->threads, table.bytes() >> 20);
  return (totals.errors > 0 || totals.wrong > 0) ? 1 : 0;
}

// `solve --variant popout`: win/draw/loss by the PopOut search.
int run_popout_solve(Options& opt, const rules::VariantSpec& spec) {
  auto start = sv::popout_board(spec);
  if (!start) return opt.report(start.error().message, 2);
  const long long table_mb = opt.number("table-mb", 64, 4, 1 << 16);
  const long long budget_ms = opt.number("budget-ms", 0, 0, 1LL << 40);
  if (!opt.ok()) return opt.usage_error();
  const bool analyze = opt.flag("analyze");
  const bool stats = opt.flag("stats");
  const bool verbose = opt.flag("verbose");
  sv::TranspositionTable table(static_cast<std::size_t>(table_mb) << 20);
  sv::PopoutSolver solver(table);
  Totals totals;
  std::string line;
  while (std::getline(std::cin, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    const auto [moves, expected_text] = two_words(line);
    auto problem = sv::popout_play_moves(*start, moves);
    if (!problem) {
      ++totals.errors;
      std::cout << line << " error: " << problem.error().message << std::endl;
      continue;
    }
    const auto t0 = std::chrono::steady_clock::now();
    const std::uint64_t n0 = solver.nodes();
    sv::Limits limits;
    if (budget_ms > 0) limits.deadline = t0 + std::chrono::milliseconds(budget_ms);
    std::string out;
    bool stopped = false;
    if (analyze) {
      const auto scores = solver.analyze(*problem, limits);
      stopped = !scores.empty() && std::none_of(scores.begin(), scores.end(),
                                                [](const auto& s) { return s.has_value(); });
      for (std::size_t i = 0; i < scores.size(); ++i) {
        if (i == scores.size() / 2) out += " |";
        out += " " + score_text(scores[i]);
      }
    } else {
      const auto score = solver.solve(*problem, limits);
      stopped = !score;
      out = " " + score_text(score);
      if (score && !expected_text.empty()) {
        ++totals.checked;
        if (expected_text != std::to_string(*score)) {
          ++totals.wrong;
          std::cerr << "fourtable solve: " << moves << " scored " << *score << ", expected "
                    << expected_text << "\n";
        }
      }
    }
    if (stopped) {
      ++totals.errors;
      out = std::chrono::steady_clock::now() >= limits.deadline
                ? " error: not solved within --budget-ms " + std::to_string(budget_ms) +
                      " (deepest path " + std::to_string(solver.max_ply()) + " plies)"
                : " error: the search path grew beyond " +
                      std::to_string(sv::PopoutSolver::MAX_PLY) + " plies";
    }
    const double secs =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    ++totals.positions;
    totals.seconds += secs;
    totals.nodes += solver.nodes() - n0;
    if (verbose) {
      out += " " + std::to_string(solver.nodes() - n0) + " " +
             std::to_string(static_cast<long>(secs * 1e6));
    }
    std::cout << moves << out << std::endl;
  }
  if (stats) {
    char buf[256];
    std::snprintf(buf, sizeof buf,
                  "positions %ld  errors %ld  checked %ld  wrong %ld\n"
                  "wall %.3f s  nodes %llu  deepest path %d plies  table %zu MiB\n",
                  totals.positions, totals.errors, totals.checked, totals.wrong, totals.seconds,
                  static_cast<unsigned long long>(totals.nodes), solver.max_ply(),
                  table.bytes() >> 20);
    std::cerr << buf;
  }
  return (totals.errors > 0 || totals.wrong > 0) ? 1 : 0;
}

const RegisterCommand reg("solve", "exact scores of four-in-a-row positions (stdin)", run_solve,
                          HELP);

}  // namespace
}  // namespace ft::app
