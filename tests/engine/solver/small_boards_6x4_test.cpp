// Exactness on 6x4, as small_boards_test.cpp does for
// the smaller boards: the reference minimax visits 23 to 35 million positions
// per rule set (a 512 MiB memo), about 10 s of CPU each here; one test per
// rule set so that ctest runs them side by side.
#include <gtest/gtest.h>

#include "minimax_reference.h"

namespace ft::engine::solver {
namespace {

using testing::small_board_name;
using testing::SmallBoard;
using testing::SmallBoardMatchesMinimax;

// The test of small_boards_test.cpp on 6x4 (RULES.md A6 misère, cylinder).
INSTANTIATE_TEST_SUITE_P(SolverSmallBoards6x4, SmallBoardMatchesMinimax,
                         ::testing::Values(SmallBoard{"Classic6x4", 6, 4, false, false},
                                           SmallBoard{"Misere6x4", 6, 4, true, false},
                                           SmallBoard{"Cylinder6x4", 6, 4, false, true}),
                         small_board_name);

}  // namespace
}  // namespace ft::engine::solver
