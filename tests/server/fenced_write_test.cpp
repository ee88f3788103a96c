// A write that fails shows nothing (docs/operations.md, "A failed write
// shows nothing"). Two nodes on one store and Redis; node one runs a table
// with a spectator on each node and a subscriber on the table's channel.
// The table's lease is taken by node two in the store between a move's
// arrival at node one and its commit: the write is fenced.
//
// Before: the mover got `server_error`, but node one still sent the move's
// event to its sockets and the bus and kept the move in memory, so the
// opponent and the spectators saw a move the store never had, and the
// mover's resend was refused as `not_your_turn`.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <fstream>
#include <mutex>
#include <sstream>
#include <thread>

#include "server/cluster/table_feed.h"
#include "store/event_bus.h"
#include "store/store.h"
#include "support/table_helpers.h"
#include "support/test_client.h"
#include "support/test_redis.h"

namespace ft::test {
namespace {

namespace json = boost::json;
using namespace std::chrono_literals;

std::int64_t wall_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

// The frames a socket gets until it closes (or `quiet` passes without one).
std::vector<json::object> until_closed(Player& p, std::chrono::milliseconds quiet) {
  std::vector<json::object> frames;
  try {
    for (;;) frames.push_back(p.ws->recv(quiet));
  } catch (const std::runtime_error&) {
  }
  return frames;
}

bool has_move_event(const std::vector<json::object>& frames, const std::string& move,
                    std::int64_t version) {
  for (const auto& f : frames) {
    if (f.at("type") != "event") continue;
    const auto& ev = f.at("event").as_object();
    if (ev.at("kind") == "moved" && (ev.at("move") == move.c_str() || f.at("version") == version))
      return true;
  }
  return false;
}

json::array moves_of(const json::object& state) {
  return state.at("game").as_object().at("moves").as_array();
}

// What the table's channel carried, as the other nodes' feeds get it.
class ChannelLog {
 public:
  ChannelLog(store::EventBus& bus, const std::string& table) {
    bus.subscribe(server::TableFeed::channel(table),
                  [this](const std::string&, const std::string& payload) {
                    std::lock_guard lock(mu_);
                    payloads_.push_back(payload);
                  });
  }
  int moves() const {
    std::lock_guard lock(mu_);
    int n = 0;
    for (const auto& p : payloads_) n += p.find("\"moved\"") != std::string::npos ? 1 : 0;
    return n;
  }

 private:
  mutable std::mutex mu_;
  std::vector<std::string> payloads_;
};

TEST(FencedWrite, AMoveWhoseLeaseWasTakenIsShownToNobodyAndItsResendIsPlayed) {
  TwoNodes n("fenced_write");
  Duel d = duel(n.one.port(), R"({"game":"four"})");
  Player here = join(n.one.port(), new_guest(n.one.port()), d.table);
  Player there = join(n.two.port(), new_guest(n.two.port()), d.table);
  ASSERT_EQ(here.seat, -1);
  ASSERT_EQ(there.seat, -1);
  auto bus = store::open_event_bus(n.redis.url());
  ChannelLog channel(*bus, d.table);

  // Two moves, seen by everyone, the bus included (node one publishes the
  // table's frames: node two has a spectator of it).
  int counter = 0;
  const json::object last =
      play({&d.pa, &d.pb, &here, &there}, to_move_of(d.pb.state), {"d", "d"}, counter);
  for (int i = 0; i < 50 && channel.moves() < 2; ++i) std::this_thread::sleep_for(100ms);
  ASSERT_EQ(channel.moves(), 2) << "the bus did not carry the stored moves";
  const std::int64_t stored_version = d.pa.version;

  // Node two takes the lease in the store; node one does not know yet (its
  // leases last 600 s).
  auto store = store::open_store("sqlite:" + n.db);
  store->release_table(d.table, "one");
  ASSERT_TRUE(store->claim_table(d.table, "two", wall_ms(), 600000));

  const int seat = to_move_of(last.at("event").as_object());
  Player& mover = seat == d.pa.seat ? d.pa : d.pb;
  Player& other = seat == d.pa.seat ? d.pb : d.pa;
  const Guest& mover_guest = seat == d.pa.seat ? d.a : d.b;
  mover.ws->send(
      json::object{{"type", "move"}, {"id", "fenced"}, {"move", "c"}, {"version", mover.version}});
  const json::object error = mover.ws->recv_until(
      [](const json::object& f) { return f.at("type") == "ack" || f.at("type") == "error"; });
  ASSERT_EQ(str(error.at("type")), "error") << json::serialize(error);
  EXPECT_EQ(str(error.at("code")), "server_error");
  const auto* error_id = error.if_contains("id");
  EXPECT_TRUE(error_id != nullptr && *error_id == "fenced") << json::serialize(error);

  // Nobody sees the move: node one's sockets close without it, node two's
  // spectator and the channel get nothing of it.
  const std::int64_t fenced_version = stored_version + 1;
  EXPECT_FALSE(has_move_event(until_closed(mover, 3000ms), "c", fenced_version));
  EXPECT_FALSE(has_move_event(until_closed(other, 3000ms), "c", fenced_version))
      << "the opponent saw a move that was not stored";
  EXPECT_FALSE(has_move_event(until_closed(here, 3000ms), "c", fenced_version))
      << "a spectator on the node saw a move that was not stored";
  EXPECT_TRUE(here.ws->closed()) << "the room did not close its sockets";
  EXPECT_FALSE(has_move_event(until_closed(there, 1500ms), "c", fenced_version))
      << "a spectator on another node saw a move that was not stored";
  EXPECT_EQ(channel.moves(), 2) << "the bus carried a move that was not stored";

  // The mover comes back where the table runs now (node two, the lease's
  // holder): the state has the stored moves only, and the resend is played.
  Player back = join(n.two.port(), mover_guest, d.table);
  EXPECT_EQ(back.seat, seat);
  EXPECT_EQ(back.version, stored_version);
  EXPECT_EQ(moves_of(back.state), (json::array{"d", "d"}));
  back.ws->send(
      json::object{{"type", "move"}, {"id", "fenced"}, {"move", "c"}, {"version", back.version}});
  const json::object ack = back.ws->recv_until(
      [](const json::object& f) { return f.at("type") == "ack" || f.at("type") == "error"; });
  ASSERT_EQ(str(ack.at("type")), "ack") << json::serialize(ack);
  EXPECT_EQ(ack.at("version").as_int64(), fenced_version);

  // The opponent, back through node one, gets the table as stored: its
  // state (the catch-up of a client that missed nothing is the events after
  // its version) shows the resent move once, at its version.
  Player again = join(n.one.port(), seat == d.pa.seat ? d.b : d.a, d.table);
  EXPECT_EQ(again.version, fenced_version);
  EXPECT_EQ(moves_of(again.state), (json::array{"d", "d", "c"}));
  const auto rows = store->moves_of_game(store->matches_of_table(d.table).at(0).id, 1);
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[2].move, "c");

  // The alarm is in node one's log, with its time and name.
  std::ifstream log(n.one.log_path());
  std::stringstream text;
  text << log.rdbuf();
  EXPECT_NE(text.str().find(" one ALARM table " + d.table + ": store write failed"),
            std::string::npos)
      << text.str();
}

}  // namespace
}  // namespace ft::test
