// Per-key token buckets (docs/security.md, "Limits"): how many guests an
// address may make, how many API requests and WebSocket opens it may send,
// how many analysis-board positions it may ask for. A bucket holds up to
// `burst` tokens and gains `per_second` tokens a second; each action takes
// one. Keyed by client address (or player), thread-safe, and bounded in
// memory: buckets that have filled up again are forgotten now and then,
// since a forgotten bucket is exactly a full one.
#pragma once

#include <chrono>
#include <cstdint>
#include <mutex>
#include <string>
#include <unordered_map>

namespace ft::server {

class KeyedBuckets {
 public:
  using Clock = std::chrono::steady_clock;
  // per_second <= 0: no limit (every take() succeeds).
  KeyedBuckets(double per_second, double burst) : per_second_(per_second), burst_(burst) {}

  // Takes a token for `key`: 0 when it was there, else the milliseconds
  // until one will be (at least 1).
  std::int64_t take(const std::string& key, Clock::time_point now = Clock::now());
  // Whether a token is there, without taking it (0), or the wait in ms.
  std::int64_t peek(const std::string& key, Clock::time_point now = Clock::now());

  bool limited() const { return per_second_ > 0; }
  double per_second() const { return per_second_; }
  double burst() const { return burst_; }

 private:
  struct Bucket {
    double tokens = 0;
    Clock::time_point last;
  };
  // The bucket of `key`, refilled up to `now`; the caller holds mu_.
  Bucket& refill(const std::string& key, Clock::time_point now);
  std::int64_t wait_ms(const Bucket& b) const;

  double per_second_;
  double burst_;
  std::mutex mu_;
  std::unordered_map<std::string, Bucket> buckets_;
  std::uint64_t checks_ = 0;
};

// Seconds for a Retry-After header from a wait in milliseconds (at least 1).
std::int64_t retry_after_seconds(std::int64_t wait_ms);

}  // namespace ft::server
