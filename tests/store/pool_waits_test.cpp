// Contract: players waiting in a pool (migration 017, protocol.md 2.19) on
// every backend: one wait per player (a new one replaces it), seen and
// ended; the waiting list skips paired and unseen waits, longest waiting
// first; a pairing takes two free waits of one pool or nothing, and two
// nodes pairing at once never take one wait twice; old waits are dropped.
#include <map>
#include <thread>
#include <vector>

#include "store_fixture.h"

namespace ft::store::test {
namespace {

class PoolWaits : public StoreContract {
 protected:
  PlayerId player(const std::string& cookie) {
    return store().create_player(cookie, "P " + cookie, 1000).id;
  }
  void wait(PlayerId p, const std::string& pool, double rating, Millis at) {
    store().put_pool_wait(PoolWait{p, pool, rating, at, at, "", 0});
  }
  std::vector<PlayerId> waiting(Millis seen_since) {
    std::vector<PlayerId> out;
    for (const PoolWait& w : store().pool_waits(seen_since)) out.push_back(w.player);
    return out;
  }
};

TEST_P(PoolWaits, OneWaitPerPlayerReplacedSeenAndEnded) {
  const PlayerId ann = player("ann");
  EXPECT_EQ(store().find_pool_wait(ann), std::nullopt);
  wait(ann, "classic-5-5-rated", 1612.5, 2000);
  const PoolWait first{ann, "classic-5-5-rated", 1612.5, 2000, 2000, "", 0};
  EXPECT_EQ(store().find_pool_wait(ann), first);
  EXPECT_TRUE(store().touch_pool_wait(ann, 2500));
  EXPECT_EQ(store().find_pool_wait(ann)->seen_ms, 2500);
  // A wait in another pool takes the old one's place.
  wait(ann, "popout-5-5-casual", 1500, 3000);
  EXPECT_EQ(store().find_pool_wait(ann)->pool, "popout-5-5-casual");
  EXPECT_EQ(store().pool_waits(0).size(), 1U);
  EXPECT_FALSE(store().end_pool_wait(ann, "classic-5-5-rated"));  // not that pool
  EXPECT_TRUE(store().end_pool_wait(ann, "popout-5-5-casual"));
  EXPECT_EQ(store().find_pool_wait(ann), std::nullopt);
  EXPECT_FALSE(store().touch_pool_wait(ann, 4000));
  EXPECT_STORE_ERROR(wait(999, "classic-5-5-rated", 1500, 1), StoreErrc::not_found);
  EXPECT_STORE_ERROR(wait(ann, "", 1500, 1), StoreErrc::bad_input);
}

TEST_P(PoolWaits, TheListIsLongestWaitingFirstWithoutPairedOrUnseen) {
  const PlayerId a = player("a"), b = player("b"), c = player("c"), d = player("d");
  wait(c, "classic-5-5-rated", 1500, 3000);
  wait(a, "classic-5-5-rated", 1500, 1000);
  wait(b, "popout-5-5-rated", 1500, 2000);
  wait(d, "classic-5-5-rated", 1500, 500);
  EXPECT_EQ(waiting(0), (std::vector<PlayerId>{d, a, b, c}));
  EXPECT_EQ(waiting(1000), (std::vector<PlayerId>{a, b, c}));  // d not seen since 500
  ASSERT_TRUE(store().pair_pool_waits("classic-5-5-rated", a, c, "tbl0000001", 4000, 1000));
  EXPECT_EQ(waiting(0), (std::vector<PlayerId>{d, b}));
  const PoolWait paired = *store().find_pool_wait(a);
  EXPECT_EQ(paired.table, "tbl0000001");
  EXPECT_EQ(paired.paired_ms, 4000);
  EXPECT_EQ(paired.seen_ms, 4000);  // kept a grace period from the pairing
  EXPECT_EQ(store().find_pool_wait(c)->table, "tbl0000001");
  // A paired wait is not cancelled: its table is started.
  EXPECT_FALSE(store().end_pool_wait(a, "classic-5-5-rated"));
  EXPECT_EQ(store().drop_pool_waits(2500), 2);  // d (500) and b (2000)
  EXPECT_EQ(store().find_pool_wait(d), std::nullopt);
  EXPECT_TRUE(store().find_pool_wait(a).has_value());
}

TEST_P(PoolWaits, APairingTakesTwoFreeWaitsOfOnePoolOrNothing) {
  const PlayerId a = player("a"), b = player("b"), c = player("c"), d = player("d");
  wait(a, "classic-5-5-rated", 1500, 1000);
  wait(b, "popout-5-5-rated", 1500, 1000);
  wait(c, "classic-5-5-rated", 1500, 1000);
  wait(d, "classic-5-5-rated", 1500, 200);
  EXPECT_FALSE(store().pair_pool_waits("classic-5-5-rated", a, b, "t1", 2000, 0));    // b elsewhere
  EXPECT_FALSE(store().pair_pool_waits("classic-5-5-rated", a, d, "t1", 2000, 500));  // d unseen
  EXPECT_FALSE(store().pair_pool_waits("classic-5-5-rated", a, 999, "t1", 2000, 0));
  EXPECT_STORE_ERROR(store().pair_pool_waits("classic-5-5-rated", a, a, "t1", 2000, 0),
                     StoreErrc::bad_input);
  EXPECT_EQ(store().find_pool_wait(a)->table, "");  // nothing was changed
  EXPECT_TRUE(store().pair_pool_waits("classic-5-5-rated", a, c, "t1", 2000, 0));
  EXPECT_FALSE(store().pair_pool_waits("classic-5-5-rated", c, d, "t2", 2000, 0));  // c is taken
  EXPECT_EQ(store().find_pool_wait(d)->table, "");
}

TEST_P(PoolWaits, TwoNodesPairingAtOnceNeverTakeOneWaitTwice) {
  // Twelve players; node A pairs (0,1), (2,3), ... and node B pairs
  // (1,2), (3,4), ...: every pairing of B overlaps two of A's.
  std::vector<PlayerId> p;
  for (int i = 0; i < 12; ++i) {
    p.push_back(player("p" + std::to_string(i)));
    wait(p.back(), "classic-5-5-rated", 1500, 1000);
  }
  auto other = open_store(url());  // the second node's own connection
  std::vector<int> won_b;
  std::thread b([&] {
    for (std::size_t i = 1; i + 1 < p.size(); i += 2)
      won_b.push_back(other->pair_pool_waits("classic-5-5-rated", p[i], p[i + 1],
                                             "b" + std::to_string(i), 2000, 0));
  });
  int wins = 0;
  for (std::size_t i = 0; i + 1 < p.size(); i += 2)
    wins += store().pair_pool_waits("classic-5-5-rated", p[i], p[i + 1], "a" + std::to_string(i),
                                    2000, 0);
  b.join();
  // Each table holds exactly two players, and each player one table.
  std::map<std::string, int> seated;
  for (PlayerId id : p) {
    const PoolWait w = *store().find_pool_wait(id);
    if (!w.table.empty()) ++seated[w.table];
  }
  for (const auto& [table, n] : seated) EXPECT_EQ(n, 2) << table;
  // A pairing that said yes made its table, and one that said no made none.
  for (int won : won_b) wins += won;
  EXPECT_EQ(static_cast<int>(seated.size()), wins);
  EXPECT_GE(wins, 3);  // at least every other pairing went through
}

INSTANTIATE_TEST_SUITE_P(Backends, PoolWaits, ::testing::ValuesIn(backends()),
                         [](const ::testing::TestParamInfo<std::string>& param) {
                           return param.param;
                         });

}  // namespace
}  // namespace ft::store::test
