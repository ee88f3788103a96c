// Exact analysis on threads of its own (docs/protocol.md 2.16, 2.17): the
// games that finish wait in the store's queue (migration 013), shared by
// every node and `fourtable analysis-worker`; this service's game threads
// claim them one at a time under a lease, analyse each position within a
// time budget and store the result once, by the claim that holds the job;
// the analysis board's positions are answered by a second thread with a
// shorter budget and a rate limit per player. Every thread runs at a lower
// CPU priority than the computer seats (worker_pool.h), so analysis takes
// only the time the seats leave and never delays a computer's move; no I/O
// thread ever waits for it.
#pragma once

#include <atomic>
#include <boost/json/object.hpp>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <future>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "engine/position_analysis.h"
#include "rules/four_game.h"
#include "store/store.h"

namespace ft::server {

struct AnalysisOptions {
  std::chrono::milliseconds game_budget{10000};  // per position of a finished game
  std::chrono::milliseconds live_budget{3000};   // per position of the analysis board
  std::size_t table_mb = 64;                     // each game thread's transposition table
  std::size_t live_table_mb = 16;                // the analysis board's
  int live_per_minute = 30;                      // analysis-board positions per player
  int game_threads = 1;                          // threads taking jobs (0: this node only plays)
  std::string worker = "node";                   // names this process's claims
  std::chrono::milliseconds lease{60000};        // a claim's lease, renewed while it runs
  std::chrono::milliseconds poll{1000};          // how often an idle thread looks at the queue
  int max_attempts = 3;                          // claims of one job before it is left
  // Told each game analysed here (one line: the game, its time, the
  // positions not solved); empty for silence.
  std::function<void(const std::string&)> log;
};

// The name a process's claims go under: `name` (a node's) or the host's,
// with the process id, so two processes never share one ("web1:4242").
std::string analysis_worker_name(const std::string& name);

class AnalysisService {
 public:
  AnalysisService(store::Store& store, AnalysisOptions options,
                  std::function<std::int64_t()> now_ms);
  ~AnalysisService();  // stop()
  AnalysisService(const AnalysisService&) = delete;
  AnalysisService& operator=(const AnalysisService&) = delete;

  // A game's end is durable, and with it its job (tables/table_writes.cpp
  // queues it in the same transaction): an idle game thread looks now.
  void wake();

  // The answer of GET /api/games/<table>-<number>/analysis: the stored
  // analysis with its accuracy, else its progress (queueing it first, at
  // the priority of a person waiting, when it is not stored). Status 404
  // when there is no such finished game, 503 when a stored analysis of this
  // format does not read as JSON. Blocks on the store.
  struct Answer {
    int status = 200;
    boost::json::object body;
  };
  Answer game(const std::string& table, int number);

  // The analysis board: one position, within the live budget. Nothing when
  // `player` asked for more than live_per_minute in the last minute, or the
  // live thread has more than a few positions waiting (then "busy").
  enum class Refusal { none, rate_limited, busy };
  struct Live {
    Refusal refused = Refusal::none;
    std::int64_t retry_after_ms = 0;  // rate_limited: until a position leaves the minute
    engine::PositionAnalysis analysis;
  };
  Live live(const rules::FourGame& game, std::int64_t player);

  // Games this process analysed and stored since it started.
  std::int64_t games_done() const { return games_done_; }

  // Ends the running searches (their jobs go back to the queue) and waits
  // for the threads.
  void stop();

 private:
  struct Job;
  void game_loop(int index);
  void live_loop();
  // Analyses the claimed job and stores it; false when the stop cut it short.
  void run_job(engine::PositionAnalyzer& analyzer, const store::AnalysisJob& job,
               const std::string& worker);
  // 0 when `player` may ask for one more position now, else the ms to wait.
  std::int64_t take_live_token(std::int64_t player);

  store::Store& store_;
  AnalysisOptions options_;
  std::function<std::int64_t()> now_ms_;

  std::mutex mu_;
  std::condition_variable cv_;
  bool stopping_ = false;
  std::uint64_t wakes_ = 0;  // wake() calls so far
  // The games being analysed here: "<table>-<number>" -> positions so far.
  std::map<std::string, boost::json::object> running_;
  std::deque<std::shared_ptr<Job>> live_queue_;
  std::map<std::int64_t, std::deque<std::int64_t>> live_times_;  // player -> request times

  std::atomic<bool> halt_{false};  // ends running searches at stop()
  std::atomic<std::int64_t> games_done_{0};
  std::vector<std::thread> game_threads_;
  std::thread live_thread_;
};

}  // namespace ft::server
