#include "server/edge/rate_limits.h"

#include <algorithm>
#include <cmath>

namespace ft::server {

KeyedBuckets::Bucket& KeyedBuckets::refill(const std::string& key, Clock::time_point now) {
  // Now and then forget the buckets that are full again: they are where a
  // new one would start, so the map holds only the recently busy keys.
  if (++checks_ % 4096 == 0) {
    const auto full = std::chrono::duration<double>(burst_ / per_second_);
    std::erase_if(buckets_, [&](const auto& kv) { return now - kv.second.last > full; });
  }
  auto [it, fresh] = buckets_.try_emplace(key, Bucket{burst_, now});
  Bucket& b = it->second;
  if (!fresh && now > b.last) {
    b.tokens = std::min(
        burst_, b.tokens + per_second_ * std::chrono::duration<double>(now - b.last).count());
    b.last = now;
  }
  return b;
}

std::int64_t KeyedBuckets::wait_ms(const Bucket& b) const {
  if (b.tokens >= 1.0) return 0;
  return std::max<std::int64_t>(1, std::llround(std::ceil((1.0 - b.tokens) / per_second_ * 1000)));
}

std::int64_t KeyedBuckets::take(const std::string& key, Clock::time_point now) {
  if (per_second_ <= 0) return 0;
  std::lock_guard lock(mu_);
  Bucket& b = refill(key, now);
  if (const std::int64_t wait = wait_ms(b); wait > 0) return wait;
  b.tokens -= 1.0;
  return 0;
}

std::int64_t KeyedBuckets::peek(const std::string& key, Clock::time_point now) {
  if (per_second_ <= 0) return 0;
  std::lock_guard lock(mu_);
  return wait_ms(refill(key, now));
}

std::int64_t retry_after_seconds(std::int64_t wait_ms) {
  return std::max<std::int64_t>(1, (wait_ms + 999) / 1000);
}

}  // namespace ft::server
