// The server's own view of move latency, from its Prometheus /metrics
// histogram: compared with the client's round trip it tells time spent in the
// server (parse, rules, durable write) from time in sockets and scheduling.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace ft::loadgen {

// Cumulative buckets (upper bound in seconds, count), +Inf last; empty if absent.
using Histogram = std::vector<std::pair<double, double>>;

Histogram parse_histogram(const std::string& metrics_text, const std::string& name);

// after - before, bucket by bucket (both from the same server).
Histogram histogram_delta(const Histogram& after, const Histogram& before);

// The upper bound of the bucket holding quantile q (seconds); -1 if no samples,
// +inf if it lies in the +Inf bucket.
double histogram_quantile_bound(const Histogram& h, double q);

}  // namespace ft::loadgen
