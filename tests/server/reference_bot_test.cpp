// `fourtable bot --level 3` (docs/bot-api.md, "The reference bot") accepts a
// challenge a person's browser sends it (cookie, same-site Origin) and plays
// the whole two-game match against that person's socket, Ready included, in
// classic, twiceFour, PopOut and a drawn opening; between it and the server stands a relay
// the test cuts in the first game, so every stream the bot holds breaks,
// and the bot must reconnect and finish the match. A challenge in a variant
// the bot's stream did not declare is declined for it by the server (reason
// `variant`); those sent while the bot had no stream wait, and the bot
// answers them when it comes (its variants, its mode).
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "support/bot_accounts.h"
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
  BotProcess(int port, const std::string& token, const std::string& log,
             const std::vector<std::string>& more = {})
      : log_(log) {
    std::vector<std::string> args = {
        FT_FOURTABLE_BIN, "bot", "--server", "http://127.0.0.1:" + std::to_string(port),
        "--token",        token, "--level",  "3"};
    args.insert(args.end(), more.begin(), more.end());
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

std::string site(int port) {
  return "http://127.0.0.1:" + std::to_string(port);
}

// A person's page: its socket, subscribed to the player's own events
// (protocol.md 4.10), as every page of the site is.
std::unique_ptr<WsClient> events_of(int port, const Guest& who) {
  auto ws = std::make_unique<WsClient>(port, who.cookie, site(port));
  ws->expect("welcome");
  ws->send(json::object{{"type", "my_events"}});
  return ws;
}

// The next `my_event` of `type`; its event object.
json::object next_event(WsClient& ws, const std::string& type) {
  json::object f = ws.recv_until(
      [&](const json::object& o) {
        return str(o.at("type")) == "my_event" && str(o.at("event").at("type")) == type;
      },
      std::chrono::seconds(20));
  return f.at("event").as_object();
}

// The challenge as the profile page sends it: the guest's cookie, the
// site's own Origin, a JSON body.
HttpResult challenge_from_page(int port, const Guest& from, const std::string& to,
                               const std::string& settings) {
  return http(port, "POST", "/api/challenge/" + to, settings, from.cookie, site(port));
}

int count(const std::string& text, const std::string& part) {
  int n = 0;
  for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
  return n;
}

// Waits (up to 20 s) for `text` in the bot's log.
bool log_shows(const BotProcess& bot, const std::string& text) {
  for (int i = 0; i < 200; ++i) {
    if (bot.log().find(text) != std::string::npos) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  return false;
}

// The person's side: the first legal move when to move, Ready after each
// game; `cut` runs once, after the person's third move of game 1. twiceFour
// begins with each player choosing a piece (RULES.md B2): `piece` asks for
// cross until the choice is open (not_now before the bot's stream came).
// Returns the match_over body; `endings` gets each game's outcome reason.
json::object play_person(Player& p, bool piece, std::vector<std::string>& endings,
                         const std::function<void()>& cut) {
  auto choose = [&p] { p.ws->send(json::object{{"type", "choose_piece"}, {"piece", "cross"}}); };
  if (piece) choose();
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
    if (piece && f.at("type") == "error" && f.at("code") == "not_now") {
      std::this_thread::sleep_for(std::chrono::milliseconds(200));
      choose();
    }
    if (f.at("type") != "event") continue;
    const json::object& ev = f.at("event").as_object();
    const std::string kind = str(ev.at("kind"));
    if (kind == "pieces_chosen") piece = false;
    if (kind == "game_started" || kind == "moved") maybe_move(ev.at("game").as_object());
    if (kind == "game_over") endings.push_back(str(ev.at("outcome").at("reason")));
    if (kind == "match_over") return ev;
    if (kind == "game_over") p.ws->send(json::object{{"type", "ready"}});
  }
}

void plays_a_match(const std::string& name, const std::string& settings) {
  ServerProcess server(temp_db("reference_bot_" + name));
  const int port = server.port();
  TcpRelay relay(port);
  const Bot bot = bot_account(port, "Reference " + name);
  BotProcess process(relay.port(), bot.token, temp_db("reference_bot_" + name) + ".bot.log");
  ASSERT_TRUE(log_shows(process, "event stream open")) << process.log();
  Guest person = new_guest(port);
  auto page = events_of(port, person);
  HttpResult sent = challenge_from_page(port, person, bot.id, settings);
  ASSERT_EQ(sent.status, 201) << sent.body;
  const std::string challenge = str(sent.json().at("id"));
  // The bot accepts: the person's page hears the game start and goes there.
  const json::object start = next_event(*page, "gameStart");
  EXPECT_EQ(str(start.at("game").at("challenge")), challenge);
  const std::string table = str(start.at("game").at("id"));
  Player p = join(port, person, table);
  ASSERT_GE(p.seat, 0);
  std::vector<std::string> endings;  // each game's outcome reason
  const json::object over = play_person(p, settings.find("twicefour") != std::string::npos, endings,
                                        [&relay] { relay.cut(); });
  EXPECT_EQ(endings.size(), 2U) << process.log();
  // The person moves at once: a game lost on time is a bot that stalled.
  for (const std::string& why : endings) EXPECT_NE(why, "timeout") << process.log();
  EXPECT_EQ(str(over.at("reason")), "completed") << process.log();
  EXPECT_EQ(over.at("results").as_array().size(), 2U);
  const std::string log = process.log();
  EXPECT_NE(log.find("challenge " + challenge + ": accepted -> 200"), std::string::npos) << log;
  // Every stream the bot held broke, and it came back for them.
  EXPECT_NE(log.find("event stream ended"), std::string::npos) << log;
  EXPECT_NE(log.find("game " + table + ": stream ended"), std::string::npos) << log;
  // It pressed Ready, and after the last game no state seemed to await
  // it: a 409 only for the retry of a Ready whose answer the cut took (the
  // first had landed; a connection lost is "-> 0").
  EXPECT_GT(count(log, "ready -> 200") + count(log, "ready -> 0\n"), 0) << log;
  EXPECT_LE(count(log, "ready -> 409"), count(log, "ready -> 0\n")) << log;
  // It followed every position (a drawn opening's too) and resigned none.
  EXPECT_EQ(log.find("cannot follow"), std::string::npos) << log;
  EXPECT_EQ(log.find("resign"), std::string::npos) << log;
}

TEST(ReferenceBot, PlaysAClassicMatchThroughACutStream) {
  plays_a_match("classic", R"({"game":"four","variant":"classic","rated":true})");
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

TEST(ReferenceBot, PlaysADrawnOpeningMatchThroughACutStream) {
  // The opening's drops are the game's set-up, not among the stream's
  // moves: the bot reads them off the board (docs/bot-api.md).
  plays_a_match("drawn", R"({"game":"four","variant":"drawn-opening","rated":false})");
}

TEST(ReferenceBot, TheServerDeclinesAChallengeInAnUndeclaredVariant) {
  ServerProcess server(temp_db("reference_bot_variant"));
  const int port = server.port();
  const Bot bot = bot_account(port, "Classic Only");
  NdjsonStream events(port, "/api/stream/event",
                      Headers{{"Authorization", "Bearer " + bot.token},
                              {"X-Fourtable-Variants", "classic,twicefour"}});
  ASSERT_EQ(events.status(), 200) << events.body();
  std::this_thread::sleep_for(std::chrono::milliseconds(300));  // its subscription is made
  Guest person = new_guest(port);
  auto page = events_of(port, person);
  HttpResult sent = challenge_from_page(port, person, bot.id,
                                        R"({"game":"four","variant":"popout","rated":false})");
  ASSERT_EQ(sent.status, 201) << sent.body;
  const std::string id = str(sent.json().at("id"));
  // The challenger hears it declined, with lichess's key and sentence.
  const json::object declined = next_event(*page, "challengeDeclined");
  EXPECT_EQ(str(declined.at("challenge").at("id")), id);
  EXPECT_EQ(str(declined.at("challenge").at("status")), "declined");
  EXPECT_EQ(str(declined.at("challenge").at("declineReasonKey")), "variant");
  EXPECT_EQ(str(declined.at("challenge").at("declineReason")),
            "I'm not willing to play this variant right now.");
  // The bot's stream never offered it, and says it was declined.
  for (;;) {
    const std::optional<std::string> line = events.line();
    ASSERT_TRUE(line) << "no challengeDeclined on the bot's stream";
    if (line->empty()) continue;
    const json::object o = json::parse(*line).as_object();
    ASSERT_NE(str(o.at("type")), "challenge") << *line;
    if (str(o.at("type")) == "challengeDeclined") {
      EXPECT_EQ(str(o.at("challenge").at("id")), id);
      break;
    }
  }
  // A variant it declared reaches it, and waits for its answer.
  HttpResult classic = challenge_from_page(port, person, bot.id,
                                           R"({"game":"four","variant":"classic","rated":false})");
  ASSERT_EQ(classic.status, 201) << classic.body;
  const json::object offered = events.expect("challenge");
  EXPECT_EQ(offered.at("challenge").at("id"), classic.json().at("id"));
  const json::value open = http(port, "GET", "/api/challenge", "", person.cookie).json();
  ASSERT_EQ(open.at("out").as_array().size(), 1U);
  EXPECT_EQ(open.at("out").as_array()[0].at("id"), classic.json().at("id"));
}

TEST(ReferenceBot, AnswersTheChallengesSentWhileItHadNoStream) {
  ServerProcess server(temp_db("reference_bot_away"));
  const int port = server.port();
  const Bot bot = bot_account(port, "Away Bot");
  Guest person = new_guest(port);
  auto page = events_of(port, person);
  // No stream: nobody declines for the bot, so they wait for it.
  HttpResult popout = challenge_from_page(port, person, bot.id,
                                          R"({"game":"four","variant":"popout","rated":false})");
  ASSERT_EQ(popout.status, 201) << popout.body;
  HttpResult rated = challenge_from_page(port, person, bot.id,
                                         R"({"game":"four","variant":"classic","rated":true})");
  ASSERT_EQ(rated.status, 201) << rated.body;
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  EXPECT_EQ(
      http(port, "GET", "/api/challenge", "", person.cookie).json().at("out").as_array().size(),
      2U);
  // The bot comes, finds both in its list and declines each with its reason.
  BotProcess process(port, bot.token, temp_db("reference_bot_away") + ".bot.log",
                     {"--variants", "classic", "--mode", "casual"});
  std::map<std::string, std::string> reasons;
  while (reasons.size() < 2) {
    const json::object c = next_event(*page, "challengeDeclined").at("challenge").as_object();
    reasons[str(c.at("id"))] = str(c.at("declineReasonKey"));
  }
  EXPECT_EQ(reasons[str(popout.json().at("id"))], "variant") << process.log();
  EXPECT_EQ(reasons[str(rated.json().at("id"))], "casual") << process.log();
  EXPECT_NE(process.log().find("declined (variant) -> 200"), std::string::npos) << process.log();
}

}  // namespace
}  // namespace ft::test
