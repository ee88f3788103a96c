// Profiles and leaderboards through the real server (docs/protocol.md 2.6,
// 2.14, 2.15): win/draw/loss counts, matches paged by the cursor, the rating
// history per pool, the leaderboard's order, deviation threshold, "played
// recently" and the caller's own place. Matches end by resign_match, the
// quickest way to a rated result (RULES.md A3: the resigner loses 0:2).
#include <gtest/gtest.h>

#include <set>

#include "support/table_helpers.h"
#include "support/test_client.h"

namespace ft::test {
namespace {

namespace json = boost::json;

// Under the test clock every match finishes in the same millisecond: the
// cursor must still page through them without losing or repeating one.
constexpr const char* CLOCK = "--test-clock 1764487000000";

json::object get(int port, const std::string& target, const Guest& who, int status = 200) {
  HttpResult r = http(port, "GET", target, {}, who.cookie);
  EXPECT_EQ(r.status, status) << target << ": " << r.body;
  return r.json().as_object();
}

// A rated classic match that `loser` resigns; returns its table id.
std::string rated_match(int port, const Guest& winner, const Guest& loser) {
  const std::string table = create_table(port, winner, R"({"game":"four","rated":true})");
  Player pw = join(port, winner, table);
  Player pl = join(port, loser, table);
  pw.ws->expect("event", "game_started");
  pl.ws->send(R"({"type":"resign_match"})");
  json::object over = pw.ws->expect("event", "match_over");
  EXPECT_EQ(over.at("event").at("ratings").as_array().size(), 2u) << json::serialize(over);
  return table;
}

double rd_of(int port, const Guest& g) {
  json::object p = get(port, "/api/players/" + g.id, g);
  return p.at("ratings").at(0).at("rd").to_number<double>();
}

TEST(Profiles, CountsPagingAndRatingHistory) {
  ServerProcess server(temp_db("profiles"), CLOCK);
  const int port = server.port();
  Guest a = new_guest(port);
  Guest b = new_guest(port);
  Guest c = new_guest(port);
  // Oldest first: a wins three against b, loses one to b and one to c.
  std::vector<std::string> tables;
  for (int i = 0; i < 3; ++i) tables.push_back(rated_match(port, a, b));
  tables.push_back(rated_match(port, b, a));
  tables.push_back(rated_match(port, c, a));
  // And resigns against the computer: only a's line is stored, the result
  // comes from the stored score (it read "draw" before).
  const std::string computer =
      create_table(port, a, R"({"game":"four","opponent":{"kind":"computer","level":1}})");
  {
    Player pa = join(port, a, computer);
    pa.ws->send(R"({"type":"resign_match"})");
    pa.ws->expect("event", "match_over");
  }
  tables.push_back(computer);

  json::object first = get(port, "/api/players/" + a.id + "?limit=2", a);
  EXPECT_EQ(first.at("counts"), (json::object{{"win", 3}, {"draw", 0}, {"loss", 3}}));
  // Every page of two, newest first, until `next` is null.
  std::vector<std::string> seen;
  json::object page = first;
  for (int pages = 0; pages < 10; ++pages) {
    const auto& matches = page.at("matches").as_array();
    EXPECT_LE(matches.size(), 2u);
    for (const auto& m : matches) seen.push_back(str(m.at("table")));
    if (page.at("next").is_null()) break;
    page = get(port, "/api/players/" + a.id + "?limit=2&before=" + str(page.at("next")), a);
  }
  EXPECT_EQ(seen, std::vector<std::string>(tables.rbegin(), tables.rend()));
  // The default page holds all six at once, without a next page.
  json::object all = get(port, "/api/players/" + a.id, a);
  ASSERT_EQ(all.at("matches").as_array().size(), 6u);
  EXPECT_TRUE(all.at("next").is_null());
  const auto& vs_computer = all.at("matches").at(0).as_object();
  EXPECT_EQ(str(vs_computer.at("result")), "loss");
  EXPECT_TRUE(vs_computer.at("opponents").as_array().empty());
  const std::size_t seat = std::size_t(vs_computer.at("seat").as_int64());
  EXPECT_EQ(vs_computer.at("score").at(seat).to_number<double>(), 0.0);
  EXPECT_EQ(vs_computer.at("score").at(1 - seat).to_number<double>(), 2.0);
  EXPECT_TRUE(vs_computer.at("rating_change").is_null());
  const auto& vs_c = all.at("matches").at(1).as_object();
  EXPECT_EQ(str(vs_c.at("result")), "loss");
  EXPECT_EQ(str(vs_c.at("opponents").at(0).at("id")), c.id);
  EXPECT_LT(vs_c.at("rating_change").to_number<double>(), 0);

  // The history: where the pool started, then one point per rated match,
  // each the previous plus that match's rating change; the last is the rating.
  json::object history = get(port, "/api/players/" + a.id + "/ratings", b);
  ASSERT_EQ(history.at("pools").as_array().size(), 1u);
  const auto& pool = history.at("pools").at(0).as_object();
  EXPECT_EQ(str(pool.at("pool")), "classic");
  EXPECT_EQ(pool.at("matches").as_int64(), 5);
  EXPECT_TRUE(pool.at("provisional").as_bool());  // RD far above 110 after 5 matches
  const auto& points = pool.at("history").as_array();
  ASSERT_EQ(points.size(), 6u);
  EXPECT_DOUBLE_EQ(points[0].at(1).to_number<double>(), 1500.0);
  const auto& rated = all.at("matches").as_array();
  for (std::size_t i = 1; i < points.size(); ++i) {
    // Point i is the i-th rated match, oldest first; the list is newest first
    // and starts with the unrated computer match.
    const double change = rated[6 - i].at("rating_change").to_number<double>();
    EXPECT_NEAR(points[i].at(1).to_number<double>() - points[i - 1].at(1).to_number<double>(),
                change, 1e-9)
        << i;
    EXPECT_GE(points[i].at(0).as_int64(), points[i - 1].at(0).as_int64());
  }
  EXPECT_DOUBLE_EQ(points.back().at(1).to_number<double>(), pool.at("rating").to_number<double>());
  EXPECT_DOUBLE_EQ(pool.at("rating").to_number<double>(),
                   all.at("ratings").at(0).at("rating").to_number<double>());

  // Bad paging is told, unknown players and pages are not found.
  for (const std::string q : {"?before=abc", "?before=17", "?before=1_x", "?limit=0", "?limit=101"})
    EXPECT_EQ(str(get(port, "/api/players/" + a.id + q, a, 400).at("error").at("code")),
              "bad_query")
        << q;
  get(port, "/api/players/p_999999/ratings", a, 404);
  get(port, "/api/players/" + a.id + "/friends", a, 404);
  EXPECT_EQ(get(port, "/api/players/" + c.id + "/ratings", a)
                .at("pools")
                .at(0)
                .at("history")
                .as_array()
                .size(),
            2u);
}

TEST(Profiles, LeaderboardOrderThresholdRecentAndOwnPlace) {
  // Deviation 500 for a newcomer, about 397 after one match and lower after
  // two: a threshold of 380 lists players with two matches only.
  ServerProcess server(temp_db("leaderboard"),
                       std::string(CLOCK) + " --leaderboard-rd 380 --leaderboard-days 30");
  const int port = server.port();
  Guest a = new_guest(port);
  Guest b = new_guest(port);
  Guest c = new_guest(port);
  Guest d = new_guest(port);
  Guest nobody = new_guest(port);
  rated_match(port, a, b);
  rated_match(port, a, c);
  rated_match(port, d, b);
  // The premise: a and b played two matches, c and d one.
  EXPECT_LT(rd_of(port, a), 380);
  EXPECT_LT(rd_of(port, b), 380);
  EXPECT_GT(rd_of(port, c), 380);
  EXPECT_GT(rd_of(port, d), 380);

  json::object board = get(port, "/api/leaderboard/classic", nobody);
  EXPECT_EQ(str(board.at("pool")), "classic");
  EXPECT_EQ(board.at("max_rd").to_number<double>(), 380);
  EXPECT_EQ(board.at("active_days").as_int64(), 30);
  EXPECT_TRUE(board.at("me").is_null());  // no rating in the pool
  const auto& players = board.at("players").as_array();
  ASSERT_EQ(players.size(), 2u) << json::serialize(board);
  EXPECT_EQ(str(players[0].at("id")), a.id);
  EXPECT_EQ(players[0].at("rank").as_int64(), 1);
  EXPECT_EQ(str(players[1].at("id")), b.id);
  EXPECT_EQ(players[1].at("rank").as_int64(), 2);
  EXPECT_GT(players[0].at("rating").to_number<double>(),
            players[1].at("rating").to_number<double>());
  EXPECT_EQ(players[0].at("matches").as_int64(), 2);

  // Own place: b outside a top 1 is second; d, above the threshold, has no
  // place yet but sees its rating.
  json::object top1 = get(port, "/api/leaderboard/classic?limit=1", b);
  ASSERT_EQ(top1.at("players").as_array().size(), 1u);
  EXPECT_EQ(top1.at("me").at("rank").as_int64(), 2);
  EXPECT_EQ(str(top1.at("me").at("id")), b.id);
  json::object for_d = get(port, "/api/leaderboard/classic", d);
  EXPECT_TRUE(for_d.at("me").at("rank").is_null());
  EXPECT_TRUE(for_d.at("me").at("provisional").as_bool());
  EXPECT_GT(for_d.at("me").at("rating").to_number<double>(), 1500);

  // Other pools answer, pools that do not exist are not found.
  EXPECT_TRUE(get(port, "/api/leaderboard/twicefour", a).at("players").as_array().empty());
  for (const std::string pool : {"nope", "single", "", "classic/x"})
    EXPECT_EQ(str(get(port, "/api/leaderboard/" + pool, a, 404).at("error").at("code")),
              "not_found")
        << pool;
  EXPECT_EQ(str(get(port, "/api/leaderboard/classic?limit=500", a, 400).at("error").at("code")),
            "bad_query");

  // 31 days without a rated match: nobody played recently.
  for (const char* step : {R"({"advance_ms":2592000000})", R"({"advance_ms":86400000})"})
    ASSERT_EQ(http(port, "POST", "/api/test/clock", step).status, 200);
  json::object later = get(port, "/api/leaderboard/classic", a);
  EXPECT_TRUE(later.at("players").as_array().empty());
  EXPECT_TRUE(later.at("me").at("rank").is_null());
}

}  // namespace
}  // namespace ft::test
