// `fourtable serve` options: every option parses, bad ones say why (exit 2).
#include <gtest/gtest.h>

#include <sys/wait.h>
#include <cstdlib>

#include "app/server/serve_args.h"

namespace ft::app {
using server::ServeOptions;
namespace {

std::optional<ServeOptions> parse(std::vector<std::string> args, std::string& error, bool& help) {
  return parse_serve_args(args, error, help);
}

TEST(ServeArgs, DefaultsWorkOutOfTheBox) {
  std::string error;
  bool help = false;
  auto o = parse({}, error, help);
  ASSERT_TRUE(o.has_value());
  EXPECT_EQ(o->port, 8080);
  EXPECT_EQ(o->store, "sqlite:./fourtable.db");
  EXPECT_EQ(o->http_rate, 20);
}

TEST(ServeArgs, EveryOptionIsRead) {
  std::string error;
  bool help = false;
  auto o = parse({"--port",
                  "9000",
                  "--address=127.0.0.1",
                  "--store",
                  "sqlite:x.db",
                  "--web-root",
                  "/srv/web",
                  "--threads",
                  "3",
                  "--engine-threads",
                  "2",
                  "--engine-memory",
                  "64",
                  "--allow-origin",
                  "https://example.org",
                  "--ws-rate",
                  "50",
                  "--http-rate=0",
                  "--ws-per-address",
                  "4"},
                 error, help);
  ASSERT_TRUE(o.has_value()) << error;
  EXPECT_EQ(o->port, 9000);
  EXPECT_EQ(o->address, "127.0.0.1");
  EXPECT_EQ(o->store, "sqlite:x.db");
  EXPECT_EQ(o->web_root, "/srv/web");
  EXPECT_EQ(o->io_threads, 3);
  EXPECT_EQ(o->engine_threads, 2);
  EXPECT_EQ(o->engine_memory_mib, 64);
  ASSERT_EQ(o->allow_origins.size(), 1u);
  EXPECT_EQ(o->ws_rate, 50);
  EXPECT_EQ(o->http_rate, 0);
  EXPECT_EQ(o->ws_per_address, 4);
  EXPECT_EQ(parse({}, error, help)->ws_per_address, 64);  // the documented default
  EXPECT_FALSE(parse({"--ws-per-address", "-1"}, error, help).has_value());
  // The guest and open-table bounds (protocol.md 1, 2.3) and their defaults.
  auto bounds = parse({"--guest-rate", "0", "--open-tables", "2", "--open-tables-per-address", "9"},
                      error, help);
  ASSERT_TRUE(bounds.has_value()) << error;
  EXPECT_EQ(bounds->guest_rate, 0);
  EXPECT_EQ(bounds->open_tables, 2);
  EXPECT_EQ(bounds->open_tables_per_address, 9);
  const auto defaults = parse({}, error, help);
  EXPECT_EQ(defaults->guest_rate, 60);
  EXPECT_EQ(defaults->open_tables, 5);
  EXPECT_EQ(defaults->open_tables_per_address, 20);
  EXPECT_FALSE(parse({"--open-tables", "0"}, error, help).has_value());
  EXPECT_NE(error.find("--open-tables must be a number in 1..100, not '0'"), std::string::npos);
}

TEST(ServeArgs, BadOptionsSayWhat) {
  std::string error;
  bool help = false;
  EXPECT_FALSE(parse({"--bogus"}, error, help).has_value());
  EXPECT_NE(error.find("unknown option '--bogus'"), std::string::npos);
  EXPECT_FALSE(parse({"--port", "70000"}, error, help).has_value());
  EXPECT_NE(error.find("--port must be a number in 0..65535"), std::string::npos);
  EXPECT_FALSE(parse({"--port"}, error, help).has_value());
  EXPECT_NE(error.find("needs a value"), std::string::npos);
  EXPECT_FALSE(parse({"--http-rate", "-1"}, error, help).has_value());
  EXPECT_NE(error.find("--http-rate must be a number in 0..100000, not '-1'"), std::string::npos);
  EXPECT_FALSE(parse({"--help"}, error, help).has_value());
  EXPECT_TRUE(help);
  const std::string usage = serve_usage();
  for (const char* option :
       {"--port", "--address", "--store", "--web-root", "--threads", "--engine-threads",
        "--engine-memory", "--allow-origin", "--ws-rate", "--http-rate", "--ws-per-address",
        "--guest-rate", "--open-tables", "--open-tables-per-address"})
    EXPECT_NE(usage.find(option), std::string::npos) << option;
}

TEST(ServeArgs, TheTestClockIsOffUnlessAsked) {
  std::string error;
  bool help = false;
  auto plain = parse({}, error, help);
  ASSERT_TRUE(plain.has_value());
  EXPECT_FALSE(plain->test_clock_ms.has_value());
  auto clocked = parse({"--test-clock", "1764487000000"}, error, help);
  ASSERT_TRUE(clocked.has_value()) << error;
  EXPECT_EQ(clocked->test_clock_ms, 1764487000000);
  EXPECT_FALSE(parse({"--test-clock", "soon"}, error, help).has_value());
  EXPECT_NE(error.find("--test-clock must be a time in ms"), std::string::npos) << error;
  EXPECT_FALSE(parse({"--test-clock", "-5"}, error, help).has_value());
  EXPECT_NE(std::string(serve_usage()).find("TESTS ONLY"), std::string::npos);
}

TEST(ServeArgs, TheCommandExitsWithTwoOnBadOptions) {
  const std::string cmd = std::string(FT_FOURTABLE_BIN) + " serve --no-such-option 2>/dev/null";
  const int status = std::system(cmd.c_str());
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 2);
  const std::string help = std::string(FT_FOURTABLE_BIN) + " serve --help >/dev/null";
  EXPECT_EQ(WEXITSTATUS(std::system(help.c_str())), 0);
}

}  // namespace
}  // namespace ft::app
