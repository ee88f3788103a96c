// Contract: a lease keeper on a connection of its own (src/server/cluster/
// lease_keeper.h) beside the node's writer. A write of a table holds its
// lease row from its check to its commit (check_lease), so that another
// node's claim cannot slip in between; but the keeper's renewal must not
// wait for it. Before, check_lease took FOR SHARE on PostgreSQL: the renewal
// (an update) waited for every write in flight, and one that renewed two
// tables being written in the other order deadlocked with the writer
// (seen in the cluster test: "deadlock detected ... table_owners", a late
// renewal). SQLite has one writer at a time: there the renewal waits for the
// write's commit, and never fails.
#include <atomic>
#include <chrono>
#include <future>
#include <thread>

#include "store_fixture.h"

namespace ft::store::test {
namespace {

using namespace std::chrono_literals;
constexpr Millis LEASE = 3000;

// Runs `other` on its own connection while a write of tables t1 and t2 by
// node "a" is open (checked, not committed). Whether `other` had finished
// before the write committed (it is given 1 s to), and its result.
template <class T>
std::pair<bool, T> during_a_write(Store& st, const std::string& url,
                                  std::function<T(Store&)> other) {
  auto second = open_store(url);
  std::promise<void> checked;
  std::atomic<bool> done{false};
  std::future<T> result;
  bool finished_inside = false;
  auto write = [&](Store& s) {
    s.check_lease("t2", "a", 1500);
    s.check_lease("t1", "a", 1500);
    result = std::async(std::launch::async, [&] {
      T r = other(*second);
      done = true;
      return r;
    });
    for (int i = 0; i < 100 && !done; ++i) std::this_thread::sleep_for(10ms);
    finished_inside = done.load();
  };
  const auto errors = st.write_batch(std::vector<Store::Write>{write});
  EXPECT_EQ(errors.at(0), nullptr) << "the write was refused";
  return {finished_inside, result.get()};
}

TEST_P(StoreContract, ALeaseRenewalNeverWaitsForAWriteOnPostgres) {
  for (const char* id : {"t1", "t2"}) store().create_table(table(id));
  ASSERT_TRUE(store().claim_table("t1", "a", 1000, LEASE));
  ASSERT_TRUE(store().claim_table("t2", "a", 1000, LEASE));
  const auto [inside, held] = during_a_write<std::vector<TableId>>(
      store(), url(), [](Store& s) { return s.renew_tables("a", 1600, LEASE); });
  EXPECT_EQ(held, (std::vector<TableId>{"t1", "t2"}));
  EXPECT_EQ(inside, store().backend() == "postgres");
  EXPECT_EQ(store().table_owner("t1", 4599), "a");  // renewed to 4600
}

TEST_P(StoreContract, AnotherNodesClaimWaitsForTheWriteInFlight) {
  for (const char* id : {"t1", "t2"}) store().create_table(table(id));
  ASSERT_TRUE(store().claim_table("t1", "a", 1000, LEASE));
  ASSERT_TRUE(store().claim_table("t2", "a", 1000, LEASE));
  // Node b's clock says a's lease ran out (4000): it claims t1, but only
  // once a's write, checked while a held the lease, has committed.
  const auto [inside, won] = during_a_write<bool>(
      store(), url(), [](Store& s) { return s.claim_table("t1", "b", 4000, LEASE); });
  EXPECT_FALSE(inside) << "a claim went in between a write's lease check and its commit";
  EXPECT_TRUE(won);
  EXPECT_EQ(store().table_owner("t1", 4000), "b");
  EXPECT_EQ(store().table_owner("t2", 3999), "a");
}

}  // namespace
}  // namespace ft::store::test
