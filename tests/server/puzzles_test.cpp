// Puzzles through the real server (docs/protocol.md 2.21): a puzzle is
// served without its solution; an attempt that solves raises the caller's
// puzzle rating, one that fails lowers it, a second attempt at the same
// puzzle changes nothing; right moves short of the end get the defender's
// reply; a PopOut line is solved by popping; the daily puzzle is the same
// for everyone; each malformed request has its own error; attempts at once
// lose no rating; and a server without the collection starts and says so.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <string>
#include <thread>
#include <tuple>
#include <vector>

#include "support/table_helpers.h"
#include "support/test_client.h"

namespace ft::test {
namespace {

namespace json = boost::json;

constexpr const char* CLOCK = "--test-clock 1764487000000";

std::vector<std::string> strings(const json::value& v) {
  std::vector<std::string> out;
  for (const json::value& s : v.as_array()) out.push_back(str(s));
  return out;
}

HttpResult attempt(int port, const std::string& id, const std::vector<std::string>& moves,
                   const std::string& cookie) {
  json::array a;
  for (const auto& m : moves) a.emplace_back(m);
  return http(port, "POST", "/api/puzzles/" + id + "/attempt",
              json::serialize(json::object{{"moves", a}}), cookie);
}

// The solver's moves of a line: its 1st, 3rd, ... move.
std::vector<std::string> solver_moves(const std::vector<std::string>& line) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < line.size(); i += 2) out.push_back(line[i]);
  return out;
}

// A column the solver's first move is not.
std::string wrong_first(const std::vector<std::string>& line) {
  return line[0][0] == 'a' ? "b" : "a";
}

// The line of puzzle `id`, as a helper guest learns it: any attempt that
// ends (solved or failed) answers the solution.
std::vector<std::string> learn_line(int port, const std::string& id) {
  const Guest helper = new_guest(port);
  HttpResult r = attempt(port, id, {"a"}, helper.cookie);
  EXPECT_EQ(r.status, 200) << r.body;
  // "a" was right and the line goes on: "b" is then wrong at once.
  if (str(r.json().at("state")) == "continue") r = attempt(port, id, {"b"}, helper.cookie);
  EXPECT_EQ(r.status, 200) << r.body;
  return strings(r.json().at("solution"));
}

TEST(Puzzles, NextServesAPuzzleWithoutItsSolution) {
  ServerProcess server(temp_db("puzzles_next"));
  const int port = server.port();
  HttpResult r = http(port, "GET", "/api/puzzles/next?variant=classic");
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_TRUE(r.set_cookie.empty()) << "a read makes no guest";
  const json::object p = r.json().as_object();
  for (const char* key : {"id", "variant", "width", "height", "moves", "to_move", "themes",
                          "rating", "solver_moves", "attempted", "player_rating"})
    EXPECT_TRUE(p.contains(key)) << key << " in " << r.body;
  EXPECT_FALSE(p.contains("solution")) << r.body;
  EXPECT_FALSE(p.contains("line")) << r.body;
  EXPECT_FALSE(p.at("attempted").as_bool());
  EXPECT_EQ(str(p.at("variant")), "classic");
  EXPECT_EQ(p.at("player_rating").as_int64(), 1500);
  EXPECT_EQ(p.at("to_move").as_int64(),
            static_cast<std::int64_t>(p.at("moves").as_array().size() % 2));
  // The same puzzle by id: still no solution, for a guest who never tried it.
  const Guest g = new_guest(port);
  HttpResult one = http(port, "GET", "/api/puzzles/" + str(p.at("id")), {}, g.cookie);
  ASSERT_EQ(one.status, 200) << one.body;
  EXPECT_FALSE(one.json().as_object().contains("solution")) << one.body;
  EXPECT_EQ(one.json().at("moves"), p.at("moves"));
  // A theme filter serves only puzzles of that theme.
  HttpResult themed = http(port, "GET", "/api/puzzles/next?variant=popout&theme=pop");
  ASSERT_EQ(themed.status, 200) << themed.body;
  const auto themes = strings(themed.json().at("themes"));
  EXPECT_NE(std::find(themes.begin(), themes.end(), "pop"), themes.end()) << themed.body;
}

