#include "cluster/pools.h"

#include <iostream>
#include <set>
#include <thread>

#include "support/test_client.h"

namespace ft::test::cluster {
namespace {

namespace json = boost::json;

constexpr const char* POOL = "classic-5-5-casual";

// A new guest, made by node `port`: its cookie and id.
std::pair<std::string, std::string> guest(int port) {
  HttpResult me = http(port, "GET", "/api/me");
  check(me.status == 200 && !me.set_cookie.empty(), "a guest from port " + std::to_string(port));
  return {me.set_cookie, me.status == 200 ? std::string(me.json().at("id").as_string()) : ""};
}

// The caller's wait as node `port` answers: a click (since < 0) or a poll
// of the wait begun at `since`: "waiting" (its since in `since`), or the
// table once paired ("" on an error, which is a failure).
std::string poll(int port, const std::string& cookie, std::int64_t& since) {
  const std::string query = since < 0 ? "" : "?since=" + std::to_string(since);
  HttpResult r = http(port, "POST", std::string("/api/pools/") + POOL + query, {}, cookie);
  check(r.status == 200, "pool poll on port " + std::to_string(port) + ": " + r.body);
  if (r.status != 200) return "";
  const json::value w = r.json();
  since = w.at("since").as_int64();
  return w.at("state") == "paired" ? std::string(w.at("table").as_string()) : "waiting";
}

// Sits down at `table` through nginx; the state the hello got (null when
// the caller got no seat there).
json::value sit(int nginx, const std::string& cookie, const std::string& table,
                std::unique_ptr<WsClient>& ws) {
  ws = std::make_unique<WsClient>(nginx, cookie, std::string(), "/ws?table=" + table);
  ws->expect("welcome");
  ws->send(json::object{{"type", "hello"}, {"table", table}, {"since", 0}});
  json::object state = ws->expect("state");
  if (state.at("you").as_object().at("seat").is_null()) return nullptr;
  return state;
}

}  // namespace

void pool_phase(const Options& o, const Nodes& nodes) {
  const auto start = Clock::now();
  const auto [a, a_id] = guest(nodes.port(1));
  const auto [b, b_id] = guest(nodes.port(2));
  std::int64_t a_since = -1, b_since = -1;
  check(poll(nodes.port(1), a, a_since) == "waiting", "a waits through node1");
  // Another node sees a's wait at once (the store's), a second tab of a
  // joins it there, and the pool's count covers every node.
  const json::value seen = http(nodes.port(3), "GET", "/api/pools", {}, a).json();
  check(seen.at("wait").is_object() && seen.at("wait").at("pool") == POOL,
        "node3 sees the wait a made on node1: " + json::serialize(seen.at("wait")));
  std::int64_t tab = seen.at("wait").is_object() ? seen.at("wait").at("since").as_int64() : -1;
  check(poll(nodes.port(3), a, tab) == "waiting" && tab == a_since,
        "a's second tab joins the wait through node3");
  check(poll(nodes.port(2), b, b_since) != "", "b waits through node2");
  std::string ta = "waiting", tb = "waiting";
  for (int i = 0; i < 50 && (ta == "waiting" || tb == "waiting"); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    if (ta == "waiting") ta = poll(nodes.port(1), a, a_since);
    if (tb == "waiting") tb = poll(nodes.port(2), b, b_since);
  }
  const double paired_ms = ms_between(start, Clock::now());
  check(ta != "waiting" && !ta.empty(), "a was paired (node1)");
  check(ta == tb, "a and b were paired at one table: " + ta + " and " + tb);
  if (ta != tb || ta.empty() || ta == "waiting") return;
  const json::value summary = http(o.port, "GET", "/api/tables/" + ta).json();
  std::set<std::string> seated;
  for (const json::value& s : summary.at("seats").as_array())
    if (s.at("player").is_object()) seated.insert(std::string(s.at("player").at("id").as_string()));
  check(seated == std::set<std::string>{a_id, b_id}, "the table seats a and b: " + ta);
  // The second to sit gets the started match in its state. (On a node that
  // took the new table over from the one that paired them, the store's seats
  // are restored as sat down, so the match may start with the first.)
  std::unique_ptr<WsClient> wa, wb;
  try {
    const json::value first = sit(o.port, a, ta, wa);
    const json::value second = first.is_null() ? json::value() : sit(o.port, b, ta, wb);
    check(!second.is_null(), "a and b sit down at their table through nginx");
    if (!second.is_null())
      check(second.at("match").is_object() && second.at("match").at("phase") == "playing",
            "the paired table's match started: " + json::serialize(second.at("match")));
  } catch (const std::exception& e) {
    check(false, std::string("sitting down at the paired table: ") + e.what());
  }
  std::cout << "pools: two guests waiting through node1 and node2 paired at " << ta << " after "
            << paired_ms << " ms" << std::endl;
}

}  // namespace ft::test::cluster
