// One node of several (serve --node, docs/operations.md "Several nodes"),
// through the real server on SQLite with the in-process bus or Redis: what
// an HTTP request for a table that another node holds gets, and what a
// spectator on a node that does not run the table sees.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <thread>

#include "server/cluster/table_feed.h"
#include "store/event_bus.h"
#include "store/store.h"
#include "support/table_helpers.h"
#include "support/test_client.h"
#include "support/test_redis.h"

namespace ft::test {
namespace {

std::int64_t wall_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

// docs/operations.md, "An HTTP request takes no table". Before: a GET of a
// table another node held waited 3 s for a hand-over (the players' sockets on
// the owner closed), then answered 503. A read takes no table: it is answered
// from the store, at once, and the lease stays with its holder (here a node
// that never answers).
TEST(ClusterNode, AGetOfATableHeldElsewhereLeavesItThere) {
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
  const auto asked = std::chrono::steady_clock::now();
  HttpResult read = http(node.port(), "GET", "/api/tables/" + table, {}, b.cookie);
  const auto took = std::chrono::steady_clock::now() - asked;
  ASSERT_EQ(read.status, 200) << read.body;
  EXPECT_EQ(read.json().at("id").as_string(), table);
  EXPECT_EQ(read.json().at("status").as_string(), "waiting");
  EXPECT_LT(took, 2s) << "waited for a hand-over";
  EXPECT_EQ(store->table_owner(table, wall_ms()), std::optional<std::string>("elsewhere"));
  EXPECT_EQ(http(node.port(), "GET", "/api/tables/nosuchtable", {}, b.cookie).status, 404);
}

HttpResult login(int port, const std::string& name, const std::string& password) {
  return http(port, "POST", "/api/account/login",
              boost::json::serialize(boost::json::object{{"name", name}, {"password", password}}));
}

// Before: each node counted failed logins in its memory, so behind nginx
// (which sends a login to any node) a name got five guesses a node, and a
// restart gave five more. Two nodes on one store: three failures on one and
// two on the other close the name on both, and on a node started afresh.
TEST(ClusterNode, FailedLoginsCountOnEveryNode) {
  const std::string db = temp_db("login_failures");
  ServerProcess one(db, "--node one --bus local");
  ServerProcess two(db, "--node two --bus local");
  const Guest ann = new_guest(one.port());
  ASSERT_EQ(http(one.port(), "POST", "/api/account/password",
                 R"({"password":"correct horse","name":"Ann"})", ann.cookie)
                .status,
            200);
  for (int i = 0; i < 3; ++i) EXPECT_EQ(login(one.port(), "Ann", "guess").status, 401) << i;
  for (int i = 0; i < 2; ++i) EXPECT_EQ(login(two.port(), "Ann", "guess").status, 401) << i;
  for (int port : {one.port(), two.port()}) {
    const HttpResult refused = login(port, "Ann", "correct horse");
    EXPECT_EQ(refused.status, 429) << refused.body;
    EXPECT_EQ(refused.json().at("error").at("code").as_string(), "login_rate_limited");
  }
  ServerProcess three(db, "--node three --bus local");
  EXPECT_EQ(login(three.port(), "Ann", "correct horse").status, 429);
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

std::vector<std::string> lobby_ids(int port, const std::string& list) {
  HttpResult r = http(port, "GET", "/api/lobby");
  EXPECT_EQ(r.status, 200) << r.body;
  std::vector<std::string> ids;
  if (r.status != 200) return ids;
  const boost::json::value body = r.json();
  for (const auto& t : body.at(list).as_array()) ids.emplace_back(t.at("id").as_string());
  return ids;
}

// Before: a node knew the other nodes' tables only from their parts on
// Redis, so a node without them (Redis away for more than 5 s, or just
// started) listed only its own. Now it lists what the store has. Two nodes
// on one store whose buses are apart (as if Redis were away): node two,
// started after node one made an open table and a running match, lists
// both, with the match's board, and takes neither.
TEST(ClusterNode, TheLobbyComesFromTheStoreWithoutTheBus) {
  const std::string db = temp_db("lobby_from_store");
  ServerProcess one(db, "--node one --bus local");
  const Guest ann = new_guest(one.port());
  const std::string open = create_table(one.port(), ann, R"({"game":"four"})");
  Duel d = duel(one.port(), R"({"game":"four"})");

  ServerProcess two(db, "--node two --bus local");
  EXPECT_EQ(lobby_ids(two.port(), "open"), std::vector<std::string>{open});
  EXPECT_EQ(lobby_ids(two.port(), "live"), std::vector<std::string>{d.table});
  HttpResult r = http(two.port(), "GET", "/api/lobby");
  const boost::json::value body = r.json();
  EXPECT_TRUE(body.at("live").as_array().at(0).as_object().at("board").is_array()) << r.body;
  auto store = store::open_store("sqlite:" + db);
  EXPECT_EQ(store->table_owner(open, wall_ms()), std::optional<std::string>("one"));
  EXPECT_EQ(store->table_owner(d.table, wall_ms()), std::optional<std::string>("one"));
}

// docs/operations.md, "Spectators". Before: a spectator's hello on a node that
// did not run the table took the table over (a hand-over from its living
// owner). Now node two serves the spectator from the owner's frames on Redis: a
// state first, then every event in version order, and the table stays on node
// one. A lost message (a version that skips) gets a new state.
TEST(ClusterNode, ASpectatorOnAnotherNodeSeesEveryEventInOrder) {
  const std::string db = temp_db("spectator_elsewhere");
  TestRedis redis;
  const std::string nodes = " --bus " + redis.url() + " --lease-ms 600000";
  ServerProcess one(db, "--node one" + nodes);
  ServerProcess two(db, "--node two" + nodes);
  Duel d = duel(one.port(), R"({"game":"four"})");
  const Guest carol = new_guest(two.port());

  // The seats are full: Carol's plain hello only watches.
  Player spec = join(two.port(), carol, d.table);
  EXPECT_EQ(spec.seat, -1);
  EXPECT_EQ(spec.version, d.pb.version);
  auto store = store::open_store("sqlite:" + db);
  EXPECT_EQ(store->table_owner(d.table, wall_ms()), std::optional<std::string>("one"));

  int counter = 0;
  const int to_move = to_move_of(d.pb.state);
  const std::int64_t before = spec.version;
  const boost::json::object last = play({&d.pa, &d.pb, &spec}, to_move, {"d", "d", "c"}, counter);
  EXPECT_EQ(spec.version, before + 3);
  EXPECT_EQ(spec.version, d.pa.version);

  // Node two misses messages: a copy of an old event (dropped) and one
  // whose version skips two (the events between are lost to it). Sent
  // straight on the table's channel, as Redis would deliver them.
  auto bus = store::open_event_bus(redis.url());
  const std::string chan = server::TableFeed::channel(d.table);
  auto forged = [](std::int64_t version) {
    return boost::json::serialize(
        boost::json::object{{"type", "event"},
                            {"version", version},
                            {"server_time", 0},
                            {"event", boost::json::object{{"kind", "moved"}, {"move", "z9"}}}});
  };
  bus->publish(chan, forged(spec.version));
  bus->publish(chan, forged(spec.version + 3));
  // The next frame Carol gets is a new state at the owner's version, and
  // nothing of the forged events.
  boost::json::object state =
      spec.ws->recv_until([](const boost::json::object& f) { return f.at("type") != "presence"; });
  ASSERT_EQ(str(state.at("type")), "state") << boost::json::serialize(state);
  EXPECT_EQ(state.at("version").as_int64(), d.pa.version);
  EXPECT_TRUE(state.at("you").as_object().at("seat").is_null());

  // And the events go on from there.
  const int next = to_move_of(last.at("event").as_object());
  play({&d.pa, &d.pb, &spec}, next, {"e"}, counter);
  EXPECT_EQ(spec.version, d.pa.version);

  // Node two's listening connection drops: what was published meanwhile is
  // lost, and if it was the table's last frame no version skip would ever
  // show it. So the spectator gets a new state without any move.
  redis.kill_listeners();
  boost::json::object again =
      spec.ws->recv_until([](const boost::json::object& f) { return f.at("type") != "presence"; });
  ASSERT_EQ(str(again.at("type")), "state") << boost::json::serialize(again);
  EXPECT_EQ(again.at("version").as_int64(), d.pa.version);
  EXPECT_EQ(store->table_owner(d.table, wall_ms()), std::optional<std::string>("one"));
}

// The first frame of `p` that satisfies `pred`, up to 8 s.
boost::json::object next_frame(Player& p,
                               const std::function<bool(const boost::json::object&)>& pred) {
  return p.ws->recv_until(pred, 8000ms);
}

bool presence_of(const boost::json::object& f, std::int64_t spectators) {
  return f.at("type") == "presence" && f.at("spectators").as_int64() == spectators;
}

// Whether `p` learns that `n` watch: from the state it got on coming in, or
// from a presence frame after it. The count changes when the owner hears of
// a remote spectator (with the lobby parts, every second); a presence frame
// sent before that spectator's node has its state is not forwarded to it,
// and the state then carries the count already.
bool learns_spectators(Player& p, std::int64_t n) {
  const auto* presence = p.state.if_contains("presence");
  if (presence != nullptr && presence->as_object().at("spectators").as_int64() == n) return true;
  return presence_of(next_frame(p, [n](const auto& f) { return presence_of(f, n); }), n);
}

// The spectators count of `table` as node `port` answers it, once it is
// `want` (up to 8 s: the counts travel with the lobby parts, every second).
std::int64_t spectators_at(int port, const std::string& table, std::int64_t want) {
  std::int64_t n = -1;
  for (int i = 0; i < 80 && n != want; ++i) {
    if (i > 0) std::this_thread::sleep_for(100ms);
    HttpResult r = http(port, "GET", "/api/tables/" + table);
    if (r.status != 200) return -1;
    n = r.json().at("spectators").as_int64();
  }
  return n;
}

// docs/operations.md, "Spectator counts". Before: the owner counted only its
// own spectators, and a rematch offer reached only the sockets of the owner.
// Now every node's spectators are counted (each node's lobby part says how many
// it serves for the other nodes' tables), the count reaches every spectator in
// a presence frame, and the rematch offer reaches the spectators on other nodes
// too, also one that comes after the offer. A GET on node two leaves the table
// on node one, where its players go on.
TEST(ClusterNode, SpectatorsOfEveryNodeAreCountedAndGetTheRematchOffer) {
  TwoNodes n("spectators_counted");
  const std::string& db = n.db;
  ServerProcess& one = n.one;
  ServerProcess& two = n.two;
  Duel d = duel(one.port(), R"({"game":"four","rated":false})");
  Player here = join(one.port(), new_guest(one.port()), d.table, true);
  Player there = join(two.port(), new_guest(two.port()), d.table, true);
  ASSERT_EQ(there.seat, -1);

  // One on each node: both see two, and so does a GET on either node.
  EXPECT_TRUE(learns_spectators(here, 2));
  EXPECT_TRUE(learns_spectators(there, 2));
  EXPECT_EQ(spectators_at(one.port(), d.table, 2), 2);
  EXPECT_EQ(spectators_at(two.port(), d.table, 2), 2);
  auto store = store::open_store("sqlite:" + db);
  EXPECT_EQ(store->table_owner(d.table, wall_ms()), std::optional<std::string>("one"));
  int counter = 0;
  play({&d.pa, &d.pb, &there}, to_move_of(d.pb.state), {"d"}, counter);  // still on one
  EXPECT_EQ(there.version, d.pa.version);

  // The spectator on node two leaves: the owner counts one again.
  there.ws->close();
  EXPECT_TRUE(presence_of(next_frame(here, [](const auto& f) { return presence_of(f, 1); }), 1));
  EXPECT_EQ(spectators_at(one.port(), d.table, 1), 1);

  Player again = join(two.port(), new_guest(two.port()), d.table, true);
  d.pb.ws->send(R"({"type":"resign_match"})");
  next_frame(again, [](const auto& f) {
    return f.at("type") == "event" && f.at("event").at("kind") == "match_over";
  });
  d.pa.ws->send(R"({"type":"rematch","action":"offer"})");
  auto is_rematch = [](const boost::json::object& f) { return f.at("type") == "rematch"; };
  const boost::json::object offer = next_frame(again, is_rematch);
  EXPECT_EQ(str(offer.at("state")), "offered");
  EXPECT_EQ(offer.at("by").as_int64(), 0);
  // One who comes after the offer gets it after the state, as on node one.
  Player late = join(two.port(), new_guest(two.port()), d.table, true);
  EXPECT_EQ(str(late.state.at("type")), "state");
  EXPECT_EQ(str(next_frame(late, is_rematch).at("state")), "offered");
  EXPECT_EQ(store->table_owner(d.table, wall_ms()), std::optional<std::string>("one"));
}

// Before: a spectator's hello for another node's table subscribed to the
// table's channel on the node's cluster thread, and without Redis a
// SUBSCRIBE waits 5 s for its confirmation: three such hellos held the
// thread 15 s, so node two renewed no lease and lost its own table. Now the
// feed subscribes on a thread of its own. Leases of 1.5 s, Redis killed.
TEST(ClusterNode, SpectatorsWithoutRedisHoldNoLeaseRenewalUp) {
  TwoNodes n("spectators_no_redis", "1500");
  const std::string& db = n.db;
  ServerProcess& one = n.one;
  ServerProcess& two = n.two;
  const Guest ann = new_guest(one.port());
  const Guest bob = new_guest(two.port());
  std::vector<std::string> on_one;
  for (int i = 0; i < 3; ++i) on_one.push_back(create_table(one.port(), ann, R"({"game":"four"})"));
  const std::string on_two = create_table(two.port(), bob, R"({"game":"four"})");
  n.redis.stop();

  std::vector<std::unique_ptr<WsClient>> watchers;
  for (const std::string& table : on_one) {
    auto ws = std::make_unique<WsClient>(two.port(), new_guest(two.port()).cookie);
    ws->expect("welcome");
    ws->send(boost::json::object{{"type", "hello"}, {"table", table}, {"watch", true}});
    watchers.push_back(std::move(ws));
  }
  std::this_thread::sleep_for(4500ms);  // three leases
  auto store = store::open_store("sqlite:" + db);
  EXPECT_EQ(store->table_owner(on_two, wall_ms()), std::optional<std::string>("two"));
  for (const std::string& table : on_one)
    EXPECT_EQ(store->table_owner(table, wall_ms()), std::optional<std::string>("one"));
}

// Before: the owner published every frame of every table on Redis, watched
// or not. Now only a table another node watches (it asked for the state,
// or its lobby part counts spectators of it) is published.
TEST(ClusterNode, OnlyATableWatchedElsewhereIsPublished) {
  TwoNodes n("published_when_watched");
  Duel d = duel(n.one.port(), R"({"game":"four","rated":false})");
  auto bus = store::open_event_bus(n.redis.url());
  std::atomic<int> published{0};
  bus->subscribe(server::TableFeed::channel(d.table),
                 [&](const std::string&, const std::string&) { ++published; });

  int counter = 0;
  boost::json::object last = play({&d.pa, &d.pb}, to_move_of(d.pb.state), {"d", "d"}, counter);
  std::this_thread::sleep_for(1500ms);  // a lobby round and more
  EXPECT_EQ(published.load(), 0) << "frames of a table nobody watches elsewhere";

  // The test's own subscription hears the channel a moment after node two.
  auto heard_more_than = [&](int count) {
    for (int i = 0; i < 40 && published.load() <= count; ++i) std::this_thread::sleep_for(50ms);
    return published.load() > count;
  };
  Player there = join(n.two.port(), new_guest(n.two.port()), d.table, true);
  EXPECT_TRUE(heard_more_than(0));  // the state asked for, at least
  const int before = published.load();
  play({&d.pa, &d.pb, &there}, to_move_of(last.at("event").as_object()), {"c"}, counter);
  EXPECT_EQ(there.version, d.pa.version);
  EXPECT_TRUE(heard_more_than(before));
}

}  // namespace
}  // namespace ft::test
