// The event encoder (server/tables/room_events.h) and the table's views
// (server/tables/table_json.h) against the golden frames of docs/protocol.md that
// the web client's tests read: the same table, moves and times give the same
// frames. Where the golden frame holds fewer fields than the server sends
// (the match object's "phase"), every field it holds must match.
#include "server/tables/room_events.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "server/tables/table_json.h"

namespace ft::server {
namespace {

namespace fs = std::filesystem;
namespace json = boost::json;

constexpr std::int64_t CREATED = 1764487000000;
constexpr std::int64_t T0 = 1764487050000;  // game 1 starts

json::object golden(const std::string& name) {
  std::ifstream in(fs::path(FT_GOLDEN_DIR) / "s2c" / name, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  json::value v = json::parse(ss.str());
  return v.as_object();
}

// Every field of `want` is in `got` with the same value (objects recursively).
void expect_holds(const json::value& want, const json::value& got, const std::string& path) {
  if (!want.is_object() || !got.is_object()) {
    EXPECT_EQ(want, got) << path;
    return;
  }
  for (const auto& [key, value] : want.as_object()) {
    const json::value* g = got.as_object().if_contains(key);
    if (g == nullptr) {
      ADD_FAILURE() << path << "." << key << " is missing";
      continue;
    }
    expect_holds(value, *g, path + "." + std::string(key));
  }
}

// The golden frames' table: classic, 5 min + 5 s, two people.
TableState golden_table(std::int64_t increment_ms = 5000) {
  TableState t;
  t.id = "k3j9xq2apz";
  t.created_ms = CREATED;
  t.settings.spec = rules::make_variant("classic", {}).value();
  t.settings.increment_ms = increment_ms;
  t.seats.resize(2);
  t.seats[0].player = 17;
  t.seats[0].name = "Quiet Otter 42";
  t.seats[1].player = 18;
  t.seats[1].name = "Brave Lynx 7";
  t.version = 2;  // created, seated
  return t;
}

// What the room does with an update: follow, encode, number.
std::vector<json::object> frames(TableState& t, const match::Update& update, std::int64_t now) {
  std::vector<json::object> out;
  for (const match::Event& ev : update.events) {
    follow(t, ev.body);
    auto event = event_json(t, ev.body, now);
    if (!event) continue;
    out.push_back(json::parse(*event_frame(++t.version, now, *event)).as_object());
  }
  return out;
}

void start(TableState& t) {
  t.match.emplace(match::Match::create(match_config(t.settings, 1)).value());
  ASSERT_EQ(frames(t, t.match->start(T0), T0).size(), 1u);
}

TEST(RoomEvents, TheEnvelopeIsTypeVersionServerTimeAndEvent) {
  const json::value f = json::parse(*event_frame(7, 1234, json::object{{"kind", "ready"}}));
  EXPECT_EQ(f, json::parse(R"({"type":"event","version":7,"server_time":1234,
                               "event":{"kind":"ready"}})"));
}

TEST(RoomEvents, SeatedAndReadyAreTheGoldenFrames) {
  TableState t = golden_table();
  EXPECT_EQ(json::parse(*event_frame(2, T0, seated_event(t, 1))), golden("event_seated.json"));
  const match::EventBody ready = match::ReadyPressed{1, 0};
  EXPECT_EQ(json::parse(*event_frame(12, 1764487095000, *event_json(t, ready, 0))),
            golden("event_ready.json"));
}

TEST(RoomEvents, GameStartedHoldsTheGoldenFrame) {
  TableState t = golden_table();
  t.match.emplace(match::Match::create(match_config(t.settings, 1)).value());
  const auto out = frames(t, t.match->start(T0), T0);
  ASSERT_EQ(out.size(), 1u);
  expect_holds(golden("event_game_started.json"), out[0], "game_started");
  EXPECT_EQ(out[0].at("event").at("match").at("phase"), "playing");
}

TEST(RoomEvents, MovedIsTheGoldenFrame) {
  TableState t = golden_table();
  start(t);
  const std::int64_t at = 1764487056830;
  const auto out = frames(t, t.match->move(0, "d", at), at);
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(json::value(out[0]), golden("event_moved.json"));
  EXPECT_EQ(t.plies, 1);
}

// Red's line on the first row, Yellow on the second: the game_over of the
// golden frame at version 11, its clocks aside (the golden frame's were
// written for another time control).
TEST(RoomEvents, GameOverCarriesOutcomeWinningCellsAndScore) {
  TableState t = golden_table();
  start(t);
  std::int64_t now = T0;
  std::vector<json::object> out;
  for (const char* m : {"a", "a", "b", "b", "c", "c", "d"}) {
    const int seat = t.match->seat_to_move();
    now += seat == 0 ? 4000 : 6000;  // Red thinks 4 s a move, Yellow 6 s
    out = frames(t, t.match->move(seat, m, now), now);
  }
  ASSERT_EQ(out.size(), 2u);  // moved, game_over
  json::object over = out[1];
  json::object want = golden("event_game_over.json");
  over.at("event").as_object().erase("clocks");
  want.at("event").as_object().erase("clocks");
  over["server_time"] = want.at("server_time");
  EXPECT_EQ(json::value(over), json::value(want));
  EXPECT_EQ(t.game_outcome, want.at("event").at("outcome"));
  const json::object& clocks = out[1].at("event").at("clocks").as_object();
  EXPECT_EQ(clocks.at("running"), nullptr);
  // Fischer: each move is charged its time and earns the increment.
  EXPECT_EQ(clocks.at("remaining_ms"),
            (json::array{300000 - 4 * 4000 + 4 * 5000, 300000 - 3 * 6000 + 3 * 5000}));
}

// The state a joining player gets, at version 4 after Red's first move,
// both players connected. Its clocks are read at the frame's time: Yellow's
// runs (the golden frame shows them as of the move).
TEST(RoomEvents, StateFrameHoldsTheGoldenFrame) {
  TableState t = golden_table();
  t.seats[0].sockets = t.seats[1].sockets = 1;
  start(t);
  const std::int64_t moved = 1764487056830;
  const std::int64_t at = 1764487061234;
  frames(t, t.match->move(0, "d", moved), moved);
  json::object state = json::parse(encode(state_frame(t, 0, at, 1))).as_object();
  EXPECT_EQ(state.at("clocks").at("remaining_ms"), (json::array{298170, 300000 - (at - moved)}));
  json::object want = golden("state.json");
  want.erase("clocks");
  expect_holds(want, state, "state");
  EXPECT_EQ(state.at("clocks").at("at"), at);
  EXPECT_EQ(state.at("clocks").at("running"), 1);
}

TEST(RoomEvents, ResignedMatchEndsWithResultsAndNoRatingsYet) {
  TableState t = golden_table();
  start(t);
  const auto out = frames(t, t.match->resign_match(1, T0 + 1000), T0 + 1000);
  ASSERT_FALSE(out.empty());
  const json::object& over = out.back().at("event").as_object();
  EXPECT_EQ(over.at("kind"), "match_over");
  EXPECT_EQ(over.at("reason"), "resign_match");
  EXPECT_EQ(over.at("results"), (json::array{"win", "loss"}));
  EXPECT_EQ(over.at("ratings"), json::array{});
  const json::object rated = with_ratings(over, json::array{json::object{{"seat", 0}}});
  EXPECT_EQ(rated.at("ratings").as_array().size(), 1u);
  EXPECT_EQ(rated.at("reason"), "resign_match");
}

// Clock updates and connection changes are no table events.
TEST(RoomEvents, ClockAndConnectionEventsAreNotEncoded) {
  TableState t = golden_table();
  start(t);
  EXPECT_FALSE(event_json(t, match::ClockUpdate{}, T0));
  EXPECT_FALSE(event_json(t, match::ConnectionChanged{1, false}, T0));
}

}  // namespace
}  // namespace ft::server
