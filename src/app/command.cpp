#include "app/command.h"

#include "app/cli_args.h"

namespace ft::app {

std::vector<Command>& commands() {
  static std::vector<Command> all;
  return all;
}

RegisterCommand::RegisterCommand(std::string name, std::string summary, CommandFn run) {
  commands().push_back(Command{std::move(name), std::move(summary), std::move(run)});
}

bool option_value(std::span<const std::string> args, std::string_view name, std::string& out) {
  const std::string flag = "--" + std::string(name);
  for (std::size_t i = 0; i < args.size(); ++i) {
    const cli::Arg a = cli::split_arg(args[i]);
    if (a.name != flag || (!a.has_value && i + 1 >= args.size())) continue;
    out = a.has_value ? a.value : args[i + 1];
    return true;
  }
  return false;
}

std::vector<std::string> option_values(std::span<const std::string> args, std::string_view name) {
  const std::string flag = "--" + std::string(name);
  std::vector<std::string> out;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const cli::Arg a = cli::split_arg(args[i]);
    if (a.name != flag || (!a.has_value && i + 1 >= args.size())) continue;
    out.push_back(a.has_value ? a.value : args[i + 1]);
  }
  return out;
}

bool has_flag(std::span<const std::string> args, std::string_view name) {
  const std::string flag = "--" + std::string(name);
  for (const auto& a : args) {
    if (a == flag) return true;
  }
  return false;
}

}  // namespace ft::app
