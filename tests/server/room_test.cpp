// The Room alone, with a fake host (no network, no Beast): commands are
// ordered, a command's frames go out only once its store job is durable (ack
// first, then the events), a failed store write sends no acknowledgement,
// and a match_over frame is built once, with its ratings, before it is sent
// or kept for catch-up.
#include "server/tables/room.h"

#include <gtest/gtest.h>

#include <cmath>
#include <deque>

namespace ft::server {
namespace {

namespace json = boost::json;

constexpr std::int64_t T0 = 1764487050000;

class FakePeer : public Peer {
 public:
  FakePeer(std::int64_t player, std::string name, std::uint64_t id)
      : Peer(Identity{player, std::move(name), {}}, id) {}
  void send(std::shared_ptr<const std::string> frame) override {
    frames.push_back(json::parse(*frame).as_object());
  }
  void close_soon() override { ++closed; }
  int closed = 0;
  // The frames received since the last call.
  std::vector<json::object> take() { return std::exchange(frames, {}); }
  std::vector<json::object> frames;
};

// Stores each job in a real SQLite store, but only when the test says so:
// what the committer thread does, one job at a time.
class FakeHost : public RoomHost {
 public:
  std::int64_t now_ms() override { return now; }
  void persist(StoreJob job) override { jobs.push_back(std::move(job)); }
  void think(std::function<void()> task) override { tasks.push_back(std::move(task)); }
  void table_changed() override { ++lobby; }
  void moved(std::int64_t, bool) override { ++moves; }
  void error_sent(WsError code) override { errors.push_back(code); }
  void store_failed(const std::string&, const std::string& what) override {
    failures.push_back(what);
  }
  void room_failed(std::shared_ptr<Room> room) override { failed_rooms.push_back(std::move(room)); }
  // Rematches are rematch_test.cpp's; none is opened here.
  void open_rematch(const TableSettings&, std::vector<SeatInfo>,
                    std::function<void(std::string, std::string)>) override {
    ADD_FAILURE() << "no rematch was asked for";
  }

  // Commits the queued jobs (failing them instead with `fail`).
  void commit(bool fail = false) {
    while (!jobs.empty()) {
      StoreJob job = std::move(jobs.front());
      jobs.pop_front();
      std::exception_ptr error;
      if (fail) {
        error = std::make_exception_ptr(std::runtime_error("disk full"));
      } else {
        store::Store::Write w = [&job](store::Store& st) {
          if (!job.moves.empty()) st.append_moves(job.moves);
          if (job.then) job.then(st);
        };
        error = store->write_batch(std::span(&w, 1)).at(0);
      }
      job.done(error);
    }
  }

