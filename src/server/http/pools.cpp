// Play someone now over HTTP (protocol.md 2.19): the pools with how many
// wait in each, joining (and, polled, staying in) a pool's wait, and
// cancelling it. The waits are the store's (migration 017), so a player
// may poll any node; the pairing itself is the nodes' pass
// (tables/pool_pairer.h).
#include <charconv>
#include <cmath>

#include "server/http/api.h"
#include "server/http/json.h"
#include "server/tables/pairing.h"
#include "server/tables/pool_pairer.h"

namespace ft::server {
namespace json = boost::json;
namespace {

// A wait as its page sees it: its pool, its state, the table once paired.
json::object wait_json(const store::PoolWait& w, std::int64_t now) {
  json::object o{{"pool", w.pool}, {"since", w.joined_ms}};
  if (!w.table.empty()) {
    o["state"] = "paired";
    o["table"] = w.table;
    return o;
  }
  o["state"] = "waiting";
  const double range = rating_range(now - w.joined_ms);
  o["range"] = std::isinf(range) ? json::value(nullptr) : json::value(std::lround(range));
  return o;
}

// Whether the wait still stands at `now` (its page confirmed it lately).
bool alive(const std::optional<store::PoolWait>& w, std::int64_t now) {
  return w && w->seen_ms >= now - POOL_GRACE_MS;
}

// `?since=<ms>`: the wait a page polls (its `since`); nullopt for a click
// (no since). False when the query is malformed.
bool read_since(std::string_view target, std::optional<std::int64_t>& since) {
  const auto params = query_params(target);
  if (!params) return false;
  for (const auto& [name, value] : *params) {
    if (name != "since") continue;
    std::int64_t v = 0;
    const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), v);
    if (ec != std::errc() || end != value.data() + value.size()) return false;
    since = v;
  }
  return true;
}

}  // namespace

// Bots play by challenge, never through the pools (bot-api.md, "Rated
// games"): no person is paired with an engine without asking for one.
HttpResponse Api::bot_refused() {
  return error(HttpError::bot_not_allowed,
               "a bot plays by challenge, not through the pools of 'play someone now'");
}

HttpResponse Api::api_pools(const Identity* who) {
  const std::int64_t now = clock_.now_ms();
  const std::map<std::string, int> waiting = pools_.waiting();
  json::array list;
  for (const Pool& p : pools()) {
    auto it = waiting.find(p.id);
    list.push_back(json::object{{"id", p.id},
                                {"settings", settings_json(p.settings)},
                                {"waiting", it == waiting.end() ? 0 : std::max(0, it->second)}});
  }
  json::value mine = nullptr;
  if (who) {
    auto w = store_.find_pool_wait(who->player);
    if (alive(w, now)) mine = wait_json(*w, now);
  }
  return json_response(200, json::object{{"pools", std::move(list)},
                                         {"wait", std::move(mine)},
                                         {"poll_ms", 2000},
                                         {"grace_ms", POOL_GRACE_MS}});
}

HttpResponse Api::api_pool(const HttpRequest& request, std::string_view id, const Identity* who) {
  const Pool* pool = find_pool(id);
  if (pool == nullptr)
    return error(HttpError::unknown_pool, "no pool '" + std::string(id.substr(0, 40)) + "'");
  const bool join = request.method == "POST";
  if (join && who->bot) return bot_refused();
  if (!join && who == nullptr)
    return json_response(200, json::object{{"pool", pool->id}, {"state", "left"}});
  const std::int64_t wait_ms = pool_buckets_.take(std::to_string(who->player));
  if (wait_ms > 0) {
    HttpResponse r = error(HttpError::rate_limited, "too many pool requests; wait a little");
    r.headers.emplace_back("Retry-After", std::to_string(retry_after_seconds(wait_ms)));
    return r;
  }
  std::optional<std::int64_t> since;
  if (!read_since(request.target, since))
    return error(HttpError::bad_query, "'since' must be the wait's since, in ms");
  return join ? pool_join(*pool, who->player, since) : pool_leave(*pool, who->player);
}

// Joins the pool, or confirms the wait the player has there (a second tab
// joins the same wait), in one store write: what it finds decides. A
// paired wait is told to the pages that poll it (`since` is its own); a
// click after the pairing (no since) is a new wait.
HttpResponse Api::pool_join(const Pool& pool, std::int64_t player,
                            std::optional<std::int64_t> since) {
  const std::int64_t now = clock_.now_ms();
  double rating = store::Rating{}.rating;
  if (auto r = store_.find_rating(player, rating_pool(pool.settings))) rating = r->rating;
  store::PoolWait out;
  write_now([&](store::Store& st) {
    auto w = st.find_pool_wait(player);
    const bool paired = alive(w, now) && !w->table.empty();
    if ((paired && since == w->joined_ms) || (alive(w, now) && !paired && w->pool != pool.id)) {
      out = *w;  // paired (its table is told), or waiting in another pool
      return;
    }
    if (alive(w, now) && !paired) {
      st.touch_pool_wait(player, now);
      out = *w;
      return;
    }
    out = store::PoolWait{player, pool.id, rating, now, now, "", 0};
    st.put_pool_wait(out);
  });
  if (out.table.empty() && out.pool != pool.id)
    return error(HttpError::already_waiting,
                 "you are waiting in the pool '" + out.pool + "'; cancel that wait first");
  return json_response(200, wait_json(out, now));
}

// Cancels the wait in `pool`; too late once the player was paired.
HttpResponse Api::pool_leave(const Pool& pool, std::int64_t player) {
  const std::int64_t now = clock_.now_ms();
  std::optional<store::PoolWait> paired;
  write_now([&](store::Store& st) {
    paired.reset();
    if (st.end_pool_wait(player, pool.id)) return;
    auto w = st.find_pool_wait(player);
    if (alive(w, now) && w->pool == pool.id && !w->table.empty()) paired = w;
  });
  if (paired) {
    HttpResponse r =
        error(HttpError::already_paired, "you were paired already: your table is " + paired->table);
    json::value body = json::parse(r.body);
    body.as_object()["table"] = paired->table;
    return json_response(409, body);
  }
  return json_response(200, json::object{{"pool", pool.id}, {"state", "left"}});
}

}  // namespace ft::server
