// Renews this node's table leases (cluster.h) on a thread and a store
// connection of its own. Nothing else the node does can make it late: not a
// Redis that stopped answering, not a busy I/O thread, not a table being
// loaded, not the analysis. Before, the renewal shared the cluster's thread
// with the bus and the loads, and a node under load lost every lease at once
// (its rooms retired, their clients reconnected, their clocks ran).
//
// It only renews and says what it holds; the cluster's thread compares that
// with the rooms in memory and retires the ones whose lease is gone.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "server/edge/metrics.h"
#include "store/store.h"

namespace ft::server {

class LeaseKeeper {
 public:
  // `store` is used by this keeper alone (its own connection); `metrics`
  // gets the gaps between renewals.
  LeaseKeeper(store::Store& store, std::string node, std::int64_t lease_ms, Metrics& metrics);
  ~LeaseKeeper();  // stop()
  LeaseKeeper(const LeaseKeeper&) = delete;
  LeaseKeeper& operator=(const LeaseKeeper&) = delete;

  void start();
  void stop();
  // A write of a table failed: renew (and so learn what is held) now.
  void renew_now();

  // What the last renewal found held, and which renewal that was (0: none
  // yet). `at_ms`: the wall time it was asked at.
  struct Held {
    std::uint64_t round = 0;
    std::int64_t at_ms = 0;
    std::vector<std::string> tables;
  };
  Held held() const;

 private:
  void run();
  bool renew_once(std::int64_t& last_ok_steady);

  store::Store& store_;
  const std::string node_;
  const std::int64_t lease_ms_;
  Metrics& metrics_;

  mutable std::mutex mu_;
  std::condition_variable wake_;
  bool stopping_ = false;
  bool now_ = false;
  Held held_;
  std::thread thread_;
};

}  // namespace ft::server
