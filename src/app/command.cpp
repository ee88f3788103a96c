#include "app/command.h"

#include <algorithm>
#include <cctype>
#include <iostream>

namespace ft::app {

std::vector<Command>& commands() {
  static std::vector<Command> all;
  return all;
}

RegisterCommand::RegisterCommand(std::string name, std::string summary, CommandFn run,
                                 std::string usage, std::vector<Command>& into) {
  into.push_back(Command{std::move(name), std::move(summary), std::move(run), std::move(usage)});
}

std::optional<std::string> unknown_option(std::string_view usage,
                                          std::span<const std::string> args) {
  const auto named = [usage](std::string_view name) {
    // As a whole word: `--seed` is not named by a usage that has `--seeds`.
    for (std::size_t at = usage.find(name); at != std::string_view::npos;
         at = usage.find(name, at + 1)) {
      const std::size_t end = at + name.size();
      const char next = end < usage.size() ? usage[end] : ' ';
      if (!std::isalnum(static_cast<unsigned char>(next)) && next != '-' && next != '_')
        return true;
    }
    return false;
  };
  for (const std::string& a : args) {
    if (a.size() <= 2 || !a.starts_with("--")) continue;
    const std::string name = a.substr(0, a.find('='));
    if (!named(name)) return name;
  }
  return std::nullopt;
}

int run_command(const Command& c, std::span<const std::string> args, std::string_view parent) {
  if (c.usage.empty()) return c.run(args);  // it reads (and checks) its options itself
  if (std::find(args.begin(), args.end(), "--help") != args.end()) {
    std::cout << c.usage;
    return 0;
  }
  if (const auto name = unknown_option(c.usage, args)) {
    std::cerr << "fourtable " << (parent.empty() ? "" : std::string(parent) + " ") << c.name
              << ": unknown option '" << *name << "' (see --help)\n";
    return 2;
  }
  return c.run(args);
}

}  // namespace ft::app
