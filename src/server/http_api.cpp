// The HTTP API of docs/protocol.md section 2 and the static web client.
// Runs on the blocking pool, so it may call the store.
#include <sodium.h>

#include <iostream>
#include <map>
#include <set>

#include "server/build_info.h"
#include "server/cluster.h"
#include "server/guest_names.h"
#include "server/http_json.h"
#include "server/hub.h"
#include "server/static_files.h"
#include "store/ids.h"

namespace ft::server {
namespace json = boost::json;

bool Hub::needs_identity(std::string_view path) const {
  // Logging in or out makes no guest: the answer sets the cookie itself.
  if (path == "/api/account/login" || path == "/api/account/logout") return false;
  return path.substr(0, 5) == "/api/" || path == "/" || path.substr(0, 3) == "/t/";
}

HttpResponse Hub::http(const HttpRequest& request, const Identity* who) {
  try {
    return route(request, who);
  } catch (const store::StoreError& e) {
    // The store is away: retryable, not a 500 (the store's own message
    // names hosts, so it stays in the log).
    if (e.code() != store::StoreErrc::unavailable) throw;
    std::cerr << "fourtable: " << request.target << ": " << e.what() << "\n";
    HttpResponse r =
        error(503, "unavailable", "the database is not reachable just now; try again shortly");
    r.headers.emplace_back("Retry-After", "1");
    return r;
  }
}

HttpResponse Hub::route(const HttpRequest& request, const Identity* who) {
  const std::string path = request.target.substr(0, request.target.find('?'));
  const bool get = request.method == "GET" || request.method == "HEAD";
  const bool post = request.method == "POST";
  if (path == "/healthz") return get ? healthz() : error(405, "method_not_allowed", "use GET");
  if (path == "/metrics") return get ? metrics() : error(405, "method_not_allowed", "use GET");
  if (path.substr(0, 5) == "/api/") {
    if (path.starts_with("/api/account/")) return api_account(path, request, who);
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
    if (path.rfind("/api/tables/", 0) == 0) return api_table(path.substr(12));
    if (path.rfind("/api/players/", 0) == 0 && path.ends_with("/games"))
      return api_player_games(path.substr(13, path.size() - 13 - 6), request.target);
    if (path.rfind("/api/players/", 0) == 0) return api_players(path.substr(13), request);
    if (path.rfind("/api/leaderboard/", 0) == 0)
      return api_leaderboard(path.substr(17), request, *who);
    if (path.rfind("/api/games/", 0) == 0) {
      constexpr std::string_view ANALYSIS = "/analysis";
      if (path.size() > 11 + ANALYSIS.size() && path.ends_with(ANALYSIS))
        return api_game_analysis(
            std::string_view(path).substr(11, path.size() - 11 - ANALYSIS.size()));
      return api_game_export(path.substr(11), request.target);
    }
    return error(404, "not_found", "no such API endpoint");
  }
  if (!get) return error(405, "method_not_allowed", "use GET");
  return static_file(path, request.accept_encoding);
}

// protocol.md 2.4. On one node of several, a table another node runs is
// read from the store (read_table), so the GET moves no table; its
// spectators are the count its owner last published on the bus.
HttpResponse Hub::api_table(const std::string& id) {
  const bool here = find(id) != nullptr;
  auto room = read_table(id);
  if (!room) return error(404, "not_found", "no such table");
  json::object summary = room->summary();
  if (cluster_ && !here) summary["spectators"] = cluster_->spectators_elsewhere(id);
  return json_response(200, summary);
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
    try {
      write_now(
          [player = who.player, clean](store::Store& st) { st.rename_player(player, clean); });
    } catch (const store::StoreError& e) {
      if (e.code() != store::StoreErrc::conflict) throw;
      return error(409, "name_taken", "'" + clean + "' is kept by a player with a password");
    }
    renamed(who.player, clean);
    json::object me = player_object(who.player, clean);
    me["account"] = store_.find_account(who.player).has_value();
    return json_response(200, me);
  }
  json::object me = player_object(who.player, who.name);
  me["account"] = store_.find_account(who.player).has_value();
  return json_response(200, me);
}

void Hub::renamed(std::int64_t player, const std::string& name) {
  {
    std::lock_guard lock(guests_mu_);
    for (auto& [token, id] : guests_)
      if (id.player == player) id.name = name;
  }
  std::vector<std::shared_ptr<Room>> rooms;
  {
    std::lock_guard lock(mu_);
    rooms = order_;
  }
  for (const auto& room : rooms) room->rename(player, name);
}

HttpResponse Hub::api_create_table(const HttpRequest& request, const Identity& who) {
  boost::system::error_code ec;
  const json::value body = json::parse(request.body, ec);
  if (ec || !body.is_object()) return error(400, "bad_json", "the body must be a JSON object");
  auto settings = parse_settings(request.body);
  if (!settings)
    return error(400,
                 settings.error().code == ErrorCode::illegal_move ? "bad_start" : "bad_settings",
                 settings.error().message);
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
      write_now([record = room->record(), cluster = cluster_](store::Store& st) {
        st.create_table(record);
        if (cluster) cluster->claim_new(st, record.id);  // created here, run here
      });
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

// protocol.md 2.11: the tables where the caller sits that are not over, so
// the home page can lead back to a running game. On one node every
// unfinished table is in memory (restore_tables brings them back). On one
// node of several the others run elsewhere: they are read from the store
// (the table, its match and moves: the truth every node writes to before it
// answers) and summarised as a restore would show them, without taking them.
HttpResponse Hub::api_my_tables(const Identity& who) {
  const std::string me = "p_" + std::to_string(who.player);
  std::vector<std::shared_ptr<Room>> rooms;
  {
    std::lock_guard lock(mu_);
    rooms = order_;
  }
  std::vector<json::object> summaries;
  std::set<std::string> here;
  for (auto it = rooms.rbegin(); it != rooms.rend(); ++it) {
    here.insert((*it)->id());
    summaries.push_back((*it)->summary());
  }
  if (cluster_) {
    store::TableQuery mine;
    mine.listed_only = false;
    mine.player = who.player;
    mine.limit = 50;  // each is read and replayed: a bound on one request's work
    for (const store::TableRecord& t : store_.list_tables(mine)) {
      if (here.contains(t.id)) continue;
      std::optional<store::LiveTable> live = live_table(t.id);
      if (!live) continue;  // gone meanwhile
      auto room = restored(*live);
      if (!room) continue;
      json::object summary = (*room)->summary();
      summary["spectators"] = cluster_->spectators_elsewhere(t.id);  // as its owner says
      summaries.push_back(std::move(summary));
    }
    std::stable_sort(summaries.begin(), summaries.end(), [](const auto& x, const auto& y) {
      return x.at("created_at").as_int64() > y.at("created_at").as_int64();
    });
  }
  json::array tables;
  for (json::object& s : summaries) {
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
