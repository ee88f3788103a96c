// `fourtable bench signature`: the bench signature. A fixed list of 7x6
// positions is solved from an empty table of fixed size, one after another;
// the total node count depends only on the search, not on the machine, so a
// commit that changes the search states the new count.
#include <chrono>
#include <cstdio>
#include <iostream>

#include "app/command.h"
#include "app/engine/bench_command.h"
#include "app/options.h"
#include "engine/solver/bench_positions.h"
#include "engine/solver/solver.h"

namespace ft::app {
namespace {

namespace sv = ft::engine::solver;

const std::string USAGE =
    "usage: fourtable bench signature [--verbose]\n\n"
    "Solves a fixed list of 7x6 positions, each from an empty " +
    std::to_string(sv::BENCH_TABLE_BYTES >> 20) +
    " MiB table, and prints the total node count (the bench signature) and the time.\n";

int run_signature(std::span<const std::string> args) {
  const Options opt("bench signature", args);
  const bool verbose = opt.flag("verbose");
  const auto result = sv::run_bench([&](const sv::BenchLine& l) {
    if (verbose)
      std::cout << l.moves << " " << l.score << " nodes " << l.nodes << " " << l.seconds * 1e3
                << " ms\n";
  });
  if (!result) return opt.report(result.error().message, 1);
  char buf[256];
  std::snprintf(buf, sizeof buf, "bench: %d positions, %llu nodes, %.3f s, %.0f knodes/s\n",
                result->positions, static_cast<unsigned long long>(result->nodes), result->seconds,
                result->nodes / std::max(result->seconds, 1e-9) / 1e3);
  std::cout << buf;
  return 0;
}

const RegisterCommand reg("signature", "the solver's bench signature: node count and time",
                          run_signature, USAGE, bench_commands());

}  // namespace
}  // namespace ft::app
