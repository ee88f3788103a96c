// Every bad input gets its own error frame, and the
// connection and the table go on (docs/protocol.md 5.7).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include "support/test_client.h"

namespace ft::test {
namespace {

namespace json = boost::json;

std::string read_file(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::string code_of(const json::object& f) {
  return std::string(f.at("code").as_string());
}

// The socket still answers: a ping gets its pong.
void still_alive(WsClient& ws, std::int64_t t) {
  ws.send(json::object{{"type", "ping"}, {"t", t}});
  json::object pong = ws.expect("pong");
  EXPECT_EQ(pong.at("t").as_int64(), t);
}

TEST(Abuse, EveryBadFrameGetsItsErrorAndTheTableGoesOn) {
  ServerProcess server(temp_db("abuse"));
  const int port = server.port();
  HttpResult me_a = http(port, "GET", "/api/me");
  HttpResult me_b = http(port, "GET", "/api/me");
  const std::string a = me_a.set_cookie;
  const std::string b = me_b.set_cookie;
  HttpResult created = http(port, "POST", "/api/tables", R"({"game":"four"})", a);
  const std::string table(created.json().at("id").as_string());

  WsClient wa(port, a);
  wa.expect("welcome");
  // Table messages before hello.
  wa.send(R"({"type":"move","id":"m1","move":"d"})");
  json::object e = wa.expect("error");
  EXPECT_EQ(code_of(e), "not_joined");
  EXPECT_EQ(std::string(e.at("id").as_string()), "m1");
  wa.send(R"({"type":"ready"})");
  EXPECT_EQ(code_of(wa.expect("error")), "not_joined");
  // A wrong table id.
  wa.send(R"({"type":"hello","table":"nosuchtabl","since":0})");
  EXPECT_EQ(code_of(wa.expect("error")), "no_such_table");
  // Every golden bad frame (malformed JSON, unknown type, bad fields, too large).
  const std::filesystem::path bad = std::filesystem::path(FT_GOLDEN_DIR) / "bad";
  const auto expected = json::parse(read_file(bad / "expected.json")).as_object();
  for (const auto& [name, code] : expected) {
    wa.send(read_file(bad / std::string(name)));
    json::object err = wa.expect("error");
    EXPECT_EQ(code_of(err), std::string(code.as_string())) << name;
  }
  still_alive(wa, 1);

  // Now the real table: join, start, and abuse it while it plays.
  wa.send(json::object{{"type", "hello"}, {"table", table}, {"since", 0}});
  wa.expect("state");
  WsClient wb(port, b);
  wb.expect("welcome");
  wb.send(json::object{{"type", "hello"}, {"table", table}, {"since", 0}});
  wb.expect("state");
  json::object started = wa.expect("event", "game_started");
  const std::int64_t version = started.at("version").as_int64();
  // Out of turn.
  wb.send(R"({"type":"move","id":"b1","move":"d"})");
  EXPECT_EQ(code_of(wb.expect("error")), "not_your_turn");
  // Not a legal move (no column z), and an unknown notation.
  wa.send(R"({"type":"move","id":"a1","move":"z"})");
  json::object illegal = wa.expect("error");
  EXPECT_EQ(code_of(illegal), "illegal_move");
  EXPECT_EQ(std::string(illegal.at("id").as_string()), "a1");
  wa.send(R"({"type":"move","id":"a2","move":"d^"})");
  EXPECT_EQ(code_of(wa.expect("error")), "illegal_move");
  // A stale version.
  wa.send(json::object{{"type", "move"}, {"id", "a3"}, {"move", "d"}, {"version", version - 1}});
  json::object stale = wa.expect("error");
  EXPECT_EQ(code_of(stale), "stale_version");
  EXPECT_EQ(stale.at("version").as_int64(), version);
  // Ready while a game runs.
  wa.send(R"({"type":"ready"})");
  EXPECT_EQ(code_of(wa.expect("error")), "not_now");
  // A claim with nobody gone.
  wb.send(R"({"type":"claim"})");
  EXPECT_EQ(code_of(wb.expect("error")), "not_now");
  // The table goes on: the right move at the right version is acknowledged.
  wa.send(json::object{{"type", "move"}, {"id", "a4"}, {"move", "d"}, {"version", version}});
  json::object ack = wa.expect("ack");
  EXPECT_EQ(ack.at("version").as_int64(), version + 1);
  EXPECT_EQ(std::string(wb.expect("event", "moved").at("event").at("move").as_string()), "d");
  // The same id again (a resend after a reconnect) is acknowledged, not replayed.
  wa.send(json::object{{"type", "move"}, {"id", "a4"}, {"move", "d"}});
  EXPECT_EQ(wa.expect("ack").at("version").as_int64(), version + 1);
  still_alive(wb, 2);

  // Rate limit: a burst far over 40 frames gets rate_limited, then it recovers.
  for (int i = 0; i < 80; ++i) wb.send(json::object{{"type", "ping"}, {"t", 1000 + i}});
  int limited = 0;
  int pongs = 0;
  while (limited + pongs < 80) {
    json::object f = wb.recv();
    if (f.at("type") == "error" && code_of(f) == "rate_limited") ++limited;
    if (f.at("type") == "pong") ++pongs;
  }
  EXPECT_GT(limited, 0);
  EXPECT_GE(pongs, 20);
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  still_alive(wb, 3);

  // A browser from another origin may not open a socket.
  HttpResult refused = ws_handshake(port, a, "http://evil.example");
  EXPECT_EQ(refused.status, 403);
  EXPECT_NE(refused.body.find("origin_refused"), std::string::npos);
  EXPECT_EQ(ws_handshake(port, a, "http://127.0.0.1:" + std::to_string(port)).status, 101);

  // /metrics counted the errors by code.
  const std::string metrics = http(port, "GET", "/metrics").body;
  EXPECT_NE(metrics.find("ft_errors_total{code=\"illegal_move\"} 2"), std::string::npos) << metrics;
}

// docs/protocol.md 2: API calls and WebSocket opens are limited per client
// address (a token bucket); over the limit: 429 rate_limited in JSON, and the
// bucket refills with time. /healthz is not limited.
TEST(Abuse, HttpApiIsRateLimitedPerAddress) {
  ServerProcess server(temp_db("http_rate"), "--http-rate 2");  // bursts of 6
  const int port = server.port();
  const std::string cookie = http(port, "GET", "/api/me").set_cookie;
  int ok = 1;
  int limited = 0;
  HttpResult last;
  for (int i = 0; i < 12; ++i) {
    HttpResult r = http(port, "GET", "/api/me", {}, cookie);
    if (r.status == 200) ++ok;
    if (r.status == 429) {
      ++limited;
      last = r;
    }
  }
  EXPECT_LE(ok, 7);  // the burst, and at most a token refilled meanwhile
  EXPECT_GE(limited, 5);
  ASSERT_EQ(last.status, 429);
  EXPECT_EQ(std::string(last.json().at("error").at("code").as_string()), "rate_limited");
  // A WebSocket open counts too; /healthz does not.
  EXPECT_EQ(ws_handshake(port, cookie, {}).status, 429);
  EXPECT_EQ(http(port, "GET", "/healthz").status, 200);
  std::this_thread::sleep_for(std::chrono::milliseconds(1100));
  EXPECT_EQ(http(port, "GET", "/api/me", {}, cookie).status, 200);
}

}  // namespace
}  // namespace ft::test
