// Speed of the twiceFour computer: one level-7 move (depth 8, deterministic
// work, so time per iteration is the speed) from a balanced opening, the
// evaluation, and the perft walk of the rules it stands on.
#include <benchmark/benchmark.h>

#include "engine/twicefour/evaluate.h"
#include "engine/twicefour/opening.h"
#include "engine_bench_support.h"
#include "rules/twicefour_perft.h"

namespace {

using namespace ft;

void level_move(benchmark::State& state, int level) {
  ft::bench::time_computer_move(state, engine::twicefour::balanced_opening(7, 6), level);
}

void BM_TwiceFourLevel5(benchmark::State& s) {
  level_move(s, 5);
}
void BM_TwiceFourLevel7(benchmark::State& s) {
  level_move(s, 7);
}
BENCHMARK(BM_TwiceFourLevel5)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_TwiceFourLevel7)->Unit(benchmark::kMillisecond);

void BM_TwiceFourEvaluateRace(benchmark::State& state) {
  const auto g = engine::twicefour::balanced_opening(7, 6);
  for (auto _ : state) {
    benchmark::DoNotOptimize(
        engine::twicefour::evaluate(g.position(), engine::twicefour::EvalGrade::race));
  }
}
BENCHMARK(BM_TwiceFourEvaluateRace);

void BM_TwiceFourPerft6(benchmark::State& state) {
  const auto g = rules::TwiceFourGame::start();
  std::uint64_t nodes = 0;
  for (auto _ : state) {
    const auto rows = rules::twicefour_perft(g, 6);
    for (const auto& r : rows) nodes += r.sequences;
  }
  state.counters["nodes/s"] =
      benchmark::Counter(static_cast<double>(nodes), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_TwiceFourPerft6)->Unit(benchmark::kMillisecond);

}  // namespace
