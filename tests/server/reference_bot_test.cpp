// `fourtable bot --level 3` (docs/bot-api.md, "The reference bot") plays a
// whole two-game match against a person's test client, Ready included, in
// classic, twiceFour and PopOut; between it and the server stands a relay
// the test cuts in the first game, so every stream the bot holds breaks,
// and the bot must reconnect and finish the match. Until challenges come,
// the test seats the bot by joining an open table it made.
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "support/ndjson_client.h"
#include "support/table_helpers.h"
#include "support/test_client.h"

extern char** environ;

namespace ft::test {
namespace {

namespace json = boost::json;
using Headers = std::vector<std::pair<std::string, std::string>>;

// `fourtable bot` as a child process, its stderr in a file.
class BotProcess {
 public:
  BotProcess(int port, const std::string& token, const std::string& log) : log_(log) {
    std::vector<std::string> args = {
        FT_FOURTABLE_BIN, "bot", "--server", "http://127.0.0.1:" + std::to_string(port),
        "--token",        token, "--level",  "3"};
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 2, log_.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (posix_spawn(&pid_, argv[0], &actions, nullptr, argv.data(), environ) != 0)
      throw std::runtime_error("cannot start fourtable bot");
    posix_spawn_file_actions_destroy(&actions);
  }
  ~BotProcess() {
    ::kill(pid_, SIGTERM);
    int status = 0;
    ::waitpid(pid_, &status, 0);
  }
  std::string log() const {
    std::ifstream in(log_);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
  }

 private:
  pid_t pid_ = -1;
  std::string log_;
};

std::string bot_token(int port, const std::string& name) {
  Guest g = new_guest(port);
  HttpResult r =
      http(port, "POST", "/api/account/password",
           json::serialize(json::object{{"password", "correct horse"}, {"name", name}}), g.cookie);
  EXPECT_EQ(r.status, 200) << r.body;
  HttpResult t = http(port, "POST", "/api/account/tokens",
                      R"({"description": "reference bot", "scopes": ["bot:play"]})", r.set_cookie);
  EXPECT_EQ(t.status, 201) << t.body;
  const std::string token = str(t.json().at("token"));
  HttpResult up = http(port, "POST", "/api/bot/account/upgrade", "", "", "",
                       Headers{{"Authorization", "Bearer " + token}});
  EXPECT_EQ(up.status, 200) << up.body;
  return token;
}

// The person's side: the first legal move when to move, Ready after each
// game; `cut` runs once, after the person's third move of game 1. Returns
// the match_over body and counts the games that ended.
json::object play_person(Player& p, int& games_over, const std::function<void()>& cut) {
  int moves = 0;
  int sent = 0;
  bool cut_done = false;
  auto maybe_move = [&](const json::object& game) {
    const json::value& to_move = game.at("to_move");
    if (!to_move.is_object() || to_move.at("seat").as_int64() != p.seat) return;
    const json::array& legal = game.at("legal").as_array();
    if (legal.empty()) return;
    p.ws->send(
        json::object{{"type", "move"}, {"id", "p" + std::to_string(++sent)}, {"move", legal[0]}});
    if (++moves == 3 && !cut_done) {
      cut_done = true;
      cut();
    }
  };
  if (p.state.at("game").is_object()) maybe_move(p.state.at("game").as_object());
  for (;;) {
    const json::object f = p.ws->recv(std::chrono::seconds(60));
    if (f.at("type") != "event") continue;
    const json::object& ev = f.at("event").as_object();
    const std::string kind = str(ev.at("kind"));
    if (kind == "game_started" || kind == "moved") maybe_move(ev.at("game").as_object());
    if (kind == "game_over") ++games_over;
    if (kind == "match_over") return ev;
    if (kind == "game_over") p.ws->send(json::object{{"type", "ready"}});
  }
}

void plays_a_match(const std::string& name, const std::string& settings) {
  ServerProcess server(temp_db("reference_bot_" + name));
  const int port = server.port();
  TcpRelay relay(port);
  const std::string token = bot_token(port, "Reference " + name);
  BotProcess bot(relay.port(), token, temp_db("reference_bot_" + name) + ".bot.log");
  Guest person = new_guest(port);
  const std::string table = create_table(port, person, settings);
  Player p = join(port, person, table);
  HttpResult joined = http(port, "POST", "/api/bot/game/" + table + "/join", "", "", "",
                           Headers{{"Authorization", "Bearer " + token}});
  ASSERT_EQ(joined.status, 200) << joined.body;
  // twiceFour begins with each player choosing a piece (RULES.md B2).
  if (settings.find("twicefour") != std::string::npos)
    p.ws->send(json::object{{"type", "choose_piece"}, {"piece", "cross"}});
  int games_over = 0;
  const json::object over = play_person(p, games_over, [&relay] { relay.cut(); });
  EXPECT_GE(games_over, 2) << bot.log();
  EXPECT_EQ(str(over.at("reason")), "completed") << bot.log();
  EXPECT_EQ(over.at("results").as_array().size(), 2U);
  // Every stream the bot held broke, and it came back for them.
  const std::string log = bot.log();
  EXPECT_NE(log.find("event stream ended"), std::string::npos) << log;
  EXPECT_NE(log.find("game " + table + ": stream ended"), std::string::npos) << log;
  EXPECT_NE(log.find("ready -> 200"), std::string::npos) << log;
  // After the last game no state seemed to await Ready.
  EXPECT_EQ(log.find("ready -> 409"), std::string::npos) << log;
}

TEST(ReferenceBot, PlaysAClassicMatchThroughACutStream) {
  plays_a_match("classic", R"({"game":"four","variant":"classic","rated":false})");
}

TEST(ReferenceBot, PlaysATwiceFourMatchThroughACutStream) {
  // 8 s a move: the bot thinks a twentieth of it (as the site's computer
  // seats do), so the match fits the test's time.
  plays_a_match("twicefour",
                R"({"game":"twicefour","clock":{"kind":"per_move","move_ms":8000},"rated":false})");
}

TEST(ReferenceBot, PlaysAPopOutMatchThroughACutStream) {
  plays_a_match("popout", R"({"game":"four","variant":"popout","rated":false})");
}

}  // namespace
}  // namespace ft::test
