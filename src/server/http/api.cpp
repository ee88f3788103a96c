// The HTTP API of docs/protocol.md section 2 and the static web client.
// Runs on the blocking pool, so it may call the store.
#include <sodium.h>

#include <algorithm>
#include <iostream>
#include <map>
#include <set>

#include "server/build_info.h"
#include "server/cluster/cluster.h"
#include "server/edge/static_files.h"
#include "server/http/json.h"
#include "server/http/request_guard.h"
#include "server/hub.h"
#include "store/ids.h"
#include "store/names.h"

namespace ft::server {
namespace json = boost::json;
namespace {

// The check open_room() runs in the write that creates a table: whether
// `player` has fewer than `bound` tables with a seat free where they sit;
// if not, those tables' ids go to `full`. In the same write (after every
// write queued before it), so it reads what the earlier joins and
// creations stored, on any node, and two at once cannot both pass.
std::function<bool(store::Store&)> open_tables_below(std::int64_t player, int bound,
                                                     std::vector<std::string>& full) {
  return [player, bound, &full](store::Store& st) {
    store::TableQuery mine;
    mine.listed_only = false;
    mine.statuses = {store::TableStatus::open};
    mine.player = player;
    mine.limit = bound;
    const auto open = st.list_tables(mine);
    if (static_cast<int>(open.size()) < bound) return true;
    for (const auto& t : open) full.push_back(t.id);
    return false;
  };
}

}  // namespace

HttpResponse Hub::http(const HttpRequest& request) {
  try {
    return answer(request);
  } catch (const store::StoreError& e) {
    // The store is away: retryable, not a 500 (the store's own message
    // names hosts, so it stays in the log).
    if (e.code() != store::StoreErrc::unavailable) throw;
    std::cerr << "fourtable: " << request.target.substr(0, 200) << ": " << e.what() << "\n";
    HttpResponse r =
        error(503, "unavailable", "the database is not reachable just now; try again shortly");
    r.headers.emplace_back("Retry-After", "1");
    return r;
  }
}

// Every request, in this order: the route (404, 405), the same-site rule
// for what changes state (request_guard.h), the caller's guest as the
// route needs it (made now, within the address's limit), the handler.
HttpResponse Hub::answer(const HttpRequest& request) {
  const std::string path = request.target.substr(0, request.target.find('?'));
  const RouteMatch m = match_route(request.method, path, options_.test_clock_ms.has_value());
  if (m.status == 404) return error(404, "not_found", "no such endpoint");
  if (m.status == 405) {
    HttpResponse r = error(405, "method_not_allowed", "use " + m.allow);
    r.headers.emplace_back("Allow", m.allow);
    return r;
  }
  if (m.route == Route::web) return static_file(request, path);
  if (auto refused =
          refuse_forged(request, SiteOrigins{request.scheme, request.host, &options_.site_origins}))
    return *refused;
  std::optional<Identity> who;
  if (m.guest == GuestNeed::make) {
    std::int64_t wait_ms = 0;
    who = identify(request.guest_token, request.address, wait_ms);
    if (!who) {
      HttpResponse r = error(429, "guest_rate_limited",
                             "this address made too many guests lately; try again later");
      r.headers.emplace_back("Retry-After", std::to_string(retry_after_seconds(wait_ms)));
      return r;
    }
  } else if (m.guest == GuestNeed::if_known) {
    who = known_guest(request.guest_token);
  }
  HttpResponse r = dispatch(request, m, who ? &*who : nullptr);
  // A guest made now gets its cookie; over https a known guest's token
  // that came under the plain name moves to the __Host- name (protocol.md
  // 1). Not when the handler set the cookie itself (login, password).
  const bool set_by_handler = std::any_of(r.headers.begin(), r.headers.end(),
                                          [](const auto& h) { return h.first == "Set-Cookie"; });
  if (who && !set_by_handler) {
    std::vector<std::string> cookies;
    if (!who->new_token.empty())
      cookies = guest_cookie_headers(who->new_token, request.https, request.plain_cookie);
    else if (request.plain_cookie)
      cookies = guest_cookie_headers(request.guest_token, request.https, true);
    for (std::string& c : cookies) r.headers.emplace_back("Set-Cookie", std::move(c));
  }
  return r;
}

HttpResponse Hub::dispatch(const HttpRequest& request, const RouteMatch& m, const Identity* who) {
  const std::string path = request.target.substr(0, request.target.find('?'));
  const std::string_view arg = m.args.empty() ? std::string_view() : m.args.front();
  switch (m.route) {
    case Route::healthz:
      return healthz();
    case Route::metrics:
      return metrics();
    case Route::me:
      return api_me(request, *who);
    case Route::my_tables:
      return api_my_tables(who);
    case Route::create_table:
      return api_create_table(request, *who);
    case Route::table:
      return api_table(std::string(arg));
    case Route::lobby:
      return json_response(200, lobby_json());
    case Route::player:
    case Route::player_ratings:
      return api_players(std::string_view(path).substr(13), request);
    case Route::player_games:
      return api_player_games(arg, request.target);
    case Route::leaderboard:
      return api_leaderboard(arg, request, who);
    case Route::game:
      return api_game_export(arg, request.target);
    case Route::game_analysis:
      return api_game_analysis(arg);
    case Route::analysis_board:
      return api_analysis_board(request, *who);
    case Route::account_login:
    case Route::account_logout:
    case Route::account_password:
    case Route::account_change:
      return api_account(path, request, who);
    case Route::test_clock:
      return api_test_clock(request);
    case Route::web:
      break;
  }
  return error(404, "not_found", "no such endpoint");
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
    const store::CleanName checked = store::clean_name(std::string_view(name->as_string()));
    if (!checked.problem.empty()) return error(400, "bad_name", checked.problem);
    const std::string& clean = checked.name;
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
  // Every table counts until its match starts: one waiting for people,
  // and one against the computer until its creator sits down (its page
  // does at once), since each is a room in memory.
  if (auto refused = too_many_from_address(request.address)) return *refused;
  std::vector<std::string> open;  // the player's open tables, when at the bound
  auto room = open_room(
      [&](const std::string& id, std::uint64_t seed) {
        return std::make_shared<Room>(*this, id, *settings, who.player, who.name, now_ms(), seed);
      },
      open_tables_below(who.player, options_.open_tables, open));
  if (!open.empty()) {
    std::string ids;
    for (const auto& t : open) ids += (ids.empty() ? "" : ", ") + t;
    return error(409, "too_many_tables",
                 "you have " + std::to_string(open.size()) + " tables waiting for players (" + ids +
                     "); share one of them, or play one, before you open another");
  }
  if (!room) return error(503, "unavailable", "could not find a free table id");
  {
    std::lock_guard lock(mu_);
    opened_by_[room->id()] = request.address;
  }
  HttpResponse r = json_response(201, room->summary());
  r.headers.emplace_back("Location", "/t/" + room->id());
  return r;
}

std::shared_ptr<Room> Hub::open_room(
    const std::function<std::shared_ptr<Room>(const std::string& id, std::uint64_t seed)>& make,
    const std::function<bool(store::Store&)>& check) {
  std::uint64_t seed = 0;
  randombytes_buf(&seed, sizeof seed);
  // Under the test clock a test replays a run from its own seed: the table's
  // seed (lotteries, set-ups) then follows from the time and the count.
  if (options_.test_clock_ms) seed = test_table_seed();
  std::shared_ptr<Room> room;
  bool refused = false;
  for (int attempt = 0; attempt < 5; ++attempt) {
    const std::string id = store::new_table_id();
    if (find(id)) continue;
    room = make(id, seed);
    try {
      write_now([record = room->record(), cluster = cluster_, &check, &refused](store::Store& st) {
        if (check && !check(st)) {
          refused = true;
          return;
        }
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
  if (!room || refused) return nullptr;
  {
    std::lock_guard lock(mu_);
    rooms_[room->id()] = room;
    order_.push_back(room);
  }
  lobby_dirty_ = true;
  return room;
}

// protocol.md 2.3: at most open_tables_per_address open tables made from
// one address (this node's, in memory).
std::optional<HttpResponse> Hub::too_many_from_address(const std::string& address) {
  if (options_.open_tables_per_address <= 0) return std::nullopt;
  // The rooms are asked outside mu_ (a room takes its own lock).
  std::vector<std::pair<std::string, std::shared_ptr<Room>>> made_here;
  {
    std::lock_guard lock(mu_);
    for (const auto& [table, by] : opened_by_) {
      auto it = rooms_.find(table);
      made_here.emplace_back(table, it == rooms_.end() ? nullptr : it->second);
    }
  }
  int from_address = 0;
  std::vector<std::string> gone;  // started, ended or left memory: not open any more
  for (const auto& [table, room] : made_here) {
    if (!room || room->status() != "waiting") {
      gone.push_back(table);
    } else {
      std::lock_guard lock(mu_);
      auto it = opened_by_.find(table);
      from_address += it != opened_by_.end() && it->second == address ? 1 : 0;
    }
  }
  {
    std::lock_guard lock(mu_);
    for (const auto& table : gone) opened_by_.erase(table);
  }
  if (from_address >= options_.open_tables_per_address)
    return error(409, "too_many_tables",
                 "this address has " + std::to_string(from_address) +
                     " tables waiting for players; play or share them before opening another");
  return std::nullopt;
}

// protocol.md 2.11: the tables where the caller sits that are not over, so
// the home page can lead back to a running game. On one node every
// unfinished table is in memory (restore_tables brings them back). On one
// node of several the others run elsewhere: they are read from the store
// (the table, its match and moves: the truth every node writes to before it
// answers) and summarised as a restore would show them, without taking them.
HttpResponse Hub::api_my_tables(const Identity* caller) {
  // No guest yet: no tables (a page asking makes nobody).
  if (caller == nullptr) return json_response(200, json::object{{"tables", json::array{}}});
  const Identity& who = *caller;
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

HttpResponse Hub::static_file(const HttpRequest& request, std::string_view path) {
  static const StaticFiles none;
  const bool get = request.method == "GET" || request.method == "HEAD";
  HttpResponse r =
      (options_.web ? *options_.web : none).answer(path, get ? request.accept_encoding : "");
  if (get || r.status != 200) return r;
  r = error(405, "method_not_allowed", "use GET");
  r.headers.emplace_back("Allow", "GET, HEAD");
  return r;
}

}  // namespace ft::server
