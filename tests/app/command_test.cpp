// Every `fourtable` command refuses an option its usage does not name
// (command.h): a misspelt `--seeds` or `--level-form` used to be ignored, and
// the command ran with the default instead.
#include <gtest/gtest.h>

#include <sys/wait.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "app/command.h"

namespace ft::app {
namespace {

constexpr const char* USAGE =
    "usage: fourtable demo [--seed S] [--level-from L] [--verbose]\n\n"
    "--table-mb N   table size\n";

std::optional<std::string> unknown(std::vector<std::string> args) {
  return unknown_option(USAGE, args);
}

TEST(CommandOptions, NamedOptionsAndValuesPass) {
  EXPECT_EQ(unknown({}), std::nullopt);
  EXPECT_EQ(unknown({"--seed", "5", "--verbose"}), std::nullopt);
  EXPECT_EQ(unknown({"--seed=5", "--table-mb", "64", "--level-from", "3"}), std::nullopt);
  // Words that are not options (a subcommand, a value, a lone `-`) are the command's.
  EXPECT_EQ(unknown({"build", "-", "--seed", "-3"}), std::nullopt);
}

TEST(CommandOptions, AnOptionTheUsageDoesNotNameIsRefused) {
  EXPECT_EQ(unknown({"--seeds", "5"}), "--seeds");
  EXPECT_EQ(unknown({"--seed", "5", "--level", "3"}), "--level");  // only --level-from is named
  EXPECT_EQ(unknown({"--table=64"}), "--table");
  EXPECT_EQ(unknown({"--verbose", "--bogus=1"}), "--bogus");
}

TEST(CommandOptions, RunCommandRefusesBeforeRunning) {
  bool ran = false;
  const Command c{"demo", "a demo",
                  [&ran](std::span<const std::string>) {
                    ran = true;
                    return 0;
                  },
                  USAGE};
  const std::vector<std::string> bad{"--sead", "1"};
  EXPECT_EQ(run_command(c, bad), 2);
  EXPECT_FALSE(ran);
  const std::vector<std::string> good{"--seed", "1"};
  EXPECT_EQ(run_command(c, good), 0);
  EXPECT_TRUE(ran);
  // A command without a usage reads (and checks) its options itself: serve.
  ran = false;
  const Command own{"own", "checks itself", c.run, ""};
  EXPECT_EQ(run_command(own, bad), 0);
  EXPECT_TRUE(ran);
}

// The real commands, through the program: each exits 2 on a made-up option
// instead of running (solve and move used to read stdin and answer).
TEST(CommandOptions, TheProgramRefusesAMadeUpOption) {
  for (const char* cmd : {"solve", "move", "book info", "bench signature", "bench perfect", "play",
                          "perft --variant classic --depth 1"}) {
    const std::string line =
        std::string(FT_FOURTABLE_BIN) + " " + cmd + " --bogus 1 </dev/null >/dev/null 2>&1";
    const int status = std::system(line.c_str());
    ASSERT_TRUE(WIFEXITED(status)) << cmd;
    EXPECT_EQ(WEXITSTATUS(status), 2) << cmd;
  }
}

}  // namespace
}  // namespace ft::app
