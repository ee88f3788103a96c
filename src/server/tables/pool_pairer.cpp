#include "server/tables/pool_pairer.h"

#include <vector>

#include "server/protocol/log.h"
#include "server/tables/pairing.h"

namespace ft::server {

PoolPairer::PoolPairer(store::Store& store, store::GroupCommitter& committer, Registry& tables,
                       RoomHost& host, Clock& clock)
    : store_(store), committer_(committer), tables_(tables), host_(host), clock_(clock) {}

std::map<std::string, int> PoolPairer::waiting() const {
  std::lock_guard lock(mu_);
  return waiting_;
}

int PoolPairer::pass() {
  const std::int64_t now = clock_.now_ms();
  if (now - dropped_ms_ >= 10 * POOL_PASS_MS) {
    dropped_ms_ = now;
    committer_.write(
        [before = now - POOL_GRACE_MS](store::Store& st) { st.drop_pool_waits(before); });
  }
  // Longest waiting first, every pool at once.
  const std::vector<store::PoolWait> waits = store_.pool_waits(now - POOL_GRACE_MS);
  std::map<std::string, std::vector<store::PoolWait>> by_pool;
  for (const store::PoolWait& w : waits) by_pool[w.pool].push_back(w);
  std::map<std::string, int> counts;
  for (const auto& [pool, list] : by_pool) counts[pool] = static_cast<int>(list.size());
  int opened = 0;
  for (const auto& [id, list] : by_pool) {
    const Pool* pool = find_pool(id);
    if (pool == nullptr || list.size() < 2) continue;  // a pool of an older build
    std::vector<Waiter> waiters;
    for (const store::PoolWait& w : list) waiters.push_back({w.player, w.rating, w.joined_ms});
    for (const auto& [a, b] : pair_waiters(waiters, now)) {
      if (!open(*pool, list[a], list[b], now)) continue;
      ++opened;
      counts[id] -= 2;
    }
  }
  std::lock_guard lock(mu_);
  waiting_ = std::move(counts);
  return opened;
}

bool PoolPairer::open(const Pool& pool, const store::PoolWait& a, const store::PoolWait& b,
                      std::int64_t now) {
  std::vector<SeatInfo> seats(2);
  seats[0].player = a.player;
  seats[1].player = b.player;
  for (SeatInfo& s : seats) {
    auto p = store_.find_player(s.player);
    s.name = p ? p->display_name : std::string();
    s.bot = p && p->bot_ms > 0;  // none waits in a pool today (protocol.md 2.19)
  }
  std::string table;  // the id the registry picked, for the pairing write
  std::shared_ptr<Room> room;
  try {
    room = tables_.open(
        [&](const std::string& id, std::uint64_t seed) {
          table = id;
          // Who plays first in game 1 is drawn; game 2 swaps the colours.
          std::vector<SeatInfo> s = seats;
          if (seed & 1) std::swap(s[0], s[1]);
          return std::make_shared<Room>(host_, id, pool.settings, std::move(s), now, seed);
        },
        [&](store::Store& st) {
          return st.pair_pool_waits(pool.id, a.player, b.player, table, now, now - POOL_GRACE_MS);
        });
  } catch (const std::exception& e) {
    log::warn() << "pool " << pool.id << ": pairing failed: " << e.what();
    return false;
  }
  return room != nullptr;
}

}  // namespace ft::server
