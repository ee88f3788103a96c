// The smaller promises of docs/protocol.md that the server used to break,
// each checked through the real server.
#include <gtest/gtest.h>

#include "support/table_helpers.h"
#include "support/test_client.h"

namespace ft::test {
namespace {

namespace json = boost::json;

// protocol.md 2: a body that is not JSON is `bad_json` (it was `bad_settings`).
TEST(ProtocolEdges, CreateTableWithoutJsonIsBadJson) {
  ServerProcess server(temp_db("badjson"));
  Guest a = new_guest(server.port());
  for (const std::string body : {"not json", "[1,2]", "{\"game\":"}) {
    HttpResult r = http(server.port(), "POST", "/api/tables", body, a.cookie);
    EXPECT_EQ(r.status, 400) << body;
    EXPECT_EQ(str(r.json().at("error").at("code")), "bad_json") << body;
  }
  HttpResult settings = http(server.port(), "POST", "/api/tables", R"({"game":"chess"})", a.cookie);
  EXPECT_EQ(str(settings.json().at("error").at("code")), "bad_settings");
}

// protocol.md 2.2: a live table shows a new name on its next `state`.
TEST(ProtocolEdges, RenameShowsOnTheNextState) {
  ServerProcess server(temp_db("rename"));
  const int port = server.port();
  Guest a = new_guest(port);
  Guest b = new_guest(port);
  const std::string table = create_table(port, a, R"({"game":"four"})");
  Player pa = join(port, a, table);
  Player pb = join(port, b, table);
  ASSERT_EQ(http(port, "POST", "/api/me", R"({"name":"Ada Renamed"})", a.cookie).status, 200);
  Player again = join(port, b, table);
  EXPECT_EQ(str(again.state.at("table").at("seats").at(0).at("player").at("name")), "Ada Renamed");
}

// protocol.md 3: the socket lives at /ws; the origin's scheme counts.
TEST(ProtocolEdges, WebSocketOnlyAtItsPathAndFromItsOwnScheme) {
  ServerProcess server(temp_db("wspath"));
  const int port = server.port();
  const std::string cookie = new_guest(port).cookie;
  const std::string self = "127.0.0.1:" + std::to_string(port);
  EXPECT_EQ(ws_handshake(port, cookie, {}, "/elsewhere").status, 404);
  EXPECT_EQ(ws_handshake(port, cookie, {}, "/api/ws").status, 404);
  EXPECT_EQ(ws_handshake(port, cookie, {}, "/ws?since=3").status, 101);
  EXPECT_EQ(ws_handshake(port, cookie, "http://" + self).status, 101);
  // Served as http: a page claiming https is another origin, and back.
  EXPECT_EQ(ws_handshake(port, cookie, "https://" + self).status, 403);
  EXPECT_EQ(ws_handshake(port, cookie, "https://" + self, "/ws", "https").status, 101);
  EXPECT_EQ(ws_handshake(port, cookie, "http://" + self, "/ws", "https").status, 403);
}

// protocol.md 5.7: a `rate_limited` answer to a move carries the move's id.
TEST(ProtocolEdges, RateLimitedMoveKeepsItsId) {
  ServerProcess server(temp_db("ratelimit"));
  const int port = server.port();
  Guest a = new_guest(port);
  WsClient ws(port, a.cookie);
  ws.expect("welcome");
  for (int i = 0; i < 80; ++i)
    ws.send(json::object{{"type", "move"}, {"id", "r" + std::to_string(i)}, {"move", "d"}});
  int limited = 0;
  for (int i = 0; i < 80; ++i) {
    json::object e = ws.expect("error");
    if (str(e.at("code")) != "rate_limited") continue;
    ++limited;
    ASSERT_TRUE(e.contains("id")) << json::serialize(e);
    EXPECT_EQ(str(e.at("id")).substr(0, 1), "r");
  }
  EXPECT_GT(limited, 0);
}

// protocol.md 5.6: the table is told when a claim becomes possible, with no
// other event to carry it (before, nothing was sent at that moment).
TEST(ProtocolEdges, PresenceWhenAClaimBecomesPossible) {
  ServerProcess server(temp_db("claimpresence"), "--test-clock 1764487000000");
  const int port = server.port();
  Guest a = new_guest(port);
  Guest b = new_guest(port);
  const std::string table = create_table(port, a, R"({"game":"four"})");
  Player pa = join(port, a, table);
  std::int64_t claim_at = 0;
  {
    Player pb = join(port, b, table);
    pa.ws->expect("event", "game_started");
    int counter = 0;
    play({&pa, &pb}, 0, {"d"}, counter);
    pb.ws->close();  // seat 1 is to move and gone
    json::object gone = pa.ws->recv_until([](const json::object& f) {
      return f.at("type") == "presence" && !f.at("connected").at(1).as_bool();
    });
    EXPECT_FALSE(gone.at("claimable").as_bool());
    claim_at = gone.at("claim_at").as_int64();
  }
  HttpResult moved = http(port, "POST", "/api/test/clock", R"({"advance_ms":31000})");
  ASSERT_EQ(moved.status, 200) << moved.body;
  json::object told =
      pa.ws->recv_until([](const json::object& f) { return f.at("type") == "presence"; }, 5000ms);
  EXPECT_TRUE(told.at("claimable").as_bool()) << json::serialize(told);
  EXPECT_EQ(told.at("claim_at").as_int64(), claim_at);
  pa.ws->send(R"({"type":"claim"})");
  json::object over = pa.ws->expect("event", "match_over");
  EXPECT_EQ(str(over.at("event").at("reason")), "claim");
}

}  // namespace
}  // namespace ft::test
