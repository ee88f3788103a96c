#include "run_stats.h"

#include <algorithm>
#include <numeric>

namespace ft::loadgen {

std::uint64_t RunStats::error_count() const {
  std::uint64_t n = 0;
  for (const auto& [kind, count] : errors) n += count;
  return n;
}

void RunStats::merge(const RunStats& o) {
  tables_ready += o.tables_ready;
  tables_failed += o.tables_failed;
  tables_created += o.tables_created;
  connections += o.connections;
  moves_sent += o.moves_sent;
  moves_acked += o.moves_acked;
  games_finished += o.games_finished;
  ticks_skipped += o.ticks_skipped;
  frames_received += o.frames_received;
  latency_us.insert(latency_us.end(), o.latency_us.begin(), o.latency_us.end());
  for (const auto& [node, v] : o.node_latency_us) {
    auto& mine = node_latency_us[node];
    mine.insert(mine.end(), v.begin(), v.end());
  }
  for (const auto& [kind, count] : o.errors) errors[kind] += count;
}

LatencySummary summarize(std::vector<std::uint32_t> v) {
  LatencySummary s;
  s.count = v.size();
  if (v.empty()) return s;
  std::sort(v.begin(), v.end());
  // Nearest-rank percentiles: the smallest sample with at least p of the samples at or below it.
  auto rank = [&v](double p) {
    auto i = static_cast<std::size_t>(p * static_cast<double>(v.size()) + 0.999999);
    return v[std::min(v.size(), std::max<std::size_t>(i, 1)) - 1] / 1000.0;
  };
  s.p50_ms = rank(0.50);
  s.p99_ms = rank(0.99);
  s.max_ms = v.back() / 1000.0;
  s.mean_ms = std::accumulate(v.begin(), v.end(), 0.0) / static_cast<double>(v.size()) / 1000.0;
  return s;
}

}  // namespace ft::loadgen
