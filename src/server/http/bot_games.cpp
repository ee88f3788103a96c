// The Bot API's streams and game commands (docs/bot-api.md): GET
// /api/stream/event, GET /api/bot/game/stream/<id>, POST
// /api/bot/game/<id>/{move/<move>,ready,resign,resign-match,join}. A bot's
// connection to a table goes in through the door a browser's socket uses
// (the hub's hello, commands and leaving: bot_feed.h), so a bot's move is
// checked, stored, refused and announced exactly as a person's is.
#include <algorithm>
#include <atomic>

#include "server/http/api.h"
#include "server/http/bot_feed.h"
#include "server/http/json.h"
#include "server/protocol/plain_json.h"

namespace ft::server {
namespace json = boost::json;
namespace {

constexpr int JOIN_WAIT_MS = 5000;     // a table loaded from the store, or handed over by a node
constexpr int ANSWER_WAIT_MS = 10000;  // the command stored (a group commit) and answered

// Table ids are letters and digits (protocol.md 2.3); anything else names no table.
bool table_id_ok(std::string_view id) {
  return !id.empty() && id.size() <= 32 && std::all_of(id.begin(), id.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
  });
}

// A path segment with its %XX escapes decoded (a pop `d^` may come as
// `d%5E`); nullopt when an escape is malformed.
std::optional<std::string> unescape(std::string_view s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] != '%') {
      out += s[i];
      continue;
    }
    if (i + 2 >= s.size()) return std::nullopt;
    const auto hex = [](char c) {
      if (c >= '0' && c <= '9') return c - '0';
      if (c >= 'a' && c <= 'f') return c - 'a' + 10;
      if (c >= 'A' && c <= 'F') return c - 'A' + 10;
      return -1;
    };
    const int hi = hex(s[i + 1]), lo = hex(s[i + 2]);
    if (hi < 0 || lo < 0) return std::nullopt;
    out += char(hi * 16 + lo);
    i += 2;
  }
  return out;
}

std::string hello_frame(const std::string& table, bool watch) {
  return json_text(json::object{{"type", "hello"}, {"table", table}, {"watch", watch}});
}

// The frame of a command, as a browser sends it (protocol.md 4).
std::string command_frame(std::string_view action, std::string_view move) {
  static std::atomic<std::uint64_t> next{1};
  if (action == "move")
    return json_text(json::object{
        {"type", "move"}, {"id", "api" + std::to_string(next.fetch_add(1))}, {"move", move}});
  if (action == "piece") return json_text(json::object{{"type", "choose_piece"}, {"piece", move}});
  if (action == "ready") return R"({"type":"ready"})";
  if (action == "resign") return R"({"type":"resign_game"})";
  return R"({"type":"resign_match"})";
}

// The WebSocket refusal (protocol.md 5.7) as the Bot API's answer.
HttpResponse refusal(std::string_view code, const std::string& message) {
  if (code == "illegal_move" || code == "bad_message")
    return error(HttpError::illegal_move, message);
  if (code == "not_your_turn") return error(HttpError::not_your_turn, message);
  if (code == "not_now") return error(HttpError::not_now, message);
  if (code == "not_seated" || code == "not_joined")
    return error(HttpError::not_your_table, message);
  if (code == "no_such_table") return error(HttpError::not_found, message);
  if (code == "rate_limited") return error(HttpError::rate_limited, message);
  if (code == "table_unavailable") return error(HttpError::unavailable, message);
  return error(HttpError::server_error, message);
}

HttpResponse busy(const std::string& message) {
  HttpResponse r = error(HttpError::table_busy, message);
  r.headers.emplace_back("Retry-After", "1");
  return r;
}

// The variants of an X-Fourtable-Variants header ("classic,popout,twicefour").
std::vector<std::string> variant_list(std::string_view header) {
  std::vector<std::string> out;
  while (!header.empty()) {
    const std::size_t comma = header.find(',');
    std::string_view v = header.substr(0, comma);
    while (!v.empty() && v.front() == ' ') v.remove_prefix(1);
    while (!v.empty() && v.back() == ' ') v.remove_suffix(1);
    if (!v.empty() && v.size() <= 32 && out.size() < 64) out.emplace_back(v);
    header = comma == std::string_view::npos ? std::string_view() : header.substr(comma + 1);
  }
  return out;
}

}  // namespace

bool Api::bot_route(Route route) {
  return route == Route::bot_events || route == Route::bot_game_stream ||
         route == Route::bot_move || route == Route::bot_action || route == Route::bot_piece;
}

