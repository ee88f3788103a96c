// Speed and reach of the three-player searches on positions of one fixed 9x7
// game (a deepening max-n game from a fixed 2-ply opening: level 6 as it was
// before the three-player levels were recalibrated, so the positions and
// counts stay comparable). The exact end game (engine/three_player/endgame.h): every
// root move at 20, 23 and 26 empty cells, on a fresh 64 MiB table each time;
// the node count is deterministic, a change to the search says so with the
// new counts. The Monte Carlo search (engine/three_player/mcts.h): 20k playouts
// from 30, 45 and 60 empty cells.
#include <benchmark/benchmark.h>

#include <chrono>
#include <vector>

#include "engine/computer.h"
#include "engine/levels.h"
#include "engine/three_player/endgame.h"
#include "engine/three_player/mcts.h"
#include "rules/four_game.h"

namespace {

using namespace ft;

rules::Position position_with_empty_cells(int empty) {
  auto g = rules::FourGame::create(rules::find_variant("three-players").value()).value();
  (void)g.play("c");
  (void)g.play("g");
  while (rules::popcount(g.position().geometry().playable() & ~g.position().occupied()) > empty) {
    engine::ComputerRequest r;
    r.level = 7;
    engine::LevelSettings old6 = engine::level_settings(7, 3);
    old6.max_nodes = 100'000;
    old6.exact_nodes = 500'000;
    old6.exact_empty = 23;
    old6.playouts = 0;
    r.settings = old6;
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
    const auto r = endgame.solve(moves, UINT64_MAX, std::chrono::steady_clock::time_point::max());
    nodes = r.nodes;
    benchmark::DoNotOptimize(r.moves.data());
  }
  state.counters["nodes"] = static_cast<double>(nodes);
  state.counters["nodes/s"] =
      benchmark::Counter(static_cast<double>(nodes) * static_cast<double>(state.iterations()),
                         benchmark::Counter::kIsRate);
}
BENCHMARK(BM_ThreeEndgame)->Arg(20)->Arg(23)->Arg(26)->Unit(benchmark::kMillisecond);

void BM_ThreeMcts(benchmark::State& state) {
  const rules::Position pos = position_with_empty_cells(static_cast<int>(state.range(0)));
  rules::Move buffer[rules::MAX_MOVES];
  const std::vector<rules::Move> moves(buffer, buffer + pos.legal_moves(buffer));
  engine::TablePool pool(std::size_t{64} << 20);
  engine::ThreeMctsOptions o;
  o.playouts = 20'000;
  std::uint64_t played = 0;
  for (auto _ : state) {
    engine::TableLease lease = pool.acquire();
    const auto r = engine::ThreeMcts(pos, lease).run(moves, o);
    played += r.playouts;
    benchmark::DoNotOptimize(r.best);
  }
  state.counters["playouts/s"] =
      benchmark::Counter(static_cast<double>(played), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_ThreeMcts)->Arg(30)->Arg(45)->Arg(60)->Unit(benchmark::kMillisecond);

}  // namespace
