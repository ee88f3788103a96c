#include "server/cluster/cluster_lobby.h"

#include <algorithm>

namespace ft::server {
namespace json = boost::json;
namespace {

std::int64_t created_of(const json::value& entry) {
  const json::object* o = entry.if_object();
  const json::value* c = o ? o->if_contains("created_at") : nullptr;
  return c && c->is_int64() ? c->as_int64() : 0;
}

std::string id_of(const json::value& entry) {
  const json::object* o = entry.if_object();
  const json::value* id = o ? o->if_contains("id") : nullptr;
  return id && id->is_string() ? std::string(id->as_string()) : std::string();
}

// Newest first; the id breaks ties, so every node orders alike.
void order(json::array& list, std::size_t limit) {
  std::stable_sort(list.begin(), list.end(), [](const json::value& a, const json::value& b) {
    const std::int64_t ca = created_of(a), cb = created_of(b);
    return ca != cb ? ca > cb : id_of(a) > id_of(b);
  });
  // A table that moved between nodes may be in two parts for a moment.
  std::vector<std::string> seen;
  json::array unique;
  for (json::value& v : list) {
    std::string id = id_of(v);
    if (std::find(seen.begin(), seen.end(), id) != seen.end()) continue;
    seen.push_back(std::move(id));
    unique.push_back(std::move(v));
    if (unique.size() >= limit) break;
  }
  list = std::move(unique);
}

json::object counts_json(const ClusterLobby::Counts& counts) {
  json::object o;
  for (const auto& [table, n] : counts) o[table] = n;
  return o;
}

// A count map of a part; what is not a table -> count pair is left out.
ClusterLobby::Counts counts_of(const json::object& part, const char* key) {
  ClusterLobby::Counts counts;
  const json::value* v = part.if_contains(key);
  if (v == nullptr || !v->is_object()) return counts;
  for (const auto& [table, n] : v->as_object())
    if (n.is_int64() && n.as_int64() > 0 && n.as_int64() < 1000000)
      counts[std::string(table)] = static_cast<int>(n.as_int64());
  return counts;
}

}  // namespace

std::string ClusterLobby::encode(const std::string& node, const json::array& open,
                                 const json::array& live, const Counts& watching,
                                 const Counts& spectators) {
  return json::serialize(json::object{{"node", node},
                                      {"open", open},
                                      {"live", live},
                                      {"watching", counts_json(watching)},
                                      {"spectators", counts_json(spectators)}});
}

bool ClusterLobby::receive(const std::string& self, const std::string& payload,
                           std::int64_t now_ms) {
  json::error_code ec;
  json::value v = json::parse(payload, ec);
  if (ec || !v.is_object()) return false;
  const json::object& o = v.as_object();
  const json::value* node = o.if_contains("node");
  const json::value* open = o.if_contains("open");
  const json::value* live = o.if_contains("live");
  if (!node || !node->is_string() || !open || !open->is_array() || !live || !live->is_array())
    return false;
  const std::string name(node->as_string());
  if (name.empty() || name == self) return false;
  std::lock_guard lock(mu_);
  parts_[name] = Part{open->as_array(), live->as_array(), now_ms, counts_of(o, "watching"),
                      counts_of(o, "spectators")};
  return true;
}

void ClusterLobby::merge(json::array& open, json::array& live, std::int64_t now_ms) const {
  {
    std::lock_guard lock(mu_);
    bool fresh = false;
    for (const auto& [node, part] : parts_) {
      if (now_ms - part.received_ms > STALE_MS) continue;
      fresh = true;
      for (const json::value& e : part.open) open.push_back(e);
      for (const json::value& e : part.live) live.push_back(e);
    }
    // An old read (Redis was there for long) waits for the next one.
    if (!fresh && now_ms - from_store_.received_ms <= 2 * STALE_MS) {
      for (const json::value& e : from_store_.open) open.push_back(e);
      for (const json::value& e : from_store_.live) live.push_back(e);
    }
  }
  order(open, LIMIT);
  order(live, LIMIT);
  for (std::size_t i = LIVE_BOARDS; i < live.size(); ++i)
    if (json::object* o = live[i].if_object()) o->erase("board");
}

int ClusterLobby::watching(const std::string& table, std::int64_t now_ms) const {
  std::lock_guard lock(mu_);
  int sum = 0;
  for (const auto& [node, part] : parts_) {
    if (now_ms - part.received_ms > STALE_MS) continue;
    auto it = part.watching.find(table);
    if (it != part.watching.end()) sum += it->second;
  }
  return sum;
}

int ClusterLobby::spectators(const std::string& table, std::int64_t now_ms) const {
  std::lock_guard lock(mu_);
  for (const auto& [node, part] : parts_) {
    if (now_ms - part.received_ms > STALE_MS) continue;
    auto it = part.spectators.find(table);
    if (it != part.spectators.end()) return it->second;
  }
  return 0;
}

void ClusterLobby::set_from_store(json::array open, json::array live, std::int64_t now_ms) {
  std::lock_guard lock(mu_);
  from_store_ = Part{std::move(open), std::move(live), now_ms, {}, {}};
}

std::size_t ClusterLobby::nodes(std::int64_t now_ms) const {
  std::lock_guard lock(mu_);
  return std::count_if(parts_.begin(), parts_.end(),
                       [&](const auto& p) { return now_ms - p.second.received_ms <= STALE_MS; });
}

}  // namespace ft::server
