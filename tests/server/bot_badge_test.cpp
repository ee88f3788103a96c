// A bot is shown as one everywhere (docs/bot-api.md, "Bot accounts";
// protocol.md 2.4, "A player named"): every answer and frame that names a
// player carries `bot` with the name, true for a bot account and false for
// a person, through the real server; and a bot is kept out of the pools of
// "play someone now" (protocol.md 2.19), with its token or its cookie.
#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <thread>

#include "support/bot_accounts.h"
#include "support/table_helpers.h"
#include "support/test_client.h"

namespace ft::test {
namespace {

namespace json = boost::json;
using Headers = std::vector<std::pair<std::string, std::string>>;

HttpResult bearer(int port, const std::string& target, const std::string& token) {
  return http(port, "POST", target, "", "", "", Headers{{"Authorization", "Bearer " + token}});
}

// The `bot` flag of the player object `p`, which must carry one.
bool bot_of(const json::value& p) {
  const json::value* flag = p.as_object().if_contains("bot");
  EXPECT_NE(flag, nullptr) << json::serialize(p);
  return flag != nullptr && flag->as_bool();
}

// Seats [person, bot] of a table summary (2.4), each named with its flag.
void expect_person_then_bot(const json::value& summary, const std::string& where) {
  const json::array& seats = summary.at("seats").as_array();
  ASSERT_EQ(seats.size(), 2u) << where;
  EXPECT_FALSE(bot_of(seats[0].at("player"))) << where;
  EXPECT_TRUE(bot_of(seats[1].at("player"))) << where;
}

// The lobby's live table `id`, waited for (the lobby is refreshed about
// once a second).
json::value live_in_lobby(int port, const std::string& id) {
  for (int i = 0; i < 50; ++i) {
    const json::value lobby = http(port, "GET", "/api/lobby").json();
    for (const json::value& s : lobby.at("live").as_array())
      if (str(s.at("id")) == id) return s;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  ADD_FAILURE() << "table " << id << " never came to the lobby";
  return nullptr;
}

TEST(BotBadge, EveryAnswerThatNamesAPlayerSaysWhetherItIsABot) {
  // Leaderboards admit a new player's deviation, so one match puts both on.
  ServerProcess server(temp_db("bot_badge_names"), "--leaderboard-rd 500");
  const int port = server.port();
  const Bot bot = bot_account(port, "Deep Column");
  const Guest person = new_guest(port);
  const std::string table = create_table(port, person, R"({"game":"four","variant":"classic"})");
  Player seat0 = join(port, person, table);
  ASSERT_EQ(bearer(port, "/api/bot/game/" + table + "/join", bot.token).status, 200);
  // The table's frames: the bot's `seated` event, then a watcher's `state`.
  const json::object seated = seat0.ws->expect("event", "seated");
  EXPECT_TRUE(bot_of(seated.at("event").at("player")));
  const json::object started = seat0.ws->expect("event", "game_started");
  const Guest watcher = new_guest(port);
  const Player watching = join(port, watcher, table, true);
  expect_person_then_bot(watching.state.at("table"), "state frame");
  // The summary, the lobby's live list and the person's games.
  expect_person_then_bot(http(port, "GET", "/api/tables/" + table).json(), "summary");
  expect_person_then_bot(live_in_lobby(port, table), "lobby");
  const json::value mine = http(port, "GET", "/api/me/tables", {}, person.cookie).json();
  ASSERT_EQ(mine.at("tables").as_array().size(), 1u);
  expect_person_then_bot(mine.at("tables").at(0), "your games");

  // One move each way, then the bot resigns the (rated) match: game 1 is a
  // record, the match a result on both profiles and in the export.
  const int first = int(started.at("event").at("game").at("to_move").at("seat").as_int64());
  if (first == 0) {
    seat0.ws->send(json::object{{"type", "move"}, {"id", "m1"}, {"move", "d"}});
    seat0.ws->expect("ack");
  } else {
    ASSERT_EQ(bearer(port, "/api/bot/game/" + table + "/move/d", bot.token).status, 200);
  }
  seat0.ws->expect("event", "moved");
  ASSERT_EQ(bearer(port, "/api/bot/game/" + table + "/resign-match", bot.token).status, 200);
  seat0.ws->expect("event", "match_over");

  const json::value record = http(port, "GET", "/api/games/" + table + "-1").json();
  ASSERT_EQ(record.at("players").as_array().size(), 2u) << record;
  EXPECT_FALSE(bot_of(record.at("players").at(0).at("player")));
  EXPECT_TRUE(bot_of(record.at("players").at(1).at("player")));
  const json::value theirs = http(port, "GET", "/api/players/" + person.id).json();
  EXPECT_TRUE(bot_of(theirs.at("matches").at(0).at("opponents").at(0)));
  const json::value its = http(port, "GET", "/api/players/" + bot.id).json();
  EXPECT_FALSE(bot_of(its.at("matches").at(0).at("opponents").at(0)));
  const HttpResult exported = http(port, "GET", "/api/players/" + person.id + "/games");
  const json::value line = json::parse(exported.body.substr(0, exported.body.find('\n')));
  EXPECT_FALSE(bot_of(line.at("players").at(0)));
  EXPECT_TRUE(bot_of(line.at("players").at(1)));
  const json::value board = http(port, "GET", "/api/leaderboard/classic").json();
  ASSERT_EQ(board.at("players").as_array().size(), 2u) << board;
  for (const json::value& p : board.at("players").as_array())
    EXPECT_EQ(bot_of(p), str(p.at("id")) == bot.id) << p;

  // A challenge names both players with their flags.
  HttpResult challenge = http(port, "POST", "/api/challenge/" + bot.id,
                              R"({"game":"four","rated":true})", person.cookie);
  ASSERT_EQ(challenge.status, 201) << challenge.body;
  EXPECT_FALSE(bot_of(challenge.json().at("challenger")));
  EXPECT_TRUE(bot_of(challenge.json().at("destUser")));
  EXPECT_TRUE(challenge.json().at("rated").as_bool());  // a bot plays rated against people
}

TEST(BotBadge, ABotIsKeptOutOfThePoolsWithItsTokenOrItsCookie) {
  ServerProcess server(temp_db("bot_badge_pools"));
  const int port = server.port();
  const std::string pool = "/api/pools/classic-3-2-rated";
  const Bot bot = bot_account(port, "Pool Bot");
  HttpResult by_token = bearer(port, pool, bot.token);
  EXPECT_EQ(by_token.status, 403) << by_token.body;
  EXPECT_EQ(error_code(by_token), "bot_not_allowed");
  // The cookie its browser had before the upgrade, and a session made by
  // logging in after it: both are the bot's.
  HttpResult by_cookie = http(port, "POST", pool, "", bot.account.cookie);
  EXPECT_EQ(by_cookie.status, 403) << by_cookie.body;
  EXPECT_EQ(error_code(by_cookie), "bot_not_allowed");
  HttpResult login =
      http(port, "POST", "/api/account/login", R"({"name":"Pool Bot","password":"correct horse"})");
  ASSERT_EQ(login.status, 200) << login.body;
  HttpResult by_login = http(port, "POST", pool, "", login.set_cookie);
  EXPECT_EQ(by_login.status, 403) << by_login.body;
  EXPECT_EQ(error_code(by_login), "bot_not_allowed");
  EXPECT_TRUE(http(port, "GET", "/api/pools", {}, bot.account.cookie).json().at("wait").is_null());
  // Leaving is no harm: the bot has no wait.
  HttpResult left = http(port, "DELETE", pool, "", bot.account.cookie, "",
                         Headers{{"Content-Type", "application/json"}});
  ASSERT_EQ(left.status, 200) << left.body;
  EXPECT_EQ(str(left.json().at("state")), "left");

  // A person still waits with the cookie, and a person's token is still
  // refused as any token is.
  const Bot person = bot_account(port, "Pool Person", true);
  HttpResult token = bearer(port, pool, person.token);
  EXPECT_EQ(token.status, 403);
  EXPECT_EQ(error_code(token), "session_only");
  HttpResult waits = http(port, "POST", pool, "", person.account.cookie);
  ASSERT_EQ(waits.status, 200) << waits.body;
  EXPECT_EQ(str(waits.json().at("state")), "waiting");
}

}  // namespace
}  // namespace ft::test
