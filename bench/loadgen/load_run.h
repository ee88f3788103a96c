// The client side of a load run: per table two guests, two WebSockets, moves
// at a fixed pace. Runs on its own threads (one io_context each); the caller
// drives the phases (ramp, idle, play, drain) and reads progress counters.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "run_stats.h"

namespace ft::loadgen {

struct LoadPlan {
  int port = 0;  // the server, always on 127.0.0.1
  int tables = 1;
  double pace_s = 2.0;
  double ramp_rate = 200.0;  // tables set up per second
  double ack_timeout_s = 10.0;
  int threads = 1;
  std::string table_settings;  // the POST /api/tables body
};

struct Progress {
  std::uint64_t tables_ready = 0;
  std::uint64_t tables_failed = 0;
  std::uint64_t connections = 0;  // open WebSockets
  std::uint64_t pending_moves = 0;
  std::uint64_t moves_acked = 0;
  std::uint64_t errors = 0;
};

class LoadRun {
 public:
  explicit LoadRun(const LoadPlan& plan);
  ~LoadRun();
  LoadRun(const LoadRun&) = delete;
  LoadRun& operator=(const LoadRun&) = delete;

  // Starts the client threads; tables are set up at plan.ramp_rate.
  void start();
  Progress progress() const;
  // Every ready table starts moving (each at its own phase within one pace).
  void begin_play();
  // No new moves; moves in flight may still be acknowledged.
  void end_play();
  // Closes every socket, stops the threads; the merged counts.
  RunStats finish();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace ft::loadgen
