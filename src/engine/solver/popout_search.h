// The exact solver for PopOut (RULES.md A7): two sides, a
// line of four, no cylinder, no blocks, boards whose bitboard fits 64 bits
// (7x6 and smaller, up to 8x7).
//
// Scores are win / draw / loss only: 1, 0, -1 for the side to move. The
// classic solver's "quickest win" score counts discs left, which pops make
// meaningless (a game can last any number of moves), so it is not used here.
//
// Rules as A7 says: a drop that makes a line wins; a pop that makes a line
// for the popper wins, also when it makes one for the opponent at once; a pop
// that makes a line only for the opponent loses; a drop that fills the board
// without a line is a draw; a pop that leaves the board empty is a draw.
//
// The cycle rule. The game's rule is that the third occurrence of a position
// is a draw. The search scores a position that repeats one on its own search
// path (from the root to the node) as a draw. Why that gives the exact value
// of the root, under the game's rule, for any history in which no position
// has already occurred twice:
//  - Let "true value" mean the value of the game graph in which play that
//    never ends is a draw. A side with a true win has a strategy that strictly
//    lowers the number of moves to a forced win (the attractor rank) with
//    every move of either side, so along it no position ever repeats: the
//    search, which only cuts lines at repetitions, finds that win, and the
//    third-repetition rule cannot stop it (each position at most once in the
//    line, at most once in the history: never a third time).
//  - Conversely, when the search scores a win, its tree is a finite strategy
//    whose every line ends in a win before any repetition: a real win.
//  - A true draw: each side has a strategy that stays out of the other's
//    winning region forever; the search leaves are then wins/draws for that
//    side or repetitions (draws), so neither side is scored a win.
//  - Positions are compared as seen from the side to move (its discs and all
//    discs); the colours swapped, or the board mirrored, give the same
//    value, so that identification does not change any value either.
// The value of an inner node, however, can depend on its ancestors being
// scored as draws (the graph-history-interaction problem). Each search
// returns the lowest path depth whose repetition it relied on; a node stores
// its bounds in the transposition table only when that depth is its own or
// deeper, that is, when it never relied on an ancestor. Such a node's search
// is exactly the search with the node as root, so by the argument above its
// bounds hold for its true value, and reusing them anywhere is sound (the
// argument still holds when some subtrees are replaced by true values).
//
// A cutoff rests on the child that made it alone, so failed tries that hit a
// repetition do not make a proven win path-dependent; a table bound is used
// before the repetition test, since it holds for the true value.
//
// Search lines in PopOut can be very long, so solve() deepens: probes "is it
// a win?" and "is it a loss?" look at most `horizon` plies ahead, scoring the
// horizon as a draw and marking what rests on it as never stored. A win or a
// loss found is exact at any horizon (its proof tree never reaches a draw
// leaf); "not a win" or "not a loss" is taken only from a probe that rested on
// no horizon leaf, so a draw is exact too. The horizon grows until both are
// decided or MAX_PLY is reached (then no answer).
//
// Distances (best_move, ends_within): the same search with values that
// count plies, a win in d plies being DISTANCE_WIN - d, probed "does it end
// within d plies?" with the horizon at d. A line within d plies never needs
// a repetition (the quickest win strictly shortens with every move), so the
// cycle rule does not change these answers; stored bounds are bounds on the
// true length, as above.
//
// Checked: tests/engine/solver/popout_test.cpp and popout_small_boards_test.cpp
// compare the value of every 4x4, 5x4 and 4x5 position, and on random
// positions every move's value and best_move's lengths, with a retrograde
// analysis (no search path, no horizon).
//
// Assumed, not proven here: the game history before the root has no position
// twice (true for positions given as drops from the empty board, which never
// repeat); with such a history the computed values may be wrong.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "engine/solver/solver.h"
#include "engine/solver/transposition_table.h"
#include "rules/result.h"
#include "rules/variant.h"

