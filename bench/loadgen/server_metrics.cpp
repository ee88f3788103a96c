#include "server_metrics.h"

#include <limits>
#include <sstream>

namespace ft::loadgen {

Histogram parse_histogram(const std::string& text, const std::string& name) {
  Histogram h;
  const std::string prefix = name + "_bucket{le=\"";
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind(prefix, 0) != 0) continue;
    const auto quote = line.find('"', prefix.size());
    const auto space = line.rfind(' ');
    if (quote == std::string::npos || space == std::string::npos) continue;
    const std::string le = line.substr(prefix.size(), quote - prefix.size());
    try {
      const double bound = le == "+Inf" ? std::numeric_limits<double>::infinity() : std::stod(le);
      h.emplace_back(bound, std::stod(line.substr(space + 1)));
    } catch (const std::exception&) {
      return {};
    }
  }
  return h;
}

Histogram histogram_delta(const Histogram& after, const Histogram& before) {
  if (after.size() != before.size()) return after;
  Histogram d = after;
  for (std::size_t i = 0; i < d.size(); ++i) d[i].second -= before[i].second;
  return d;
}

double histogram_quantile_bound(const Histogram& h, double q) {
  if (h.empty() || h.back().second <= 0) return -1;
  const double want = q * h.back().second;
  for (const auto& [bound, count] : h) {
    if (count >= want) return bound;
  }
  return h.back().first;
}

}  // namespace ft::loadgen
