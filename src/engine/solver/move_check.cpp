#include "engine/solver/move_check.h"

namespace ft::engine::solver {
namespace {

int exact_score(const Problem& p, Solver& solver, const OpeningBook& book) {
  if (const auto known = book.find(p)) return known->score;
  return *solver.solve(p);
}

}  // namespace

MoveCheck check_move(const Problem& p, int column, Solver& solver, const OpeningBook& book) {
  MoveCheck c;
  c.best = exact_score(p, solver, book);
  const int cells = p.board.width * p.board.height;
  const int capacity = cells - rules::popcount(p.board.blocks);
  if (makes_line(p, column)) {
    const int n = p.discs();
    c.kept = p.board.misere ? -(cells + 1 - n) / 2 : (cells + 1 - n) / 2;
  } else if (const Problem child = play(p, column); child.discs() >= capacity) {
    c.kept = 0;
  } else {
    c.kept = -exact_score(child, solver, book);
  }
  return c;
}

}  // namespace ft::engine::solver
