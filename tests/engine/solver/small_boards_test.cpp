// Exactness on small boards (the solver must be exact): the solver's value of the
// empty board and of every position up to 4 plies deep equals a plain memoised
// minimax without any pruning (minimax_reference.h), for classic, misère and
// cylinder on 4x4, 5x4 and 4x5, and with blocks (RULES.md A8). 6x4, with
// tens of millions of positions per rule set, is in small_boards_6x4_test.cpp.
#include <gtest/gtest.h>

#include <string>

#include "engine/solver/solver.h"
#include "minimax_reference.h"

namespace ft::engine::solver {
namespace {

using testing::board;
using testing::compare;
using testing::small_board_name;
using testing::SmallBoard;
using testing::SmallBoardMatchesMinimax;

// One test per board and rule set, so that ctest can run them side by side.
TEST_P(SmallBoardMatchesMinimax, UpToFourPlies) {
  const SmallBoard& b = GetParam();
  compare(board(b.width, b.height, b.misere, b.cylinder), 4);
}

// RULES.md A6 misère: the line maker loses; cylinder: lines wrap around the
// left-right edge.
INSTANTIATE_TEST_SUITE_P(SolverSmallBoards, SmallBoardMatchesMinimax,
                         ::testing::Values(SmallBoard{"Classic4x4", 4, 4, false, false},
                                           SmallBoard{"Classic5x4", 5, 4, false, false},
                                           SmallBoard{"Classic4x5", 4, 5, false, false},
                                           SmallBoard{"Misere4x4", 4, 4, true, false},
                                           SmallBoard{"Misere5x4", 5, 4, true, false},
                                           SmallBoard{"Misere4x5", 4, 5, true, false},
                                           SmallBoard{"Cylinder4x4", 4, 4, false, true},
                                           SmallBoard{"Cylinder5x4", 5, 4, false, true},
                                           SmallBoard{"Cylinder4x5", 4, 5, false, true}),
                         small_board_name);

// RULES.md A8 obstacles: blocks fill cells and belong to no line; symmetric
// blocks (the rule) and asymmetric ones (the solver must not use symmetry).
TEST(SolverSmallBoards, BlocksMatchMinimax) {
  Board sym = board(5, 4, false, false);
  sym.blocks = (Bits{1} << 0) | (Bits{1} << (4 * 5)) | (Bits{1} << (2 * 5));
  compare(sym, 4);
  Board asym = board(5, 4, false, false);
  asym.blocks = (Bits{1} << 5) | (Bits{1} << 6);
  compare(asym, 4);
}

// RULES.md part D: 4x4 and 5x4 are draws, 6x4 is a second-player win.
TEST(SolverSmallBoards, KnownResultsPartD) {
  TranspositionTable table(std::size_t{8} << 20);
  Solver solver(table);
  auto value = [&](int w, int h) { return solver.solve(Problem{board(w, h, false, false)}); };
  EXPECT_EQ(value(4, 4), 0);
  EXPECT_EQ(value(5, 4), 0);
  EXPECT_LT(*value(6, 4), 0);
  EXPECT_EQ(value(6, 5), 0);  // the small board is fair
}

}  // namespace
}  // namespace ft::engine::solver
