// `fourtable bot`: the reference bot of docs/bot-api.md. It reads its bot
// account's event stream, accepts the challenges sent to it in the variants
// it declares (X-Fourtable-Variants) and declines the others with lichess's
// reason keys, opens each game's stream, plays the engine's move at the
// chosen level (engine/computer.h, as the site's computer seats do)
// whenever it is to move, presses Ready between games, and after a dropped
// stream opens it again (backoff doubling from 1 s to 30 s) and resumes
// where the game stands; the challenges sent meanwhile it finds in the
// list of its open ones.
#include <algorithm>
#include <atomic>
#include <boost/json.hpp>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <iostream>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <thread>

#include "app/command.h"
#include "app/options.h"
#include "app/server/bot_http.h"
#include "app/server/bot_position.h"
#include "engine/computer.h"
#include "engine/levels.h"
#include "rules/variant.h"

namespace ft::app {
namespace {

namespace json = boost::json;

constexpr const char* HELP = R"(usage: fourtable bot --server URL --token T [options]

Plays as a bot account through the server's Bot API (docs/bot-api.md): reads
the account's event stream, accepts the challenges sent to it and declines
those it does not play (with lichess's reason keys: variant, rated, casual,
later), plays every game it is seated at with the engine, presses Ready
between the two games of a match, and reconnects after a dropped stream
(1 s, doubling to 30 s), resuming its games and answering the challenges
sent meanwhile.

options:
  --server URL     the server, http://host:port
  --token T        a personal API token of a bot account, scope bot:play
  --level L        1..7 or perfect (default 3)
  --variants LIST  the variants it plays, comma separated (default: every
                   variant the engine plays); declared to the server, which
                   declines a challenge in another one (reason variant)
  --mode M         any, rated or casual: the challenges it accepts (default
                   any); the others are declined (reason casual or rated)
  --max-games N    games at once, 1..64 (default 4); a challenge beyond them
                   is declined (reason later)
  --quiet          no line per game event on stderr
)";

std::atomic<bool> stopping{false};

void log_line(const std::string& s) {
  static std::mutex mu;
  std::lock_guard lock(mu);
  std::cerr << "bot: " << s << std::endl;
}

struct Bot {
  BotServer server;
  int level = 3;
  std::vector<std::string> variants;
  std::string mode = "any";  // any, rated, casual
  int max_games = 4;
  bool quiet = false;
  std::string me;  // the bot's player id, read before any thread starts
  std::mutex mu;
  std::set<std::string> running;   // tables with a game thread
  std::set<std::string> answered;  // challenges accepted or declined
};

std::string joined(const std::vector<std::string>& v) {
  std::string out;
  for (const auto& s : v) out += (out.empty() ? "" : ",") + s;
  return out;
}

// Sleeps `ms` unless the bot is stopping; false when it is.
bool nap(int ms) {
  for (int waited = 0; waited < ms && !stopping; waited += 50)
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  return !stopping;
}

// One game's player: what it knows of the table, and what it did last.
class GameRunner {
 public:
  GameRunner(Bot& bot, std::string table) : bot_(bot), table_(std::move(table)) {}
  void run();

 private:
  bool on_line(const std::string& line);
  void act(const json::object& state);
  void post(const std::string& what);

