// CPU seconds per finished game of the exact analysis, before and after a
// change to it: games played by the computer levels 3 to 7 against
// each other (every pair in turn, seeded so a run replays), each analysed as
// a game thread of the server or `fourtable analysis-worker` does
// (server/analysis/game_analysis.h: one analyser kept across games, the
// positions from the last back to the first), timed by the thread's CPU
// clock. Prints mean, p95 and max per game.
//
//   analysis_cost [--games 200] [--variant classic|popout|misere|cylinder]
//                 [--budget MS] [--table-mb N] [--seed S] [--games-file F] [--nice N]
//                 [--plain] [--full-budget] [--wall-budget]
//
// --plain analyses as the analysis did before (every move of a position searched,
// the played one too); the default takes the played move's score from the
// next position's analysis. --full-budget gives every position the whole
// budget, also those before one that was not solved; --wall-budget measures
// the budget on the wall clock, not the thread's CPU time. --games-file
// keeps the played games (one line each) so a second run analyses the same
// games without playing them again. Prints each position that was not
// solved.
#include <sys/resource.h>
#include <time.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "engine/computer.h"
#include "server/analysis/game_analysis.h"

namespace {

using namespace ft;

struct Args {
  int games = 200;
  std::string variant = "classic";
  int budget_ms = 10000;
  int table_mb = 64;
  std::uint64_t seed = 1;
  std::string games_file;
  bool plain = false;
  bool full_budget = false;
  bool wall_budget = false;
  int nice = 10;
};

Args parse(int argc, char** argv) {
  Args a;
  for (int i = 1; i < argc; ++i) {
    const std::string k = argv[i];
    if (k == "--plain") {
      a.plain = true;
      continue;
    }
    if (k == "--full-budget") {
      a.full_budget = true;
      continue;
    }
    if (k == "--wall-budget") {
      a.wall_budget = true;
      continue;
    }
    if (i + 1 >= argc) break;
    const char* v = argv[++i];
    if (k == "--games") a.games = std::atoi(v);
    if (k == "--variant") a.variant = v;
    if (k == "--budget") a.budget_ms = std::atoi(v);
    if (k == "--table-mb") a.table_mb = std::atoi(v);
    if (k == "--nice") a.nice = std::atoi(v);
    if (k == "--seed") a.seed = std::strtoull(v, nullptr, 10);
    if (k == "--games-file") a.games_file = v;
  }
  return a;
}

double thread_cpu_s() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return double(t.tv_sec) + double(t.tv_nsec) * 1e-9;
}

// Game i: levels 3..7, every ordered pair in turn.
std::vector<server::PlayedMove> play(const rules::FourGame& start, int i, std::uint64_t seed) {
  rules::FourGame game = start;
  std::vector<server::PlayedMove> moves;
  const int level_a = 3 + i % 5;
  const int level_b = 3 + (i / 5) % 5;
  while (!game.outcome().over() && moves.size() < 200) {
    engine::ComputerRequest req;
    const int seat = int(moves.size() % 2);
    req.level = seat == 0 ? level_a : level_b;
    req.seed = (seed + std::uint64_t(i)) * 1000 + moves.size();
    req.budget = std::chrono::milliseconds(500);
    const engine::ComputerMove m = engine::choose_move(game, req);
    if (m.move.empty()) break;
    game.play(std::string_view(m.move));
    moves.push_back({m.move, seat});
  }
  return moves;
}

}  // namespace

int main(int argc, char** argv) {
  const Args a = parse(argc, argv);
  auto variant = rules::find_variant(a.variant);
  if (!variant) {
    std::fprintf(stderr, "analysis_cost: unknown variant %s\n", a.variant.c_str());
    return 2;
  }
  const auto start = *rules::FourGame::create(*variant);
  // The games: read from --games-file when it holds them, else played (and
  // written there).
  std::vector<std::vector<server::PlayedMove>> games;
  if (!a.games_file.empty()) {
    std::ifstream in(a.games_file);
    for (std::string line; std::getline(in, line) && int(games.size()) < a.games;) {
      std::istringstream words(line);
      std::vector<server::PlayedMove> moves;
      for (std::string m; words >> m;) moves.push_back({m, int(moves.size() % 2)});
      games.push_back(std::move(moves));
    }
  }
  if (int(games.size()) < a.games) {
    games.clear();
    for (int i = 0; i < a.games; ++i) games.push_back(play(start, i, a.seed));
    if (!a.games_file.empty()) {
      std::ofstream out(a.games_file);
      for (const auto& g : games) {
        for (const auto& m : g) out << m.move << ' ';
        out << '\n';
      }
    }
  }
  // As the server's analysis threads by default; the CPU time per game does
  // not depend on it, only how long a run takes beside other work.
  setpriority(PRIO_PROCESS, 0, a.nice);
  engine::PositionAnalyzer analyzer(
      std::size_t(a.table_mb) << 20, nullptr,
      a.wall_budget ? engine::BudgetClock::wall : engine::BudgetClock::thread_cpu);
  server::AnalysisPlan plan;
  plan.played_from_next = !a.plain;
  plan.shorten_after_unsolved = !a.full_budget;
  std::vector<double> cpu;
  std::size_t positions = 0;
  int not_solved = 0;
  for (const auto& moves : games) {
    const double t0 = thread_cpu_s();
    auto r = server::analyse_game(analyzer, start, moves, std::chrono::milliseconds(a.budget_ms),
                                  {}, plan);
    cpu.push_back(thread_cpu_s() - t0);
    if (!r) {
      std::fprintf(stderr, "analysis_cost: %s\n", r.error().message.c_str());
      return 1;
    }
    for (const auto& p : r->at("positions").as_array()) {
      ++positions;
      if (p.at("state").as_string() == "solved") continue;
      ++not_solved;
      // Which one, so that a change that loses positions shows where.
      std::fprintf(stderr, "not solved: game %zu ply %lld: %s\n", cpu.size(),
                   static_cast<long long>(p.at("ply").as_int64()),
                   std::string(p.at("why").as_string()).c_str());
    }
  }
  std::vector<double> sorted = cpu;
  std::sort(sorted.begin(), sorted.end());
  double sum = 0;
  for (double c : cpu) sum += c;
  const std::size_t n = sorted.size();
  std::printf(
      "# %s, %zu games (levels 3-7), %zu positions, %d not solved; budget %d ms, table %d "
      "MiB, %s\n",
      a.variant.c_str(), n, positions, not_solved, a.budget_ms, a.table_mb,
      a.plain ? "plain (every move searched)" : "played move from the next position");
  if (n > 0)
    std::printf("CPU s per game: mean %.3f  p95 %.3f  max %.3f  total %.1f\n", sum / double(n),
                sorted[std::min(n - 1, n * 95 / 100)], sorted.back(), sum);
  return 0;
}
