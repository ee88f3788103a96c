// What one client thread counted during a run; merged across threads for the report.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace ft::loadgen {

struct RunStats {
  std::uint64_t tables_ready = 0;    // tables whose first game started
  std::uint64_t tables_failed = 0;   // set-up failures (see errors)
  std::uint64_t tables_created = 0;  // POST /api/tables answered 201 (first and later games)
  std::uint64_t connections = 0;     // WebSockets open after the ramp
  std::uint64_t moves_sent = 0;      // during the measured play phase
  std::uint64_t moves_acked = 0;
  std::uint64_t games_finished = 0;
  std::uint64_t ticks_skipped = 0;  // a table's turn to move came while it could not move
  std::uint64_t frames_received = 0;
  std::vector<std::uint32_t> latency_us;  // move sent -> ack, one per acknowledged move
  // The same by the node that served the mover's socket (through nginx only).
  std::map<std::string, std::vector<std::uint32_t>> node_latency_us;
  std::map<std::string, std::uint64_t> errors;  // kind -> count (server codes and client failures)

  void error(const std::string& kind) { ++errors[kind]; }
  std::uint64_t error_count() const;
  void merge(const RunStats& other);
};

struct LatencySummary {
  double p50_ms = 0, p99_ms = 0, max_ms = 0, mean_ms = 0;
  std::uint64_t count = 0;
};

LatencySummary summarize(std::vector<std::uint32_t> latency_us);

}  // namespace ft::loadgen
