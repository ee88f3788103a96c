// Subcommands of `fourtable` register themselves here, so each lives in its
// own file (src/app/<component>/) and main.cpp never needs editing. They read
// their options with app/options.h.
#pragma once

#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace ft::app {

// argv after the subcommand name. Returns the process exit code
// (0 ok, 1 failure, 2 bad usage).
using CommandFn = std::function<int(std::span<const std::string> args)>;

struct Command {
  std::string name;
  std::string summary;
  CommandFn run;
  // Printed for `--help` anywhere in the arguments (then `run` is not
  // called); empty for a command that answers --help itself.
  std::string usage;
};

std::vector<Command>& commands();

// Adds a command to `into`: `fourtable`'s own list, or the list of a command
// with subcommands (bench_command.h).
struct RegisterCommand {
  RegisterCommand(std::string name, std::string summary, CommandFn run, std::string usage = {},
                  std::vector<Command>& into = commands());
};

// The first argument that is an option (`--name` or `--name=value`) its
// usage does not name, or nothing. A misspelt option would otherwise be
// ignored, and the command would answer a question nobody asked.
std::optional<std::string> unknown_option(std::string_view usage,
                                          std::span<const std::string> args);

// Runs `c` on `args`, answering --help with its usage and refusing an option
// the usage does not name (exit 2). `parent` is the command `c` is a
// subcommand of ("bench"), for messages.
int run_command(const Command& c, std::span<const std::string> args, std::string_view parent = {});

}  // namespace ft::app
