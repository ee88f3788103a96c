// The pairing pass of "play someone now" (docs/protocol.md 2.19): every
// node runs it about once a second over the waits the store keeps for all
// nodes (migration 017), pairs each pool's waiting players by the rule of
// pairing.h and opens each pair's table here, seated and listed; the
// players' pages learn the table from their next poll. A pair is written in
// the same store write that creates its table, and that write takes both
// waits or neither (Store::pair_pool_waits), so two nodes running the pass
// at once never seat one player twice. Blocks on the store: run it on the
// loader thread, never on a network thread.
#pragma once

#include <cstdint>
#include <map>
#include <mutex>
#include <string>

#include "server/protocol/pools.h"
#include "server/tables/clock.h"
#include "server/tables/registry.h"
#include "server/tables/room.h"
#include "store/group_commit.h"
#include "store/store.h"

namespace ft::server {

// A wait not confirmed by its page for this long is gone (the page polls
// every 2 s); a paired wait is kept as long, for every tab to learn it.
inline constexpr std::int64_t POOL_GRACE_MS = 10000;
// How often a node runs the pass.
inline constexpr std::int64_t POOL_PASS_MS = 1000;

class PoolPairer {
 public:
  PoolPairer(store::Store& store, store::GroupCommitter& committer, Registry& tables,
             RoomHost& host, Clock& clock);

  // One pass at the clock's now: reads the waits, counts them, pairs them;
  // every few passes drops the waits nobody confirmed. How many tables it
  // opened.
  int pass();
  // Players waiting in each pool at the last pass, on every node.
  std::map<std::string, int> waiting() const;

 private:
  // Opens the table of `a` and `b` in `pool`, if both are still free.
  bool open(const Pool& pool, const store::PoolWait& a, const store::PoolWait& b, std::int64_t now);

  store::Store& store_;
  store::GroupCommitter& committer_;
  Registry& tables_;
  RoomHost& host_;
  Clock& clock_;
  mutable std::mutex mu_;
  std::map<std::string, int> waiting_;
  std::int64_t dropped_ms_ = 0;
};

}  // namespace ft::server
