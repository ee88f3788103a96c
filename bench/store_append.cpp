// How many acknowledged (durable) moves per second the store takes, by
// backend, sync setting and group-commit batch size. The server's target is
// 5,000 tables with a move every 2 s: 2,500 moves/s.
//
//   build/release/bench/bench_store --benchmark_filter=Append
//   FT_BENCH_POSTGRES_URL=postgresql://... build/release/bench/bench_store
//
// Numbers on the shared 2-core machine are noisy; repeat and compare.
#include <benchmark/benchmark.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <future>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "store/group_commit.h"
#include "store/store.h"
#include "store_bench_support.h"

namespace {

using namespace ft::store;

constexpr int TABLES = 64;

struct Fixture {
  std::string dir;
  std::unique_ptr<Store> store;
  std::vector<MatchId> matches;
  std::vector<int> next_ply;

  explicit Fixture(const std::string& url_or_empty, bool sync_full) {
    std::string url = url_or_empty;
    if (url.empty()) {
      std::string templ = (std::filesystem::temp_directory_path() / "ft_bench_XXXXXX").string();
      if (!::mkdtemp(templ.data())) std::abort();
      dir = templ;
      url = "sqlite:" + dir + "/bench.db" + (sync_full ? "" : "?synchronous=normal");
    }
    store = open_store(url);
    static int runs = 0;  // each benchmark run gets its own tables in a shared database
    const std::string prefix =
        "bench" + std::to_string(::getpid()) + "-" + std::to_string(runs++) + "-";
    for (int t = 0; t < TABLES; ++t) {
      TableRecord table;
      table.id = prefix + std::to_string(t);
      table.settings_json = "{}";
      table.seats = {Seat{0, std::nullopt, 0}, Seat{1, std::nullopt, 0}};
      MatchSnapshot snapshot;
      snapshot.state_json = "{}";
      matches.push_back(ft::bench::start_classic_match(*store, table, snapshot));
      next_ply.push_back(1);
    }
  }
  ~Fixture() {
    store.reset();
    if (!dir.empty()) std::filesystem::remove_all(dir);
  }
};

// One iteration = one append_moves call with `batch` moves on `batch`
// different tables, each with the match snapshot a real server writes.
void run(benchmark::State& state, const std::string& url, bool sync_full) {
  const int batch = static_cast<int>(state.range(0));
  Fixture f(url, sync_full);
  const std::string snapshot_json(600, 'x');  // about the size of a match state
  std::vector<MoveWrite> writes(static_cast<std::size_t>(batch));
  int table = 0;
  for (auto _ : state) {
    for (auto& w : writes) {
      const auto t = static_cast<std::size_t>(table);
      w.move = MoveRecord{f.matches[t], 1, f.next_ply[t]++, "d", 0, 120000, 800, 1};
      w.snapshot = MatchSnapshot{snapshot_json, {120000, 119000}, 1};
      table = (table + 1) % TABLES;
    }
    f.store->append_moves(writes);
  }
  state.SetItemsProcessed(state.iterations() * batch);
  state.counters["moves/s"] = benchmark::Counter(static_cast<double>(state.iterations() * batch),
                                                 benchmark::Counter::kIsRate);
}

void BM_AppendSqliteFull(benchmark::State& state) {
  run(state, "", true);
}
void BM_AppendSqliteNormal(benchmark::State& state) {
  run(state, "", false);
}
void BM_AppendPostgres(benchmark::State& state) {
  const char* url = std::getenv("FT_BENCH_POSTGRES_URL");
  if (!url || !*url) {
    state.SkipWithError("FT_BENCH_POSTGRES_URL is not set");
    return;
  }
  run(state, url, true);
}

// The server's way: `clients` tables each send a move, wait for its
// acknowledgement (the committer's done callback), send the next. One
// iteration = one round in which every client gets one move acknowledged.
void group(benchmark::State& state, const std::string& url, bool sync_full) {
  const int clients = static_cast<int>(state.range(0));
  Fixture f(url, sync_full);
  GroupCommitter committer(*f.store);
  const std::string snapshot_json(600, 'x');
  for (auto _ : state) {
    std::vector<std::promise<void>> acks(static_cast<std::size_t>(clients));
    for (int c = 0; c < clients; ++c) {
      const auto t = static_cast<std::size_t>(c % TABLES);
      MoveWrite w{MoveRecord{f.matches[t], 1, f.next_ply[t]++, "d", 0, 120000, 800, 1},
                  MatchSnapshot{snapshot_json, {120000, 119000}, 1}};
      committer.submit_move(std::move(w), [&acks, c](std::exception_ptr e) {
        if (e) std::abort();
        acks[static_cast<std::size_t>(c)].set_value();
      });
    }
    for (auto& a : acks) a.get_future().wait();
  }
  state.counters["moves/s"] = benchmark::Counter(static_cast<double>(state.iterations() * clients),
                                                 benchmark::Counter::kIsRate);
  state.counters["largest_batch"] = static_cast<double>(committer.stats().largest_batch);
}

void BM_GroupCommitSqliteFull(benchmark::State& state) {
  group(state, "", true);
}

BENCHMARK(BM_AppendSqliteFull)->Arg(1)->Arg(16)->Arg(64)->MinTime(1.0)->UseRealTime();
BENCHMARK(BM_AppendSqliteNormal)->Arg(1)->Arg(16)->Arg(64)->MinTime(1.0)->UseRealTime();
BENCHMARK(BM_AppendPostgres)->Arg(1)->Arg(16)->Arg(64)->MinTime(1.0)->UseRealTime();
BENCHMARK(BM_GroupCommitSqliteFull)->Arg(64)->MinTime(1.0)->UseRealTime();

}  // namespace
