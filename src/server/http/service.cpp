// The service's own endpoints: /healthz and /metrics (protocol.md 2.8,
// 2.9) and, under `serve --test-clock` only, the test clock.
#include "server/http/api.h"

#include <map>

#include "server/edge/build_info.h"
#include "server/http/json.h"

namespace ft::server {
namespace json = boost::json;

// `serve --test-clock` only: {"advance_ms": N} moves the server's clock.
HttpResponse Api::api_test_clock(const HttpRequest& request) {
  boost::system::error_code ec;
  json::value body = json::parse(request.body, ec);
  if (ec || !body.is_object()) return error(HttpError::bad_json, "the body must be a JSON object");
  const json::value* advance = body.as_object().if_contains("advance_ms");
  constexpr std::int64_t MAX_ADVANCE = 30LL * 24 * 3600 * 1000;
  if (advance == nullptr || !advance->is_int64() || advance->as_int64() < 0 ||
      advance->as_int64() > MAX_ADVANCE)
    return error(HttpError::bad_settings, "'advance_ms' must be an integer in 0..2592000000");
  return json_response(200, json::object{{"now_ms", clock_.advance(advance->as_int64())}});
}

HttpResponse Api::healthz() {
  const bool ok = committer_.healthy();
  json::object body{{"status", ok ? "ok" : "unavailable"},
                    {"version", build_version()},
                    {"commit", build_commit()},
                    {"store_write_failures", metrics_.store_failures()}};
  // Tables kept read-only because their stored match does not replay: the
  // node serves them, but an operator must look (protocol.md 6).
  json::array read_only;
  for (const auto& r : tables_.rooms()) {
    if (!r->read_only_reason().empty())
      read_only.push_back(json::object{{"table", r->id()}, {"reason", r->read_only_reason()}});
  }
  body["read_only_tables"] = std::move(read_only);
  return json_response(ok ? 200 : 503, std::move(body));
}

HttpResponse Api::metrics() {
  Metrics::Gauges g;
  if (counters_ != nullptr) {
    g.ws_connections = counters_->ws_connections.load();
    g.http_requests = counters_->http_requests.load();
    g.streams = counters_->streams.load();
    g.streams_cut = counters_->streams_cut.load();
  }
  std::map<std::string, std::int64_t> by_status{
      {"waiting", 0}, {"playing", 0}, {"between_games", 0}, {"finished", 0}};
  for (const auto& r : tables_.rooms()) {
    ++by_status[r->status()];
    if (!r->read_only_reason().empty()) ++g.read_only_tables;
  }
  for (const auto& [k, v] : by_status) g.tables.emplace_back(k, v);
  HttpResponse r;
  r.content_type = "text/plain; version=0.0.4";
  r.body = metrics_.render(g);
  return r;
}

}  // namespace ft::server
