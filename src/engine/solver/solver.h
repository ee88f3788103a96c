// The exact solver for two-sided drop games: classic and its
// board sizes, misère, cylinder, obstacles (blocks), drawn openings and two vs
// two (two sides). Not PopOut and not three colours.
//
// Score convention (that of the public 7x6 test sets, so they check it): 0 for a draw; when the
// side to move wins, (W*H + 1 - n) / 2 rounded down, where n is the number of discs on the board
// just before the winning disc; the negative for a loss. Blocks are not discs. In misère the disc
// that makes a line loses: the side that drops it at n discs scores -(W*H + 1 - n) / 2.
//
// The search itself is a bitboard kernel (search.h) specialised per variant
// at compile time; this header is what the rest of the engine uses.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "engine/solver/transposition_table.h"
#include "rules/bitboard.h"
#include "rules/position.h"
#include "rules/result.h"
#include "rules/variant.h"

namespace ft::engine::solver {

using rules::Bits;

// What stays fixed during a game: the board, the line and the variant rules.
struct Board {
  int width = 7;
  int height = 6;
  int line = 4;
  bool cylinder = false;
  bool misere = false;
  Bits blocks = 0;  // RULES.md A8, cells in the rules layout (bitboard.h)

  friend bool operator==(const Board&, const Board&) = default;
};

// Checks that the solver handles `spec` (two colours, no pops) and returns its
// board without blocks.
Result<Board> board_for(const rules::VariantSpec& spec);

// A position for the solver.
struct Problem {
  Board board;
  Bits mover = 0;  // discs of the side to move
  Bits other = 0;  // discs of the other side
  int discs() const { return rules::popcount(mover | other); }
};

// Plays `moves`, column digits 1..9 (0 for a tenth column), from `start`, or
// says why it cannot: a bad character, a full column, a line made (the game is
// over), a full board.
Result<Problem> play_moves(const Problem& start, std::string_view moves);
Result<Problem> play_moves(const Board& board, std::string_view moves);

// The solver's view of a rules position (blocks, pre-filled discs and drawn
// openings included). Rejects PopOut, three colours and finished games.
Result<Problem> problem_from(const rules::Position& position);

// Drops in `col` (0-based) must be legal; returns the child position.
Problem play(const Problem& p, int col);
bool can_play(const Problem& p, int col);
// True when dropping in `col` makes a line for the side to move.
bool makes_line(const Problem& p, int col);

struct Limits {
  std::uint64_t max_nodes = 0;  // 0: no limit
  std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max();
  const std::atomic<bool>* stop = nullptr;  // checked every few thousand nodes
  // The searching thread's CPU clock (cpu_clock.h) at which the search
  // stops; 0: none. For a search on the calling thread only: a parallel
  // search's helpers read clocks of their own.
  std::int64_t cpu_deadline_ns = 0;
};

struct SearchStats {
  std::uint64_t nodes = 0;
};

class Solver {
 public:
  explicit Solver(TranspositionTable& table) : table_(&table) {}

  // The exact score of `p` for the side to move, or nothing when a limit
  // stopped the search. Precondition: the game is not over (play_moves and
  // problem_from guarantee it).
  std::optional<int> solve(const Problem& p, const Limits& limits = {});
  // The score after each column's drop, from the view of the side to move
  // before it; nothing for a full column (or when a limit struck). A
  // column's score in `known` (by column; shorter or empty: none known) is
  // taken as it is, not searched: a game's analysis knows the played move's
  // from the next position's. `own`, when known (the opening book holds the
  // position but not all its children), is the position's score: no column
  // scores more, so each child is searched only from -own up.
  std::vector<std::optional<int>> analyze(const Problem& p, const Limits& limits = {},
                                          std::span<const std::optional<int>> known = {},
                                          std::optional<int> own = {});
  // An exactly best drop: the quickest win, else a draw, else the longest
  // loss; among equals the column nearest the centre. The root is solved
  // first, then one null-window probe a column (cheap on the warm table)
  // finds the first that keeps the score. Nothing when a limit struck.
  struct Best {
    int score = 0;
    int column = -1;
  };
  std::optional<Best> best_move(const Problem& p, const Limits& limits = {}, int threads = 1);
  // Whether the side to move wins (1), draws (0) or loses (-1): cheaper.
  std::optional<int> solve_weak(const Problem& p, const Limits& limits = {});

  // Whether the score is at least / at most `t`: one null-window probe,
  // cheap when |t| is large (only short wins need looking at).
  std::optional<bool> score_at_least(const Problem& p, int t, const Limits& limits = {});
  std::optional<bool> score_at_most(const Problem& p, int t, const Limits& limits = {});

  // Solves with `threads` searchers sharing the table (lazy SMP). threads <= 1
  // is solve().
  std::optional<int> solve_parallel(const Problem& p, int threads, const Limits& limits = {});

  const SearchStats& stats() const { return stats_; }
  void reset_stats() { stats_ = {}; }
  TranspositionTable& table() { return *table_; }

 private:
  std::optional<int> run(const Problem& p, int lo, int hi, const Limits& limits, int variation,
                         const std::atomic<bool>* done = nullptr);

  TranspositionTable* table_;
  SearchStats stats_;
};

// Score bounds of a position: the largest win and loss still possible.
int max_score(const Problem& p);
// The score of a win by the side to move with its next disc.
int win_now_score(const Problem& p);

}  // namespace ft::engine::solver
