// `fourtable serve` as one node of several: --node, --bus, --lease-ms and the
// proxy options (docs/operations.md).
#include <gtest/gtest.h>

#include "app/server/serve_args.h"

namespace ft::app {
namespace {

std::optional<server::ServeOptions> parse(std::vector<std::string> args, std::string& error) {
  bool help = false;
  return parse_serve_args(args, error, help);
}

TEST(ServeClusterArgs, ANodeOfSeveralIsRead) {
  std::string error;
  auto o = parse({"--node", "node-2", "--bus", "redis://127.0.0.1:6379", "--lease-ms", "3000",
                  "--trusted-proxy", "127.0.0.1", "--trusted-proxy=10.0.0.5", "--public-origin",
                  "https://fourtable.example"},
                 error);
  ASSERT_TRUE(o.has_value()) << error;
  EXPECT_EQ(o->node, "node-2");
  EXPECT_EQ(o->bus, "redis://127.0.0.1:6379");
  EXPECT_EQ(o->lease_ms, 3000);
  EXPECT_EQ(o->trusted_proxies, (std::vector<std::string>{"127.0.0.1", "10.0.0.5"}));
  EXPECT_EQ(o->public_origin, "https://fourtable.example");
  auto single = parse({}, error);
  ASSERT_TRUE(single.has_value());
  EXPECT_TRUE(single->node.empty());
  EXPECT_EQ(single->lease_ms, 30000);
}

TEST(ServeClusterArgs, BadClusterOptionsSayWhat) {
  std::string error;
  EXPECT_FALSE(parse({"--node", "a"}, error).has_value());
  EXPECT_EQ(error, "--node needs --bus redis://... (the nodes talk over it)");
  EXPECT_FALSE(parse({"--bus", "redis://x"}, error).has_value());
  EXPECT_EQ(error, "--bus needs --node NAME (one node of several)");
  EXPECT_FALSE(parse({"--node", "a b", "--bus", "local"}, error).has_value());
  EXPECT_NE(error.find("--node must be 1..40 letters"), std::string::npos) << error;
  EXPECT_FALSE(parse({"--node", "a", "--bus", "local", "--lease-ms", "999"}, error).has_value());
  EXPECT_EQ(error, "--lease-ms must be a number of ms in 1000..600000, not '999'");
  EXPECT_FALSE(parse({"--public-origin", "fourtable.example"}, error).has_value());
  EXPECT_NE(error.find("--public-origin must be http://HOST or https://HOST"), std::string::npos);
}

}  // namespace
}  // namespace ft::app
