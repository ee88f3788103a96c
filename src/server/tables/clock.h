// The server's clock: milliseconds since the epoch, the match's time kept
// across restarts. Under `serve --test-clock` it starts at a given time and
// moves only by advance() (POST /api/test/clock), so a test can make flags
// fall and Ready time out without waiting, and a table's seed then follows
// from the time and a count, so a test run replays exactly.
#pragma once

#include <atomic>
#include <cstdint>
#include <optional>

namespace ft::server {

class Clock {
 public:
  explicit Clock(std::optional<std::int64_t> test_start_ms = std::nullopt);

  std::int64_t now_ms() const;
  bool is_test() const { return test_; }
  // The test clock moved by `ms` (>= 0); the new time. Only under the test clock.
  std::int64_t advance(std::int64_t ms) { return test_now_ms_ += ms; }
  // A new table's seed (lotteries, set-ups): random, or under the test
  // clock one that depends only on the time and on how many tables came before.
  std::uint64_t table_seed();

 private:
  bool test_ = false;
  std::atomic<std::int64_t> test_now_ms_{0};
  std::atomic<std::uint64_t> test_tables_{0};
};

}  // namespace ft::server
