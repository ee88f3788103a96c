// The HTTP API of docs/protocol.md section 2 and the static web client.
// Runs on the blocking pool, so it may call the store.
#include <sodium.h>

#include <cmath>
#include <map>

#include "match/results.h"
#include "server/build_info.h"
#include "server/guest_names.h"
#include "server/http_json.h"
#include "server/hub.h"
#include "server/static_files.h"
#include "store/ids.h"

namespace ft::server {
namespace json = boost::json;
namespace {

using http::error;
using http::json_response;

// A stored match score (1.5) in the match library's half points.
match::Points half_points(double score) {
  return match::Points{static_cast<int>(std::lround(score * 2))};
}

json::object player_object(std::int64_t id, std::string_view name) {
  return json::object{{"id", "p_" + std::to_string(id)}, {"name", name}};
}

// "p_17" -> 17; 0 when it is not a player id.
std::int64_t parse_player_id(std::string_view id) {
  if (id.substr(0, 2) != "p_" || id.size() < 3 || id.size() > 20) return 0;
  std::int64_t n = 0;
  for (char c : id.substr(2)) {
    if (c < '0' || c > '9') return 0;
    n = n * 10 + (c - '0');
  }
  return n;
}

}  // namespace

bool Hub::needs_identity(std::string_view path) const {
  return path.substr(0, 5) == "/api/" || path == "/" || path.substr(0, 3) == "/t/";
}

HttpResponse Hub::http(const HttpRequest& request, const Identity* who) {
  const std::string path = request.target.substr(0, request.target.find('?'));
  const bool get = request.method == "GET" || request.method == "HEAD";
  const bool post = request.method == "POST";
  if (path == "/healthz") return get ? healthz() : error(405, "method_not_allowed", "use GET");
  if (path == "/metrics") return get ? metrics() : error(405, "method_not_allowed", "use GET");
  if (path.substr(0, 5) == "/api/") {
    if (who == nullptr) return error(500, "server_error", "no identity");
    if (path == "/api/me") {
      if (get || post) return api_me(request, *who);
      return error(405, "method_not_allowed", "use GET or POST");
    }
    if (path == "/api/me/tables") {
      if (get) return api_my_tables(*who);
      return error(405, "method_not_allowed", "use GET");
    }
    if (path == "/api/tables") {
      if (post) return api_create_table(request, *who);
      return error(405, "method_not_allowed", "use POST to create a table");
    }
    if (path == "/api/test/clock" && options_.test_clock_ms) {
      if (post) return api_test_clock(request);
      return error(405, "method_not_allowed", "use POST");
    }
    if (path == "/api/analysis") {
      if (post) return api_analysis_board(request, *who);
      return error(405, "method_not_allowed", "use POST");
    }
    if (path == "/api/lobby") {
      if (get) return json_response(200, lobby_json());
      return error(405, "method_not_allowed", "use GET");
    }
    if (!get) return error(405, "method_not_allowed", "use GET");
    if (path.rfind("/api/tables/", 0) == 0) {
      auto room = find_or_load(path.substr(12));
      if (!room) return error(404, "not_found", "no such table");
      return json_response(200, room->summary());
    }
    if (path.rfind("/api/players/", 0) == 0) return api_player(path.substr(13));
    if (path.rfind("/api/games/", 0) == 0) {
      constexpr std::string_view ANALYSIS = "/analysis";
      if (path.size() > 11 + ANALYSIS.size() && path.ends_with(ANALYSIS))
        return api_game_analysis(
            std::string_view(path).substr(11, path.size() - 11 - ANALYSIS.size()));
      return api_game(path.substr(11));
    }
    return error(404, "not_found", "no such API endpoint");
  }
  if (!get) return error(405, "method_not_allowed", "use GET");
  return static_file(path, request.accept_encoding);
}

HttpResponse Hub::api_me(const HttpRequest& request, const Identity& who) {
  if (request.method == "POST") {
    boost::system::error_code ec;
    json::value body = json::parse(request.body, ec);
    if (ec || !body.is_object()) return error(400, "bad_json", "the body must be a JSON object");
    const json::value* name = body.as_object().if_contains("name");
    if (name == nullptr || !name->is_string())
      return error(400, "bad_name", "'name' must be a string");
    const std::string clean = clean_name(std::string_view(name->as_string()));
    if (clean.empty())
      return error(400, "bad_name", "a name has 1..24 characters and no control characters");
    write_now([player = who.player, clean](store::Store& st) { st.rename_player(player, clean); });
    {
      std::lock_guard lock(guests_mu_);
      for (auto& [token, id] : guests_)
        if (id.player == who.player) id.name = clean;
    }
    std::vector<std::shared_ptr<Room>> rooms;
    {
      std::lock_guard lock(mu_);
      rooms = order_;
    }
    for (const auto& room : rooms) room->rename(who.player, clean);
    return json_response(200, player_object(who.player, clean));
  }
  return json_response(200, player_object(who.player, who.name));
}

HttpResponse Hub::api_create_table(const HttpRequest& request, const Identity& who) {
  boost::system::error_code ec;
  const json::value body = json::parse(request.body, ec);
  if (ec || !body.is_object()) return error(400, "bad_json", "the body must be a JSON object");
  auto settings = parse_settings(request.body);
  if (!settings) return error(400, "bad_settings", settings.error().message);
  auto room = open_room([&](const std::string& id, std::uint64_t seed) {
    return std::make_shared<Room>(*this, id, *settings, who.player, who.name, now_ms(), seed);
  });
  if (!room) return error(503, "unavailable", "could not find a free table id");
  HttpResponse r = json_response(201, room->summary());
  r.headers.emplace_back("Location", "/t/" + room->id());
  return r;
}

std::shared_ptr<Room> Hub::open_room(
    const std::function<std::shared_ptr<Room>(const std::string& id, std::uint64_t seed)>& make) {
  std::uint64_t seed = 0;
  randombytes_buf(&seed, sizeof seed);
  // Under the test clock a test replays a run from its own seed: the table's
  // seed (lotteries, set-ups) then follows from the time and the count.
  if (options_.test_clock_ms) seed = test_table_seed();
  std::shared_ptr<Room> room;
  for (int attempt = 0; attempt < 5; ++attempt) {
    const std::string id = store::new_table_id();
    if (find(id)) continue;
    room = make(id, seed);
    try {
      write_now([record = room->record()](store::Store& st) { st.create_table(record); });
    } catch (const store::StoreError& e) {
      if (e.code() == store::StoreErrc::conflict) {
        room.reset();
        continue;
      }
      throw;
    }
    break;
  }
  if (!room) return nullptr;
  {
    std::lock_guard lock(mu_);
    rooms_[room->id()] = room;
    order_.push_back(room);
  }
  lobby_dirty_ = true;
  return room;
}

// protocol.md 2.2a: the tables where the caller sits that are not over, so
// the home page can lead back to a running game. Every unfinished table is in
// memory (restore_tables brings them back), so the store is not read.
HttpResponse Hub::api_my_tables(const Identity& who) {
  const std::string me = "p_" + std::to_string(who.player);
  std::vector<std::shared_ptr<Room>> rooms;
  {
    std::lock_guard lock(mu_);
    rooms = order_;
  }
  json::array tables;
  for (auto it = rooms.rbegin(); it != rooms.rend(); ++it) {
    json::object s = (*it)->summary();
    if (s.at("status").as_string() == "finished" || s.contains("read_only")) continue;
    for (const json::value& seat : s.at("seats").as_array()) {
      const json::value& p = seat.as_object().at("player");
      if (p.is_object() && p.as_object().at("id").as_string() == me) {
        tables.push_back(std::move(s));
        break;
      }
    }
  }
  return json_response(200, json::object{{"tables", std::move(tables)}});
}

// `serve --test-clock` only: {"advance_ms": N} moves the server's clock.
HttpResponse Hub::api_test_clock(const HttpRequest& request) {
  boost::system::error_code ec;
  json::value body = json::parse(request.body, ec);
  if (ec || !body.is_object()) return error(400, "bad_json", "the body must be a JSON object");
  const json::value* advance = body.as_object().if_contains("advance_ms");
  constexpr std::int64_t MAX_ADVANCE = 30LL * 24 * 3600 * 1000;
  if (advance == nullptr || !advance->is_int64() || advance->as_int64() < 0 ||
      advance->as_int64() > MAX_ADVANCE)
    return error(400, "bad_settings", "'advance_ms' must be an integer in 0..2592000000");
  return json_response(200, json::object{{"now_ms", advance_test_clock(advance->as_int64())}});
}

HttpResponse Hub::api_player(std::string_view id) {
  const std::int64_t pid = parse_player_id(id);
  if (pid == 0) return error(404, "not_found", "no such player");
  auto player = store_.find_player(pid);
  if (!player) return error(404, "not_found", "no such player");
  json::array ratings;
  for (const store::Rating& r : store_.ratings_of(pid)) {
    ratings.push_back(json::object{{"pool", r.variant},
                                   {"rating", r.rating},
                                   {"rd", r.deviation},
                                   {"volatility", r.volatility},
                                   {"matches", r.games}});
  }
  json::array matches;
  for (const store::FinishedMatch& m : store_.finished_matches(pid, 50)) {
    int seats = m.self.seat + 1;
    for (const auto& o : m.opponents) seats = std::max(seats, o.line.seat + 1);
    json::array score(std::size_t(seats), json::value(0));
    score[std::size_t(m.self.seat)] = m.self.score;
    json::array opponents;
    // The stored points of every seat give its result by match_over's rule
    // (match::seat_results). Seat s plays for team s % teams (two vs two:
    // 4 seats, 2 teams).
    const int teams = seats == 4 ? 2 : seats;
    std::vector<match::Points> team_points(static_cast<std::size_t>(teams));
    team_points[std::size_t(m.self.seat % teams)] = half_points(m.self.score);
    for (const auto& o : m.opponents) {
      score[std::size_t(o.line.seat)] = o.line.score;
      opponents.push_back(player_object(o.line.player, o.display_name));
      team_points[std::size_t(o.line.seat % teams)] = half_points(o.line.score);
    }
    // A match against the computer stores only the person's line: its
    // result cannot be told and reads "draw".
    const std::string_view outcome = m.opponents.empty()
                                         ? "draw"
                                         : match::seat_result_name(match::seat_results(
                                               team_points, seats)[std::size_t(m.self.seat)]);
    json::array games;
    for (const auto& g : store_.games_of_match(m.match_id))
      games.push_back(json::string(m.table_id + "-" + std::to_string(g.number)));
    json::value reason = nullptr;
    if (auto room = find(m.table_id)) {
      json::value result = room->match_result();
      if (result.is_object() && result.as_object().contains("reason"))
        reason = result.as_object().at("reason");
    }
    json::value change = nullptr;
    if (m.rated) change = m.self.rating_after - m.self.rating_before;
    matches.push_back(json::object{{"table", m.table_id},
                                   {"game", rules::to_text(rules::game_kind_of_variant(m.variant))},
                                   {"variant", m.variant},
                                   {"rated", m.rated},
                                   {"seat", m.self.seat},
                                   {"score", score},
                                   {"result", outcome},
                                   {"reason", reason},
                                   {"opponents", opponents},
                                   {"rating_change", change},
                                   {"games", games},
                                   {"finished_at", m.finished_ms}});
  }
  return json_response(200, json::object{{"id", "p_" + std::to_string(pid)},
                                         {"name", player->display_name},
                                         {"ratings", ratings},
                                         {"matches", matches}});
}

HttpResponse Hub::api_game(std::string_view id) {
  bool text = false;
  if (id.size() > 4 && id.substr(id.size() - 4) == ".txt") {
    text = true;
    id.remove_suffix(4);
  }
  const std::size_t dash = id.rfind('-');
  if (dash == std::string_view::npos) return error(404, "not_found", "no such game");
  const std::string table(id.substr(0, dash));
  int number = 0;
  for (char c : id.substr(dash + 1)) {
    if (c < '0' || c > '9' || number > 100) return error(404, "not_found", "no such game");
    number = number * 10 + (c - '0');
  }
  const auto matches = store_.matches_of_table(table);
  if (matches.empty()) return error(404, "not_found", "no such game");
  auto game = store_.find_game(matches.back().id, number);
  if (!game || !game->finished)
    return error(404, "not_found", "no finished game " + std::string(id));
  if (text) {
    HttpResponse r;
    r.content_type = "text/plain; charset=utf-8";
    r.body = game->record;
    return r;
  }
  json::object o{{"id", std::string(id)},
                 {"table", table},
                 {"number", number},
                 {"game", rules::to_text(rules::game_kind_of_variant(game->variant))},
                 {"variant", game->variant},
                 {"result", game->result},
                 {"record", game->record}};
  json::value details = nullptr;
  if (auto room = find_or_load(table)) details = room->game_players(number);
  if (details.is_object()) {
    for (const auto& [k, v] : details.as_object()) o[k] = v;
  } else {
    json::array moves;
    for (const auto& m : store_.moves_of_game(matches.back().id, number))
      moves.push_back(json::string(m.move));
    o["moves"] = moves;
    o["players"] = json::array{};
    o["outcome"] = nullptr;
  }
  return json_response(200, o);
}

HttpResponse Hub::healthz() {
  const bool ok = committer_.healthy();
  json::object body{{"status", ok ? "ok" : "unavailable"},
                    {"version", build_version()},
                    {"commit", build_commit()},
                    {"store_write_failures", metrics_.store_failures()}};
  // Tables kept read-only because their stored match does not replay: the
  // node serves them, but an operator must look (protocol.md 6).
  json::array read_only;
  std::vector<std::shared_ptr<Room>> rooms;
  {
    std::lock_guard lock(mu_);
    rooms = order_;
  }
  for (const auto& r : rooms) {
    if (!r->read_only_reason().empty())
      read_only.push_back(json::object{{"table", r->id()}, {"reason", r->read_only_reason()}});
  }
  body["read_only_tables"] = std::move(read_only);
  return json_response(ok ? 200 : 503, std::move(body));
}

HttpResponse Hub::metrics() {
  Metrics::Gauges g;
  if (counters_ != nullptr) {
    g.ws_connections = counters_->ws_connections.load();
    g.http_requests = counters_->http_requests.load();
  }
  std::map<std::string, std::int64_t> by_status{
      {"waiting", 0}, {"playing", 0}, {"between_games", 0}, {"finished", 0}};
  std::vector<std::shared_ptr<Room>> rooms;
  {
    std::lock_guard lock(mu_);
    rooms = order_;
  }
  for (const auto& r : rooms) {
    ++by_status[r->status()];
    if (!r->read_only_reason().empty()) ++g.read_only_tables;
  }
  for (const auto& [k, v] : by_status) g.tables.emplace_back(k, v);
  HttpResponse r;
  r.content_type = "text/plain; version=0.0.4";
  r.body = metrics_.render(g);
  return r;
}

HttpResponse Hub::static_file(std::string_view path, std::string_view accept_encoding) {
  return serve_static(options_.web_root, path, accept_encoding);
}

}  // namespace ft::server