  std::unique_ptr<store::Store> store = store::open_store("sqlite::memory:");
  std::int64_t now = T0;
  std::deque<StoreJob> jobs;
  std::vector<std::function<void()>> tasks;
  int lobby = 0;
  int moves = 0;
  std::vector<WsError> errors;
  std::vector<std::string> failures;
  std::vector<std::shared_ptr<Room>> failed_rooms;
};

std::vector<std::string> kinds(const std::vector<json::object>& frames) {
  std::vector<std::string> out;
  for (const auto& f : frames) {
    std::string k(f.at("type").as_string());
    if (k == "event") k += ":" + std::string(f.at("event").at("kind").as_string());
    if (k == "error") k += ":" + std::string(f.at("code").as_string());
    out.push_back(k);
  }
  return out;
}

// A classic rated table of two people, both joined: the match has started.
struct Table {
  Table() {
    TableSettings settings;
    settings.spec = rules::make_variant("classic", {}).value();
    const store::Player a = host.store->create_player("ta", "Ann", T0);
    const store::Player b = host.store->create_player("tb", "Bob", T0);
    ann = std::make_shared<FakePeer>(a.id, "Ann", 1);
    bob = std::make_shared<FakePeer>(b.id, "Bob", 2);
    room = std::make_shared<Room>(host, "t1", settings, Identity{a.id, "Ann", {}}, T0, 42);
    host.store->create_table(room->record());
    room->hello(ann, HelloMsg{"t1", 0, false});
    host.commit();
    room->hello(bob, HelloMsg{"t1", 0, false});
    host.commit();
  }
  FakeHost host;
  std::shared_ptr<FakePeer> ann;
  std::shared_ptr<FakePeer> bob;
  std::shared_ptr<Room> room;
};

TEST(Room, TwoPeopleJoinAndTheMatchStartsOnceStored) {
  FakeHost host;
  TableSettings settings;
  settings.spec = rules::make_variant("classic", {}).value();
  const store::Player a = host.store->create_player("ta", "Ann", T0);
  const store::Player b = host.store->create_player("tb", "Bob", T0);
  auto ann = std::make_shared<FakePeer>(a.id, "Ann", 1);
  auto bob = std::make_shared<FakePeer>(b.id, "Bob", 2);
  auto room = std::make_shared<Room>(host, "t1", settings, Identity{a.id, "Ann", {}}, T0, 42);
  host.store->create_table(room->record());

  room->hello(ann, HelloMsg{"t1", 0, false});
  EXPECT_EQ(kinds(ann->take()), (std::vector<std::string>{"state", "presence"}));
  room->hello(bob, HelloMsg{"t1", 0, false});
  // Bob's seat and the match's start wait for the store.
  EXPECT_TRUE(ann->take().empty());
  EXPECT_TRUE(bob->take().empty());
  ASSERT_EQ(host.jobs.size(), 1u);
  host.commit();
  EXPECT_EQ(kinds(ann->take()),
            (std::vector<std::string>{"event:seated", "event:game_started", "presence"}));
  const auto joined = bob->take();
  ASSERT_EQ(kinds(joined), (std::vector<std::string>{"state", "presence"}));
  EXPECT_EQ(joined[0].at("version"), 3);  // created, seated, game_started
  EXPECT_EQ(joined[0].at("you").at("seat"), 1);
  EXPECT_EQ(room->status(), "playing");
  EXPECT_EQ(host.store->matches_of_table("t1").size(), 1u);
}

TEST(Room, AMoveIsAcknowledgedThenSentOnceDurable) {
  Table t;
  t.ann->take();
  t.bob->take();
  t.room->move(t.ann, MoveMsg{"m1", "d", 3, 500}, 0);
  EXPECT_TRUE(t.ann->take().empty());
  t.host.commit();
  const auto frames = t.ann->take();
  ASSERT_EQ(kinds(frames), (std::vector<std::string>{"ack", "event:moved"}));
  EXPECT_EQ(frames[0].at("version"), 4);
  EXPECT_EQ(frames[1].at("version"), 4);
  EXPECT_EQ(kinds(t.bob->take()), (std::vector<std::string>{"event:moved"}));
  EXPECT_EQ(t.host.moves, 1);
  const auto rows = t.host.store->moves_of_game(t.host.store->matches_of_table("t1")[0].id, 1);
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0].client_id, "m1");

  // A resend of the same id is acknowledged again and plays nothing.
  t.room->move(t.ann, MoveMsg{"m1", "d", std::nullopt, std::nullopt}, 0);
  EXPECT_EQ(kinds(t.ann->take()), (std::vector<std::string>{"ack"}));
  EXPECT_TRUE(t.host.jobs.empty());
}

