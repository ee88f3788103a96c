// GameFeed and TableCall (bot_feed.h): the table's frames of protocol.md 5
// read back and turned into the Bot API's lines and answers.
#include "server/http/bot_feed.h"

#include <atomic>
#include <chrono>

#include "server/protocol/plain_json.h"

namespace ft::server {
namespace json = boost::json;
namespace {

std::optional<json::object> parse_frame(const std::string& text) {
  boost::system::error_code ec;
  json::value v = json::parse(text, ec);
  if (ec || !v.is_object()) return std::nullopt;
  return std::move(v.as_object());
}

std::string_view str(const json::object& o, std::string_view key) {
  const json::value* v = o.if_contains(key);
  return v != nullptr && v->is_string() ? std::string_view(v->as_string()) : std::string_view();
}

// The moves as one string separated by spaces, as lichess writes them.
std::string move_text(const json::array& moves) {
  std::string out;
  for (const json::value& m : moves) {
    if (!m.is_string()) continue;
    if (!out.empty()) out += ' ';
    out += m.as_string();
  }
  return out;
}

}  // namespace

bool GameFeed::ends_match(const json::object& game_over) const {
  const json::value* games = match_.if_contains("games");
  const std::int64_t number = game_over.at("number").to_number<std::int64_t>();
  if (games != nullptr && number >= games->to_number<std::int64_t>()) return true;
  // A match lost before its games were played (protocol.md 5.5); in
  // twiceFour time loses the round only (RULES.md B3).
  const std::string_view reason = str(game_over.at("outcome").as_object(), "reason");
  const bool four = str(game_, "game") != "twicefour";
  return reason == "resign_match" || reason == "claim" || reason == "abandon" ||
         (reason == "timeout" && four);
}

std::uint64_t next_bot_peer_id() {
  static std::atomic<std::uint64_t> next{std::uint64_t(1) << 62};
  return next.fetch_add(1);
}

json::object game_state_json(const json::object& game, const json::array& moves,
                             const json::object& match, const json::object& clocks) {
  json::object o{{"type", "gameState"}};
  o["game_number"] = match.contains("game_number") ? match.at("game_number") : json::value(0);
  o["moves"] = move_text(moves);
  o["ply"] = game.contains("ply") ? game.at("ply") : json::value(0);
  o["to_move"] = game.contains("to_move") ? game.at("to_move") : json::value(nullptr);
  o["sides"] = game.contains("sides") ? game.at("sides") : json::value(json::array{});
  o["legal"] = game.contains("legal") ? game.at("legal") : json::value(json::array{});
  o["board"] = game.contains("board") ? game.at("board") : json::value(json::array{});
  o["outcome"] = game.contains("outcome") ? game.at("outcome") : json::value(nullptr);
  if (const json::value* round = game.if_contains("round")) o["round"] = *round;
  o["clocks"] = clocks;
  o["status"] = match.contains("phase") ? match.at("phase") : json::value("waiting");
  o["score"] = match.contains("score") ? match.at("score") : json::value(json::array{});
  o["ready"] = match.contains("ready") ? match.at("ready") : json::value(json::array{});
  o["result"] = match.contains("result") ? match.at("result") : json::value(nullptr);
  return o;
}

// ---- GameFeed -----------------------------------------------------------------

GameFeed::GameFeed(Identity who, std::string table, std::shared_ptr<LineStream> out)
    : Peer(std::move(who), next_bot_peer_id()), table_(std::move(table)), out_(std::move(out)) {}

void GameFeed::send(std::shared_ptr<const std::string> frame) {
  std::optional<json::object> f = parse_frame(*frame);
  if (!f) return;
  const std::string_view type = str(*f, "type");
  std::lock_guard lock(mu_);
  if (type == "state") {
    on_state(*f);
  } else if (type == "event" && f->contains("event") && f->at("event").is_object()) {
    on_event(f->at("event").as_object());
  } else if (type == "error" && !full_sent_) {
    // The hello failed (no such table): the stream says so and ends.
    out_->send(json_text(json::object{
        {"type", "error"},
        {"error", json::object{{"code", str(*f, "code")}, {"message", str(*f, "message")}}}}));
    out_->close();
  }
}

void GameFeed::close_soon() {
  out_->close();  // the table moved to another node: the bot opens the stream again
}

void GameFeed::on_state(const json::object& f) {
  summary_ = f.contains("table") ? f.at("table").as_object() : json::object{};
  seat_ = f.contains("you") && f.at("you").is_object() ? f.at("you").as_object().at("seat")
                                                       : json::value(nullptr);
  match_ = f.contains("match") ? f.at("match").as_object() : json::object{};
  game_ =
      f.contains("game") && f.at("game").is_object() ? f.at("game").as_object() : json::object{};
  clocks_ = f.contains("clocks") && f.at("clocks").is_object() ? f.at("clocks").as_object()
                                                               : json::object{};
  moves_ = game_.contains("moves") ? game_.at("moves").as_array() : json::array{};
  const json::object settings =
      summary_.contains("settings") ? summary_.at("settings").as_object() : json::object{};
  json::object full{{"type", "gameFull"}, {"id", table_}};
  for (const char* k : {"game", "variant", "width", "height", "clock", "rated"})
    full[k] = settings.contains(k) ? settings.at(k) : json::value(nullptr);
  full["settings"] = settings;
  json::array players;
  if (summary_.contains("seats")) {
    for (const json::value& s : summary_.at("seats").as_array()) players.push_back(s);
  }
  full["players"] = std::move(players);
  full["you"] = json::object{{"seat", seat_}};
  full["match"] = match_;
  full["state"] = game_state_json(game_, moves_, match_, clocks_);
  full_sent_ = true;
  out_->send(json_text(full));
}

void GameFeed::on_event(const json::object& ev) {
  const std::string_view kind = str(ev, "kind");
  if (kind == "game_started") {
    game_ = ev.at("game").as_object();
    moves_ = game_.contains("moves") ? game_.at("moves").as_array() : json::array{};
    clocks_ = ev.at("clocks").as_object();
    match_ = ev.at("match").as_object();
  } else if (kind == "moved") {
    game_ = ev.at("game").as_object();
    moves_.push_back(ev.at("move"));
    clocks_ = ev.at("clocks").as_object();
  } else if (kind == "game_over") {
    if (ev.contains("unplayed")) return;  // games lost unplayed with the match: no board
    if (ends_match(ev)) {
      // The match_over that follows in the same command says it all: no
      // state in between that would seem to await Ready.
      game_["outcome"] = ev.at("outcome");
      game_["to_move"] = nullptr;
      game_["legal"] = json::array{};
      clocks_ = ev.at("clocks").as_object();
      return;
    }
    game_["outcome"] = ev.at("outcome");
    game_["to_move"] = nullptr;
    game_["legal"] = json::array{};
    match_["score"] = ev.at("score");
    clocks_ = ev.at("clocks").as_object();
    match_["phase"] = "between_games";
    if (json::value* ready = match_.if_contains("ready"); ready && ready->is_array())
      for (json::value& r : ready->as_array()) r = false;
  } else if (kind == "ready") {
    if (json::value* ready = match_.if_contains("ready"); ready && ready->is_array()) {
      const std::int64_t seat = ev.at("seat").to_number<std::int64_t>();
      if (seat >= 0 && std::size_t(seat) < ready->as_array().size())
        ready->as_array()[std::size_t(seat)] = true;
    }
  } else if (kind == "pieces_chosen") {
    game_["sides"] = ev.at("sides");
  } else if (kind == "match_over") {
    match_["phase"] = "over";
    match_["over"] = true;
    match_["score"] = ev.at("score");
    match_["result"] = ev;
  } else {
    return;  // created, seated: the table, not the game
  }
  if (full_sent_) out_->send(json_text(game_state_json(game_, moves_, match_, clocks_)));
}

// ---- TableCall -----------------------------------------------------------------

void TableCall::send(std::shared_ptr<const std::string> frame) {
  std::optional<json::object> f = parse_frame(*frame);
  if (!f) return;
  const std::string_view type = str(*f, "type");
  std::lock_guard lock(mu_);
  if (type == "state" && !joined_) {
    joined_ = true;
    const json::value* you = f->if_contains("you");
    seat_ = you != nullptr && you->is_object() && you->as_object().at("seat").is_int64()
                ? int(you->as_object().at("seat").as_int64())
                : -1;
  } else if ((type == "ack" || type == "error") && !answered_) {
    answered_ = true;
    answer_.acked = type == "ack";
    answer_.error_code = std::string(str(*f, "code"));
    answer_.message = std::string(str(*f, "message"));
  }
  cv_.notify_all();
}

void TableCall::close_soon() {
  std::lock_guard lock(mu_);
  moved_away_ = true;
  cv_.notify_all();
}

bool TableCall::moved_away() const {
  std::lock_guard lock(mu_);
  return moved_away_;
}

std::optional<int> TableCall::wait_joined(int timeout_ms) {
  std::unique_lock lock(mu_);
  cv_.wait_for(lock, std::chrono::milliseconds(timeout_ms),
               [this] { return joined_ || answered_ || moved_away_; });
  if (!joined_) return std::nullopt;
  return seat_;
}

void TableCall::done() {
  std::lock_guard lock(mu_);
  finished_ = true;
  cv_.notify_all();
}

TableCall::Answer TableCall::wait_answer(int timeout_ms) {
  std::unique_lock lock(mu_);
  const bool in_time = cv_.wait_for(lock, std::chrono::milliseconds(timeout_ms),
                                    [this] { return finished_ || answered_ || moved_away_; });
  Answer a = answer_;
  a.timed_out = !in_time;
  return a;
}

}  // namespace ft::server
