// The failed-login policy's verdicts (server/http/login_policy.h judge_login): which
// limit refuses, for how long, and that the per-name limit spares an address
// the owner logged in from.
#include <gtest/gtest.h>

#include "server/http/login_policy.h"

namespace ft::server {
namespace {

constexpr std::int64_t MIN = 60 * 1000;
constexpr std::int64_t NOW = 100 * MIN;

constexpr std::int64_t SEC = 1000;

// `n` failures, one every 10 s back from `newest` (newest first), as the
// store gives those in the window.
std::vector<std::int64_t> failures(int n, std::int64_t newest = NOW - MIN) {
  std::vector<std::int64_t> out;
  for (int i = 0; i < n; ++i) out.push_back(newest - i * 10 * SEC);
  return out;
}

TEST(LoginPolicy, FiveFromOneAddressForOneNameCloseThatPair) {
  const LoginLimits limits;
  store::Store::LoginFailures f{failures(5), failures(5), failures(4)};
  EXPECT_EQ(judge_login(f, false, limits, NOW).kind, LoginVerdict::allowed);
  f.by_name_and_address = failures(5);
  const LoginVerdict v = judge_login(f, true, limits, NOW);
  EXPECT_EQ(v.kind, LoginVerdict::name_and_address_limited);
  // Until the oldest of the five (1 min 40 s ago) leaves the 15-minute window.
  EXPECT_EQ(v.retry_after_ms, 15 * MIN - MIN - 40 * SEC);
}

TEST(LoginPolicy, TwentyFromOneAddressCloseItForEveryName) {
  const LoginLimits limits;
  const store::Store::LoginFailures f{failures(1), failures(20, NOW), {}};
  const LoginVerdict v = judge_login(f, true, limits, NOW);
  EXPECT_EQ(v.kind, LoginVerdict::address_limited);
  EXPECT_EQ(v.retry_after_ms, 15 * MIN - 190 * SEC);  // the 20th newest, 190 s ago
}

TEST(LoginPolicy, ThirtyForANameCloseItOnlyWhereTheOwnerWasNotSeen) {
  const LoginLimits limits;
  store::Store::LoginFailures f{failures(29), {}, {}};
  EXPECT_EQ(judge_login(f, false, limits, NOW).kind, LoginVerdict::allowed);
  f.by_name = failures(30, NOW);
  EXPECT_EQ(judge_login(f, false, limits, NOW).kind, LoginVerdict::name_limited);
  EXPECT_EQ(judge_login(f, true, limits, NOW).kind, LoginVerdict::allowed);
}

TEST(LoginPolicy, AChangeOfPasswordCountsOnlyItsSessionsFailures) {
  const LoginLimits limits;
  EXPECT_EQ(judge_password_change(failures(4), limits, NOW).kind, LoginVerdict::allowed);
  const LoginVerdict v = judge_password_change(failures(5, NOW), limits, NOW);
  EXPECT_EQ(v.kind, LoginVerdict::session_limited);
  EXPECT_EQ(v.retry_after_ms, 15 * MIN - 40 * SEC);
}

}  // namespace
}  // namespace ft::server
