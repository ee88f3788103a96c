#include "server/tables/clock.h"

#include <sodium.h>

#include <chrono>

namespace ft::server {

Clock::Clock(std::optional<std::int64_t> test_start_ms) : test_(test_start_ms.has_value()) {
  if (test_start_ms) test_now_ms_ = *test_start_ms;
}

std::int64_t Clock::now_ms() const {
  if (test_) return test_now_ms_.load();
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

std::uint64_t Clock::table_seed() {
  if (!test_) {
    std::uint64_t seed = 0;
    randombytes_buf(&seed, sizeof seed);
    return seed;
  }
  // splitmix64 of the time and the count.
  std::uint64_t z = static_cast<std::uint64_t>(now_ms()) + 0x9e3779b97f4a7c15ULL * ++test_tables_;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

}  // namespace ft::server