HttpResponse Api::api_bot(const HttpRequest& request, const RouteMatch& m, const BotCaller& bot) {
  if (!bot.bot)
    return error(HttpError::not_bot,
                 "only a bot account plays through the Bot API (POST /api/bot/account/upgrade)");
  if (m.route == Route::bot_events) {
    HttpResponse r;
    r.stream = bot_events_->answer(BotEvents::Caller{bot.who.player, bot.token_id, bot.token,
                                                     variant_list(request.bot_variants)});
    return r;
  }
  const std::string table(m.args.front());
  if (!table_id_ok(table)) return error(HttpError::not_found, "no such table");
  if (m.route == Route::bot_game_stream) return bot_game_stream(table, bot.who);
  const std::string path = request.target.substr(0, request.target.find('?'));
  if (m.route == Route::bot_move) {
    const std::optional<std::string> move = unescape(m.args.at(1));
    if (!move || move->empty() || move->size() > 16)
      return error(HttpError::illegal_move, "not a move in the site's notation");
    return bot_command(table, "move", *move, bot.who);
  }
  if (m.route == Route::bot_piece) {
    const std::string_view piece = m.args.at(1);
    if (piece != "cross" && piece != "circle")
      return error(HttpError::illegal_move, "the piece is 'cross' or 'circle'");
    return bot_command(table, "piece", piece, bot.who);
  }
  return bot_command(table, std::string_view(path).substr(path.rfind('/') + 1), {}, bot.who);
}

HttpResponse Api::bot_game_stream(const std::string& table, const Identity& who) {
  {
    std::lock_guard lock(bot_mu_);
    int& open = game_streams_[who.player];
    if (open >= options_.game_streams_per_bot)
      return error(HttpError::too_many_streams, "a bot holds at most " +
                                                    std::to_string(options_.game_streams_per_bot) +
                                                    " game streams; close one first");
    ++open;
  }
  auto answer = std::make_shared<StreamAnswer>();
  auto feed = std::make_shared<std::shared_ptr<GameFeed>>();
  answer->opened = [this, who, table, feed](std::shared_ptr<LineStream> out) {
    *feed = std::make_shared<GameFeed>(who, table, out);
    {
      std::lock_guard lock(bot_mu_);
      game_feeds_[(*feed)->id()] = out;
    }
    // Watch: a seated bot gets its seat, an unseated one only watches (a
    // seat is taken by `join`, never by opening a stream).
    door_.ws_frame(*feed, hello_frame(table, true));
  };
  answer->closed = [this, who, feed] {
    if (*feed) door_.ws_close(*feed);
    std::lock_guard lock(bot_mu_);
    if (*feed) game_feeds_.erase((*feed)->id());
    if (--game_streams_[who.player] <= 0) game_streams_.erase(who.player);
  };
  HttpResponse r;
  r.stream = std::move(answer);
  return r;
}

HttpResponse Api::bot_command(const std::string& table, std::string_view action,
                              std::string_view move, const Identity& who) {
  const bool join = action == "join";
  auto call = std::make_shared<TableCall>(Identity{who.player, who.name, {}, who.bot});
  door_.ws_frame(call, hello_frame(table, !join));
  const std::optional<int> seat = call->wait_joined(JOIN_WAIT_MS);
  struct Leave {
    Application& door;
    std::shared_ptr<TableCall> call;
    ~Leave() { door.ws_close(call); }
  } leave{door_, call};
  if (!seat) {
    const TableCall::Answer a = call->wait_answer(0);
    if (!a.error_code.empty()) return refusal(a.error_code, a.message);
    return busy("the table did not answer in time (it may be moving between nodes); try again");
  }
  if (join) {
    if (*seat < 0) return error(HttpError::no_free_seat, "this table has no free seat for you");
    return json_response(200, json::object{{"table", table}, {"seat", *seat}});
  }
  if (*seat < 0) return error(HttpError::not_your_table, "you hold no seat at this table");
  door_.ws_frame(call, command_frame(action, move));
  if (auto room = tables_.find(table)) {
    room->after([call] { call->done(); });
  } else {
    call->done();  // gone from memory meanwhile: the answer, if any, came already
  }
  const TableCall::Answer a = call->wait_answer(ANSWER_WAIT_MS);
  if (!a.error_code.empty()) return refusal(a.error_code, a.message);
  if (!a.acked && (a.timed_out || call->moved_away()))
    return busy("the table did not answer in time (it may be moving between nodes); try again");
  return json_response(200, json::object{{"ok", true}});
}

}  // namespace ft::server
