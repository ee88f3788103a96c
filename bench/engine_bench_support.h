// What the engine benchmarks share: one computer move through the facade at
// a level, repeated, with the nodes per second it searched (a node-bound
// level does the same work each time, so the time per iteration is the speed).
#pragma once

#include <benchmark/benchmark.h>

#include <chrono>
#include <cstdint>

#include "engine/computer.h"

namespace ft::bench {

inline void time_computer_move(benchmark::State& state, const rules::GameState& game, int level) {
  engine::ComputerRequest r;
  r.level = level;
  r.budget = std::chrono::milliseconds(60000);
  std::uint64_t nodes = 0;
  for (auto _ : state) {
    const auto m = engine::choose_move(game, r);
    nodes += m.nodes;
    benchmark::DoNotOptimize(m.move);
  }
  state.counters["nodes/s"] =
      benchmark::Counter(static_cast<double>(nodes), benchmark::Counter::kIsRate);
}

}  // namespace ft::bench
