// Contract: what a node of a cluster does with its leases (docs/operations.md,
// "Who owns a table"): renew them all at once, hand them over on SIGTERM,
// find the tables of a dead node, and refuse a write of a node that lost its
// lease; and a match finished by two nodes at once is finished and rated once.
#include <thread>

#include "store_fixture.h"

namespace ft::store::test {
namespace {

constexpr Millis LEASE = 3000;

TEST_P(StoreContract, RenewTablesRenewsOnlyTheLeasesStillHeld) {
  for (const char* id : {"a1", "a2", "b1"}) store().create_table(table(id));
  ASSERT_TRUE(store().claim_table("a1", "a", 1000, LEASE));
  ASSERT_TRUE(store().claim_table("a2", "a", 2000, LEASE));
  ASSERT_TRUE(store().claim_table("b1", "b", 1000, LEASE));
  // At 4500 a1's lease (to 4000) ran out; a2's (to 5000) still runs.
  auto held = store().renew_tables("a", 4500, LEASE);
  EXPECT_EQ(held, std::vector<TableId>{"a2"});
  EXPECT_EQ(store().table_owner("a2", 7000), "a");  // renewed to 7500
  EXPECT_EQ(store().table_owner("a1", 4500), std::nullopt);
  EXPECT_EQ(store().table_owner("b1", 3999), "b");  // another node's lease is untouched
  EXPECT_STORE_ERROR(store().renew_tables("", 1, LEASE), StoreErrc::bad_input);
  EXPECT_STORE_ERROR(store().renew_tables("a", 1, 0), StoreErrc::bad_input);
}

TEST_P(StoreContract, ReleasedTablesAreClaimableAtOnce) {
  for (const char* id : {"a1", "b1"}) store().create_table(table(id));
  ASSERT_TRUE(store().claim_table("a1", "a", 1000, LEASE));
  ASSERT_TRUE(store().claim_table("b1", "b", 1000, LEASE));
  store().release_tables("a", 1500);
  EXPECT_EQ(store().table_owner("a1", 1500), std::nullopt);
  EXPECT_EQ(store().table_owner("b1", 1500), "b");
  EXPECT_TRUE(store().claim_table("a1", "c", 1500, LEASE));
  EXPECT_TRUE(store().renew_tables("a", 1600, LEASE).empty());
}

TEST_P(StoreContract, UnleasedTablesAreTheLiveOnesNoLeaseCovers) {
  for (const char* id : {"never", "dead", "alive", "over"}) store().create_table(table(id));
  store().set_table_status("over", TableStatus::finished, 1000);
  ASSERT_TRUE(store().claim_table("dead", "a", 1000, LEASE));   // to 4000
  ASSERT_TRUE(store().claim_table("alive", "b", 5000, LEASE));  // to 8000
  EXPECT_EQ(store().unleased_tables(3999, 10), std::vector<TableId>{"never"});
  // Oldest first, then by id (all four were made at the same time here).
  EXPECT_EQ(store().unleased_tables(4000, 10), (std::vector<TableId>{"dead", "never"}));
  EXPECT_EQ(store().unleased_tables(4000, 1), std::vector<TableId>{"dead"});
}

TEST_P(StoreContract, AWriteOfANodeWithoutTheLeaseIsRefusedWhole) {
  store().create_table(table("t"));
  const MatchId m = start_match("t");
  ASSERT_TRUE(store().claim_table("t", "a", 1000, LEASE));
  auto as = [&](const std::string& node, Millis now, int ply) -> Store::Write {
    return [=, this](Store& st) {
      st.check_lease("t", node, now);
      st.append_move(move(m, 1, ply, "d"));
    };
  };
  auto errors = store().write_batch(std::vector<Store::Write>{as("a", 2000, 1), as("b", 2000, 2)});
  ASSERT_EQ(errors.size(), 2u);
  EXPECT_EQ(errors[0], nullptr);
  ASSERT_NE(errors[1], nullptr);
  try {
    std::rethrow_exception(errors[1]);
  } catch (const StoreError& e) {
    EXPECT_EQ(e.code(), StoreErrc::conflict);
  }
  // After a's lease ran out (4000) its write is refused too, and b's goes in.
  ASSERT_TRUE(store().claim_table("t", "b", 4000, LEASE));
  EXPECT_STORE_ERROR(store().check_lease("t", "a", 4000), StoreErrc::conflict);
  EXPECT_EQ(store().write_batch(std::vector<Store::Write>{as("b", 4001, 2)})[0], nullptr);
  EXPECT_EQ(store().moves_of_game(m, 1).size(), 2u);
}

TEST_P(StoreContract, AMatchFinishedByTwoNodesAtOnceIsRatedOnce) {
  Player a = store().create_player("ta", "Ann", 1);
  Player b = store().create_player("tb", "Bob", 1);
  store().create_table(table("t"));
  const MatchId id = start_match("t");
  auto finish = [&](double a_after) {
    MatchFinish f;
    f.result = "2:0";
    f.snapshot = MatchSnapshot{"{}", {0, 0}, 3000};
    f.finished_ms = 3000;
    f.players = {MatchPlayerResult{a.id, 0, 2, 1500, a_after},
                 MatchPlayerResult{b.id, 1, 0, 1500, 3000 - a_after}};
    f.ratings = {Rating{a.id, "classic", a_after, 250, 0.06, 3000, 1},
                 Rating{b.id, "classic", 3000 - a_after, 250, 0.06, 3000, 1}};
    return f;
  };
  auto other = open_store(url());  // the second node's own connections
  int wins = 0;
  std::vector<int> codes;
  std::mutex mu;
  auto run = [&](Store& st, double a_after) {
    try {
      st.finish_match(id, finish(a_after));
      std::lock_guard lock(mu);
      ++wins;
    } catch (const StoreError& e) {
      std::lock_guard lock(mu);
      codes.push_back(static_cast<int>(e.code()));
    }
  };
  std::thread t([&] { run(*other, 1600); });
  run(store(), 1700);
  t.join();
  EXPECT_EQ(wins, 1);
  EXPECT_EQ(codes, std::vector<int>{static_cast<int>(StoreErrc::conflict)});
  const auto rating = store().find_rating(a.id, "classic");
  ASSERT_TRUE(rating);
  EXPECT_EQ(rating->games, 1);
  EXPECT_EQ(store().finished_matches(a.id, 10).size(), 1u);
}

}  // namespace
}  // namespace ft::store::test
