// Play someone now (protocol.md 2.19): the pairing rule alone (who meets
// whom, in which order, the range widening with the wait, never oneself),
// then through the real server: two guests in one pool are seated at one
// started table; a player's second tab joins the same wait and is never
// paired with the first; another pool while waiting, a cancel, a cancel
// after the pairing, an unknown pool; the range widens on the test clock;
// a wait nobody confirms expires.
#include <gtest/gtest.h>

#include <cmath>
#include <thread>

#include "server/protocol/pools.h"
#include "server/tables/pairing.h"
#include "support/table_helpers.h"
#include "support/test_client.h"

namespace ft::test {
namespace {

namespace json = boost::json;
using server::pair_waiters;
using server::rating_range;
using server::Waiter;
using Pairs = std::vector<std::pair<std::size_t, std::size_t>>;

TEST(PoolPairing, TheRangeWidensEveryFiveSecondsAndOpensAfterThirty) {
  EXPECT_EQ(rating_range(0), 100);
  EXPECT_EQ(rating_range(4999), 100);
  EXPECT_EQ(rating_range(5000), 150);
  EXPECT_EQ(rating_range(12000), 200);
  EXPECT_EQ(rating_range(29999), 350);
  EXPECT_TRUE(std::isinf(rating_range(30000)));
}

TEST(PoolPairing, LongestWaitingFirstWithTheNearestRating) {
  // 0 waited longest: of 1 (80 away) and 2 (30 away) it takes 2; then 1
  // and 3 (60 apart) meet.
  const std::vector<Waiter> w{
      {10, 1500, 1000}, {11, 1580, 2000}, {12, 1530, 3000}, {13, 1640, 3500}};
  EXPECT_EQ(pair_waiters(w, 4000), (Pairs{{0, 2}, {1, 3}}));
  // The same waits in another order make the same pairs.
  const std::vector<Waiter> shuffled{w[3], w[2], w[1], w[0]};
  EXPECT_EQ(pair_waiters(shuffled, 4000), (Pairs{{3, 1}, {2, 0}}));
}

TEST(PoolPairing, FarRatingsMeetOnlyOnceTheLongerWaitersRangeReachesThem) {
  const std::vector<Waiter> w{{1, 1500, 0}, {2, 1720, 9000}};
  EXPECT_EQ(pair_waiters(w, 9000), Pairs{});           // 9 s: ±150
  EXPECT_EQ(pair_waiters(w, 14999), Pairs{});          // ±200
  EXPECT_EQ(pair_waiters(w, 15000), (Pairs{{0, 1}}));  // ±250 (the newcomer's is 150)
  const std::vector<Waiter> far{{1, 1000, 0}, {2, 2400, 29000}};
  EXPECT_EQ(pair_waiters(far, 29999), Pairs{});
  EXPECT_EQ(pair_waiters(far, 30000), (Pairs{{0, 1}}));  // any difference after 30 s
}

TEST(PoolPairing, NeverAPlayerWithThemselfAndAnOddOneWaits) {
  EXPECT_EQ(pair_waiters({{7, 1500, 0}, {7, 1500, 100}}, 60000), Pairs{});
  EXPECT_EQ(pair_waiters({{7, 1500, 0}, {7, 1500, 100}, {8, 1900, 200}}, 60000), (Pairs{{0, 2}}));
  EXPECT_EQ(pair_waiters({{1, 1500, 0}, {2, 1500, 0}, {3, 1500, 0}}, 0), (Pairs{{0, 1}}));
}

TEST(PoolList, EveryPoolIsATwoGameMatchForTwoWithAnIdOfItsOwn) {
  std::set<std::string> ids;
  for (const server::Pool& p : server::pools()) {
    EXPECT_TRUE(ids.insert(p.id).second) << p.id;
    EXPECT_EQ(p.settings.seats, 2) << p.id;
    EXPECT_FALSE(p.settings.single) << p.id;
    EXPECT_EQ(p.settings.computer_level, 0) << p.id;
    EXPECT_EQ(p.id.ends_with("-rated"), p.settings.rated) << p.id;
  }
  ASSERT_NE(server::find_pool("classic-3-2-rated"), nullptr);
  EXPECT_EQ(server::find_pool("classic-3-2-rated")->settings.bank_ms, 180000);
  EXPECT_EQ(server::find_pool("classic-3-2-rated")->settings.increment_ms, 2000);
  EXPECT_EQ(server::find_pool("twicefour-30s-casual")->settings.move_ms, 30000);
  EXPECT_EQ(server::find_pool("classic-4-0-rated"), nullptr);
}

// ---- through the real server -------------------------------------------------

constexpr const char* CLOCK = "--test-clock 1764487000000";
const std::vector<std::pair<std::string, std::string>> JSON_TYPE{
    {"Content-Type", "application/json"}};

// A click on the pool, or with `since` (the wait's) a page's poll of its wait.
HttpResult join_pool(int port, const Guest& g, const std::string& pool, std::int64_t since = -1) {
  const std::string query = since < 0 ? "" : "?since=" + std::to_string(since);
  return http(port, "POST", "/api/pools/" + pool + query, {}, g.cookie);
}

HttpResult leave_pool(int port, const Guest& g, const std::string& pool) {
  return http(port, "DELETE", "/api/pools/" + pool, {}, g.cookie, {}, JSON_TYPE);
}

// Polls as the page does until the wait is paired (at most ~6 s); its table.
std::string poll_paired(int port, const Guest& g, const std::string& pool, std::int64_t since) {
  for (int i = 0; i < 30; ++i) {
    HttpResult r = join_pool(port, g, pool, since);
    EXPECT_EQ(r.status, 200) << r.body;
    if (r.status == 200 && r.json().at("state") == "paired") return str(r.json().at("table"));
    std::this_thread::sleep_for(200ms);
  }
  return {};
}

int waiting_in(int port, const std::string& pool) {
  const json::value answer = http(port, "GET", "/api/pools").json();
  for (const json::value& p : answer.at("pools").as_array())
    if (p.at("id") == pool.c_str()) return static_cast<int>(p.at("waiting").as_int64());
  ADD_FAILURE() << "no pool " << pool;
  return -1;
}

TEST(Pools, TwoGuestsInOnePoolAreSeatedAtOneStartedTable) {
  ServerProcess server(temp_db("pools_pair"), CLOCK);
  const int port = server.port();
  const Guest a = new_guest(port);
  const Guest b = new_guest(port);
  HttpResult first = join_pool(port, a, "classic-3-2-rated");
  ASSERT_EQ(first.status, 200) << first.body;
  EXPECT_EQ(first.json().at("state"), "waiting");
  EXPECT_EQ(first.json().at("range").as_int64(), 100);
  // The pass counts a (at most a second later).
  for (int i = 0; i < 30 && waiting_in(port, "classic-3-2-rated") != 1; ++i)
    std::this_thread::sleep_for(100ms);
  EXPECT_EQ(waiting_in(port, "classic-3-2-rated"), 1);
  HttpResult second = join_pool(port, b, "classic-3-2-rated");
  ASSERT_EQ(second.status, 200);
  const std::int64_t a_since = first.json().at("since").as_int64();
  const std::string table = poll_paired(port, a, "classic-3-2-rated", a_since);
  ASSERT_FALSE(table.empty());
  EXPECT_EQ(poll_paired(port, b, "classic-3-2-rated", second.json().at("since").as_int64()), table);
  // Cancelling now is too late: the answer names the table.
  HttpResult late = leave_pool(port, a, "classic-3-2-rated");
  EXPECT_EQ(late.status, 409);
  EXPECT_EQ(error_code(late), "already_paired");
  EXPECT_EQ(str(late.json().at("table")), table);
  // Another click (no since) after the pairing is a new wait, not the old table.
  HttpResult again = join_pool(port, a, "classic-3-2-rated");
  EXPECT_EQ(again.json().at("state"), "waiting") << again.body;
  EXPECT_EQ(leave_pool(port, a, "classic-3-2-rated").status, 200);
  EXPECT_EQ(error_code(http(port, "POST", "/api/pools/classic-3-2-rated?since=x", {}, a.cookie)),
            "bad_query");

  const json::value summary = http(port, "GET", "/api/tables/" + table).json();
  EXPECT_TRUE(summary.at("settings").at("rated").as_bool());
  EXPECT_EQ(summary.at("settings").at("clock").at("bank_ms").as_int64(), 180000);
  std::set<std::string> seated;
  for (const json::value& s : summary.at("seats").as_array())
    seated.insert(str(s.at("player").at("id")));
  EXPECT_EQ(seated, (std::set<std::string>{a.id, b.id}));
  // Both open it and the match starts.
  Player pa = join(port, a, table);
  Player pb = join(port, b, table);
  EXPECT_EQ(pa.seat + pb.seat, 1);
  pa.ws->expect("event", "game_started");
  EXPECT_EQ(waiting_in(port, "classic-3-2-rated"), 0);
}

TEST(Pools, ASecondTabJoinsTheSameWaitAndIsNeverPairedWithTheFirst) {
  ServerProcess server(temp_db("pools_self"), CLOCK);
  const int port = server.port();
  const Guest a = new_guest(port);
  ASSERT_EQ(join_pool(port, a, "classic-5-5-casual").status, 200);
  // The second tab: the same cookie, the same pool.
  for (int i = 0; i < 12; ++i) {
    HttpResult r = join_pool(port, a, "classic-5-5-casual");
    ASSERT_EQ(r.status, 200);
    EXPECT_EQ(r.json().at("state"), "waiting");
    std::this_thread::sleep_for(250ms);
  }
  EXPECT_EQ(waiting_in(port, "classic-5-5-casual"), 1);
  // Another pool while waiting: refused, naming the wait.
  HttpResult other = join_pool(port, a, "popout-5-5-casual");
  EXPECT_EQ(other.status, 409);
  EXPECT_EQ(error_code(other), "already_waiting");
  // Cancelled, the wait is gone and another pool may be joined.
  HttpResult left = leave_pool(port, a, "classic-5-5-casual");
  ASSERT_EQ(left.status, 200) << left.body;
  EXPECT_EQ(left.json().at("state"), "left");
  EXPECT_TRUE(http(port, "GET", "/api/pools", {}, a.cookie).json().at("wait").is_null());
  EXPECT_EQ(join_pool(port, a, "popout-5-5-casual").status, 200);
  EXPECT_EQ(http(port, "GET", "/api/pools", {}, a.cookie).json().at("wait").at("pool"),
            "popout-5-5-casual");
}

TEST(Pools, TheRangeWidensOnTheClockAndAnUnconfirmedWaitExpires) {
  ServerProcess server(temp_db("pools_clock"), CLOCK);
  const int port = server.port();
  const Guest a = new_guest(port);
  const Guest b = new_guest(port);
  ASSERT_EQ(join_pool(port, a, "small-3-2-rated").json().at("range").as_int64(), 100);
  for (int step = 1; step <= 6; ++step) {
    ASSERT_EQ(http(port, "POST", "/api/test/clock", R"({"advance_ms":5000})").status, 200);
    const json::value w = join_pool(port, a, "small-3-2-rated").json();
    if (step < 6)
      EXPECT_EQ(w.at("range").as_int64(), 100 + 50 * step) << step;
    else
      EXPECT_TRUE(w.at("range").is_null());  // 30 s: any rating
  }
  // Not confirmed for more than 10 s: the wait is gone, and b, who comes
  // now, waits alone.
  ASSERT_EQ(http(port, "POST", "/api/test/clock", R"({"advance_ms":10001})").status, 200);
  EXPECT_TRUE(http(port, "GET", "/api/pools", {}, a.cookie).json().at("wait").is_null());
  ASSERT_EQ(join_pool(port, b, "small-3-2-rated").status, 200);
  std::this_thread::sleep_for(2500ms);  // two passes
  EXPECT_EQ(join_pool(port, b, "small-3-2-rated").json().at("state"), "waiting");
  EXPECT_EQ(waiting_in(port, "small-3-2-rated"), 1);
  // Joining again starts a new wait, with the range of a newcomer.
  EXPECT_EQ(join_pool(port, a, "small-3-2-rated").json().at("range").as_int64(), 100);
}

TEST(Pools, RefusalsHaveTheirCodes) {
  ServerProcess server(temp_db("pools_refusals"), CLOCK);
  const int port = server.port();
  const Guest a = new_guest(port);
  HttpResult unknown = join_pool(port, a, "classic-1-0-rated");
  EXPECT_EQ(unknown.status, 404);
  EXPECT_EQ(error_code(unknown), "unknown_pool");
  // Another site's page may not make a browser wait.
  HttpResult forged =
      http(port, "POST", "/api/pools/classic-3-2-rated", {}, a.cookie, "https://evil.example");
  EXPECT_EQ(forged.status, 403);
  EXPECT_EQ(error_code(forged), "cross_site");
  EXPECT_EQ(http(port, "PUT", "/api/pools/classic-3-2-rated", {}, a.cookie).status, 405);
  // Polling faster than twice a second beyond a burst of 20 is refused.
  int limited = 0;
  for (int i = 0; i < 40; ++i) {
    HttpResult r = join_pool(port, a, "classic-3-2-rated");
    if (r.status == 429) {
      ++limited;
      EXPECT_EQ(error_code(r), "rate_limited");
      EXPECT_FALSE(r.header("retry-after").empty());
    }
  }
  EXPECT_GT(limited, 0);
  // A cancel without a wait is no error; without a guest it makes none.
  EXPECT_EQ(leave_pool(port, new_guest(port), "classic-3-2-rated").status, 200);
  HttpResult nobody = http(port, "DELETE", "/api/pools/classic-3-2-rated", {}, {}, {}, JSON_TYPE);
  EXPECT_EQ(nobody.status, 200);
  EXPECT_TRUE(nobody.set_cookie.empty());
}

}  // namespace
}  // namespace ft::test
