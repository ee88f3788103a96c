// Counters for /metrics (docs/protocol.md 2.9), in the Prometheus text format.
// Lock-free: updated from I/O, writer and worker threads.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <mutex>
#include <string>
#include <vector>

#include "server/protocol/errors.h"

namespace ft::server {

class Metrics {
 public:
  // Upper bounds of the move-latency histogram, in microseconds.
  static constexpr std::array<std::int64_t, 12> BUCKETS_US = {
      500, 1000, 2000, 5000, 10000, 20000, 50000, 100000, 200000, 500000, 1000000, 5000000};

  void move(std::int64_t latency_us);  // a person's move, frame in -> ack out
  void engine_move() { engine_moves_.fetch_add(1); }
  void perfect_fallback() { perfect_fallbacks_.fetch_add(1); }
  void error(WsError code) { errors_[static_cast<std::size_t>(code)].fetch_add(1); }
  void error(std::string_view code);
  void store_failure() { store_failures_.fetch_add(1); }
  std::int64_t store_failures() const { return store_failures_.load(); }
  // Several nodes (cluster/lease_keeper.h): a renewal of this node's leases,
  // `gap_ms` after the one before it; rooms retired because their lease was
  // lost. The gaps' quantiles are over the last RENEWALS_KEPT renewals.
  static constexpr std::size_t RENEWALS_KEPT = 1024;
  void lease_renewed(std::int64_t gap_ms);
  void leases_lost(std::int64_t n) { leases_lost_.fetch_add(n); }

  struct Gauges {
    std::int64_t ws_connections = 0;
    std::int64_t http_requests = 0;
    std::int64_t streams = 0;                                  // NDJSON streams open
    std::int64_t streams_cut = 0;                              // ended for a reader too slow
    std::vector<std::pair<std::string, std::int64_t>> tables;  // status -> count
    std::int64_t read_only_tables = 0;  // stored tables that could not be replayed
  };
  std::string render(const Gauges& gauges) const;
  std::int64_t moves() const { return moves_.load(); }

 private:
  std::atomic<std::int64_t> moves_{0};
  std::atomic<std::int64_t> engine_moves_{0};
  std::atomic<std::int64_t> store_failures_{0};
  std::atomic<std::int64_t> perfect_fallbacks_{0};
  std::atomic<std::int64_t> latency_sum_us_{0};
  std::array<std::atomic<std::int64_t>, BUCKETS_US.size() + 1> buckets_{};
  std::array<std::atomic<std::int64_t>, WS_ERROR_COUNT> errors_{};
  std::atomic<std::int64_t> leases_lost_{0};
  mutable std::mutex renewals_mu_;          // one writer (the lease keeper), /metrics reads
  std::vector<std::int64_t> renewal_gaps_;  // a ring of the last RENEWALS_KEPT
  std::size_t renewal_next_ = 0;
  std::int64_t renewals_ = 0;
  std::int64_t renewal_gap_max_ = 0;
  void render_leases(std::string& out) const;
};

}  // namespace ft::server
