// One puzzle as the collection keeps it (data/puzzles/<variant>.txt), one
// line each, fields separated by single spaces:
//   <id> <variant> <W>x<H> <moves> <line> <themes> <source>
// <moves> lead from the empty board to the puzzle and <line> is the
// solution (the solver's move, the defender's reply, ..., the solver's last
// move), both in the notation `fourtable solve` reads (oracle.h: digits,
// pops as `4^`). <themes> is a comma list or `-`; <source> where the
// position came from: `g<seed>`, the seed of a game between computer levels
// (level_games.h), or `m<match>.<game>`, a finished game of the store. Lines starting with
// `#` are comments. The id is a hash of the variant and the position, so a
// position reached twice is one puzzle.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/puzzles/oracle.h"
#include "rules/result.h"
#include "rules/variant.h"

namespace ft::engine::puzzles {

struct Puzzle {
  std::string id;
  std::string variant;
  int width = 7;
  int height = 6;
  std::vector<PuzzleMove> moves;
  std::vector<PuzzleMove> line;
  std::vector<std::string> themes;
  std::string source;  // "g17" or "m12.2"
  // The solver's moves in the line: the difficulty until ratings say more.
  int difficulty() const { return static_cast<int>(line.size() + 1) / 2; }
};

// 10 hexadecimal digits from the variant, the board and the position.
std::string puzzle_id(const rules::VariantSpec& spec, const Node& n);

std::string format_puzzle(const Puzzle& p);
Result<Puzzle> parse_puzzle(std::string_view text);
// What `fourtable puzzles list` prints: <id> <variant> <W>x<H> <moves> <line>.
std::string list_line(const Puzzle& p);
// The seed of a `g<seed>` source; nothing for another.
std::optional<std::uint64_t> level_game_seed(const std::string& source);
// The variant of a puzzle with its board.
Result<rules::VariantSpec> puzzle_variant(const Puzzle& p);

// Every puzzle of a collection file; an error names the first bad line.
Result<std::vector<Puzzle>> read_puzzles(const std::string& path);

// The repository's collection (data/puzzles/), or the folder FOURTABLE_PUZZLES
// names; `fourtable serve` reads it at start.
std::string collection_dir();
// Every puzzle of every <variant>.txt of `dir`, the files in name order; an
// error names the first bad line.
Result<std::vector<Puzzle>> read_collection(const std::string& dir);

}  // namespace ft::engine::puzzles
