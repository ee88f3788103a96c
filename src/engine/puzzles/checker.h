// Checks stored puzzles (puzzle.h) with the solver: the moves replay from
// the empty board, the id is that of the position reached, the themes are
// those the position and line show, and the line holds (line.h:
// check_line: exactly one winning move at each of the solver's steps, each
// reply a longest resistance, the win complete). One oracle (and table) per
// variant and board, kept across puzzles.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>

#include "engine/puzzles/oracle.h"
#include "engine/puzzles/puzzle.h"
#include "rules/result.h"

namespace ft::engine::puzzles {

class PuzzleChecker {
 public:
  // `max_nodes`: a probe's limit (0: none); a probe past it fails the check.
  explicit PuzzleChecker(std::uint64_t max_nodes = 0) : max_nodes_(max_nodes) {}
  Result<bool> check(const Puzzle& p);
  std::uint64_t nodes() const;

 private:
  std::map<std::string, std::unique_ptr<Oracle>> oracles_;
  std::uint64_t max_nodes_;
};

}  // namespace ft::engine::puzzles
