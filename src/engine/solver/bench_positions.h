// The bench signature: a fixed list of 7x6 positions solved
// one by one from a cleared table of fixed size. The node total depends only
// on the search code, so it identifies a search version.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "rules/result.h"

namespace ft::engine::solver {

inline constexpr std::size_t BENCH_TABLE_BYTES = std::size_t{16} << 20;

struct BenchPosition {
  const char* moves;
  int score;  // the published exact score
};

const std::vector<BenchPosition>& bench_positions();

struct BenchLine {
  std::string moves;
  int score = 0;
  std::uint64_t nodes = 0;
  double seconds = 0;
};

struct BenchResult {
  int positions = 0;
  std::uint64_t nodes = 0;
  double seconds = 0;
};

// Solves the list; an error if any score differs from the published one.
Result<BenchResult> run_bench(const std::function<void(const BenchLine&)>& on_line = {});

}  // namespace ft::engine::solver
