// A table that starts from a position (docs/protocol.md 2.3 `start`: the
// game page's and the analysis board's "play this position against the
// computer"), through the real server: the game begins with the start's
// discs on the board and the right side to move, the summary and the game's
// analysis carry the start, and every start that cannot be played is refused
// with `bad_start` naming the move.
#include <gtest/gtest.h>

#include <memory>
#include <thread>
#include <tuple>

#include "support/table_helpers.h"
#include "support/test_client.h"

namespace ft::test {
namespace {

namespace json = boost::json;

// The board rows of a state or event body, top row first.
std::vector<std::string> rows_of(const json::object& body) {
  std::vector<std::string> out;
  for (const auto& r : body.at("game").at("board").as_array()) out.push_back(str(r));
  return out;
}

TEST(StartPosition, TheGameBeginsFromTheStartAgainstTheComputer) {
  ServerProcess server(temp_db("start"));
  const int port = server.port();
  Guest a = new_guest(port);
  // Three drops: yellow (the computer's side in game 1) is to move.
  HttpResult created = http(port, "POST", "/api/tables",
                            R"({"game":"four","format":"single","start":["d","d","c"],)"
                            R"("opponent":{"kind":"computer","level":1}})",
                            a.cookie);
  ASSERT_EQ(created.status, 201) << created.body;
  const json::value summary = created.json();
  const json::object& settings = summary.at("settings").as_object();
  EXPECT_EQ(json::serialize(settings.at("start")), R"(["d","d","c"])");
  EXPECT_FALSE(settings.at("rated").as_bool());
  const std::string table = str(summary.at("id"));

  Player pa = join(port, a, table);
  ASSERT_EQ(pa.seat, 0);
  ASSERT_FALSE(pa.state.at("game").is_null());
  // Bottom row last: red on c1 and d1, yellow on d2.
  const std::vector<std::string> rows = rows_of(pa.state);
  ASSERT_EQ(rows.size(), 6u);
  EXPECT_EQ(rows[5], "..RR...");
  EXPECT_EQ(rows[4], "...Y...");
  EXPECT_EQ(pa.state.at("game").at("moves").as_array().size(), 0u)
      << "the start's discs are the set-up, not moves of the game";
  // The computer (seat 1, yellow) moves first from there.
  json::object moved = pa.ws->expect("event", "moved");
  EXPECT_EQ(moved.at("event").at("seat").as_int64(), 1);
  EXPECT_EQ(to_move_of(moved.at("event").as_object()), 0);

  // Two drops: red, the creator, is to move.
  Player pb = join(port, a,
                   create_table(port, a,
                                R"({"game":"four","format":"single","start":["a","b"],)"
                                R"("opponent":{"kind":"computer","level":1}})"));
  EXPECT_EQ(to_move_of(pb.state), 0);
  EXPECT_EQ(rows_of(pb.state)[5], "RY.....");
}

TEST(StartPosition, AFinishedGameFromAStartIsAnalysedFromIt) {
  ServerProcess server(temp_db("start_analysis"), "--analysis-budget 60000");
  const int port = server.port();
  // Between two guests, so the test chooses every move: 5x4 from c, c.
  Duel d = duel(port, R"({"game":"four","width":5,"height":4,"format":"single",)"
                      R"("start":["c","c"]})");
  int counter = 0;
  // Red makes a, b, c, d on the bottom row; yellow stacks on b and d.
  play({&d.pa, &d.pb}, 0, {"b", "b", "d", "d", "a"}, counter);
  d.pa.ws->expect("event", "game_over");
  const std::string game = d.table + "-1";
  json::object a;
  for (int i = 0; i < 300; ++i) {
    HttpResult r = http(port, "GET", "/api/games/" + game + "/analysis");
    ASSERT_EQ(r.status, 200) << r.body;
    a = r.json().as_object();
    if (str(a.at("status")) == "done") break;
    std::this_thread::sleep_for(100ms);
  }
  ASSERT_EQ(str(a.at("status")), "done") << json::serialize(a);
  const json::array& boards = a.at("boards").as_array();
  ASSERT_EQ(boards.size(), 6u);  // the start and after each of the 5 moves
  EXPECT_EQ(str(boards[0].as_array().back()), "..R..");
  EXPECT_EQ(str(boards[0].as_array()[2]), "..Y..");
  const json::array& positions = a.at("positions").as_array();
  ASSERT_EQ(positions.size(), 5u);
  // Before the last move red wins at once with a (or e): +N on both, and
  // the game's move is not a mistake.
  ASSERT_EQ(str(positions[4].at("state")), "solved");
  for (const json::value& m : positions[4].at("moves").as_array()) {
    const std::string move = str(m.at("move"));
    if (move == "a" || move == "e") {
      EXPECT_GT(m.at("score").as_int64(), 0) << move;
    }
  }
  EXPECT_FALSE(positions[4].as_object().contains("mistake"));
}

// The start is part of the match's record: a table restored after a crash
// replays its moves from the same position.
TEST(StartPosition, ARestartRestoresTheGameFromItsStart) {
  const std::string db = temp_db("start_restart");
  auto server = std::make_unique<ServerProcess>(db);
  Duel d = duel(server->port(), R"({"game":"four","format":"single","start":["d","d","c"]})");
  int counter = 0;
  play({&d.pa, &d.pb}, 1, {"c", "e"}, counter);  // Yellow first: the start left it to move
  server->kill9();
  server = std::make_unique<ServerProcess>(db);
  Player pa = join(server->port(), d.a, d.table);
  ASSERT_FALSE(pa.state.at("game").is_null());
  const std::vector<std::string> rows = rows_of(pa.state);
  EXPECT_EQ(rows[5], "..RRR..");
  EXPECT_EQ(rows[4], "..YY...");
  EXPECT_EQ(pa.state.at("game").at("moves").as_array().size(), 2u);
  EXPECT_EQ(to_move_of(pa.state), 1);
}

TEST(StartPosition, StartsThatCannotBePlayedAreRefused) {
  ServerProcess server(temp_db("start_bad"));
  const int port = server.port();
  Guest a = new_guest(port);
  const std::vector<std::tuple<std::string, std::string, std::string>> bad = {
      {R"({"game":"four","start":["d","z"]})", "bad_start", "start move 2 'z'"},
      {R"({"game":"four","width":4,"height":4,"start":["a","a","a","a","a"]})", "bad_start",
       "start move 5 'a'"},
      {R"({"game":"four","start":["a","b","a","b","a","b","a"]})", "bad_start",
       "start move 7 'a' ends the game"},
      {R"({"game":"four","variant":"popout","start":["a","a^"]})", "bad_start", "drops, not pops"},
      {R"({"game":"four","start":"d"})", "bad_start", "must be an array"},
      {R"({"game":"four","start":["d",3]})", "bad_start", "start move 2 is not a string"},
      {R"({"game":"four","variant":"obstacles","start":["d"]})", "bad_start", "drawn set-up"},
      {R"({"game":"twicefour","start":["d"]})", "bad_start", "four in a row only"},
      {R"({"game":"four","start":["d"],"rated":true})", "bad_settings", "never rated"},
  };
  for (const auto& [body, code, words] : bad) {
    HttpResult r = http(port, "POST", "/api/tables", body, a.cookie);
    EXPECT_EQ(r.status, 400) << body << " -> " << r.body;
    if (r.status != 400) continue;
    EXPECT_EQ(str(r.json().at("error").at("code")), code) << body;
    EXPECT_NE(str(r.json().at("error").at("message")).find(words), std::string::npos)
        << body << " -> " << r.body;
  }
  // The server still answers, and an empty start is the usual table.
  HttpResult ok = http(port, "POST", "/api/tables", R"({"game":"four","start":[]})", a.cookie);
  EXPECT_EQ(ok.status, 201) << ok.body;
  EXPECT_FALSE(ok.json().at("settings").as_object().contains("start"));
}

}  // namespace
}  // namespace ft::test
