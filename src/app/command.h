// Subcommands of `fourtable` register themselves here, so each lives in its
// own file (src/app/<component>/) and main.cpp never needs editing.
#pragma once

#include <functional>
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
};

std::vector<Command>& commands();

struct RegisterCommand {
  RegisterCommand(std::string name, std::string summary, CommandFn run);
};

// Small helpers for option parsing shared by the subcommands.
// Finds `--name value` or `--name=value`; returns true and sets `out`.
bool option_value(std::span<const std::string> args, std::string_view name, std::string& out);
bool has_flag(std::span<const std::string> args, std::string_view name);
// Every value of an option that may be given more than once, in order.
std::vector<std::string> option_values(std::span<const std::string> args, std::string_view name);

}  // namespace ft::app
