// Whether a drop is exactly best (what the perfect level promises):
// the position's exact score against the score the drop keeps, each from the
// book (book.h) where it holds the position, else from a fresh search.
#pragma once

#include "engine/solver/book.h"
#include "engine/solver/solver.h"

namespace ft::engine::solver {

struct MoveCheck {
  int best = 0;  // the position's exact score
  int kept = 0;  // the score after the drop, from the mover's view
  bool exact() const { return best == kept; }
};

// Precondition: `column` is a legal drop of `p`, whose game is not over.
MoveCheck check_move(const Problem& p, int column, Solver& solver, const OpeningBook& book);

}  // namespace ft::engine::solver
