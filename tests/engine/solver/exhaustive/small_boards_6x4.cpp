// Exactness on 6x4 (issue 4 acceptance), the board too large for the default
// suite: the reference minimax visits 35 to 60 million positions per rule set
// (about 1 GiB of memo, half a minute each). Built as engine_exhaustive_tests;
// run it by hand: build/release/tests/engine/engine_exhaustive_tests.
#include <gtest/gtest.h>

#include "../minimax_reference.h"

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