namespace ft::engine::solver {

// A PopOut position. Cells in the rules layout (bit col*(H+1)+row).
struct PopoutProblem {
  int width = 7;
  int height = 6;
  Bits mover = 0;  // discs of the side to move
  Bits other = 0;  // discs of the other side
};

// Checks that the PopOut solver handles `spec` (line 4, two colours, no
// cylinder, misère, blocks or pre-filled columns, 64-bit board).
Result<PopoutProblem> popout_board(const rules::VariantSpec& spec);

// A move: a drop or a pop, in a 0-based column.
struct PopoutMove {
  bool pop = false;
  int column = 0;
};

// Plays `moves` from `start`: column digits 1..9 (0 for a tenth column) are
// drops; `p` before a digit, or `^` after it, pops the mover's bottom disc
// there. Errors for a
// bad character, a full column, a pop of a cell that is not the mover's, and
// a move that ends the game.
Result<PopoutProblem> popout_play_moves(const PopoutProblem& start, std::string_view moves);

// What a move leads to: the game over (1 the mover wins, 0 a draw, -1 the
// mover loses), or the position after it.
struct PopoutOutcome {
  std::optional<int> result;
  PopoutProblem next;
};
bool popout_legal(const PopoutProblem& p, PopoutMove m);
PopoutOutcome popout_play(const PopoutProblem& p, PopoutMove m);

class PopoutSolver {
 public:
  // `distance_table`, if given, holds the values with distances (best_move,
  // ends_within) apart from the win/draw/loss ones, so that neither clears
  // the other; without it both share `table`, cleared on each switch.
  explicit PopoutSolver(TranspositionTable& table, TranspositionTable* distance_table = nullptr)
      : table_(&table), distance_table_(distance_table) {}

  // 1, 0 or -1 for the side to move; nothing when a limit stopped the search
  // (or the search path grew beyond MAX_PLY). Precondition: no line on the
  // board and the board not full.
  std::optional<int> solve(const PopoutProblem& p, const Limits& limits = {});
  // Each move's value for the side to move: the drops of columns 0..W-1,
  // then the pops; nothing where the move is illegal. Empty on a limit.
  std::vector<std::optional<int>> analyze(const PopoutProblem& p, const Limits& limits = {});

  // An exactly best move for the perfect level: the quickest win, else a
  // draw, else the longest loss, counted in plies to the line (the winning
  // move included: a win in one is 1, a loss to the opponent's next drop 2).
  // Distances are looked for up to MAX_DISTANCE plies; beyond it the move
  // only keeps the value (a winning move, a drawing one, any legal move that
  // does not lose at once), and `plies` is 0. Among equals the first of
  // drops then pops, each from the centre out. Nothing on a limit.
  struct Best {
    int value = 0;  // 1, 0, -1 for the side to move
    int plies = 0;  // to the end of a win or loss; 0 for a draw or out of reach
    PopoutMove move;
  };
  std::optional<Best> best_move(const PopoutProblem& p, const Limits& limits = {});

  // Whether the side to move wins (`win`) or loses within `plies` plies,
  // looking no further: a search whose values count plies (popout_search.cpp),
  // with the same cycle rule. Nothing on a limit. plies < DISTANCE_WIN - 2.
  std::optional<bool> ends_within(const PopoutProblem& p, bool win, int plies,
                                  const Limits& limits = {});

  std::uint64_t nodes() const { return nodes_; }
  // Deepest search path reached (plies from the root), over all searches.
  int max_ply() const { return max_ply_; }

  static constexpr int MAX_PLY = 4000;
  // Iterative deepening on the plies looked ahead (see solve()).
  static constexpr int FIRST_HORIZON = 8;
  static constexpr int HORIZON_STEP = 2;
  // Values with distances: a win in d plies is DISTANCE_WIN - d.
  static constexpr int DISTANCE_WIN = 120;
  static constexpr int MAX_DISTANCE = 100;

 private:
  TranspositionTable* table_;
  TranspositionTable* distance_table_;
  std::uint64_t nodes_ = 0;
  int max_ply_ = 0;
};

}  // namespace ft::engine::solver
