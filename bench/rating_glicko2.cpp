// Glicko-2 updates per second (the volatility iteration dominates), single
// thread: a two-player match (one result each) and a two-vs-two match (two
// pairwise results for each of four players).
//   build/release/bench/bench_rating
#include <benchmark/benchmark.h>

#include "rating/match_rating.h"

namespace ft::rating {
namespace {

void BM_RatingTwoPlayerMatch(benchmark::State& state) {
  const Rating a{1620, 80, 0.06, 0, 30};
  const Rating b{1480, 120, 0.06, 0, 12};
  std::int64_t now = 86'400'000;
  for (auto _ : state) {
    auto m = rate_match({{0, 1.5, a}, {1, 0.5, b}}, now += 1000);
    benchmark::DoNotOptimize(m.ratings.data());
  }
  state.SetItemsProcessed(state.iterations() * 2);
}
BENCHMARK(BM_RatingTwoPlayerMatch);

void BM_RatingTeamMatch(benchmark::State& state) {
  const Rating r[4] = {{1700, 60, 0.06, 0, 50},
                       {1500, 200, 0.06, 0, 3},
                       {1550, 90, 0.06, 0, 20},
                       {1650, 70, 0.06, 0, 40}};
  std::int64_t now = 86'400'000;
  for (auto _ : state) {
    auto m = rate_match({{0, 2, r[0]}, {1, 0, r[1]}, {0, 2, r[2]}, {1, 0, r[3]}}, now += 1000);
    benchmark::DoNotOptimize(m.ratings.data());
  }
  state.SetItemsProcessed(state.iterations() * 4);
}
BENCHMARK(BM_RatingTeamMatch);

}  // namespace
}  // namespace ft::rating
