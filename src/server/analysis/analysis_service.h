// Exact analysis on threads of its own (docs/protocol.md 2.16, 2.17): the
// games that finish are queued and analysed one by one, each position within
// a time budget, and the result stored once (store migration 005); the
// analysis board's positions are answered by a second thread with a shorter
// budget and a rate limit per player. Both threads run at a lower CPU
// priority than the computer seats (worker_pool.h), so analysis takes only
// the time the seats leave and never delays a computer's move; no I/O thread
// ever waits for it.
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

#include "engine/position_analysis.h"
#include "rules/four_game.h"
#include "store/store.h"

namespace ft::server {

struct AnalysisOptions {
  std::chrono::milliseconds game_budget{10000};  // per position of a finished game
  std::chrono::milliseconds live_budget{3000};   // per position of the analysis board
  std::size_t table_mb = 64;                     // the games thread's transposition table
  std::size_t live_table_mb = 16;                // the analysis board's
  int live_per_minute = 30;                      // analysis-board positions per player
  std::size_t max_queued = 1000;                 // games waiting
};

class AnalysisService {
 public:
  using Writer = std::function<void(store::Store::Write)>;  // durable when it returns
  AnalysisService(store::Store& store, Writer write, AnalysisOptions options,
                  std::function<std::int64_t()> now_ms);
  ~AnalysisService();  // stop()
  AnalysisService(const AnalysisService&) = delete;
  AnalysisService& operator=(const AnalysisService&) = delete;

  // A game finished: queue its analysis (nothing if it is queued already).
  void game_finished(const std::string& table, int number);

  // The answer of GET /api/games/<table>-<number>/analysis: the stored
  // analysis, else its progress (queueing it if it is neither stored nor
  // queued: games older than this service). Status 404 when there is no such
  // finished game, 503 when the queue is full. Blocks on the store.
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

  // Drops what is queued and waits for the running positions to stop.
  void stop();

 private:
  struct Job;
  void game_loop();
  void live_loop();
  void run_game(engine::PositionAnalyzer& analyzer, const std::string& table, int number);
  // 0 when `player` may ask for one more position now, else the ms to wait.
  std::int64_t take_live_token(std::int64_t player);

  store::Store& store_;
  Writer write_;
  AnalysisOptions options_;
  std::function<std::int64_t()> now_ms_;

  std::mutex mu_;
  std::condition_variable cv_;
  bool stopping_ = false;
  std::deque<std::string> queue_;  // game ids "<table>-<number>"
  std::string running_;            // the game being analysed, "" none
  boost::json::object progress_;   // its positions so far
  std::deque<std::shared_ptr<Job>> live_queue_;
  std::map<std::int64_t, std::deque<std::int64_t>> live_times_;  // player -> request times

  std::atomic<bool> halt_{false};  // ends running searches at stop()
  std::thread game_thread_;
  std::thread live_thread_;
};

}  // namespace ft::server
