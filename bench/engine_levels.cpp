// Speed of the heuristic search behind the levels: one move at a node-bound
// level (deterministic work, so the time per iteration is the speed) and the
// static evaluation, on classic, PopOut and three players.
#include <benchmark/benchmark.h>

#include "engine/evaluation.h"
#include "engine_bench_support.h"
#include "rules/four_game.h"

namespace {

using namespace ft;

rules::FourGame game_after(const char* variant, std::initializer_list<const char*> moves) {
  auto g = rules::FourGame::create(rules::find_variant(variant).value()).value();
  for (const char* m : moves) (void)g.play(m);
  return g;
}

void level_move(benchmark::State& state, const char* variant, int level) {
  ft::bench::time_computer_move(state, game_after(variant, {"d", "d", "c", "e"}), level);
}

void BM_Level6Classic(benchmark::State& s) {
  level_move(s, "classic", 6);
}
void BM_Level6PopOut(benchmark::State& s) {
  level_move(s, "popout", 6);
}
// Three players: level 7, the first level that searches deeper than one ply
// (max-n, then the Monte Carlo choice; levels.cpp).
void BM_Level7ThreePlayers(benchmark::State& s) {
  level_move(s, "three-players", 7);
}
BENCHMARK(BM_Level6Classic)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Level6PopOut)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Level7ThreePlayers)->Unit(benchmark::kMillisecond);

void BM_EvaluateClassic(benchmark::State& state) {
  const auto g = game_after("classic", {"d", "d", "c", "e", "c", "b", "f", "g"});
  const engine::BoardModel model(g.position().geometry(), 42);
  for (auto _ : state) {
    benchmark::DoNotOptimize(model.evaluate(g.position(), 0, engine::EvalKind::full));
  }
}
BENCHMARK(BM_EvaluateClassic);

}  // namespace
