// Tables over HTTP (protocol.md 2.3, 2.4, 2.11): one table, a new one,
// the caller's tables that are not over.
#include "server/http/api.h"

#include <algorithm>
#include <set>

#include "server/http/json.h"

namespace ft::server {
namespace json = boost::json;
namespace {

// The check Registry::open() runs in the write that creates a table: whether
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

// protocol.md 2.4. On one node of several, a table another node runs is
// read from the store (Registry::read), so the GET moves no table; its
// spectators are the count its owner last published on the bus.
HttpResponse Api::api_table(const std::string& id) {
  const bool here = tables_.find(id) != nullptr;
  auto room = tables_.read(id);
  if (!room) return error(HttpError::not_found, "no such table");
  json::object summary = room->summary();
  if (const Leases* leases = tables_.leases(); leases && !here)
    summary["spectators"] = leases->spectators_elsewhere(id);
  return json_response(200, summary);
}

HttpResponse Api::api_create_table(const HttpRequest& request, const Identity& who) {
  auto parsed = settings_of(request);
  if (auto* refused = std::get_if<HttpResponse>(&parsed)) return std::move(*refused);
  TableSettings* settings = &std::get<TableSettings>(parsed);
  // Every table counts until its match starts: one waiting for people,
  // and one against the computer until its creator sits down (its page
  // does at once), since each is a room in memory.
  if (auto refused = too_many_from_address(request.address)) return *refused;
  std::vector<std::string> open;  // the player's open tables, when at the bound
  auto room = tables_.open(
      [&](const std::string& id, std::uint64_t seed) {
        return std::make_shared<Room>(host_, id, *settings, who, clock_.now_ms(), seed);
      },
      open_tables_below(who.player, options_.open_tables, open), request.address);
  if (!open.empty()) {
    std::string ids;
    for (const auto& t : open) ids += (ids.empty() ? "" : ", ") + t;
    return error(HttpError::too_many_tables,
                 "you have " + std::to_string(open.size()) + " tables waiting for players (" + ids +
                     "); share one of them, or play one, before you open another");
  }
  if (!room) return error(HttpError::unavailable, "could not find a free table id");
  HttpResponse r = json_response(201, room->summary());
  r.headers.emplace_back("Location", "/t/" + room->id());
  return r;
}

// protocol.md 2.3: at most open_tables_per_address open tables made from
// one address (this node's, in memory).
std::optional<HttpResponse> Api::too_many_from_address(const std::string& address) {
  if (options_.open_tables_per_address <= 0) return std::nullopt;
  const int from_address = tables_.open_from(address);
  if (from_address >= options_.open_tables_per_address)
    return error(HttpError::too_many_tables,
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
HttpResponse Api::api_my_tables(const Identity* caller) {
  // No guest yet: no tables (a page asking makes nobody).
  if (caller == nullptr) return json_response(200, json::object{{"tables", json::array{}}});
  const Identity& who = *caller;
  const std::string me = "p_" + std::to_string(who.player);
  const std::vector<std::shared_ptr<Room>> rooms = tables_.rooms();
  std::vector<json::object> summaries;
  std::set<std::string> here;
  for (auto it = rooms.rbegin(); it != rooms.rend(); ++it) {
    here.insert((*it)->id());
    summaries.push_back((*it)->summary());
  }
  if (const Leases* leases = tables_.leases()) {
    store::TableQuery mine;
    mine.listed_only = false;
    mine.player = who.player;
    mine.limit = 50;  // each is read and replayed: a bound on one request's work
    for (const store::TableRecord& t : store_.list_tables(mine)) {
      if (here.contains(t.id)) continue;
      std::optional<store::LiveTable> live = tables_.live_table(t.id);
      if (!live) continue;  // gone meanwhile
      auto room = tables_.restored(*live);
      if (!room) continue;
      json::object summary = (*room)->summary();
      summary["spectators"] = leases->spectators_elsewhere(t.id);  // as its owner says
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

}  // namespace ft::server
