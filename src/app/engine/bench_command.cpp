#include "app/engine/bench_command.h"

#include <iostream>

namespace ft::app {
namespace {

int run_bench(std::span<const std::string> args) {
  const auto& subs = bench_commands();
  if (!args.empty()) {
    for (const Command& c : subs) {
      if (c.name == args[0]) return run_command(c, args.subspan(1), "bench");
    }
  }
  const bool help = !args.empty() && (args[0] == "--help" || args[0] == "-h");
  std::ostream& out = help ? std::cout : std::cerr;
  if (!args.empty() && !help) out << "fourtable bench: unknown benchmark '" << args[0] << "'\n";
  out << "usage: fourtable bench <benchmark> [options]\n\nbenchmarks:\n";
  for (const Command& c : subs) out << "  " << c.name << "  " << c.summary << "\n";
  return help ? 0 : 2;
}

const RegisterCommand REGISTER{"bench", "engine benchmarks (fourtable bench --help)", run_bench};

}  // namespace

std::vector<Command>& bench_commands() {
  static std::vector<Command> all;
  return all;
}

}  // namespace ft::app
