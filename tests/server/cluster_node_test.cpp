// One node of several (serve --node, docs/operations.md "Several nodes"),
// through the real server on SQLite with the in-process bus: what an HTTP
// request for a table that another node holds gets.
#include <gtest/gtest.h>

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

}  // namespace
}  // namespace ft::test
