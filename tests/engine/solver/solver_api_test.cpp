// The solver's interface: reading positions, adapters from the rules library,
// limits, and the drawn-opening choice.
#include <gtest/gtest.h>

#include "engine/solver/cpu_clock.h"
#include "engine/solver/opening.h"
#include "engine/solver/popout_search.h"
#include "engine/solver/solver.h"
#include "rules/four_game.h"
#include "rules/setup_draw.h"

namespace ft::engine::solver {
namespace {

TEST(SolverPositions, BadMovesSayWhy) {
  Board classic;
  auto bad_char = play_moves(classic, "44x3");
  ASSERT_FALSE(bad_char.ok());
  EXPECT_NE(bad_char.error().message.find("move 3"), std::string::npos);
  EXPECT_EQ(play_moves(classic, "48").error().code, ErrorCode::no_such_column);
  EXPECT_EQ(play_moves(classic, "4444444").error().code, ErrorCode::column_full);
  // RULES.md A2: the fourth disc in a line ends the game; nothing follows it.
  EXPECT_EQ(play_moves(classic, "1212121").error().code, ErrorCode::game_over);
  EXPECT_TRUE(play_moves(classic, "121212").ok());
}

TEST(SolverPositions, ScoreConventionOfTheIssue) {
  TranspositionTable table(std::size_t{4} << 20);
  Solver solver(table);
  // Red to move with three in a column wins with its 4th disc: n = 6 discs
  // before it, (42 + 1 - 6) / 2 = 18.
  EXPECT_EQ(solver.solve(*play_moves(Board{}, "121212")), 18);
  // A late position of Test_L3_R1 (line 9): a win with the board's 41st disc
  // (n = 40 before it) scores (43 - 40) / 2 = 1.
  EXPECT_EQ(solver.solve(*play_moves(Board{}, "233377345754465174223731671122611552")), 1);
}

// RULES.md A9 drawn opening: a rules position with discs already standing.
TEST(SolverPositions, FromRulesPositionWithOpening) {
  auto spec = rules::find_variant("drawn-opening").value();
  rules::Setup setup;
  setup.opening = {3, 3};
  auto game = rules::FourGame::create(spec, setup).value();
  auto p = problem_from(game.position());
  ASSERT_TRUE(p.ok()) << p.error().message;
  auto same = play_moves(Board{}, "44");
  ASSERT_TRUE(same.ok());
  EXPECT_EQ(p->mover, same->mover);
  EXPECT_EQ(p->other, same->other);
}

// RULES.md A8 obstacles: blocks stand in nobody's colour.
TEST(SolverPositions, FromRulesPositionWithBlocks) {
  auto spec = rules::make_variant("obstacles", rules::VariantOptions{}).value();
  rules::Setup setup;
  setup.blocks = rules::draw_obstacles(spec, 7);
  auto game = rules::FourGame::create(spec, setup).value();
  auto p = problem_from(game.position());
  ASSERT_TRUE(p.ok()) << p.error().message;
  EXPECT_EQ(rules::popcount(p->board.blocks), spec.blocks);
  EXPECT_EQ(p->mover | p->other, Bits{0});
}

TEST(SolverPositions, PopOutAndThreeColoursAreRefused) {
  EXPECT_FALSE(board_for(rules::find_variant("popout").value()).ok());
  EXPECT_FALSE(board_for(rules::find_variant("three-players").value()).ok());
  // RULES.md A11: two vs two is two sides on 8x7.
  auto two = board_for(rules::find_variant("two-vs-two").value());
  ASSERT_TRUE(two.ok());
  EXPECT_EQ(two->width, 8);
}

TEST(SolverLimits, NodeLimitStopsTheSearch) {
  TranspositionTable table(std::size_t{4} << 20);
  Solver solver(table);
  Limits limits;
  limits.max_nodes = 5000;
  EXPECT_FALSE(solver.solve(*play_moves(Board{}, "4"), limits).has_value());
  // The table it left behind does not spoil an exact answer afterwards
  // (Test_L2_R1 line 5).
  EXPECT_EQ(solver.solve(*play_moves(Board{}, "6672375354252731116762237724")), -2);
}

// A deadline on the thread's CPU clock (the analysis of finished games)
// stops the search as the wall clock's does; PopOut's search too.
TEST(SolverLimits, ThreadCpuDeadlineStopsTheSearch) {
  TranspositionTable table(std::size_t{4} << 20);
  Solver solver(table);
  Limits limits;
  limits.cpu_deadline_ns = thread_cpu_ns();  // already reached
  EXPECT_FALSE(solver.solve(*play_moves(Board{}, "4"), limits).has_value());
  auto popout = popout_board(*rules::find_variant("popout"));
  ASSERT_TRUE(popout.ok());
  PopoutSolver pop(table);
  EXPECT_FALSE(pop.solve(*popout, limits).has_value());
  // A clock far ahead stops nothing.
  limits.cpu_deadline_ns = thread_cpu_ns() + 3'600'000'000'000;
  EXPECT_EQ(solver.solve(*play_moves(Board{}, "6672375354252731116762237724"), limits), -2);
}

// RULES.md A9: the chosen opening leaves no early forced win, and the
// choice depends only on the seed.
TEST(SolverOpening, NoEarlyForcedWinAndDeterministic) {
  auto spec = rules::make_variant("drawn-opening", rules::VariantOptions{0, 0, -1, -1, 4}).value();
  TranspositionTable table(std::size_t{8} << 20);
  OpeningPolicy policy;
  policy.early_plies = 12;
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    auto a = choose_opening(spec, seed, table, policy);
    ASSERT_TRUE(a.ok()) << a.error().message;
    auto b = choose_opening(spec, seed, table, policy);
    EXPECT_EQ(a->columns, b->columns);
    EXPECT_EQ(a->columns.size(), 4u);
    if (!a->accepted) continue;
    Problem p;
    p.board = *board_for(spec);
    for (int c : a->columns) p = play(p, c);
    Solver solver(table);
    const int cells = 42;
    const int t = (cells + 1 - (p.discs() + policy.early_plies - 1)) / 2;
    Limits limits;
    limits.max_nodes = policy.max_nodes;
    EXPECT_NE(solver.score_at_least(p, t, limits), std::optional<bool>(true));
    EXPECT_NE(solver.score_at_most(p, -t, limits), std::optional<bool>(true));
  }
}

// An opening with a quick forced win is refused: on a 4-ply opening where
// the mover has an open three on the bottom row, the mover wins at once.
TEST(SolverOpening, ProbesSeeShortWins) {
  TranspositionTable table(std::size_t{4} << 20);
  Solver solver(table);
  auto p = play_moves(Board{}, "3344");  // red: c1 d1; yellow c2 d2; red to move
  ASSERT_TRUE(p.ok());
  // Red plays b1 or e1 and has two threats: a win by its 4th disc (score 17).
  EXPECT_EQ(solver.score_at_least(*p, 17), true);
  EXPECT_EQ(solver.score_at_least(*p, 19), false);
  EXPECT_EQ(solver.score_at_most(*p, -1), false);
}

}  // namespace
}  // namespace ft::engine::solver
