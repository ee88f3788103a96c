#include "server/cluster/lease_keeper.h"

#include <chrono>

#include "server/cluster/cluster.h"
#include "server/protocol/log.h"

namespace ft::server {
namespace {

std::int64_t steady_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

// After a failed renewal the next try comes this soon, not a third of a
// lease later: a short store outage must not cost the leases.
constexpr std::int64_t RETRY_MS = 200;

}  // namespace

LeaseKeeper::LeaseKeeper(store::Store& store, std::string node, std::int64_t lease_ms,
                         Metrics& metrics)
    : store_(store), node_(std::move(node)), lease_ms_(lease_ms), metrics_(metrics) {}

LeaseKeeper::~LeaseKeeper() {
  stop();
}

void LeaseKeeper::start() {
  thread_ = std::thread([this] { run(); });
}

void LeaseKeeper::stop() {
  {
    std::lock_guard lock(mu_);
    stopping_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
}

void LeaseKeeper::renew_now() {
  {
    std::lock_guard lock(mu_);
    now_ = true;
  }
  wake_.notify_all();
}

LeaseKeeper::Held LeaseKeeper::held() const {
  std::lock_guard lock(mu_);
  return held_;
}

void LeaseKeeper::run() {
  std::int64_t last_ok = steady_ms();
  std::int64_t next = last_ok;  // the first renewal at once
  for (;;) {
    {
      std::unique_lock lock(mu_);
      wake_.wait_for(lock, std::chrono::milliseconds(std::max<std::int64_t>(0, next - steady_ms())),
                     [this] { return stopping_ || now_; });
      if (stopping_) return;
      now_ = false;
    }
    const std::int64_t asked = steady_ms();
    next = renew_once(last_ok) ? asked + lease_ms_ / 3 : asked + RETRY_MS;
  }
}

// One renewal. The gap is from the start of the last good renewal to the
// start of this one: what a lease must outlast. Over half a lease is said
// as a warning while the leases still hold (they go at a whole lease).
bool LeaseKeeper::renew_once(std::int64_t& last_ok_steady) {
  const std::int64_t started = steady_ms();
  const std::int64_t asked_at = Cluster::wall_ms();  // the clock leases compare
  std::vector<std::string> tables;
  try {
    tables = store_.renew_tables(node_, asked_at, lease_ms_);
  } catch (const std::exception& e) {
    log::warn() << "node " << node_ << ": lease renewal failed " << started - last_ok_steady
                << " ms after the last one (lease " << lease_ms_ << " ms): " << e.what();
    return false;
  }
  const std::int64_t gap = started - last_ok_steady;
  last_ok_steady = started;
  metrics_.lease_renewed(gap);
  if (gap > lease_ms_ / 2)
    log::warn() << "node " << node_ << ": leases renewed late, " << gap
                << " ms after the last renewal (lease " << lease_ms_ << " ms)";
  std::lock_guard lock(mu_);
  ++held_.round;
  held_.at_ms = asked_at;
  held_.tables = std::move(tables);
  return true;
}

}  // namespace ft::server
