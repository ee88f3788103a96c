// Per-ply figures of the exact analysis of 7x6 classic games (protocol.md
// 2.16), against its aim: complete within 60 s of the game's end for games
// of 20+ plies.
// Plays games between two computer levels (seeded, so a run replays), keeps
// those of 20+ plies, and analyses each as the server's analysis thread does
// (server/analysis/game_analysis.h: the same analyser, table size, budget, order and
// lower CPU priority), printing every position's time and state and each
// game's total. analysis_served measures the same through a real server.
//
//   analysis_plies [--games N] [--budget MS] [--table-mb N] [--levels A,B] [--seed S]
#include <sys/resource.h>

#include <algorithm>
#include <boost/json.hpp>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "computer_game.h"
#include "server/analysis/game_analysis.h"

namespace {

using namespace ft;

struct Args {
  int games = 5;
  int budget_ms = 10000;
  int table_mb = 64;
  int level_a = 5;
  int level_b = 6;
  std::uint64_t seed = 1;
};

Args parse(int argc, char** argv) {
  Args a;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string k = argv[i];
    const char* v = argv[i + 1];
    if (k == "--games") a.games = std::atoi(v);
    if (k == "--budget") a.budget_ms = std::atoi(v);
    if (k == "--table-mb") a.table_mb = std::atoi(v);
    if (k == "--seed") a.seed = std::strtoull(v, nullptr, 10);
    if (k == "--levels") std::sscanf(v, "%d,%d", &a.level_a, &a.level_b);
  }
  return a;
}

}  // namespace

int main(int argc, char** argv) {
  const Args a = parse(argc, argv);
  setpriority(PRIO_PROCESS, 0, 10);  // as the server's analysis thread
  engine::PositionAnalyzer analyzer(std::size_t(a.table_mb) << 20);
  const auto start = *rules::FourGame::create(*rules::find_variant("classic"));
  std::map<int, std::vector<double>> per_ply;  // ply -> ms over the games
  std::map<int, int> unsolved;
  std::vector<double> totals;
  std::printf("# budget %d ms/position, table %d MiB, levels %d vs %d\n", a.budget_ms, a.table_mb,
              a.level_a, a.level_b);
  for (std::uint64_t seed = a.seed; int(totals.size()) < a.games && seed < a.seed + 1000; ++seed) {
    const auto moves = bench::computer_game(a.level_a, a.level_b, seed);
    if (moves.size() < 20) continue;
    std::string line;
    for (const auto& m : moves) line += m.move;
    const auto t0 = std::chrono::steady_clock::now();
    auto r = server::analyse_game(analyzer, start, moves, std::chrono::milliseconds(a.budget_ms));
    const double total =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (!r) {
      std::printf("game %s: %s\n", line.c_str(), r.error().message.c_str());
      continue;
    }
    totals.push_back(total);
    std::printf("game %zu (%zu plies) %s: %.1f s\n  ply:ms", totals.size(), moves.size(),
                line.c_str(), total);
    for (const auto& p : r->at("positions").as_array()) {
      const int ply = int(p.at("ply").as_int64());
      const double ms = double(p.at("ms").as_int64());
      const bool solved = p.at("state").as_string() == "solved";
      per_ply[ply].push_back(ms);
      if (!solved) ++unsolved[ply];
      std::printf(" %d:%.0f%s", ply, ms, solved ? "" : "(not solved)");
    }
    std::printf("\n");
  }
  std::printf("\n# ply  games  median ms  max ms  not solved\n");
  for (auto& [ply, v] : per_ply) {
    std::sort(v.begin(), v.end());
    std::printf("%5d  %5zu  %9.0f  %6.0f  %d\n", ply, v.size(), v[v.size() / 2], v.back(),
                unsolved[ply]);
  }
  std::sort(totals.begin(), totals.end());
  if (!totals.empty())
    std::printf("# whole games: %zu, median %.1f s, max %.1f s\n", totals.size(),
                totals[totals.size() / 2], totals.back());
  return 0;
}
