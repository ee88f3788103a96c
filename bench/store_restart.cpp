// How long the restart load takes: load_live_tables over `tables` live tables
// with a match, one game and 20 moves each (the server's load target is 5,000
// tables). Set-up uses synchronous=normal and big batches to be quick; the
// load itself is read-only.
//
//   build/release/bench/bench_store --benchmark_filter=LoadLive
#include <benchmark/benchmark.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "store/store.h"
#include "store_bench_support.h"

namespace {

using namespace ft::store;

void BM_LoadLiveTables(benchmark::State& state) {
  const int tables = static_cast<int>(state.range(0));
  constexpr int PLIES = 20;
  std::string templ = (std::filesystem::temp_directory_path() / "ft_bench_XXXXXX").string();
  if (!::mkdtemp(templ.data())) std::abort();
  const std::string url = "sqlite:" + templ + "/restart.db?synchronous=normal";
  {
    auto store = open_store(url);
    std::vector<MoveWrite> moves;
    for (int t = 0; t < tables; ++t) {
      TableRecord table;
      table.id = "live" + std::to_string(t);
      table.settings_json = R"({"variant":"classic","clock":{"bank_ms":300000}})";
      table.status = TableStatus::playing;
      table.seats = {Seat{0, std::nullopt, 0}, Seat{1, std::nullopt, 3}};
      const MatchId id = ft::bench::start_classic_match(
          *store, table, MatchSnapshot{std::string(600, 'x'), {300000, 300000}, 1});
      for (int ply = 1; ply <= PLIES; ++ply) {
        moves.push_back(MoveWrite{MoveRecord{id, 1, ply, "d", ply % 2, 250000, 700, ply}, {}});
      }
      if (moves.size() >= 2000) {
        store->append_moves(moves);
        moves.clear();
      }
    }
    store->append_moves(moves);
  }
  auto store = open_store(url);
  std::size_t loaded = 0;
  for (auto _ : state) {
    auto live = store->load_live_tables();
    loaded = live.size();
    benchmark::DoNotOptimize(live);
  }
  if (loaded != static_cast<std::size_t>(tables)) state.SkipWithError("wrong table count");
  state.counters["tables"] = static_cast<double>(loaded);
  store.reset();
  std::filesystem::remove_all(templ);
}

BENCHMARK(BM_LoadLiveTables)->Arg(5000)->Unit(benchmark::kMillisecond)->Iterations(3);

}  // namespace
