#include "server/tables/pairing.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace ft::server {

double rating_range(std::int64_t waited_ms) {
  if (waited_ms >= RANGE_UNBOUNDED_MS) return std::numeric_limits<double>::infinity();
  const std::int64_t steps = std::max<std::int64_t>(0, waited_ms) / RANGE_STEP_MS;
  return RANGE_START + RANGE_STEP * static_cast<double>(steps);
}

std::vector<std::pair<std::size_t, std::size_t>> pair_waiters(const std::vector<Waiter>& waiters,
                                                              std::int64_t now_ms) {
  std::vector<std::size_t> order(waiters.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  // Longest waiting first; the player id breaks ties, so every node that
  // runs the rule over the same waits makes the same pairs.
  std::stable_sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) {
    const Waiter& a = waiters[x];
    const Waiter& b = waiters[y];
    return a.joined_ms != b.joined_ms ? a.joined_ms < b.joined_ms : a.player < b.player;
  });
  std::vector<bool> taken(waiters.size(), false);
  std::vector<std::pair<std::size_t, std::size_t>> pairs;
  for (std::size_t i = 0; i < order.size(); ++i) {
    const std::size_t a = order[i];
    if (taken[a]) continue;
    // Everyone after `a` in the order has waited no longer, so `a`'s range
    // is the wider one of each pair.
    const double range = rating_range(now_ms - waiters[a].joined_ms);
    std::size_t best = waiters.size();
    double best_gap = std::numeric_limits<double>::infinity();
    for (std::size_t j = i + 1; j < order.size(); ++j) {
      const std::size_t b = order[j];
      if (taken[b] || waiters[b].player == waiters[a].player) continue;
      const double gap = std::fabs(waiters[a].rating - waiters[b].rating);
      if (gap <= range && gap < best_gap) {
        best = b;
        best_gap = gap;
      }
    }
    if (best == waiters.size()) continue;
    taken[a] = taken[best] = true;
    pairs.emplace_back(a, best);
  }
  return pairs;
}

}  // namespace ft::server