TEST(Puzzles, SolvingRaisesTheRatingOnceAndFailingLowersIt) {
  ServerProcess server(temp_db("puzzles_rated"), CLOCK);
  const int port = server.port();
  const Guest ann = new_guest(port);
  const json::value p =
      http(port, "GET", "/api/puzzles/next?variant=classic", {}, ann.cookie).json();
  const std::string id = str(p.at("id"));
  const std::vector<std::string> line = learn_line(port, id);
  ASSERT_EQ(line.size() % 2, 1U);
  const std::vector<std::string> mine = solver_moves(line);
  EXPECT_EQ(p.at("solver_moves").as_int64(), static_cast<std::int64_t>(mine.size()));

  // Right moves short of the end: the defender's reply, nothing rated.
  if (mine.size() > 1) {
    HttpResult going = attempt(port, id, {mine[0]}, ann.cookie);
    ASSERT_EQ(going.status, 200) << going.body;
    EXPECT_EQ(str(going.json().at("state")), "continue");
    EXPECT_EQ(str(going.json().at("reply")), line[1]);
    EXPECT_FALSE(going.json().as_object().contains("solution"));
  }
  HttpResult solved = attempt(port, id, mine, ann.cookie);
  ASSERT_EQ(solved.status, 200) << solved.body;
  const json::object s = solved.json().as_object();
  EXPECT_EQ(str(s.at("state")), "solved");
  EXPECT_TRUE(s.at("rated").as_bool());
  EXPECT_GT(s.at("rating").as_int64(), 1500);
  EXPECT_EQ(s.at("change").as_int64(), s.at("rating").as_int64() - 1500);
  EXPECT_EQ(strings(s.at("solution")), line);
  // Now the puzzle shows its solution and the attempt to Ann.
  const json::value after = http(port, "GET", "/api/puzzles/" + id, {}, ann.cookie).json();
  EXPECT_EQ(strings(after.at("solution")), line);
  EXPECT_TRUE(after.at("attempt").at("solved").as_bool());

  // A second attempt, failed this time: answered, not rated.
  HttpResult again = attempt(port, id, {wrong_first(line)}, ann.cookie);
  ASSERT_EQ(again.status, 200) << again.body;
  EXPECT_EQ(str(again.json().at("state")), "failed");
  EXPECT_FALSE(again.json().at("rated").as_bool());
  EXPECT_EQ(again.json().at("change").as_int64(), 0);
  EXPECT_EQ(again.json().at("rating"), s.at("rating"));

  // Bob fails it at once: his rating goes down.
  const Guest bob = new_guest(port);
  HttpResult failed = attempt(port, id, {wrong_first(line)}, bob.cookie);
  ASSERT_EQ(failed.status, 200) << failed.body;
  EXPECT_EQ(str(failed.json().at("state")), "failed");
  EXPECT_EQ(failed.json().at("right").as_int64(), 0);
  EXPECT_TRUE(failed.json().at("rated").as_bool());
  EXPECT_LT(failed.json().at("rating").as_int64(), 1500);
  EXPECT_LT(failed.json().at("change").as_int64(), 0);
  EXPECT_EQ(strings(failed.json().at("solution")), line);

  // Ann's next puzzles are ones she has not tried, near her new rating.
  for (int i = 0; i < 5; ++i) {
    const json::value next =
        http(port, "GET", "/api/puzzles/next?variant=classic", {}, ann.cookie).json();
    EXPECT_NE(str(next.at("id")), id);
    EXPECT_EQ(next.at("player_rating"), s.at("rating"));
  }
}

