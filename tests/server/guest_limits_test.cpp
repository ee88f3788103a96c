// Guests when needed, and bounded (docs/security.md, "Limits"; protocol.md
// 1): pages, assets, unknown endpoints, OPTIONS and reads make no guest;
// an address makes at most a burst of guests and then one now and then;
// the analysis board's limit holds per address, so fresh cookies do not
// buy fresh positions. Through the real server.
#include <gtest/gtest.h>

#include <set>

#include "support/table_helpers.h"
#include "support/test_client.h"

namespace ft::test {
namespace {

namespace json = boost::json;

std::string code_of(const HttpResult& r) {
  return std::string(r.json().at("error").at("code").as_string());
}

TEST(GuestMinting, PagesErrorsAndReadsMakeNoGuest) {
  ServerProcess server(temp_db("guests_lazy"));
  const int port = server.port();
  const std::vector<std::pair<std::string, std::string>> calls = {
      {"GET", "/"},
      {"GET", "/t/abcdefghij"},
      {"GET", "/assets/nothing.js"},
      {"GET", "/api/nope"},
      {"POST", "/api/nope"},
      {"OPTIONS", "/api/me"},
      {"OPTIONS", "/api/tables"},
      {"GET", "/api/lobby"},
      {"GET", "/api/tables/abcdefghij"},
      {"GET", "/api/me/tables"},
      {"GET", "/api/players/p_1"},
      {"GET", "/api/leaderboard/classic"},
      {"GET", "/healthz"},
      {"POST", "/api/account/logout"},
  };
  for (int round = 0; round < 3; ++round) {
    for (const auto& [method, target] : calls) {
      HttpResult r = http(port, method, target);
      EXPECT_EQ(r.set_cookie, "") << method << " " << target << " made a guest";
    }
  }
  // The first guest made is the first player of the store.
  HttpResult me = http(port, "GET", "/api/me");
  ASSERT_EQ(me.status, 200);
  EXPECT_FALSE(me.set_cookie.empty());
  EXPECT_EQ(str(me.json().at("id")), "p_1");
  // Without a cookie, "your games" is empty rather than someone's.
  EXPECT_EQ(http(port, "GET", "/api/me/tables").json().at("tables").as_array().size(), 0u);
}

TEST(GuestMinting, AnAddressMakesABurstOfGuestsThenWaits) {
  // 30 an hour: bursts of 10, then one every two minutes.
  ServerProcess server(temp_db("guests_rate"), "--guest-rate 30 --trusted-proxy 127.0.0.1");
  const int port = server.port();
  std::set<std::string> cookies;
  for (int i = 0; i < 10; ++i) {
    HttpResult r = http(port, "GET", "/api/me");
    ASSERT_EQ(r.status, 200) << i;
    cookies.insert(r.set_cookie);
  }
  EXPECT_EQ(cookies.size(), 10u);
  // The eleventh, by any route that makes guests, waits.
  for (const auto& [method, target, body] :
       std::vector<std::tuple<std::string, std::string, std::string>>{
           {"GET", "/api/me", ""},
           {"POST", "/api/me", R"({"name":"Eleven"})"},
           {"POST", "/api/tables", R"({"game":"four"})"},
           {"POST", "/api/analysis", R"({"game":"four","moves":[]})"}}) {
    HttpResult r = http(port, method, target, body);
    EXPECT_EQ(r.status, 429) << method << " " << target << ": " << r.body;
    if (r.status != 429) continue;
    EXPECT_EQ(code_of(r), "guest_rate_limited");
    EXPECT_EQ(r.set_cookie, "");
    const int retry = std::stoi(r.header("retry-after"));
    EXPECT_GE(retry, 1);
    EXPECT_LE(retry, 120);
  }
  HttpResult ws = ws_handshake(port, "", {});
  EXPECT_EQ(ws.status, 429) << ws.body;
  // Guests already made go on; another address has its own guests.
  EXPECT_EQ(http(port, "GET", "/api/me", {}, *cookies.begin()).status, 200);
  EXPECT_EQ(ws_handshake(port, *cookies.begin(), {}).status, 101);
  HttpResult other = http(port, "GET", "/api/me", {}, {}, {}, {{"X-Forwarded-For", "203.0.113.9"}});
  EXPECT_EQ(other.status, 200);
  EXPECT_FALSE(other.set_cookie.empty());
}

TEST(GuestMinting, FreshCookiesDoNotBuyFreshAnalysisPositions) {
  // A player may ask for 30 positions a minute; an address for 60.
  ServerProcess server(temp_db("guests_board"));
  const int port = server.port();
  const std::string body = R"({"game":"four","moves":["d"]})";
  // Each guest asks for its 30. The first two get them (60 from the
  // address); the third is refused before its 30, whatever the bucket
  // refilled meanwhile (a token a second).
  std::vector<int> answered;
  HttpResult refused;
  for (int guest = 0; guest < 3; ++guest) {
    const Guest g = new_guest(port);
    answered.push_back(0);
    for (int i = 0; i < 30; ++i) {
      HttpResult r = http(port, "POST", "/api/analysis", body, g.cookie);
      if (r.status != 200) {
        refused = r;
        break;
      }
      ++answered.back();
    }
  }
  EXPECT_EQ(answered[0], 30);
  EXPECT_EQ(answered[1], 30);
  EXPECT_LT(answered[2], 30);
  ASSERT_EQ(refused.status, 429) << refused.body;
  EXPECT_EQ(code_of(refused), "rate_limited");
  EXPECT_GE(std::stoi(refused.header("retry-after")), 1);
}

}  // namespace
}  // namespace ft::test
