// Who plays whom in a pool of "play someone now" (docs/protocol.md 2.19):
// a pure rule over the waiting players, so its order and its widening
// range are tested without a server or a store.
//
// The rating range of a player grows with their wait: ±100 at first, 50
// wider every 5 s, and unbounded after 30 s (so nobody waits long for a
// near rating in a small pool). Two players may meet when their ratings
// differ by at most the range of the one who has waited longer. The
// longest waiting player is paired first, with the nearest rating among
// those they may meet (at a tie, the longer waiting); a player is never
// paired with themself.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

namespace ft::server {

struct Waiter {
  std::int64_t player = 0;
  double rating = 0.0;
  std::int64_t joined_ms = 0;
};

inline constexpr double RANGE_START = 100.0;
inline constexpr double RANGE_STEP = 50.0;
inline constexpr std::int64_t RANGE_STEP_MS = 5000;
inline constexpr std::int64_t RANGE_UNBOUNDED_MS = 30000;

// The rating difference a player who has waited `waited_ms` accepts;
// infinity from RANGE_UNBOUNDED_MS on.
double rating_range(std::int64_t waited_ms);

// The pairs of one pool at `now_ms`, as indexes into `waiters`, in the order
// they were made; the unpaired wait on.
std::vector<std::pair<std::size_t, std::size_t>> pair_waiters(const std::vector<Waiter>& waiters,
                                                              std::int64_t now_ms);

}  // namespace ft::server
