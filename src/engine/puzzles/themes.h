// Themes of a puzzle, read from its position and line with the rules alone
// (no search), so that a player can ask for one kind:
//   win-now        the line is one move that makes the line at once
//   block-and-win  the first move is a drop into the cell where the
//                  defender's own drop would make a line (not in misère)
//   zugzwang       the defender's last reply goes into the column of the
//                  solver's last move, just below it, and blocks nothing
//                  there: the defence ran out of other moves and had to
//                  play under the cell that wins (odd/even threats)
//   stacked-threats  the same, but the reply blocked a line of the solver's:
//                  two threats one above the other, the lower one blocked
//   pop            PopOut: one of the solver's moves is a pop
//   avoid-four     misère: at the start a move of the solver would make a
//                  line and so lose at once; the win ends with the defender
//                  forced to make one
// And `obvious_start`: whether the first move is found by looking one move
// ahead (a win now, or the one move that does not lose at once); the
// builder keeps these to a share of the collection (builder.h).
#pragma once

#include <string>
#include <vector>

#include "engine/puzzles/oracle.h"

namespace ft::engine::puzzles {

std::vector<std::string> themes_of(const Oracle& o, const Node& n,
                                   const std::vector<PuzzleMove>& line);

bool obvious_start(const Oracle& o, const Node& n, const std::vector<PuzzleMove>& line);

}  // namespace ft::engine::puzzles
