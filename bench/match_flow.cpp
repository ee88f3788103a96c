// The cost of the match state machine per call, single thread: a whole
// classic match (two games, Ready in between) driven through Match::move,
// the record's JSON, and a restore by replay (what a server restart pays per
// table). Reported: items_per_second = moves (or inputs) per second.
//   build/release/bench/bench_match
#include <benchmark/benchmark.h>

#include "match/match.h"
#include "match/match_json.h"

namespace ft::match {
namespace {

// A full classic game that ends in a draw: 42 moves (the board fills).
const std::vector<std::string> DRAW = {"e", "a", "f", "a", "g", "c", "a", "e", "f", "e", "f",
                                       "a", "b", "f", "g", "c", "g", "b", "e", "d", "e", "f",
                                       "e", "f", "d", "d", "b", "g", "g", "c", "c", "b", "c",
                                       "a", "a", "b", "b", "c", "d", "d", "g", "d"};

Match full_match(std::int64_t& now) {
  Match m = Match::create(MatchConfig{}).value();
  m.start(now);
  for (int game = 0; game < 2; ++game) {
    for (const std::string& mv : DRAW) m.move(m.seat_to_move(), mv, now += 1500, 1400);
    if (game == 0) {
      m.ready(0, now += 1000);
      m.ready(1, now += 1000);
    }
  }
  return m;
}

void BM_MatchFullClassicMatch(benchmark::State& state) {
  std::int64_t now = 0;
  for (auto _ : state) {
    Match m = full_match(now);
    benchmark::DoNotOptimize(m.phase());
    if (m.phase() != Phase::over) state.SkipWithError("match did not finish");
  }
  state.SetItemsProcessed(state.iterations() * 2 * static_cast<std::int64_t>(DRAW.size()));
}
BENCHMARK(BM_MatchFullClassicMatch);

void BM_MatchRecordToJson(benchmark::State& state) {
  std::int64_t now = 0;
  const Match m = full_match(now);
  std::size_t bytes = 0;
  for (auto _ : state) {
    const std::string text = to_json(m.record());
    bytes = text.size();
    benchmark::DoNotOptimize(text.data());
  }
  state.counters["bytes"] = static_cast<double>(bytes);
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(m.record().inputs.size()));
}
BENCHMARK(BM_MatchRecordToJson);

void BM_MatchRestoreFromJson(benchmark::State& state) {
  std::int64_t now = 0;
  const Match m = full_match(now);
  const std::string text = to_json(m.record());
  for (auto _ : state) {
    auto rec = record_from_json(text);
    auto back = Match::restore(*rec, now + 60000);
    benchmark::DoNotOptimize(back.ok());
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(m.record().inputs.size()));
}
BENCHMARK(BM_MatchRestoreFromJson);

}  // namespace
}  // namespace ft::match
