// `fourtable puzzles build`: puzzles of one variant from finished games
// given (the store's, when the command is given one: each of their positions
// is a moment where a player found or missed the only win) and from games
// between computer levels (level_games.h), found and then checked again with the
// solver (line.h), appended to a collection file (puzzle.h) one line at a
// time, so that an interrupted build run again resumes: the puzzles already
// in the file count, their ids are not taken twice, and the games go on
// from the seed after the highest in the file.
//
// Per game: the positions from `min_ply` on, in order; after a puzzle is
// kept the positions of its line are skipped (they would give the same
// puzzle, shorter), and at most `per_game` are kept. Puzzles whose first
// move is obvious (themes.h: a win now, or the one move that does not lose
// at once) are kept to `obvious_percent` of the collection, so that most of
// it asks for a real choice.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "engine/puzzles/line.h"
#include "rules/result.h"
#include "rules/variant.h"

namespace ft::engine::puzzles {

struct BuildProgress {
  int kept = 0;             // puzzles in the file, those from before included
  int kept_now = 0;         // kept by this run
  long games = 0;           // games played by this run
  long positions = 0;       // positions looked at
  std::uint64_t nodes = 0;  // the solver's nodes, this run (games' search not counted)
  double seconds = 0;
  std::map<std::string, long> rejected;  // reason (reject_name, "duplicate", "obvious") -> count
};

// A finished game to take positions from, and where it came from (the
// puzzle's source: "m<match>.<game>", puzzle.h).
struct SourceGame {
  std::string source;
  std::vector<PuzzleMove> moves;
};

struct BuildOptions {
  rules::VariantSpec spec;
  std::vector<SourceGame> games;  // looked at first, then games between levels
  int count = 0;                  // puzzles the file should hold
  std::string out;
  int threads = 2;
  int min_ply = 8;
  int max_moves = MAX_LINE_MOVES;
  int per_game = 3;
  int obvious_percent = 20;
  std::uint64_t max_nodes = 20'000'000;  // a probe's limit
  std::size_t table_bytes = std::size_t{16} << 20;
  std::chrono::milliseconds move_budget{200};
  // Called after each game and at the end (from the worker threads, one at a time).
  std::function<void(const BuildProgress&)> progress;
};

Result<BuildProgress> build_puzzles(const BuildOptions& options);

}  // namespace ft::engine::puzzles
