// `fourtable bench <what>`: one command with subcommands registered from their
// own files (like command.h), so the engine's benchmarks (levels ladder,
// solver signature, ...) never fight over the name "bench".
#pragma once

#include <string>
#include <vector>

#include "app/command.h"

namespace ft::app {

// The benchmarks: each registers with
// RegisterCommand(name, summary, run, usage, bench_commands()).
std::vector<Command>& bench_commands();

}  // namespace ft::app
