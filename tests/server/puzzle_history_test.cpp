// A player's puzzle history through the real server (docs/protocol.md
// 2.22): the puzzle rating of each variant tried and the rated attempts,
// newest first, paged by the cursor without loss or repeat; a player with
// none has empty lists; an unknown player and a bad query have their errors.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "support/table_helpers.h"
#include "support/test_client.h"

namespace ft::test {
namespace {

namespace json = boost::json;

constexpr const char* CLOCK = "--test-clock 1764487000000";

HttpResult attempt(int port, const std::string& id, const std::string& move,
                   const std::string& cookie) {
  return http(port, "POST", "/api/puzzles/" + id + "/attempt", R"({"moves":[")" + move + R"("]})",
              cookie);
}

// The first move of puzzle `id`'s line, as a helper guest learns it: an
// attempt that ends (solved or failed) answers the solution.
std::string first_move(int port, const std::string& id) {
  const Guest helper = new_guest(port);
  HttpResult r = attempt(port, id, "a", helper.cookie);
  if (str(r.json().at("state")) == "continue") return "a";
  return str(r.json().at("solution").at(0));
}

// Three classic puzzles and a PopOut one failed by Ann, a second apart.
std::vector<std::string> fail_some(int port, const Guest& ann) {
  std::vector<std::string> ids;
  for (const char* variant : {"classic", "classic", "classic", "popout"}) {
    const json::value p =
        http(port, "GET", std::string("/api/puzzles/next?variant=") + variant, {}, ann.cookie)
            .json();
    const std::string id = str(p.at("id"));
    HttpResult r = attempt(port, id, first_move(port, id) == "a" ? "b" : "a", ann.cookie);
    EXPECT_EQ(str(r.json().at("state")), "failed") << r.body;
    EXPECT_TRUE(r.json().at("rated").as_bool()) << r.body;
    ids.push_back(id);
    // So the newest-first order is the order of the attempts.
    EXPECT_EQ(http(port, "POST", "/api/test/clock", R"({"advance_ms":1000})").status, 200);
  }
  return ids;
}

TEST(PuzzleHistory, ListsRatingsAndAttemptsNewestFirstAPageAtATime) {
  ServerProcess server(temp_db("puzzle_history"), CLOCK);
  const int port = server.port();
  const Guest ann = new_guest(port);
  const std::vector<std::string> ids = fail_some(port, ann);

  const json::value all = http(port, "GET", "/api/players/" + ann.id + "/puzzles").json();
  EXPECT_EQ(str(all.at("id")), ann.id);
  const json::array& ratings = all.at("ratings").as_array();
  ASSERT_EQ(ratings.size(), 2U) << json::serialize(all);
  EXPECT_EQ(str(ratings[0].at("variant")), "classic");
  EXPECT_EQ(ratings[0].at("attempts").as_int64(), 3);
  EXPECT_LT(ratings[0].at("rating").as_int64(), 1500);  // three failures
  EXPECT_TRUE(ratings[0].at("provisional").as_bool());
  EXPECT_GT(ratings[0].at("rd").as_int64(), 110);
  EXPECT_EQ(str(ratings[1].at("variant")), "popout");
  const json::array& attempts = all.at("attempts").as_array();
  ASSERT_EQ(attempts.size(), 4U);
  EXPECT_TRUE(all.at("next").is_null());
  for (std::size_t i = 0; i < 4; ++i) {
    const json::value& a = attempts[i];
    EXPECT_EQ(str(a.at("puzzle")), ids[3 - i]);
    EXPECT_FALSE(a.at("solved").as_bool());
    // The puzzle's own themes (some puzzles have none the generator names).
    const json::value puzzle = http(port, "GET", "/api/puzzles/" + ids[3 - i]).json();
    EXPECT_EQ(a.at("themes"), puzzle.at("themes")) << json::serialize(a);
    EXPECT_EQ(a.at("change").as_int64(),
              a.at("rating_after").as_int64() - a.at("rating_before").as_int64());
    EXPECT_LT(a.at("change").as_int64(), 0);
    EXPECT_EQ(a.at("at").as_int64(), 1764487000000LL + 1000 * static_cast<std::int64_t>(3 - i));
  }
  EXPECT_EQ(str(attempts[0].at("variant")), "popout");
  EXPECT_EQ(attempts[3].at("rating_before").as_int64(), 1500);
  // The classic rating after the last classic attempt is the pool's rating.
  EXPECT_EQ(attempts[1].at("rating_after"), ratings[0].at("rating"));

  // Pages of 3 then 1, by the cursor: the same four, none twice.
  const json::value first = http(port, "GET", "/api/players/" + ann.id + "/puzzles?limit=3").json();
  ASSERT_EQ(first.at("attempts").as_array().size(), 3U);
  ASSERT_TRUE(first.at("next").is_string());
  const json::value second =
      http(port, "GET",
           "/api/players/" + ann.id + "/puzzles?limit=3&before=" + str(first.at("next")))
          .json();
  ASSERT_EQ(second.at("attempts").as_array().size(), 1U);
  EXPECT_EQ(str(second.at("attempts").at(0).at("puzzle")), ids[0]);
  EXPECT_TRUE(second.at("next").is_null());
}

TEST(PuzzleHistory, APlayerWithoutAttemptsAndTheErrors) {
  ServerProcess server(temp_db("puzzle_history_errors"));
  const int port = server.port();
  const Guest bob = new_guest(port);
  HttpResult none = http(port, "GET", "/api/players/" + bob.id + "/puzzles");
  ASSERT_EQ(none.status, 200) << none.body;
  EXPECT_TRUE(none.json().at("ratings").as_array().empty());
  EXPECT_TRUE(none.json().at("attempts").as_array().empty());
  EXPECT_TRUE(none.json().at("next").is_null());
  EXPECT_TRUE(none.set_cookie.empty()) << "a read makes no guest";
  for (const std::string target : {"/api/players/p_999999/puzzles", "/api/players/x/puzzles"}) {
    HttpResult r = http(port, "GET", target);
    EXPECT_EQ(r.status, 404) << target;
    EXPECT_EQ(error_code(r), "not_found") << target;
  }
  const std::string base = "/api/players/" + bob.id + "/puzzles";
  for (const std::string query : {"?limit=0", "?limit=101", "?limit=x", "?before=12", "?before=12_",
                                  "?before=x_ab", "?before=5_AB", "?colour=red"}) {
    HttpResult r = http(port, "GET", base + query);
    EXPECT_EQ(r.status, 400) << query << ": " << r.body;
    EXPECT_EQ(error_code(r), "bad_query") << query;
  }
  EXPECT_EQ(http(port, "POST", base, "{}").status, 405);
}

}  // namespace
}  // namespace ft::test