  Bot& bot_;
  std::string table_;
  json::object settings_;
  int seat_ = -1;
  bool over_ = false;
  std::string answered_;  // "<game>/<ply>" of the last position it moved in
  int ready_game_ = 0;    // the game after which it pressed Ready
  bool chose_piece_ = false;
};

void GameRunner::run() {
  int backoff_ms = 1000;
  while (!over_ && !stopping) {
    const auto started = std::chrono::steady_clock::now();
    BotReply r = bot_stream(bot_.server, "/api/bot/game/stream/" + table_, {},
                            [this](const std::string& line) { return on_line(line); });
    if (over_ || stopping) break;
    if (r.status != 0 && r.status != 200) {
      log_line("game " + table_ + ": stream refused (" + std::to_string(r.status) + "): " + r.body);
      if (r.status == 404 || r.status == 403) break;
    } else {
      log_line("game " + table_ + ": stream ended (" + (r.error.empty() ? "closed" : r.error) +
               "); reconnecting in " + std::to_string(backoff_ms) + " ms");
    }
    if (std::chrono::steady_clock::now() - started > std::chrono::seconds(30)) backoff_ms = 1000;
    if (!nap(backoff_ms)) break;
    backoff_ms = std::min(backoff_ms * 2, 30000);
  }
  std::lock_guard lock(bot_.mu);
  bot_.running.erase(table_);
}

bool GameRunner::on_line(const std::string& line) {
  boost::system::error_code ec;
  json::value v = json::parse(line, ec);
  if (ec || !v.is_object()) return true;
  const json::object& o = v.as_object();
  const json::value* type = o.if_contains("type");
  if (type == nullptr || !type->is_string()) return true;
  if (*type == "gameFull") {
    settings_ = o.at("settings").as_object();
    const json::value& seat = o.at("you").at("seat");
    seat_ = seat.is_int64() ? int(seat.as_int64()) : -1;
    if (seat_ < 0) {
      log_line("game " + table_ + ": not seated here; leaving it");
      over_ = true;
      return false;
    }
    act(o.at("state").as_object());
  } else if (*type == "gameState") {
    act(o);
  } else if (*type == "error") {
    log_line("game " + table_ + ": " + json::serialize(o));
  }
  return !over_ && !stopping;
}

void GameRunner::act(const json::object& s) {
  const std::string status(s.at("status").as_string());
  const int game = int(s.at("game_number").to_number<std::int64_t>());
  if (status == "over") {
    if (!bot_.quiet)
      log_line("game " + table_ + ": match over, score " + json::serialize(s.at("score")));
    over_ = true;
    return;
  }
  if (status == "between_games") {
    const json::array& ready = s.at("ready").as_array();
    if (ready_game_ != game && std::size_t(seat_) < ready.size() &&
        !ready[std::size_t(seat_)].as_bool()) {
      ready_game_ = game;
      post("ready");
    }
    return;
  }
  if (status == "choosing_pieces") {
    // twiceFour (RULES.md B2): circle, as the site's computer seats take
    // when nobody asked first; the same wish twice is settled by lottery.
    if (!chose_piece_) post("piece/circle");
    chose_piece_ = true;
    return;
  }
  if (status != "playing") return;
  const json::value& to_move = s.at("to_move");
  if (!to_move.is_object() || to_move.at("seat").to_number<std::int64_t>() != seat_) return;
  const std::string key =
      std::to_string(game) + "/" + std::to_string(s.at("ply").to_number<std::int64_t>());
  if (key == answered_) return;
  answered_ = key;
  std::string why;
  std::unique_ptr<rules::GameState> state = rebuild_position(settings_, s, why);
  if (!state) {
    log_line("game " + table_ + ": cannot follow this game (" + why + "); resigning the match");
    post("resign-match");
    return;
  }
  engine::ComputerRequest request;
  request.level = bot_.level;
  request.seed = std::hash<std::string>{}(table_ + key);
  request.budget = std::chrono::milliseconds(move_budget_ms(s, seat_));
  const engine::ComputerMove chosen = engine::choose_move(*state, request);
  if (chosen.move.empty()) {
    log_line("game " + table_ + ": the engine found no move: " + chosen.error);
    return;
  }
  post("move/" + chosen.move);
}

void GameRunner::post(const std::string& what) {
  for (int attempt = 0; attempt < 5 && !stopping; ++attempt) {
    std::string target = "/api/bot/game/" + table_ + "/";
    for (char c : what) target += c == '^' ? std::string("%5E") : std::string(1, c);
    BotReply r = bot_request(bot_.server, "POST", target);
    if (!bot_.quiet) log_line("game " + table_ + ": " + what + " -> " + std::to_string(r.status));
    // 503 table_busy and a broken connection are worth another try;
    // anything else is the server's final word (the stream shows the rest).
    if (r.status != 0 && r.status != 503) return;
    if (!nap(500 << attempt)) return;
  }
}

// A game thread for `table` unless one runs: a game may be announced more
// than once (its challenge's gameStart, the store's, a reconnection's).
void start_game(Bot& bot, const std::string& table) {
  std::lock_guard lock(bot.mu);
  if (!bot.running.insert(table).second) return;
  if (!bot.quiet) log_line("game " + table + ": started");
  std::thread([&bot, table] { GameRunner(bot, table).run(); }).detach();
}

std::string text_of(const json::object& o, std::string_view key) {
  const json::value* v = o.if_contains(key);
  return v != nullptr && v->is_string() ? std::string(v->as_string()) : std::string();
}

// The reason key (lichess's) to decline challenge `c` with, "" to accept it.
std::string decline_reason(Bot& bot, const json::object& c) {
  const std::string variant = text_of(c, "variant");
  if (std::find(bot.variants.begin(), bot.variants.end(), variant) == bot.variants.end())
    return "variant";
  const json::value* rated = c.if_contains("rated");
  const bool is_rated = rated != nullptr && rated->is_bool() && rated->as_bool();
  if (bot.mode == "casual" && is_rated) return "casual";
  if (bot.mode == "rated" && !is_rated) return "rated";
  std::lock_guard lock(bot.mu);
  if (int(bot.running.size()) >= bot.max_games) return "later";
  return {};
}

// A challenge from the event stream or the list of open ones: answered
// once, if it is open and addressed to the bot.
void on_challenge(Bot& bot, const json::object& c) {
  const json::value* to = c.if_contains("destUser");
  if (text_of(c, "status") != "open" || to == nullptr || !to->is_object() ||
      text_of(to->as_object(), "id") != bot.me)
    return;
  const std::string id = text_of(c, "id");
  if (stopping) return;  // a bot that is going accepts nothing more
  {
    std::lock_guard lock(bot.mu);
    if (!bot.answered.insert(id).second) return;
  }
  const std::string reason = decline_reason(bot, c);
  if (!reason.empty()) {
    BotReply r = bot_request(bot.server, "POST", "/api/challenge/" + id + "/decline",
                             json::serialize(json::object{{"reason", reason}}));
    log_line("challenge " + id + ": declined (" + reason + ") -> " + std::to_string(r.status));
    return;
  }
  BotReply r = bot_request(bot.server, "POST", "/api/challenge/" + id + "/accept");
  log_line("challenge " + id + ": accepted -> " + std::to_string(r.status));
  boost::system::error_code ec;
  const json::value answer = json::parse(r.body, ec);
  if (r.status == 200 && !ec && answer.is_object())
    start_game(bot, text_of(answer.as_object(), "table"));
}

// The challenges open for the bot, each answered (once: on_challenge).
void answer_open_challenges(Bot& bot) {
  BotReply list = bot_request(bot.server, "GET", "/api/challenge");
  boost::system::error_code ec;
  const json::value v = json::parse(list.body, ec);
  if (list.status != 200 || ec || !v.is_object() || !v.as_object().contains("in")) return;
  for (const json::value& c : v.at("in").as_array())
    if (c.is_object()) on_challenge(bot, c.as_object());
}

// Run as the event stream opens: the challenges sent while the bot had no
// stream, which no line will announce.
void on_events_open(Bot& bot) {
  log_line("event stream open");
  answer_open_challenges(bot);
}

// Every 30 s, the open challenges again: the server subscribes a stream to
// its player's events a moment after answering it (through the bus on
// several nodes), and a challenge sent in that moment has no line; so it
// is answered before it expires (2 minutes).
void sweep_challenges(Bot& bot) {
  while (nap(30000)) answer_open_challenges(bot);
}

// The bot's player id (GET /api/me), asked until the server answers; ""
// when the token is refused or the bot is stopping.
std::string who_am_i(Bot& bot) {
  for (int backoff_ms = 1000; !stopping; backoff_ms = std::min(backoff_ms * 2, 30000)) {
    BotReply r = bot_request(bot.server, "GET", "/api/me");
    boost::system::error_code ec;
    const json::value v = json::parse(r.body, ec);
    if (r.status == 200 && !ec && v.is_object()) return text_of(v.as_object(), "id");
    if (r.status == 401 || r.status == 403) {
      log_line("token refused (" + std::to_string(r.status) + "): " + r.body);
      return {};
    }
    log_line("cannot reach the server (" + (r.error.empty() ? std::to_string(r.status) : r.error) +
             "); trying again in " + std::to_string(backoff_ms) + " ms");
    if (!nap(backoff_ms)) break;
  }
  return {};
}

bool on_event_line(Bot& bot, const std::string& line) {
  boost::system::error_code ec;
  json::value v = json::parse(line, ec);
  if (ec || !v.is_object()) return true;
  const json::object& o = v.as_object();
  const std::string type = text_of(o, "type");
  if (type == "gameStart") {
    start_game(bot, text_of(o.at("game").as_object(), "id"));
  } else if (type == "challenge" && o.contains("challenge")) {
    on_challenge(bot, o.at("challenge").as_object());
  } else if (type == "error") {
    log_line("event stream: " + json::serialize(o));
  }
  return !stopping.load();
}

// The event stream, opened again whenever it ends.
void serve_events(Bot& bot) {
  int backoff_ms = 1000;
  const std::vector<std::pair<std::string, std::string>> headers{
      {"X-Fourtable-Variants", joined(bot.variants)}};
  while (!stopping) {
    const auto started = std::chrono::steady_clock::now();
    BotReply r = bot_stream(
        bot.server, "/api/stream/event", headers,
        [&bot](const std::string& line) { return on_event_line(bot, line); },
        [&bot] { on_events_open(bot); });
    if (stopping) break;
    if (r.status == 401 || r.status == 403) {
      log_line("event stream refused (" + std::to_string(r.status) + "): " + r.body);
      return;
    }
    log_line("event stream ended (" + (r.error.empty() ? "closed" : r.error) +
             "); reconnecting in " + std::to_string(backoff_ms) + " ms");
    if (std::chrono::steady_clock::now() - started > std::chrono::seconds(30)) backoff_ms = 1000;
    if (!nap(backoff_ms)) break;
    backoff_ms = std::min(backoff_ms * 2, 30000);
  }
}

int run_bot(std::span<const std::string> args) {
  Options o("bot", args);
  Bot bot;
  const std::string url = o.required_text("server");
  bot.server.token = o.required_text("token");
  const std::string level = o.text("level", "3");
  if (level == "perfect") {
    bot.level = engine::PERFECT;
  } else if (auto n = whole_number(level, 1, 7)) {
    bot.level = int(*n);
  } else {
    o.fail("--level must be 1..7 or perfect");
  }
  bot.variants = playable_variants();
  if (auto list = o.text("variants")) bot.variants = split_list(*list);
  bot.mode = o.text("mode", "any");
  if (bot.mode != "any" && bot.mode != "rated" && bot.mode != "casual")
    o.fail("--mode must be any, rated or casual");
  if (auto n = whole_number(o.text("max-games", "4"), 1, 64)) {
    bot.max_games = int(*n);
  } else {
    o.fail("--max-games must be 1..64");
  }
  bot.quiet = o.flag("quiet");
  if (!o.ok()) return o.usage_error();
  auto server = parse_server(url);
  if (!server) return o.report("--server must be http://host:port", 2);
  server->token = bot.server.token;
  bot.server = *server;
  std::signal(SIGINT, [](int) { stopping = true; });
  std::signal(SIGTERM, [](int) { stopping = true; });
  log_line("playing at level " + level + " on " + url + " (variants " + joined(bot.variants) + ")");
  // A stream blocks in its read until a line or its idle time: the main
  // thread waits for a signal (or the event stream's refusal) and ends the
  // process at once, game threads and all; the bot keeps nothing to save.
  bot.me = who_am_i(bot);
  if (bot.me.empty()) std::_Exit(stopping ? 0 : 1);
  std::atomic<bool> done{false};
  std::thread([&bot, &done] {
    serve_events(bot);
    done = true;
  }).detach();
  std::thread([&bot] { sweep_challenges(bot); }).detach();
  while (!stopping && !done) std::this_thread::sleep_for(std::chrono::milliseconds(50));
  std::_Exit(0);
}

const RegisterCommand reg("bot", "play as a bot account through the Bot API", run_bot, HELP);

}  // namespace
}  // namespace ft::app