TEST(Room, RefusedMovesSayWhy) {
  Table t;
  t.ann->take();
  t.bob->take();
  t.room->move(t.bob, MoveMsg{"b1", "d", std::nullopt, std::nullopt}, 0);
  t.room->move(t.ann, MoveMsg{"a1", "d", 2, std::nullopt}, 0);
  t.room->move(t.ann, MoveMsg{"a2", "z", std::nullopt, std::nullopt}, 0);
  EXPECT_EQ(kinds(t.bob->take()), (std::vector<std::string>{"error:not_your_turn"}));
  EXPECT_EQ(kinds(t.ann->take()),
            (std::vector<std::string>{"error:stale_version", "error:illegal_move"}));
  auto stranger = std::make_shared<FakePeer>(99, "Eve", 3);
  t.room->move(stranger, MoveMsg{"e1", "d", std::nullopt, std::nullopt}, 0);
  EXPECT_EQ(kinds(stranger->take()), (std::vector<std::string>{"error:not_joined"}));
  EXPECT_EQ(t.host.errors.size(), 4u);
}

// What the match refuses reaches the sender as the code and words clients
// have always had (protocol.md 5.7), at every phase of a match: a move out of
// turn, an illegal one, one between games and after the match, and the
// other commands when the match does not allow them.
TEST(Room, RefusalsKeepTheirCodesAndWords) {
  Table t;
  t.ann->take();
  t.bob->take();
  struct Want {
    std::string code;
    std::string message;
  };
  const auto error_of = [](FakePeer& p) {
    const auto frames = p.take();
    for (const auto& f : frames)
      if (f.at("type") == "error")
        return Want{std::string(f.at("code").as_string()),
                    std::string(f.at("message").as_string())};
    return Want{"(no error)", ""};
  };
  const auto expect = [](const Want& got, const std::string& code, const std::string& message) {
    EXPECT_EQ(got.code, code);
    EXPECT_EQ(got.message, message);
  };
  // Game 1 is on, Ann (seat 0) to move.
  t.room->move(t.bob, MoveMsg{"b1", "d", std::nullopt, std::nullopt}, 0);
  expect(error_of(*t.bob), "not_your_turn", "seat 0 is to move");
  t.room->move(t.ann, MoveMsg{"a1", "z", std::nullopt, std::nullopt}, 0);
  expect(error_of(*t.ann), "illegal_move", "column z does not exist on a board 7 wide");
  t.room->move(t.ann, MoveMsg{"a2", "d", 1, std::nullopt}, 0);
  expect(error_of(*t.ann), "stale_version", "the table is at version 3");
  t.room->act(t.ann, RoomAction::ready);
  expect(error_of(*t.ann), "not_now", "Ready is pressed between games only");
  t.room->act(t.bob, RoomAction::claim);
  expect(error_of(*t.bob), "not_now",
         "nothing to claim: the player to move has not been disconnected for 30 s on their turn");
  t.room->choose_piece(t.ann, 0);
  expect(error_of(*t.ann), "not_now", "pieces are chosen before round 1 only");
  // Ann wins game 1 in column d: between games.
  int n = 0;
  for (const char* mv : {"d", "e", "d", "e", "d", "e", "d"}) {
    const auto& who = n % 2 == 0 ? t.ann : t.bob;
    t.room->move(who, MoveMsg{"w" + std::to_string(n++), mv, std::nullopt, std::nullopt}, 0);
    t.host.commit();
  }
  t.ann->take();
  t.bob->take();
  t.room->move(t.bob, MoveMsg{"b2", "d", std::nullopt, std::nullopt}, 0);
  expect(error_of(*t.bob), "not_now", "no game is being played");
  t.room->act(t.bob, RoomAction::resign_game);
  expect(error_of(*t.bob), "not_now", "no game is being played");
  // The match resigned: over.
  t.room->act(t.bob, RoomAction::resign_match);
  t.host.commit();
  t.ann->take();
  t.bob->take();
  t.room->move(t.ann, MoveMsg{"a3", "d", std::nullopt, std::nullopt}, 0);
  expect(error_of(*t.ann), "not_now", "no game is being played");
  t.room->act(t.ann, RoomAction::ready);
  expect(error_of(*t.ann), "not_now", "the match is over");
  EXPECT_TRUE(t.host.jobs.empty()) << "a refused command stores nothing";
}

