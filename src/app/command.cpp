#include "app/command.h"

#include <algorithm>
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

int run_command(const Command& c, std::span<const std::string> args) {
  if (!c.usage.empty() && std::find(args.begin(), args.end(), "--help") != args.end()) {
    std::cout << c.usage;
    return 0;
  }
  return c.run(args);
}

}  // namespace ft::app
