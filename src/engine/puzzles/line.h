// A puzzle's line, found and checked with the exact solvers (oracle.h).
//
// A puzzle is a position whose side to move (the solver) wins, where exactly
// one legal move keeps the win: every other move draws or loses. Its line
// goes on with the defender's longest resistance (the reply after which the
// win takes the most moves; ties to the column nearest the centre, drops
// before pops) and again exactly one winning move, until the solver's move
// makes the line (in misère: until every move left to the defender makes
// one). The line holds at most MAX_LINE_MOVES of the solver's moves: longer
// wins ask a player to follow defences chosen among near-equal ones, which
// reads as a game, not a puzzle, and each step costs a search of every move.
//
// Rejected, and why (FindResult::why): no win within the limit, a second
// winning move at some step, only one legal move at the start (nothing to
// find), or a probe that hit its node limit (nothing rests on a guess).
#pragma once

#include <string>
#include <vector>

#include "engine/puzzles/oracle.h"
#include "rules/result.h"

namespace ft::engine::puzzles {

inline constexpr int MAX_LINE_MOVES = 5;

enum class Reject {
  none,
  forced,        // one legal move at the start
  no_short_win,  // no win within the limit (or no win at all)
  not_unique,    // two winning moves at some step of the line
  node_limit,    // a probe hit its node limit
  inconsistent,  // the solver's answers disagree: never expected
};
const char* reject_name(Reject r);

struct FindResult {
  Reject why = Reject::none;
  std::vector<PuzzleMove> line;  // the solver's move, the reply, ..., the solver's last move
  int solver_moves() const { return static_cast<int>(line.size() + 1) / 2; }
};

// The puzzle at `n`, if it is one, with its line.
FindResult find_line(Oracle& o, const Node& n, int max_moves = MAX_LINE_MOVES);

// Checks a stored line from `n` with the solver: more than one legal move at
// the start; at each of the solver's steps exactly one winning move, the
// one stated; each reply a longest resistance; the win complete at the end.
// The error says which step fails.
Result<bool> check_line(Oracle& o, const Node& n, const std::vector<PuzzleMove>& line);

}  // namespace ft::engine::puzzles
