// The puzzles' solver questions (oracle.h) against the exact scores, and
// find_line / check_line (line.h) on positions with a known answer: a check
// must reject a line that is wrong in any one place.
#include <gtest/gtest.h>

#include "engine/puzzles/line.h"
#include "engine/puzzles/oracle.h"
#include "engine/solver/random_positions.h"
#include "engine/solver/solver.h"

namespace ft::engine::puzzles {
namespace {

namespace sv = solver;

std::unique_ptr<Oracle> oracle_for(const std::string& variant, int width = 0, int height = 0) {
  rules::VariantOptions vo;
  vo.width = width;
  vo.height = height;
  auto spec = rules::make_variant(variant, vo);
  EXPECT_TRUE(spec.ok());
  auto o = Oracle::create(*spec, std::size_t{16} << 20, 0);
  EXPECT_TRUE(o.ok());
  return std::move(o).value();
}

Node at(Oracle& o, const std::string& moves) {
  auto parsed = parse_moves(moves, o.spec().width);
  EXPECT_TRUE(parsed.ok()) << moves;
  auto node = o.replay(*parsed);
  EXPECT_TRUE(node.ok()) << moves << ": " << (node.ok() ? "" : node.error().message);
  return *node;
}

std::vector<PuzzleMove> moves_of(const std::string& text, int width = 7) {
  return *parse_moves(text, width);
}

TEST(PuzzleMoves, TextRoundTripsWithPopsAndTheTenthColumn) {
  const auto m = parse_moves("44^0", 10);
  ASSERT_TRUE(m.ok());
  ASSERT_EQ(m->size(), 3u);
  EXPECT_EQ((*m)[1], (PuzzleMove{true, 3}));
  EXPECT_EQ((*m)[2], (PuzzleMove{false, 9}));
  EXPECT_EQ(moves_text(*m), "44^0");
  EXPECT_FALSE(parse_moves("48", 7).ok());
  EXPECT_FALSE(parse_moves("4a", 7).ok());
}

// wins_within and loses_within against the exact score: the number of the
// winner's moves follows from the disc count at the end (solver.h).
void expect_distances_exact(const std::string& variant, int width, int height, int min_discs,
                            int max_discs) {
  auto o = oracle_for(variant, width, height);
  const Node start = o->start();
  sv::TranspositionTable table(std::size_t{16} << 20);
  sv::Solver exact(table);
  int checked = 0;
  for (const std::string& moves :
       sv::random_positions(start.drops.board, 40, min_discs, max_discs, 7)) {
    const Node n = at(*o, moves);
    const int score = *exact.solve(n.drops);
    const int cells = width * height;
    const int d = n.drops.discs();
    for (int k = 1; k <= 4; ++k) {
      // Misère: the loser's line is the last disc; normal: the winner's.
      const int win_at = o->misere() ? d + 2 * k - 1 : d + 2 * (k - 1);
      const bool wins = score > 0 && (cells + 1 - win_at) / 2 <= score;
      EXPECT_EQ(*o->wins_within(n, k), wins) << moves << " k=" << k << " score " << score;
      const int lose_at = o->misere() ? d + 2 * k : d + 2 * k - 1;
      const bool loses = score < 0 && -(cells + 1 - lose_at) / 2 >= score;
      EXPECT_EQ(*o->loses_within(n, k), loses) << moves << " k=" << k << " score " << score;
      ++checked;
    }
  }
  EXPECT_EQ(checked, 160);
}

TEST(PuzzleOracle, WinsAndLosesWithinMatchTheExactScore) {
  expect_distances_exact("small", 6, 5, 12, 24);
  expect_distances_exact("misere", 5, 4, 6, 16);
  expect_distances_exact("cylinder", 6, 5, 12, 24);
}

// A 7x6 classic puzzle: the solver (to move) wins only by 1, then 4, 4
// after the defender's longest resistance 4 (found by the builder).
const std::string MOVES = "76725356655615227762122115633333771";

TEST(PuzzleLine, FindsTheLineAndChecksIt) {
  auto o = oracle_for("classic");
  const Node n = at(*o, MOVES);
  const FindResult f = find_line(*o, n);
  ASSERT_EQ(f.why, Reject::none);
  EXPECT_EQ(moves_text(f.line), "144");
  EXPECT_EQ(f.solver_moves(), 2);
  EXPECT_TRUE(check_line(*o, n, f.line).ok());
}

TEST(PuzzleLine, CheckRejectsAWrongMoveOrLength) {
  auto o = oracle_for("classic");
  const Node n = at(*o, MOVES);
  // Another first move (1 is the only win), a line cut short (even, or
  // stopping before the win), a move after the game ended.
  for (const std::string bad : {"244", "544", "744", "14", "1", "14422"}) {
    EXPECT_FALSE(check_line(*o, n, moves_of(bad)).ok()) << bad;
  }
}

// A longer puzzle (five of the solver's moves): a reply after which the
// solver wins sooner than after the stored one is no longest resistance.
TEST(PuzzleLine, CheckRejectsAShorterResistance) {
  auto o = oracle_for("classic");
  const std::string moves = "33545262552336511366325122667";
  const std::string line = "777771144";
  const Node n = at(*o, moves);
  ASSERT_TRUE(check_line(*o, n, moves_of(line)).ok());
  const Node after_first = o->play(n, moves_of(line)[0]).next;
  int shorter = 0;
  for (const PuzzleMove& reply : o->legal(after_first)) {
    const Played p = o->play(after_first, reply);
    if (p.result || !*o->wins_within(p.next, 3)) continue;  // stored: 4 more moves
    std::string bad = line;
    bad[1] = move_text(reply)[0];
    EXPECT_FALSE(check_line(*o, n, moves_of(bad)).ok()) << bad;
    ++shorter;
  }
  EXPECT_GT(shorter, 0);
}

TEST(PuzzleLine, RejectsWhatIsNoPuzzle) {
  auto o = oracle_for("small", 6, 5);
  // The empty board: no short win.
  EXPECT_EQ(find_line(*o, o->start()).why, Reject::no_short_win);
  // Two ways to make four at once: red on the bottom row in b, c, d with a
  // and e free (yellow threatens in f).
  EXPECT_EQ(find_line(*o, at(*o, "263646")).why, Reject::not_unique);
}

TEST(PuzzleLine, RejectsAPositionWithOneLegalMove) {
  // 4x4 classic: 15 discs without a line, one cell free in b.
  auto o = oracle_for("classic", 4, 4);
  const Node n = at(*o, "432131114423423");
  ASSERT_EQ(o->legal(n).size(), 1u);
  EXPECT_EQ(find_line(*o, n).why, Reject::forced);
  EXPECT_FALSE(check_line(*o, n, {o->legal(n)[0]}).ok());
}

}  // namespace
}  // namespace ft::engine::puzzles
