// Exactness on 6x4, as small_boards_test.cpp does for
// the smaller boards: the reference minimax visits 23 to 35 million positions
// per rule set (a 512 MiB memo), about 10 s of CPU each here; one test per
// rule set so that ctest runs them side by side.
#include <gtest/gtest.h>

#include "minimax_reference.h"

namespace ft::engine::solver {
namespace {

using testing::board;
using testing::compare;

TEST(SolverSmallBoards, Classic6x4MatchesMinimax) {
  compare(board(6, 4, false, false), 4);
}
// RULES.md A6 misère.
TEST(SolverSmallBoards, Misere6x4MatchesMinimax) {
  compare(board(6, 4, true, false), 4);
}
// RULES.md A6 cylinder.
TEST(SolverSmallBoards, Cylinder6x4MatchesMinimax) {
  compare(board(6, 4, false, true), 4);
}

}  // namespace
}  // namespace ft::engine::solver
