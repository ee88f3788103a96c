// `fourtable`: one program for the site and its tools. Subcommands register
// themselves (command.h); this file only dispatches.
#include <algorithm>
#include <iostream>

#include "app/command.h"

namespace {

void usage(std::ostream& out) {
  auto cmds = ft::app::commands();
  std::sort(cmds.begin(), cmds.end(), [](auto& a, auto& b) { return a.name < b.name; });
  out << "usage: fourtable <command> [options]\n\ncommands:\n";
  for (const auto& c : cmds)
    out << "  " << c.name << std::string(12 - std::min<std::size_t>(c.name.size(), 11), ' ')
        << c.summary << "\n";
  out << "\n`fourtable <command> --help` describes a command's options.\n";
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty() || args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
    usage(args.empty() ? std::cerr : std::cout);
    return args.empty() ? 2 : 0;
  }
  if (args[0] == "--version") {
    std::cout << "fourtable v" << FT_VERSION << " · " << FT_GIT_COMMIT << "\n";
    return 0;
  }
  for (const auto& c : ft::app::commands()) {
    if (c.name == args[0]) return c.run(std::span<const std::string>(args).subspan(1));
  }
  std::cerr << "fourtable: unknown command '" << args[0] << "'\n";
  usage(std::cerr);
  return 2;
}