// A PopOut line whose last move is the solver's pop (data/puzzles/popout.txt:
// 25845dff56, line 2 2 2 4 2^), solved in the site's letters and in the
// collection's digits by two players.
TEST(Puzzles, APopOutPuzzleIsSolvedByPopping) {
  ServerProcess server(temp_db("puzzles_popout"));
  const int port = server.port();
  const Guest ann = new_guest(port);
  const Guest bob = new_guest(port);
  const json::value p = http(port, "GET", "/api/puzzles/25845dff56", {}, ann.cookie).json();
  EXPECT_EQ(str(p.at("variant")), "popout");
  HttpResult letters = attempt(port, "25845dff56", {"b", "b", "b^"}, ann.cookie);
  ASSERT_EQ(letters.status, 200) << letters.body;
  EXPECT_EQ(str(letters.json().at("state")), "solved");
  EXPECT_EQ(strings(letters.json().at("solution")),
            (std::vector<std::string>{"b", "b", "b", "d", "b^"}));
  HttpResult digits = attempt(port, "25845dff56", {"2", "2", "2^"}, bob.cookie);
  ASSERT_EQ(digits.status, 200) << digits.body;
  EXPECT_EQ(str(digits.json().at("state")), "solved");
  // Dropping where the pop belongs fails.
  const Guest cy = new_guest(port);
  HttpResult dropped = attempt(port, "25845dff56", {"b", "b", "b"}, cy.cookie);
  EXPECT_EQ(str(dropped.json().at("state")), "failed");
  EXPECT_EQ(dropped.json().at("right").as_int64(), 2);
}

TEST(Puzzles, TheDailyPuzzleIsEveryonesForADay) {
  ServerProcess server(temp_db("puzzles_daily"), CLOCK);
  const int port = server.port();
  const json::value a = http(port, "GET", "/api/puzzles/daily").json();
  const json::value b = http(port, "GET", "/api/puzzles/daily", {}, new_guest(port).cookie).json();
  EXPECT_EQ(a.at("id"), b.at("id"));
  EXPECT_EQ(str(a.at("variant")), "classic");
  EXPECT_EQ(a.at("day").as_int64(), 1764487000000LL / 86400000);
  EXPECT_FALSE(a.as_object().contains("solution"));
  const json::value pop = http(port, "GET", "/api/puzzles/daily?variant=popout").json();
  EXPECT_EQ(str(pop.at("variant")), "popout");
  ASSERT_EQ(http(port, "POST", "/api/test/clock", R"({"advance_ms":86400000})").status, 200);
  const json::value next_day = http(port, "GET", "/api/puzzles/daily").json();
  EXPECT_EQ(next_day.at("day").as_int64(), a.at("day").as_int64() + 1);
  EXPECT_EQ(http(port, "GET", "/api/puzzles/daily").json().at("id"), next_day.at("id"));
}

TEST(Puzzles, EachMalformedRequestHasItsError) {
  ServerProcess server(temp_db("puzzles_errors"));
  const int port = server.port();
  const Guest g = new_guest(port);
  const std::string id = str(http(port, "GET", "/api/puzzles/next?variant=small").json().at("id"));
  const std::vector<std::tuple<std::string, std::string, std::string, int, std::string>> cases = {
      {"GET", "/api/puzzles/next", "", 400, "bad_query"},
      {"GET", "/api/puzzles/next?variant=classic&colour=red", "", 400, "bad_query"},
      {"GET", "/api/puzzles/next?variant=nope", "", 404, "unknown_variant"},
      {"GET", "/api/puzzles/next?variant=twiceFour", "", 404, "unknown_variant"},
      {"GET", "/api/puzzles/next?variant=classic&theme=nope", "", 404, "unknown_theme"},
      {"GET", "/api/puzzles/daily?variant=nope", "", 404, "unknown_variant"},
      {"GET", "/api/puzzles/0000000000", "", 404, "unknown_puzzle"},
      {"POST", "/api/puzzles/0000000000/attempt", R"({"moves":["a"]})", 404, "unknown_puzzle"},
      {"POST", "/api/puzzles/" + id + "/attempt", "[1]", 400, "bad_json"},
      {"POST", "/api/puzzles/" + id + "/attempt", "{", 400, "bad_json"},
      {"POST", "/api/puzzles/" + id + "/attempt", R"({"moves":"a"})", 400, "bad_moves"},
      {"POST", "/api/puzzles/" + id + "/attempt", R"({"moves":[]})", 400, "bad_moves"},
      {"POST", "/api/puzzles/" + id + "/attempt", R"({"moves":[4]})", 400, "bad_moves"},
      {"POST", "/api/puzzles/" + id + "/attempt", R"({"moves":["z"]})", 400, "bad_moves"},
      {"POST", "/api/puzzles/" + id + "/attempt", R"({"moves":["g"]})", 400, "bad_moves"},
      {"GET", "/api/puzzles/" + id + "/attempt", "", 405, "method_not_allowed"},
  };
  for (const auto& [method, target, body, status, code] : cases) {
    HttpResult r = http(port, method, target, body, g.cookie);
    EXPECT_EQ(r.status, status) << method << " " << target << " " << body << ": " << r.body;
    if (r.status == status) {
      EXPECT_EQ(error_code(r), code) << target << " " << body;
    }
  }
  // None of them was an attempt: the puzzle is still unseen for the guest.
  EXPECT_FALSE(
      http(port, "GET", "/api/puzzles/" + id, {}, g.cookie).json().at("attempted").as_bool());
}