// A failed write shows nothing. Before: the mover got the error, but the
// move's event still went to every socket (the opponent saw a move the store
// never had) and the room kept it. Now the mover gets the error with its
// move's id, nobody gets the event, and the room stops: its sockets close
// (they reconnect to the table as stored) and the host drops it.
TEST(Room, AFailedStoreWriteShowsNothingAndTheRoomStops) {
  Table t;
  t.ann->take();
  t.bob->take();
  t.room->move(t.ann, MoveMsg{"m1", "d", std::nullopt, std::nullopt}, 0);
  t.host.commit(/*fail=*/true);
  const auto ann = t.ann->take();
  EXPECT_EQ(kinds(ann), (std::vector<std::string>{"error:server_error"}));
  ASSERT_EQ(ann.size(), 1u);
  EXPECT_EQ(ann[0].at("id"), "m1");
  EXPECT_TRUE(t.bob->take().empty()) << "the opponent saw a move that was not stored";
  ASSERT_EQ(t.host.failures.size(), 1u);
  EXPECT_EQ(t.host.failures[0], "disk full");
  EXPECT_EQ(t.ann->closed, 1);
  EXPECT_EQ(t.bob->closed, 1);
  ASSERT_EQ(t.host.failed_rooms.size(), 1u);
  EXPECT_EQ(t.host.failed_rooms[0], t.room);
  // Stopped: a later command does nothing and stores nothing.
  t.room->move(t.bob, MoveMsg{"b1", "c", std::nullopt, std::nullopt}, 0);
  EXPECT_TRUE(t.host.jobs.empty());
  EXPECT_TRUE(t.bob->take().empty());
}

// Ann resigns the match: match_over goes out once stored, with the ratings
// the finish stored, and a socket catching up later gets the same frame.
TEST(Room, MatchOverCarriesTheStoredRatings) {
  Table t;
  t.ann->take();
  t.bob->take();
  t.room->act(t.ann, RoomAction::resign_match);
  EXPECT_TRUE(t.bob->take().empty());
  t.host.commit();
  const auto frames = t.bob->take();
  ASSERT_FALSE(frames.empty());
  const json::object over = frames.back();
  ASSERT_EQ(over.at("event").at("kind"), "match_over");
  EXPECT_EQ(over.at("event").at("results"), (json::array{"loss", "win"}));
  const json::array& ratings = over.at("event").at("ratings").as_array();
  ASSERT_EQ(ratings.size(), 2u);
  const auto stored = t.host.store->find_rating(t.bob->identity().player, "classic");
  ASSERT_TRUE(stored);
  EXPECT_EQ(ratings[1].at("after").as_int64(), std::llround(stored->rating));  // whole points
  EXPECT_GT(stored->rating, 1500.0);
  EXPECT_EQ(t.room->match_result(), over.at("event"));
  EXPECT_EQ(t.room->status(), "finished");

  auto late = std::make_shared<FakePeer>(t.bob->identity().player, "Bob", 9);
  t.room->hello(late, HelloMsg{"t1", over.at("version").as_int64() - 1, false});
  t.host.commit();
  const auto caught = late->take();
  ASSERT_FALSE(caught.empty());
  EXPECT_EQ(caught.front(), over);
}

// Commands queue while one waits for the store; they run in order after it.
TEST(Room, CommandsWaitForTheStoreInOrder) {
  Table t;
  t.ann->take();
  t.bob->take();
  t.room->move(t.ann, MoveMsg{"a1", "d", std::nullopt, std::nullopt}, 0);
  t.room->move(t.bob, MoveMsg{"b1", "d", std::nullopt, std::nullopt}, 0);
  ASSERT_EQ(t.host.jobs.size(), 1u);  // Bob's move waits for Ann's to be stored
  t.host.commit();
  EXPECT_EQ(kinds(t.bob->take()), (std::vector<std::string>{"event:moved", "ack", "event:moved"}));
  const auto summary = t.room->summary();
  EXPECT_EQ(summary.at("status"), "playing");
}

}  // namespace
}  // namespace ft::server
