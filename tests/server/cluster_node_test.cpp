// One node of several (serve --node, docs/operations.md "Several nodes"),
// through the real server on SQLite with the in-process bus: what an HTTP
// request for a table that another node holds gets.
#include <gtest/gtest.h>

#include <thread>

#include "store/store.h"
#include "support/table_helpers.h"
#include "support/test_client.h"

namespace ft::test {
namespace {

std::int64_t wall_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

// Before: the request waited 3 s for the hand-over, then the error of the
// wait reached the edge as an unexplained 500. A node that never answers
// (here: one that does not exist, with a long lease) must give a retryable
// 503 that says why, and the same request succeeds once the lease is free.
TEST(ClusterNode, ATableHeldElsewhereIsARetryable503) {
  const std::string db = temp_db("held_elsewhere");
  std::string table;
  {
    ServerProcess single(db);
    const Guest a = new_guest(single.port());
    table = create_table(single.port(), a, R"({"game":"four"})");
  }
  auto store = store::open_store("sqlite:" + db);
  ASSERT_TRUE(store->claim_table(table, "elsewhere", wall_ms(), 600000));

  ServerProcess node(db, "--node here --bus local --lease-ms 600000");
  const Guest b = new_guest(node.port());
  HttpResult held = http(node.port(), "GET", "/api/tables/" + table, {}, b.cookie);
  EXPECT_EQ(held.status, 503) << held.body;
  EXPECT_EQ(held.header("retry-after"), "1");
  const auto error = held.json().at("error");
  EXPECT_EQ(error.at("code").as_string(), "unavailable");
  EXPECT_NE(std::string(error.at("message").as_string()).find("moving between nodes"),
            std::string::npos)
      << held.body;

  // The owner lets go (as a SIGTERM does): the same request is served here.
  store->release_table(table, "elsewhere");
  HttpResult served = http(node.port(), "GET", "/api/tables/" + table, {}, b.cookie);
  ASSERT_EQ(served.status, 200) << served.body;
  EXPECT_EQ(served.json().at("id").as_string(), table);
  EXPECT_EQ(store->table_owner(table, wall_ms()), std::optional<std::string>("here"));
}

std::vector<std::string> my_tables(int port, const Guest& who) {
  HttpResult r = http(port, "GET", "/api/me/tables", {}, who.cookie);
  EXPECT_EQ(r.status, 200) << r.body;
  std::vector<std::string> ids;
  if (r.status != 200) return ids;
  const boost::json::value body = r.json();
  for (const auto& t : body.at("tables").as_array()) ids.emplace_back(t.at("id").as_string());
  return ids;
}

// Before: "your games" listed only the tables of the node that answered, so
// a player whose tables ran on two nodes saw half of them, depending on
// where the balancer sent the request. Two nodes on one store (their buses
// apart: no hand-over happens), each running one of Ann's tables.
TEST(ClusterNode, YourGamesListsTheTablesOfEveryNode) {
  const std::string db = temp_db("your_games");
  ServerProcess one(db, "--node one --bus local");
  ServerProcess two(db, "--node two --bus local");
  const Guest ann = new_guest(one.port());
  const Guest bob = new_guest(two.port());
  // "Newest first" compares creation times in ms: one apart at least.
  const std::string on_one = create_table(one.port(), ann, R"({"game":"four"})");
  std::this_thread::sleep_for(5ms);
  const std::string bobs = create_table(two.port(), bob, R"({"game":"four"})");
  std::this_thread::sleep_for(5ms);
  const std::string on_two =
      create_table(two.port(), ann, R"({"game":"four","visibility":"link"})");
  // Bob takes the free seat of Ann's table on node two.
  Player bob_at_two = join(two.port(), bob, on_two);
  ASSERT_EQ(bob_at_two.seat, 1);

  const std::vector<std::string> newest_first{on_two, on_one};
  EXPECT_EQ(my_tables(one.port(), ann), newest_first);
  EXPECT_EQ(my_tables(two.port(), ann), newest_first);
  EXPECT_EQ(my_tables(one.port(), bob), (std::vector<std::string>{on_two, bobs}));
  // Listing them takes no table from the node that runs it.
  auto store = store::open_store("sqlite:" + db);
  EXPECT_EQ(store->table_owner(on_two, wall_ms()), std::optional<std::string>("two"));
  EXPECT_EQ(store->table_owner(on_one, wall_ms()), std::optional<std::string>("one"));
}

}  // namespace
}  // namespace ft::test
