// Restarts charge nobody, drop no table and forget no move id
// (docs/protocol.md 4.2, 6): through the real server, killed with SIGKILL.
#include <gtest/gtest.h>

#include <thread>

#include "store/store.h"
#include "support/table_helpers.h"
#include "support/test_client.h"

namespace ft::test {
namespace {

namespace json = boost::json;

std::vector<std::int64_t> clocks_of(const json::object& frame_with_clocks) {
  std::vector<std::int64_t> out;
  for (const auto& v : frame_with_clocks.at("clocks").at("remaining_ms").as_array())
    out.push_back(v.as_int64());
  return out;
}

struct GuestsAtATable {
  Guest a, b;
  std::string table;
};

// Two guests and a four-in-a-row table created by the first, with a Fischer
// bank of `bank_ms` and no increment, so the clocks read exactly.
GuestsAtATable two_guests_at_a_table(int port, std::int64_t bank_ms) {
  GuestsAtATable t{new_guest(port), new_guest(port), ""};
  t.table = create_table(port, t.a,
                         R"({"game":"four","clock":{"kind":"fischer","bank_ms":)" +
                             std::to_string(bank_ms) + R"(,"increment_ms":0}})");
  return t;
}

json::object fresh_state(int port, const Guest& g, const std::string& table) {
  WsClient probe(port, g.cookie);
  probe.expect("welcome");
  probe.send(json::object{{"type", "hello"}, {"table", table}, {"since", 0}, {"watch", true}});
  return probe.expect("state");
}

// Before: a restored table replayed its moves with the wall-clock gaps
// between them, so an outage was billed to the next mover at the next
// restart. Now each move is replayed with the turn length stored with it,
// and after a restart the clock of the seat to move stands for a grace.
TEST(Restart, OutagesChargeNobodyAcrossTwoRestarts) {
  const std::string db = temp_db("clocks");
  auto server = std::make_unique<ServerProcess>(db);
  auto [a, b, table] = two_guests_at_a_table(server->port(), 60000);
  std::vector<std::int64_t> before;
  {
    Player pa = join(server->port(), a, table);
    Player pb = join(server->port(), b, table);
    pa.ws->expect("event", "game_started");
    int counter = 0;
    before = clocks_of(play({&pa, &pb}, 0, {"d", "d"}, counter).at("event").as_object());
    server->kill9();
  }
  std::this_thread::sleep_for(2000ms);  // the first outage
  server = std::make_unique<ServerProcess>(db);
  std::vector<std::int64_t> after_move;
  {
    json::object state = fresh_state(server->port(), b, table);
    const auto restored = clocks_of(state);
    EXPECT_NEAR(restored[0], before[0], 300) << "seat 0 was to move: its clock stands";
    EXPECT_EQ(restored[1], before[1]);
    Player pa = join(server->port(), a, table);
    Player pb = join(server->port(), b, table);
    int counter = 10;
    // Within the restart grace: the move costs seat 0 nothing.
    after_move = clocks_of(play({&pa, &pb}, 0, {"c"}, counter).at("event").as_object());
    EXPECT_NEAR(after_move[0], before[0], 300);
    server->kill9();
  }
  std::this_thread::sleep_for(2000ms);  // the second outage
  server = std::make_unique<ServerProcess>(db);
  json::object state = fresh_state(server->port(), b, table);
  EXPECT_EQ(state.at("game").at("moves").as_array().size(), 3u);
  const auto restored = clocks_of(state);
  // Before the fix seat 0 lost the first outage here (its move after the
  // first restart was replayed with the 2 s gap).
  EXPECT_EQ(restored[0], after_move[0]);
  EXPECT_NEAR(restored[1], after_move[1], 300);
}

// A table whose second player sat down while its creator had not opened it
// yet: after a restart the match still waits for the creator (before, the
// restored seats counted as opened, and the first hello started the match
// with the creator's clock running in their absence).
TEST(Restart, ATableNotStartedStillWaitsForEveryPlayerAfterARestart) {
  const std::string db = temp_db("unstarted");
  auto server = std::make_unique<ServerProcess>(db);
  auto [a, b, table] = two_guests_at_a_table(server->port(), 60000);
  {
    Player pb = join(server->port(), b, table);
    EXPECT_EQ(pb.seat, 1);
    EXPECT_EQ(str(fresh_state(server->port(), b, table).at("table").at("status")), "waiting");
    server->kill9();
  }
  server = std::make_unique<ServerProcess>(db);
  Player pb = join(server->port(), b, table);
  EXPECT_EQ(pb.seat, 1);
  EXPECT_TRUE(pb.state.at("game").is_null()) << json::serialize(pb.state);
  json::object seen = fresh_state(server->port(), b, table);
  EXPECT_EQ(str(seen.at("table").at("status")), "waiting") << json::serialize(seen);
  // The creator opens it: now the match starts, for both.
  Player pa = join(server->port(), a, table);
  EXPECT_EQ(pa.seat, 0);
  EXPECT_EQ(str(pa.state.at("table").at("status")), "playing") << json::serialize(pa.state);
  pb.ws->expect("event", "game_started");
}

// Before: with a 10 s bank and an 11 s outage, the move played after the
// first restart was replayed at the second one as if its mover had thought
// through the outage: its flag fell on replay, the move was refused ("the
// match is over") and the table was not restored at all (404).
TEST(Restart, ALongOutageNeverDropsATable) {
  const std::string db = temp_db("vanish");
  auto server = std::make_unique<ServerProcess>(db);
  auto [a, b, table] = two_guests_at_a_table(server->port(), 10000);
  {
    Player pa = join(server->port(), a, table);
    Player pb = join(server->port(), b, table);
    pa.ws->expect("event", "game_started");
    int counter = 0;
    play({&pa, &pb}, 0, {"d", "d"}, counter);
    server->kill9();
  }
  std::this_thread::sleep_for(11000ms);  // longer than the whole bank
  server = std::make_unique<ServerProcess>(db);
  {
    Player pa = join(server->port(), a, table);
    Player pb = join(server->port(), b, table);
    int counter = 10;
    play({&pa, &pb}, 0, {"c"}, counter);
    server->kill9();
  }
  std::this_thread::sleep_for(500ms);
  server = std::make_unique<ServerProcess>(db);
  HttpResult summary = http(server->port(), "GET", "/api/tables/" + table);
  ASSERT_EQ(summary.status, 200) << summary.body;
  EXPECT_EQ(str(summary.json().at("status")), "playing");
  json::object state = fresh_state(server->port(), b, table);
  EXPECT_EQ(state.at("game").at("moves").as_array().size(), 3u);
  EXPECT_EQ(state.at("game").at("to_move").at("seat").as_int64(), 1);
}

// protocol.md 4.2: a move id the server stored is acknowledged again when
// resent after a restart. Before: `not_your_turn`.
TEST(Restart, ResentMoveIdGetsTheSameAck) {
  const std::string db = temp_db("resend");
  auto server = std::make_unique<ServerProcess>(db);
  Guest a = new_guest(server->port());
  Guest b = new_guest(server->port());
  const std::string table = create_table(server->port(), a, R"({"game":"four"})");
  std::int64_t acked = 0;
  {
    Player pa = join(server->port(), a, table);
    Player pb = join(server->port(), b, table);
    pa.ws->expect("event", "game_started");
    int counter = 0;
    play({&pa, &pb}, 0, {"d"}, counter);  // id m1
    pb.ws->send(json::object{{"type", "move"}, {"id", "b-move"}, {"move", "c"}});
    json::object ack = pb.ws->expect("ack");
    acked = ack.at("version").as_int64();
    server->kill9();
  }
  server = std::make_unique<ServerProcess>(db);
  Player pb = join(server->port(), b, table);
  pb.ws->send(json::object{{"type", "move"}, {"id", "b-move"}, {"move", "c"}});
  json::object again = pb.ws->recv_until(
      [](const json::object& f) { return f.at("type") == "ack" || f.at("type") == "error"; });
  EXPECT_EQ(str(again.at("type")), "ack") << json::serialize(again);
  EXPECT_EQ(str(again.at("id")), "b-move");
  EXPECT_EQ(again.at("version").as_int64(), acked);
  Player pa = join(server->port(), a, table);
  pa.ws->send(json::object{{"type", "move"}, {"id", "m1"}, {"move", "d"}});
  json::object first = pa.ws->recv_until(
      [](const json::object& f) { return f.at("type") == "ack" || f.at("type") == "error"; });
  EXPECT_EQ(str(first.at("type")), "ack") << json::serialize(first);
  EXPECT_EQ(fresh_state(server->port(), a, table).at("game").at("moves").as_array().size(), 2u);
}

// A stored match that cannot be replayed (here: a move row the rules
// refuse) is kept and shown read-only, with the reason in /healthz and
// /metrics; before, the table was dropped and answered 404.
TEST(Restart, AMatchThatDoesNotReplayIsServedReadOnly) {
  const std::string db = temp_db("readonly");
  auto server = std::make_unique<ServerProcess>(db);
  Guest a = new_guest(server->port());
  Guest b = new_guest(server->port());
  const std::string table = create_table(server->port(), a, R"({"game":"four"})");
  {
    Player pa = join(server->port(), a, table);
    Player pb = join(server->port(), b, table);
    pa.ws->expect("event", "game_started");
    int counter = 0;
    play({&pa, &pb}, 0, {"d", "d"}, counter);
  }
  ASSERT_EQ(server->terminate(), 0);
  {
    auto store = store::open_store("sqlite:" + db);
    const auto matches = store->matches_of_table(table);
    ASSERT_EQ(matches.size(), 1u);
    store::MoveWrite w;
    w.move.match_id = matches[0].id;
    w.move.game_number = 1;
    w.move.ply = 3;
    w.move.move = "z";  // no such column on a 7x6 board
    w.move.seat = 0;
    w.move.server_ms = 1;
    store->append_move(w);
  }
  server = std::make_unique<ServerProcess>(db);
  const int port = server->port();
  HttpResult health = http(port, "GET", "/healthz");
  const json::value health_body = health.json();
  const auto& read_only = health_body.at("read_only_tables").as_array();
  ASSERT_EQ(read_only.size(), 1u) << health.body;
  EXPECT_EQ(str(read_only[0].at("table")), table);
  EXPECT_NE(str(read_only[0].at("reason")).find("'z'"), std::string::npos) << health.body;
  EXPECT_NE(http(port, "GET", "/metrics").body.find("ft_tables_read_only 1"), std::string::npos);
  HttpResult summary = http(port, "GET", "/api/tables/" + table);
  ASSERT_EQ(summary.status, 200) << summary.body;
  EXPECT_TRUE(summary.json().as_object().contains("read_only"));
  Player pa = join(port, a, table);
  EXPECT_EQ(pa.state.at("game").at("moves").as_array().size(), 2u);
  pa.ws->send(json::object{{"type", "move"}, {"id", "x1"}, {"move", "c"}});
  json::object refused = pa.ws->expect("error");
  EXPECT_EQ(str(refused.at("code")), "table_unavailable");
  EXPECT_EQ(str(refused.at("id")), "x1");
  EXPECT_EQ(http(port, "GET", "/healthz").status, 200) << "the node itself is well";
}

}  // namespace
}  // namespace ft::test