// Many players solving one puzzle at once, and one player's two tabs
// sending the same first attempt at once: each player's first attempt is
// rated once, and the puzzle counts every one of them (an attempt read
// apart from its write would overwrite another's).
TEST(Puzzles, AttemptsAtOnceAreEachRatedOnce) {
  ServerProcess server(temp_db("puzzles_at_once"), CLOCK);
  const int port = server.port();
  const std::string id =
      str(http(port, "GET", "/api/puzzles/next?variant=classic").json().at("id"));
  const std::vector<std::string> mine = solver_moves(learn_line(port, id));
  constexpr int PLAYERS = 12;
  std::vector<Guest> guests;
  for (int i = 0; i < PLAYERS; ++i) guests.push_back(new_guest(port));
  std::atomic<int> rated = 0;
  std::atomic<int> failures = 0;
  std::vector<std::thread> threads;
  // Each guest twice: two tabs.
  for (int i = 0; i < 2 * PLAYERS; ++i)
    threads.emplace_back([&, i] {
      HttpResult r = attempt(port, id, mine, guests[std::size_t(i % PLAYERS)].cookie);
      if (r.status != 200 || str(r.json().at("state")) != "solved")
        ++failures;
      else if (r.json().at("rated").as_bool())
        ++rated;
    });
  for (auto& t : threads) t.join();
  EXPECT_EQ(failures.load(), 0);
  EXPECT_EQ(rated.load(), PLAYERS);
  // The helper that learned the line attempted it too.
  EXPECT_EQ(http(port, "GET", "/api/puzzles/" + id).json().at("attempts").as_int64(), PLAYERS + 1);
  for (const Guest& g : guests) {
    const json::value h = http(port, "GET", "/api/players/" + g.id + "/puzzles").json();
    ASSERT_EQ(h.at("attempts").as_array().size(), 1U) << json::serialize(h);
    EXPECT_EQ(h.at("ratings").at(0).at("attempts").as_int64(), 1);
  }
}

// data/puzzles missing (an install without it): the server starts, warns,
// and every puzzle request is answered as for a variant without puzzles.
TEST(Puzzles, AServerWithoutTheCollectionStartsAndSaysSo) {
  ASSERT_EQ(setenv("FOURTABLE_PUZZLES", "/nonexistent/puzzles", 1), 0);
  ServerProcess server(temp_db("puzzles_missing"));
  unsetenv("FOURTABLE_PUZZLES");
  const int port = server.port();
  std::ifstream log(server.log_path());
  const std::string text((std::istreambuf_iterator<char>(log)), std::istreambuf_iterator<char>());
  EXPECT_NE(text.find("no puzzle collection at /nonexistent/puzzles"), std::string::npos) << text;
  const Guest g = new_guest(port);
  const std::vector<std::tuple<std::string, std::string, int, std::string>> cases = {
      {"GET", "/api/puzzles/daily", 404, "unknown_variant"},
      {"GET", "/api/puzzles/next?variant=classic", 404, "unknown_variant"},
      {"GET", "/api/puzzles/2d55633992", 404, "unknown_puzzle"},
      {"POST", "/api/puzzles/2d55633992/attempt", 404, "unknown_puzzle"},
  };
  for (const auto& [method, target, status, code] : cases) {
    HttpResult r =
        http(port, method, target, method == "POST" ? R"({"moves":["a"]})" : "", g.cookie);
    EXPECT_EQ(r.status, status) << target << ": " << r.body;
    EXPECT_EQ(error_code(r), code) << target;
  }
  EXPECT_EQ(http(port, "GET", "/api/players/" + g.id + "/puzzles").status, 200);
  EXPECT_EQ(http(port, "GET", "/api/me").status, 200);  // and it serves the rest
}

}  // namespace
}  // namespace ft::test
