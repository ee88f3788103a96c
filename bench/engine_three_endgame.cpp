// Speed and reach of the exact three-player end game (engine/three_endgame.h):
// every root move of one fixed 9x7 position with 20, 23 and 26 empty cells
// (a level-6 game from a fixed 2-ply opening), on a fresh 64 MiB table each
// time. The node count is deterministic; a change to the search says so with
// the new counts.
#include <benchmark/benchmark.h>

#include <chrono>
#include <vector>

#include "engine/computer.h"
#include "engine/three_endgame.h"
#include "rules/four_game.h"

namespace {

using namespace ft;

rules::Position position_with_empty_cells(int empty) {
  auto g = rules::FourGame::create(rules::find_variant("three-players").value()).value();
  (void)g.play("c");
  (void)g.play("g");
  while (rules::popcount(g.position().geometry().playable() & ~g.position().occupied()) > empty) {
    engine::ComputerRequest r;
    r.level = 6;
    r.seed = static_cast<std::uint64_t>(g.ply());
    r.budget = std::chrono::milliseconds(60000);
    (void)g.play(engine::choose_move(g, r).move);
  }
  return g.position();
}

void BM_ThreeEndgame(benchmark::State& state) {
  const rules::Position pos = position_with_empty_cells(static_cast<int>(state.range(0)));
  rules::Move buffer[rules::MAX_MOVES];
  const std::vector<rules::Move> moves(buffer, buffer + pos.legal_moves(buffer));
  engine::TablePool pool(std::size_t{64} << 20);
  std::uint64_t nodes = 0;
  for (auto _ : state) {
    engine::TableLease lease = pool.acquire();
    engine::ThreeEndgame endgame(pos, lease);
    const auto r =
        endgame.solve(moves, UINT64_MAX, std::chrono::steady_clock::time_point::max());
    nodes = r.nodes;
    benchmark::DoNotOptimize(r.moves.data());
  }
  state.counters["nodes"] = static_cast<double>(nodes);
  state.counters["nodes/s"] = benchmark::Counter(
      static_cast<double>(nodes) * static_cast<double>(state.iterations()),
      benchmark::Counter::kIsRate);
}
BENCHMARK(BM_ThreeEndgame)->Arg(20)->Arg(23)->Arg(26)->Unit(benchmark::kMillisecond);

}  // namespace
