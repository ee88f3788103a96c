// Public records that are true, through the real server (docs/protocol.md
// 2.6, 2.7, 2.13-2.15, 5.5): a game never played is not a game anywhere, one
// notation for every record, a start position is part of the export (its
// moves replay from it to the stored board), the export says whose result it
// states, and ratings are plain whole numbers in every answer. Each test
// failed on the server before the fix (f1be966).
#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <regex>
#include <sstream>

#include "rules/game_record.h"
#include "support/table_helpers.h"
#include "support/test_client.h"

namespace ft::test {
namespace {

namespace json = boost::json;

const std::string RED = "\xE2\x97\x8F";     // ●
const std::string YELLOW = "\xE2\x97\x8B";  // ○

// The lines of an NDJSON body, each parsed.
std::vector<json::object> ndjson(const std::string& body) {
  std::vector<json::object> out;
  std::istringstream in(body);
  for (std::string line; std::getline(in, line);)
    if (!line.empty()) out.push_back(json::parse(line).as_object());
  return out;
}

std::vector<std::string> strings(const json::value& v) {
  std::vector<std::string> out;
  for (const auto& e : v.as_array()) out.push_back(str(e));
  return out;
}

// A number written with an exponent (Boost.JSON writes doubles as 1.6E3).
bool has_exponent(const std::string& body) {
  static const std::regex EXP("[0-9]E[-+]?[0-9]");
  return std::regex_search(body, EXP);
}

// RULES.md A3: resigning the match in game 1 loses game 2, which was never
// played. Before: game 2's record held game 1's moves (and was listed and
// exported as a game), game 1's record read "1. red d".
TEST(Records, AMatchResignedInGameOneHasNoGameTwo) {
  const std::string db = temp_db("records_resign");
  auto server = std::make_unique<ServerProcess>(db);
  int port = server->port();
  Duel d = duel(port, R"({"game":"four","rated":true})");
  int counter = 0;
  play({&d.pa, &d.pb}, 0, {"d", "d", "c"}, counter);
  d.pb.ws->send(R"({"type":"resign_match"})");
  json::object one = d.pa.ws->expect("event", "game_over");
  EXPECT_EQ(one.at("event").at("number").as_int64(), 1);
  EXPECT_FALSE(one.at("event").as_object().contains("unplayed"));
  json::object two = d.pa.ws->expect("event", "game_over");
  EXPECT_EQ(two.at("event").at("number").as_int64(), 2);
  const json::value* unplayed = two.at("event").as_object().if_contains("unplayed");
  EXPECT_TRUE(unplayed != nullptr && unplayed->is_bool() && unplayed->as_bool())
      << json::serialize(two);
  d.pa.ws->expect("event", "match_over");

  const std::string record = "1. " + RED + " d\n2. " + YELLOW + " d\n3. " + RED + " c\n";
  const std::string table = d.table;
  const std::vector<Guest> guests = {d.a, d.b};
  auto check = [&](int at) {
    HttpResult g1 = http(at, "GET", "/api/games/" + table + "-1");
    ASSERT_EQ(g1.status, 200) << g1.body;
    EXPECT_EQ(str(g1.json().at("record")), record) << "one notation, game 1's moves only";
    EXPECT_EQ(http(at, "GET", "/api/games/" + table + "-1.txt").body, record);
    // The game never played has no page, no text and no export.
    for (const std::string suffix : {"", ".txt", "?format=json", "?format=text", "/analysis"}) {
      HttpResult g2 = http(at, "GET", "/api/games/" + table + "-2" + suffix);
      EXPECT_EQ(g2.status, 404) << suffix << ": " << g2.body;
      if (suffix != "/analysis") {
        EXPECT_NE(g2.body.find("never played"), std::string::npos) << g2.body;
        EXPECT_EQ(str(g2.json().at("error").at("code")), "not_played") << suffix;
      }
    }
    for (const Guest& guest : guests) {
      const Guest* g = &guest;
      json::value p = http(at, "GET", "/api/players/" + g->id).json();
      const auto& matches = p.at("matches").as_array();
      ASSERT_EQ(matches.size(), 1u) << json::serialize(p);
      EXPECT_EQ(strings(matches[0].at("games")), std::vector<std::string>{table + "-1"});
      HttpResult exported = http(at, "GET", "/api/players/" + g->id + "/games");
      ASSERT_EQ(exported.status, 200);
      const auto lines = ndjson(exported.body);
      ASSERT_EQ(lines.size(), 1u) << exported.body;
      EXPECT_EQ(str(lines[0].at("id")), table + "-1");
      EXPECT_EQ(str(lines[0].at("record")), record);
    }
    // The table shows the game that was played, not the unplayed one.
    EXPECT_EQ(http(at, "GET", "/api/tables/" + table).json().at("game_number").as_int64(), 1);
  };
  check(port);
  // The same from the store alone, after a restart.
  d.pa.ws.reset();
  d.pb.ws.reset();
  server = std::make_unique<ServerProcess>(db);
  port = server->port();
  check(port);
}

// protocol.md 2.3 `start`: the discs before the first move are the export's
// set-up. Before: "setup":"" and the moves replayed to another board.
TEST(Records, AStartPositionIsExportedAndItsMovesReplayToTheStoredBoard) {
  const std::string db = temp_db("records_start");
  auto server = std::make_unique<ServerProcess>(db);
  int port = server->port();
  Guest a = new_guest(port);
  const std::string table =
      create_table(port, a,
                   R"({"game":"four","format":"single","start":["d","d","c"],)"
                   R"("opponent":{"kind":"computer","level":1}})");
  Player pa = join(port, a, table);
  ASSERT_EQ(pa.seat, 0);
  // Yellow (the computer) moves first from the start; red answers in column
  // a, yellow again, and red resigns: three plies, no line possible.
  ASSERT_EQ(pa.ws->expect("event", "moved").at("event").at("seat").as_int64(), 1);
  pa.ws->send(R"({"type":"move","id":"s1","move":"a"})");
  pa.ws->expect("ack");
  pa.ws->expect("event", "moved");
  ASSERT_EQ(pa.ws->expect("event", "moved").at("event").at("seat").as_int64(), 1);
  pa.ws->send(R"({"type":"resign_match"})");
  pa.ws->expect("event", "game_over");
  pa.ws->expect("event", "match_over");
  pa.ws.reset();

  // The board the store keeps: the table's state after a restart.
  server = std::make_unique<ServerProcess>(db);
  port = server->port();
  Player watcher = join(port, new_guest(port), table, true);
  std::vector<std::string> stored;
  for (const auto& row : watcher.state.at("game").at("board").as_array())
    stored.push_back(str(row));

  HttpResult exported = http(port, "GET", "/api/players/" + a.id + "/games");
  ASSERT_EQ(exported.status, 200);
  const auto lines = ndjson(exported.body);
  ASSERT_EQ(lines.size(), 1u) << exported.body;
  const std::string setup = str(lines[0].at("setup"));
  EXPECT_EQ(setup, "Variant: classic\nSize: 7x6\nOpening: d d c\n");
  // Replay with the rules library: the set-up, then each move line
  // ("4. ○ e": ply, disc, move), numbered after the start's three plies.
  auto parsed = rules::parse_setup(setup);
  ASSERT_TRUE(parsed) << parsed.error().message;
  rules::FourGame game = std::move(parsed).value();
  std::istringstream moves(str(lines[0].at("record")));
  int plies = 0;
  for (std::string number, disc, move; moves >> number >> disc >> move; ++plies) {
    EXPECT_EQ(number, std::to_string(game.ply() + 1) + ".");
    EXPECT_EQ(disc, game.side_to_move() == 0 ? RED : YELLOW);
    ASSERT_TRUE(game.play(move)) << move;
  }
  EXPECT_EQ(plies, 3);
  EXPECT_EQ(game.board_rows(), stored);
  // The game's page says the same.
  json::value page = http(port, "GET", "/api/games/" + table + "-1").json();
  EXPECT_EQ(str(page.at("setup")), setup);
  EXPECT_EQ(str(page.at("record")), str(lines[0].at("record")));
}

// Whose result: each seat's points in seat order, said so, with the colour
// each seat had. Game 2 swaps colours (RULES.md A3). Before: "result":"1-0"
// with nothing to say whose.
// Ratings: whole numbers without an exponent in every answer, the same
// number everywhere. Before: 1.6208...E3 in the history, the leaderboard
// and the profile, and a different rounding in each.
TEST(Records, ResultsSayWhoseAndRatingsArePlainWholeNumbers) {
  ServerProcess server(temp_db("records_ratings"));
  const int port = server.port();
  // 4x4, so that game 2's sixteen moves fill the board to a draw.
  Duel d = duel(port, R"({"game":"four","width":4,"height":4,"rated":true})");
  int counter = 0;
  play({&d.pa, &d.pb}, 0, {"a", "b", "a", "b", "a", "b", "a"}, counter);  // red (seat 0) wins
  d.pa.ws->expect("event", "game_over");
  d.pa.ws->send(R"({"type":"ready"})");
  d.pa.ws->expect("event", "ready");
  d.pb.ws->send(R"({"type":"ready"})");
  d.pb.ws->expect("event", "game_started");
  play({&d.pa, &d.pb}, 1,
       {"a", "a", "a", "a", "b", "b", "b", "b", "c", "c", "c", "d", "d", "d", "c", "d"}, counter);
  json::object over = d.pa.ws->expect("event", "match_over");
  const auto& changes = over.at("event").at("ratings").as_array();
  ASSERT_EQ(changes.size(), 2u);
  for (const auto& c : changes)
    for (const char* k : {"before", "after", "rd_before", "rd_after"})
      EXPECT_TRUE(c.at(k).is_int64()) << k << " in " << json::serialize(over);
  // Read as numbers, so that on a server that sends 1.62E3 the answers
  // below are checked too.
  const std::int64_t after = std::llround(changes[0].at("after").to_number<double>());
  const std::int64_t rd_after = std::llround(changes[0].at("rd_after").to_number<double>());
  EXPECT_EQ(after, 1621);  // Glicko-2's 1620.8 for two new players at 1½:½
  EXPECT_EQ(rd_after, 397);

  // Every answer that carries a rating: the raw text has no exponent, and
  // the numbers are the match_over's.
  const std::string me = "/api/players/" + d.a.id;
  HttpResult profile = http(port, "GET", me, {}, d.a.cookie);
  HttpResult history = http(port, "GET", me + "/ratings", {}, d.a.cookie);
  HttpResult board = http(port, "GET", "/api/leaderboard/classic", {}, d.a.cookie);
  HttpResult exported = http(port, "GET", me + "/games", {}, d.a.cookie);
  HttpResult summary = http(port, "GET", "/api/tables/" + d.table, {}, d.a.cookie);
  for (const HttpResult* r : {&profile, &history, &board, &exported, &summary}) {
    EXPECT_EQ(r->status, 200) << r->body;
    EXPECT_FALSE(has_exponent(r->body)) << r->body;
  }
  const json::value p = profile.json();
  const json::value& rating = p.at("ratings").as_array().at(0);
  EXPECT_EQ(rating.at("rating"), json::value(after)) << profile.body;
  EXPECT_EQ(rating.at("rd"), json::value(rd_after)) << profile.body;
  EXPECT_EQ(p.at("matches").as_array().at(0).at("rating_change"), json::value(after - 1500));
  EXPECT_NE(profile.body.find("\"score\":[1.5,0.5]"), std::string::npos) << profile.body;
  const json::value pool = history.json().at("pools").as_array().at(0);
  EXPECT_EQ(pool.at("rating"), json::value(after)) << history.body;
  EXPECT_EQ(pool.at("rd"), json::value(rd_after));
  EXPECT_EQ(json::serialize(pool.at("history").as_array().at(1).as_array().at(1)),
            std::to_string(after));
  const json::value mine = board.json().at("me");
  EXPECT_EQ(mine.at("rating"), json::value(after)) << board.body;
  EXPECT_EQ(mine.at("rd"), json::value(rd_after));
  EXPECT_NE(summary.body.find("\"score\":[1.5,0.5]"), std::string::npos) << summary.body;

  // The export states each seat's points in seat order, and the colours.
  const auto lines = ndjson(exported.body);
  ASSERT_EQ(lines.size(), 2u) << exported.body;
  const std::vector<std::vector<std::string>> colours = {{"red", "yellow"}, {"yellow", "red"}};
  const std::vector<std::string> results = {"1-0", "\xC2\xBD-\xC2\xBD"};
  for (std::size_t i = 0; i < 2; ++i) {
    const json::object& line = lines[i];
    EXPECT_EQ(str(line.at("result_by")), "seat") << json::serialize(line);
    EXPECT_EQ(str(line.at("result")), results[i]);
    EXPECT_EQ(strings(line.at("colours")), colours[i]);
    for (const auto& person : line.at("players").as_array()) {
      const auto seat = std::size_t(person.at("seat").as_int64());
      EXPECT_EQ(str(person.at("colour")), colours[i][seat]);
    }
    // The game's page states it the same way.
    json::value page = http(port, "GET", "/api/games/" + str(line.at("id"))).json();
    EXPECT_EQ(str(page.at("result_by")), "seat");
    EXPECT_EQ(page.at("colours"), line.at("colours"));
  }
  // Game 2's record in the one notation: yellow (seat 1) moved first.
  EXPECT_EQ(str(lines[1].at("record")).substr(0, 12), "1. " + RED + " a\n2. ");
}

}  // namespace
}  // namespace ft::test
