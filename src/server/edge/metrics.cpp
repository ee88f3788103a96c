#include "server/edge/metrics.h"

#include <algorithm>
#include <cstdio>

namespace ft::server {

void Metrics::move(std::int64_t latency_us) {
  moves_.fetch_add(1);
  if (latency_us < 0) return;
  latency_sum_us_.fetch_add(latency_us);
  std::size_t i = 0;
  while (i < BUCKETS_US.size() && latency_us > BUCKETS_US[i]) ++i;
  buckets_[i].fetch_add(1);
}

void Metrics::error(std::string_view code) {
  if (const std::optional<WsError> e = ws_error_from_name(code))
    errors_[static_cast<std::size_t>(*e)].fetch_add(1);
}

std::string Metrics::render(const Gauges& g) const {
  std::string out;
  auto line = [&out](const std::string& s) { out += s + "\n"; };
  line("# HELP ft_ws_connections Open WebSocket connections.");
  line("# TYPE ft_ws_connections gauge");
  line("ft_ws_connections " + std::to_string(g.ws_connections));
  line("# HELP ft_http_requests_total HTTP requests answered (WebSocket handshakes included).");
  line("# TYPE ft_http_requests_total counter");
  line("ft_http_requests_total " + std::to_string(g.http_requests));
  line("# HELP ft_streams Open NDJSON streams (the Bot API's event and game streams).");
  line("# TYPE ft_streams gauge");
  line("ft_streams " + std::to_string(g.streams));
  line("# HELP ft_streams_cut_total Streams ended because their reader fell too far behind.");
  line("# TYPE ft_streams_cut_total counter");
  line("ft_streams_cut_total " + std::to_string(g.streams_cut));
  line("# HELP ft_tables Tables in memory by status.");
  line("# TYPE ft_tables gauge");
  for (const auto& [status, n] : g.tables)
    line("ft_tables{status=\"" + status + "\"} " + std::to_string(n));
  line("# HELP ft_tables_read_only Stored tables whose match could not be replayed (read-only).");
  line("# TYPE ft_tables_read_only gauge");
  line("ft_tables_read_only " + std::to_string(g.read_only_tables));
  line("# HELP ft_store_write_failures_total Table writes the store refused or failed (alarm).");
  line("# TYPE ft_store_write_failures_total counter");
  line("ft_store_write_failures_total " + std::to_string(store_failures_.load()));
  line("# HELP ft_moves_total Moves accepted (people and computer).");
  line("# TYPE ft_moves_total counter");
  line("ft_moves_total " + std::to_string(moves_.load() + engine_moves_.load()));
  line("# HELP ft_engine_moves_total Moves made by computer seats.");
  line("# TYPE ft_engine_moves_total counter");
  line("ft_engine_moves_total " + std::to_string(engine_moves_.load()));
  line(
      "# HELP ft_engine_perfect_fallbacks_total Perfect-level moves not proven best: the exact "
      "solver did not finish in time or does not play the variant.");
  line("# TYPE ft_engine_perfect_fallbacks_total counter");
  line("ft_engine_perfect_fallbacks_total " + std::to_string(perfect_fallbacks_.load()));
  line("# HELP ft_move_latency_seconds A person's move: frame received to ack sent (durable).");
  line("# TYPE ft_move_latency_seconds histogram");
  std::int64_t cumulative = 0;
  char le[32];
  for (std::size_t i = 0; i < BUCKETS_US.size(); ++i) {
    cumulative += buckets_[i].load();
    std::snprintf(le, sizeof le, "%g", static_cast<double>(BUCKETS_US[i]) / 1e6);
    line(std::string("ft_move_latency_seconds_bucket{le=\"") + le + "\"} " +
         std::to_string(cumulative));
  }
  cumulative += buckets_[BUCKETS_US.size()].load();
  line("ft_move_latency_seconds_bucket{le=\"+Inf\"} " + std::to_string(cumulative));
  char sum[32];
  std::snprintf(sum, sizeof sum, "%.6f", static_cast<double>(latency_sum_us_.load()) / 1e6);
  line(std::string("ft_move_latency_seconds_sum ") + sum);
  line("ft_move_latency_seconds_count " + std::to_string(cumulative));
  line("# HELP ft_errors_total Error frames sent, by code.");
  line("# TYPE ft_errors_total counter");
  for (int i = 0; i < WS_ERROR_COUNT; ++i) {
    line(std::string("ft_errors_total{code=\"") + ws_error_name(static_cast<WsError>(i)) + "\"} " +
         std::to_string(errors_[std::size_t(i)].load()));
  }
  render_leases(out);
  return out;
}

void Metrics::lease_renewed(std::int64_t gap_ms) {
  std::lock_guard lock(renewals_mu_);
  if (renewal_gaps_.size() < RENEWALS_KEPT) {
    renewal_gaps_.push_back(gap_ms);
  } else {
    renewal_gaps_[renewal_next_] = gap_ms;
  }
  renewal_next_ = (renewal_next_ + 1) % RENEWALS_KEPT;
  ++renewals_;
  renewal_gap_max_ = std::max(renewal_gap_max_, gap_ms);
}

// Only on a node of several: one node has no leases to show.
void Metrics::render_leases(std::string& out) const {
  std::vector<std::int64_t> gaps;
  std::int64_t count = 0;
  std::int64_t max = 0;
  {
    std::lock_guard lock(renewals_mu_);
    gaps = renewal_gaps_;
    count = renewals_;
    max = renewal_gap_max_;
  }
  if (count == 0) return;
  std::sort(gaps.begin(), gaps.end());
  auto quantile = [&gaps](double q) {
    const auto i = static_cast<std::size_t>(q * static_cast<double>(gaps.size() - 1) + 0.5);
    return gaps[std::min(i, gaps.size() - 1)];
  };
  auto line = [&out](const std::string& s) { out += s + "\n"; };
  line("# HELP ft_lease_renewal_gap_ms Time between renewals of this node's leases (the last " +
       std::to_string(RENEWALS_KEPT) + "); a lease is lost at a gap of a whole lease.");
  line("# TYPE ft_lease_renewal_gap_ms summary");
  for (const double q : {0.5, 0.99, 1.0}) {
    char label[64];
    std::snprintf(label, sizeof label, "ft_lease_renewal_gap_ms{quantile=\"%g\"} ", q);
    line(label + std::to_string(quantile(q)));
  }
  line("ft_lease_renewal_gap_ms_count " + std::to_string(count));
  line("# HELP ft_lease_renewal_gap_max_ms The longest gap between renewals since the start.");
  line("# TYPE ft_lease_renewal_gap_max_ms gauge");
  line("ft_lease_renewal_gap_max_ms " + std::to_string(max));
  line("# HELP ft_leases_lost_total Tables this node stopped running because its lease was lost.");
  line("# TYPE ft_leases_lost_total counter");
  line("ft_leases_lost_total " + std::to_string(leases_lost_.load()));
}

}  // namespace ft::server
