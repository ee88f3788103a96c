// The Bot API's streams and game endpoints through the real server, written
// from docs/bot-api.md: the event stream (gameStart, gameFinish, one per
// token, a revoked token's stream ended), a game's stream (gameFull, then
// gameState), and the commands with every refusal the document lists.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "support/bot_accounts.h"
#include "support/ndjson_client.h"
#include "support/table_helpers.h"
#include "support/test_client.h"

namespace ft::test {
namespace {

namespace json = boost::json;
using Headers = std::vector<std::pair<std::string, std::string>>;

HttpResult post(int port, const std::string& target, const std::string& token) {
  return http(port, "POST", target, "", "", "", Headers{{"Authorization", "Bearer " + token}});
}

Headers auth(const std::string& token) {
  return Headers{{"Authorization", "Bearer " + token}};
}

// A person's open classic table, the person seated and connected, and the
// bot joined: game 1 has started, the person (seat 0) to move.
struct Game {
  Guest person;
  Player seat0;
  std::string table;
};
Game started_game(int port, const Bot& bot, const std::string& settings) {
  Game g;
  g.person = new_guest(port);
  g.table = create_table(port, g.person, settings);
  g.seat0 = join(port, g.person, g.table);
  HttpResult joined = post(port, "/api/bot/game/" + g.table + "/join", bot.token);
  EXPECT_EQ(joined.status, 200) << joined.body;
  EXPECT_EQ(joined.json().at("seat").as_int64(), 1);
  g.seat0.ws->expect("event", "game_started");
  return g;
}

constexpr const char* CLASSIC = R"({"game":"four","variant":"classic","rated":false})";
constexpr const char* POPOUT = R"({"game":"four","variant":"popout","rated":false})";

TEST(BotGames, EveryEndpointRefusesWithoutABotToken) {
  ServerProcess server(temp_db("bot_games_refusals"));
  const int port = server.port();
  const Bot person = bot_account(port, "Plain Person", true);
  for (const std::string target : {"/api/stream/event", "/api/bot/game/stream/abc"}) {
    NdjsonStream none(port, target, {});
    EXPECT_EQ(none.status(), 401) << target;
    EXPECT_NE(none.body().find("no_token"), std::string::npos) << none.body();
    NdjsonStream bad(port, target, auth("ft_not-a-token"));
    EXPECT_EQ(bad.status(), 401);
    EXPECT_NE(bad.body().find("bad_token"), std::string::npos) << bad.body();
    NdjsonStream not_bot(port, target, auth(person.token));
    EXPECT_EQ(not_bot.status(), 403);
    EXPECT_NE(not_bot.body().find("not_bot"), std::string::npos) << not_bot.body();
  }
  const std::string scoped = new_token(port, person.account, json::array{"challenge:write"});
  HttpResult wrong = post(port, "/api/bot/game/abc/move/d", scoped);
  EXPECT_EQ(wrong.status, 403);
  EXPECT_EQ(error_code(wrong), "missing_scope");
  for (const std::string action : {"move/d", "ready", "resign", "resign-match", "join"}) {
    HttpResult r = post(port, "/api/bot/game/abc/" + action, person.token);
    EXPECT_EQ(r.status, 403) << action;
    EXPECT_EQ(error_code(r), "not_bot") << action;
  }
  HttpResult cookie = http(port, "POST", "/api/bot/game/abc/ready", "", person.account.cookie, "",
                           Headers{{"Content-Type", "application/json"}});
  EXPECT_EQ(cookie.status, 401);
  EXPECT_EQ(error_code(cookie), "no_token");
}

TEST(BotGames, MovesAreTheTablesOwnWithItsRefusals) {
  ServerProcess server(temp_db("bot_games_moves"));
  const int port = server.port();
  const Bot bot = bot_account(port, "Column Bot");
  HttpResult none = post(port, "/api/bot/game/nosuchtable/move/d", bot.token);
  EXPECT_EQ(none.status, 404);
  EXPECT_EQ(error_code(none), "not_found");
  Game g = started_game(port, bot, CLASSIC);
  const std::string base = "/api/bot/game/" + g.table;

  HttpResult early = post(port, base + "/move/d", bot.token);
  EXPECT_EQ(early.status, 409) << early.body;
  EXPECT_EQ(error_code(early), "not_your_turn");
  g.seat0.ws->send(json::object{{"type", "move"}, {"id", "m1"}, {"move", "d"}});
  g.seat0.ws->expect("ack");
  g.seat0.ws->expect("event", "moved");  // its own
  HttpResult illegal = post(port, base + "/move/z", bot.token);
  EXPECT_EQ(illegal.status, 400) << illegal.body;
  EXPECT_EQ(error_code(illegal), "illegal_move");
  HttpResult played = post(port, base + "/move/e", bot.token);
  EXPECT_EQ(played.status, 200) << played.body;
  const json::object moved = g.seat0.ws->expect("event", "moved");
  EXPECT_EQ(str(moved.at("event").at("move")), "e");
  EXPECT_EQ(moved.at("event").at("seat").as_int64(), 1);

  // Another table: the bot holds no seat there.
  const Guest other = new_guest(port);
  const std::string theirs = create_table(port, other, CLASSIC);
  HttpResult foreign = post(port, "/api/bot/game/" + theirs + "/ready", bot.token);
  EXPECT_EQ(foreign.status, 403) << foreign.body;
  EXPECT_EQ(error_code(foreign), "not_your_table");
  HttpResult ready = post(port, base + "/ready", bot.token);
  EXPECT_EQ(ready.status, 409) << ready.body;  // a game is being played
  EXPECT_EQ(error_code(ready), "not_now");

  HttpResult resign = post(port, base + "/resign-match", bot.token);
  EXPECT_EQ(resign.status, 200) << resign.body;
  g.seat0.ws->expect("event", "match_over");
  HttpResult after = post(port, base + "/move/d", bot.token);
  EXPECT_EQ(after.status, 409) << after.body;
  EXPECT_EQ(error_code(after), "not_now");
  HttpResult full =
      post(port, "/api/bot/game/" + g.table + "/join", bot_account(port, "Late Bot").token);
  EXPECT_EQ(full.status, 409);
  EXPECT_EQ(error_code(full), "no_free_seat");
}

TEST(BotGames, TheGameStreamTellsTheWholeGameThenEachChange) {
  ServerProcess server(temp_db("bot_games_stream"));
  const int port = server.port();
  const Bot bot = bot_account(port, "Pop Bot");
  Game g = started_game(port, bot, POPOUT);
  NdjsonStream s(port, "/api/bot/game/stream/" + g.table, auth(bot.token));
  ASSERT_EQ(s.status(), 200) << s.head();
  EXPECT_NE(s.head().find("application/x-ndjson"), std::string::npos) << s.head();
  const json::object full = s.expect("gameFull");
  EXPECT_EQ(str(full.at("id")), g.table);
  EXPECT_EQ(str(full.at("variant")), "popout");
  EXPECT_EQ(full.at("you").at("seat").as_int64(), 1);
  EXPECT_EQ(full.at("players").as_array().size(), 2U);
  EXPECT_EQ(str(full.at("players").at(1).at("player").at("id")), bot.id);
  EXPECT_EQ(full.at("match").at("games").as_int64(), 2);
  EXPECT_EQ(str(full.at("state").at("status")), "playing");
  EXPECT_EQ(full.at("state").at("to_move").at("seat").as_int64(), 0);

  g.seat0.ws->send(json::object{{"type", "move"}, {"id", "m1"}, {"move", "d"}});
  json::object st = s.expect("gameState");
  EXPECT_EQ(str(st.at("moves")), "d");
  EXPECT_EQ(st.at("to_move").at("seat").as_int64(), 1);
  EXPECT_EQ(post(port, "/api/bot/game/" + g.table + "/move/c", bot.token).status, 200);
  st = s.expect("gameState");
  EXPECT_EQ(str(st.at("moves")), "d c");
  g.seat0.ws->send(json::object{{"type", "move"}, {"id", "m2"}, {"move", "e"}});
  st = s.expect("gameState");
  EXPECT_EQ(str(st.at("moves")), "d c e");
  // A pop sent escaped in the path, as an HTTP client may send `^`.
  EXPECT_EQ(post(port, "/api/bot/game/" + g.table + "/move/c%5E", bot.token).status, 200);
  st = s.expect("gameState");
  EXPECT_EQ(str(st.at("moves")), "d c e c^");  // a pop in the site's notation
  g.seat0.ws->send(json::object{{"type", "move"}, {"id", "m3"}, {"move", "d^"}});
  st = s.expect("gameState");
  EXPECT_EQ(str(st.at("moves")), "d c e c^ d^");

  // Game 1 resigned: the match waits for Ready, shown as such.
  EXPECT_EQ(post(port, "/api/bot/game/" + g.table + "/resign", bot.token).status, 200);
  st = s.expect("gameState");
  EXPECT_EQ(str(st.at("status")), "between_games");
  EXPECT_EQ(str(st.at("outcome").at("reason")), "resign");
  EXPECT_EQ(st.at("score"), (json::array{1, 0}));
  EXPECT_EQ(post(port, "/api/bot/game/" + g.table + "/ready", bot.token).status, 200);
  st = s.expect("gameState");
  EXPECT_EQ(st.at("ready"), (json::array{false, true}));
  g.seat0.ws->send(json::object{{"type", "ready"}});
  st = s.expect("gameState");
  while (str(st.at("status")) != "playing") st = s.expect("gameState");
  EXPECT_EQ(st.at("game_number").as_int64(), 2);
  EXPECT_EQ(str(st.at("moves")), "");
}

TEST(BotGames, TheEventStreamTellsGamesUnderWayAndEndsForANewerOneOrARevokedToken) {
  ServerProcess server(temp_db("bot_games_events"));
  const int port = server.port();
  const Bot bot = bot_account(port, "Event Bot");
  Game g = started_game(port, bot, CLASSIC);
  // Opened after the game started: it is told at once (a bot that reconnects resumes).
  NdjsonStream first(port, "/api/stream/event", auth(bot.token));
  ASSERT_EQ(first.status(), 200) << first.head();
  json::object start = first.expect("gameStart");
  EXPECT_EQ(str(start.at("game").at("id")), g.table);
  EXPECT_EQ(start.at("game").at("seat").as_int64(), 1);
  EXPECT_EQ(str(start.at("game").at("variant")), "classic");
  // A keep-alive line comes within the 7 s while nothing happens.
  std::optional<std::string> quiet = first.line(std::chrono::seconds(9));
  ASSERT_TRUE(quiet.has_value());
  EXPECT_EQ(*quiet, "");

  // A second stream with the same token: the first ends, saying why.
  NdjsonStream second(port, "/api/stream/event", auth(bot.token));
  ASSERT_EQ(second.status(), 200);
  const json::object replaced = first.expect("error");
  EXPECT_EQ(str(replaced.at("error").at("code")), "stream_replaced");
  EXPECT_FALSE(first.line(std::chrono::seconds(3)).has_value());
  EXPECT_TRUE(first.ended());
  second.expect("gameStart");

  // The match ends: gameFinish.
  g.seat0.ws->send(json::object{{"type", "resign_match"}});
  json::object finish = second.expect("gameFinish");
  EXPECT_EQ(str(finish.at("game").at("id")), g.table);

  // The token revoked: the stream ends within a poll, and the token is unknown.
  const std::string token_id = str(http(port, "GET", "/api/account/tokens", "", bot.account.cookie)
                                       .json()
                                       .at("tokens")
                                       .at(0)
                                       .at("id"));
  HttpResult gone = http(port, "DELETE", "/api/account/tokens/" + token_id, "", bot.account.cookie,
                         "", Headers{{"Content-Type", "application/json"}});
  ASSERT_EQ(gone.status, 200) << gone.body;
  const json::object revoked = second.expect("error", std::chrono::seconds(5));
  EXPECT_EQ(str(revoked.at("error").at("code")), "bad_token");
  EXPECT_FALSE(second.line(std::chrono::seconds(3)).has_value());
  EXPECT_TRUE(second.ended());
  NdjsonStream refused(port, "/api/stream/event", auth(bot.token));
  EXPECT_EQ(refused.status(), 401);
}

TEST(BotGames, StreamsAreCountedInTheMetrics) {
  ServerProcess server(temp_db("bot_games_metrics"));
  const int port = server.port();
  const Bot bot = bot_account(port, "Metric Bot");
  auto gauge = [port] {
    const std::string m = http(port, "GET", "/metrics").body;
    const std::size_t at = m.find("\nft_streams ");
    return at == std::string::npos ? -1 : std::stoi(m.substr(at + 12));
  };
  EXPECT_EQ(gauge(), 0);
  {
    NdjsonStream s(port, "/api/stream/event", auth(bot.token));
    ASSERT_EQ(s.status(), 200);
    EXPECT_EQ(gauge(), 1);
    s.cut();  // the client goes: the server sees it and counts it out
    for (int i = 0; i < 50 && gauge() != 0; ++i) std::this_thread::sleep_for(100ms);
  }
  EXPECT_EQ(gauge(), 0);
}

}  // namespace
}  // namespace ft::test
