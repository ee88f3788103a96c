// `fourtable bench <what>`: one command with subcommands registered from their
// own files (like command.h), so the engine's benchmarks (levels ladder,
// solver signature, ...) never fight over the name "bench".
#pragma once

#include <string>
#include <vector>

#include "app/command.h"

namespace ft::app {

std::vector<Command>& bench_commands();

struct RegisterBench {
  RegisterBench(std::string name, std::string summary, CommandFn run);
};

}  // namespace ft::app
