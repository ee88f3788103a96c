// Tables bounded (docs/security.md, "Limits"; protocol.md 2.3, 2.5): a
// player has at most five tables that have not started (waiting for
// people, or for the creator to sit down against the computer), an address
// at most a set number, and the lobby lists at most three of one player's.
// Through the real server.
#include <gtest/gtest.h>

#include <map>

#include "support/table_helpers.h"
#include "support/test_client.h"

namespace ft::test {
namespace {

namespace json = boost::json;

constexpr const char* PERSON = R"({"game":"four"})";
constexpr const char* COMPUTER = R"({"game":"four","opponent":{"kind":"computer","level":1}})";

TEST(TableLimits, APlayerHasAtMostFiveOpenTables) {
  ServerProcess server(temp_db("tables_player"));
  const int port = server.port();
  const Guest a = new_guest(port);
  const Guest b = new_guest(port);
  std::vector<std::string> mine;
  for (int i = 0; i < 5; ++i) {
    HttpResult made = http(port, "POST", "/api/tables", PERSON, a.cookie);
    ASSERT_EQ(made.status, 201) << i;
    mine.push_back(str(made.json().at("id")));
  }
  for (int i = 0; i < 3; ++i) {
    HttpResult r = http(port, "POST", "/api/tables", PERSON, a.cookie);
    EXPECT_EQ(r.status, 409) << r.body;
    if (r.status == 409) {
      EXPECT_EQ(error_code(r), "too_many_tables");
    }
  }
  // A game against the computer counts too until a sits down at it.
  EXPECT_EQ(http(port, "POST", "/api/tables", COMPUTER, a.cookie).status, 409);
  const std::string theirs = create_table(port, b, PERSON);
  // The lobby lists three of a's five, and b's.
  const json::array open = http(port, "GET", "/api/lobby").json().at("open").as_array();
  std::map<std::string, int> by_creator;
  for (const json::value& t : open)
    ++by_creator[str(t.at("seats").as_array().front().at("player").at("id"))];
  EXPECT_EQ(by_creator[a.id], 3);
  EXPECT_EQ(by_creator[b.id], 1);
  EXPECT_EQ(str(open.front().at("id")), theirs);  // newest first
  // Once one of a's tables starts, a may open another.
  Player host = join(port, a, mine.front());
  Player joiner = join(port, b, mine.front());
  ASSERT_EQ(joiner.seat, 1);
  host.ws->expect("event", "game_started");
  HttpResult computer = http(port, "POST", "/api/tables", COMPUTER, a.cookie);
  ASSERT_EQ(computer.status, 201) << computer.body;
  EXPECT_EQ(http(port, "POST", "/api/tables", PERSON, a.cookie).status, 409);
  // Sitting down at the computer's table starts it: room for one more.
  // (The last to sit down gets the started game in its state, which goes
  // out once the start is stored.)
  Player vs_computer = join(port, a, str(computer.json().at("id")));
  ASSERT_FALSE(vs_computer.state.at("match").at("phase").as_string() == "waiting");
  EXPECT_EQ(http(port, "POST", "/api/tables", PERSON, a.cookie).status, 201);
}

TEST(TableLimits, AnAddressHasABoundedNumberOfOpenTables) {
  ServerProcess server(temp_db("tables_address"),
                       "--open-tables-per-address 4 --trusted-proxy 127.0.0.1");
  const int port = server.port();
  const Guest a = new_guest(port);
  const Guest b = new_guest(port);
  for (int i = 0; i < 3; ++i)
    ASSERT_EQ(http(port, "POST", "/api/tables", PERSON, a.cookie).status, 201);
  ASSERT_EQ(http(port, "POST", "/api/tables", PERSON, b.cookie).status, 201);
  // New guests from the same address do not get around it.
  HttpResult r = http(port, "POST", "/api/tables", PERSON, new_guest(port).cookie);
  EXPECT_EQ(r.status, 409) << r.body;
  if (r.status == 409) {
    EXPECT_EQ(error_code(r), "too_many_tables");
  }
  // Another address (through the trusted proxy) has its own bound.
  EXPECT_EQ(
      http(port, "POST", "/api/tables", PERSON, b.cookie, {}, {{"X-Forwarded-For", "198.51.100.7"}})
          .status,
      201);
}

}  // namespace
}  // namespace ft::test
