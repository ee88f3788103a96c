// /metrics on a node of several (edge/metrics.h): the gaps between lease
// renewals (median, p99, max over the last ones kept; the longest since the
// start) and the leases lost, which the cluster test reads after each
// pressure round.
#include <gtest/gtest.h>

#include "server/edge/metrics.h"

namespace ft::server {
namespace {

bool has_line(const std::string& text, const std::string& line) {
  return text.find("\n" + line + "\n") != std::string::npos;
}

TEST(LeaseMetrics, OneNodeShowsNoLeases) {
  Metrics m;
  EXPECT_EQ(m.render({}).find("ft_lease"), std::string::npos);
}

TEST(LeaseMetrics, GapsGiveMedianP99AndMaximum) {
  Metrics m;
  for (int gap = 1; gap <= 100; ++gap) m.lease_renewed(gap * 10);
  m.leases_lost(3);
  const std::string text = m.render({});
  EXPECT_TRUE(has_line(text, "ft_lease_renewal_gap_ms{quantile=\"0.5\"} 510")) << text;
  EXPECT_TRUE(has_line(text, "ft_lease_renewal_gap_ms{quantile=\"0.99\"} 990")) << text;
  EXPECT_TRUE(has_line(text, "ft_lease_renewal_gap_ms{quantile=\"1\"} 1000")) << text;
  EXPECT_TRUE(has_line(text, "ft_lease_renewal_gap_ms_count 100")) << text;
  EXPECT_TRUE(has_line(text, "ft_lease_renewal_gap_max_ms 1000")) << text;
  EXPECT_TRUE(has_line(text, "ft_leases_lost_total 3")) << text;
}

// The quantiles are over the last RENEWALS_KEPT renewals; the maximum is
// since the start, so an old stall is not forgotten.
TEST(LeaseMetrics, QuantilesForgetOldGapsTheMaximumDoesNot) {
  Metrics m;
  m.lease_renewed(9000);
  for (std::size_t i = 0; i < Metrics::RENEWALS_KEPT; ++i) m.lease_renewed(1300);
  const std::string text = m.render({});
  EXPECT_TRUE(has_line(text, "ft_lease_renewal_gap_ms{quantile=\"1\"} 1300")) << text;
  EXPECT_TRUE(has_line(text, "ft_lease_renewal_gap_max_ms 9000")) << text;
  EXPECT_TRUE(
      has_line(text, "ft_lease_renewal_gap_ms_count " + std::to_string(Metrics::RENEWALS_KEPT + 1)))
      << text;
}

}  // namespace
}  // namespace ft::server
