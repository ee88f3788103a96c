// RULES.md part B: twiceFour rules, one test (or more) per rule.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <fstream>
#include <random>
#include <set>
#include <sstream>

#include "rules/twicefour_game.h"
#include "rules/twicefour_perft.h"

namespace ft::rules {
namespace {

Outcome play_all(TwiceFourGame& g, std::initializer_list<std::string_view> moves) {
  Outcome o;
  for (auto m : moves) {
    auto r = g.play(m);
    EXPECT_TRUE(r.ok()) << m << ": " << (r.ok() ? "" : r.error().message);
    if (!r.ok()) break;
    o = *r;
  }
  return o;
}

TfBits points_of(std::initializer_list<std::string_view> names) {
  TfBits b = 0;
  for (auto n : names) b |= 1u << tf_parse_point(n).value();
  return b;
}

TwiceFourGame setup(const TwiceFourSetup& s) {
  auto g = TwiceFourGame::from_setup(s);
  EXPECT_TRUE(g.ok()) << (g.ok() ? "" : g.error().message);
  return std::move(g).value();
}

std::set<std::string> as_set(const std::vector<std::string>& v) {
  return {v.begin(), v.end()};
}

// ---------------------------------------------------------------- B1 board

// RULES.md B1: 21 points, the 5x5 grid without its four corners.
TEST(TwiceFourB1, TwentyOnePointsWithoutCorners) {
  EXPECT_EQ(std::popcount(TF_BOARD), TF_POINTS);
  for (auto corner : {"a1", "e1", "a5", "e5"}) {
    auto p = tf_parse_point(corner);
    ASSERT_FALSE(p.ok()) << corner;
    EXPECT_NE(p.error().message.find("corner"), std::string::npos);
  }
  int count = 0;
  for (char c = 'a'; c <= 'e'; ++c) {
    for (char r = '1'; r <= '5'; ++r) count += tf_parse_point(std::string{c, r}).ok();
  }
  EXPECT_EQ(count, 21);
  EXPECT_FALSE(tf_parse_point("f3").ok());
  EXPECT_FALSE(tf_parse_point("c0").ok());
  EXPECT_FALSE(tf_parse_point("c").ok());
}

// RULES.md B1: the 16 lines of four points, exactly as listed.
TEST(TwiceFourB1, SixteenLines) {
  const std::set<std::string> expected = {
      "a2-d2", "b2-e2", "a3-d3", "b3-e3", "a4-d4", "b4-e4",  // rows 2, 3, 4
      "b1-b4", "b2-b5", "c1-c4", "c2-c5", "d1-d4", "d2-d5",  // columns b, c, d
      "a2-d5", "b1-e4", "a4-d1", "b5-e2",                    // diagonals
  };
  std::set<std::string> names;
  for (int l = 0; l < TF_LINES; ++l) names.insert(tf_format_line(l));
  EXPECT_EQ(names, expected);
  // Each line is four points of the board in a straight row.
  std::set<TfBits> masks;
  for (TfBits line : tf_lines()) {
    EXPECT_EQ(std::popcount(line), 4);
    EXPECT_EQ(line & ~TF_BOARD, 0u);
    masks.insert(line);
  }
  EXPECT_EQ(masks.size(), 16u);
  EXPECT_EQ(tf_lines()[tf_parse_line("b1-e4").value()], points_of({"b1", "c2", "d3", "e4"}));
  EXPECT_EQ(tf_lines()[tf_parse_line("d1-a4").value()], points_of({"a4", "b3", "c2", "d1"}));
  EXPECT_FALSE(tf_parse_line("a1-a4").ok());
  EXPECT_FALSE(tf_parse_line("a3-e3").ok());
}

// RULES.md B1: points are adjacent horizontally and vertically only.
TEST(TwiceFourB1, AdjacencyIsOrthogonal) {
  EXPECT_EQ(tf_neighbours()[tf_parse_point("c3").value()], points_of({"b3", "d3", "c2", "c4"}));
  // b1 touches the missing corner a1: only c1 and b2.
  EXPECT_EQ(tf_neighbours()[tf_parse_point("b1").value()], points_of({"c1", "b2"}));
  EXPECT_EQ(tf_neighbours()[tf_parse_point("a2").value()], points_of({"b2", "a3"}));
  int edges = 0;
  for (int i = 0; i < 25; ++i) edges += std::popcount(tf_neighbours()[i]);
  EXPECT_EQ(edges / 2, 32);  // 40 edges of the 5x5 grid minus 8 at the corners
  auto diag = tf_parse_move("c2-d3");
  ASSERT_FALSE(diag.ok());
  EXPECT_EQ(diag.error().code, ErrorCode::illegal_move);
}

// ---------------------------------------------------------------- B2 start

// RULES.md B2 (our rule, 2026-12-01): cross b1 c1 d1 b2 d2, circle d5 c5 b5
// d4 b4, turned by 180 degrees; eleven points empty, c3 among them.
TEST(TwiceFourB2, StartPosition) {
  auto g = TwiceFourGame::start();
  const auto& p = g.position();
  EXPECT_EQ(p.pieces(TF_CROSS), points_of({"b1", "c1", "d1", "b2", "d2"}));
  EXPECT_EQ(p.pieces(TF_CIRCLE), points_of({"d5", "c5", "b5", "d4", "b4"}));
  EXPECT_EQ(std::popcount(p.empty()), 11);
  EXPECT_EQ(p.at(tf_parse_point("c3").value()), -1);
  for (int i = 0; i < 25; ++i) {
    if (!tf_is_point(i)) continue;
    const int turned = tf_index(4 - i / 5, 4 - i % 5);
    if (p.at(i) >= 0) {
      EXPECT_EQ(p.at(turned), 1 - p.at(i)) << tf_format_point(i);
    }
  }
  EXPECT_EQ(p.points(0) + p.points(1), 0);
  EXPECT_EQ(g.ply(), 0);
  EXPECT_EQ(g.side_name(0), "cross");
  EXPECT_EQ(g.side_name(1), "circle");
  const std::vector<std::string> board = {" OOO ", ".O.O.", ".....", ".X.X.", " XXX "};
  EXPECT_EQ(g.board_rows(), board);
}

// The first start (cross a2 b1 c1 d1 e2) stays available: matches stored
// before 2026-12-01 replay from it.
TEST(TwiceFourB2, FirstStartForOldMatches) {
  auto g = TwiceFourGame::start(TF_CROSS, TfStart::first);
  EXPECT_EQ(g.position().pieces(TF_CROSS), points_of({"a2", "b1", "c1", "d1", "e2"}));
  EXPECT_EQ(g.position().pieces(TF_CIRCLE), points_of({"e4", "d5", "c5", "b5", "a4"}));
  const std::vector<std::string> board = {" OOO ", "O...O", ".....", "X...X", " XXX "};
  EXPECT_EQ(g.board_rows(), board);
  EXPECT_TRUE(tf_start_known(1));
  EXPECT_TRUE(tf_start_known(2));
  EXPECT_FALSE(tf_start_known(0));
  EXPECT_FALSE(tf_start_known(3));
}

// Why the start changed (RULES.md B2): from the first one b1-b2, c1-c2, d1-d2
// fill row 2 (two lines at once) in five half-moves, whatever circle does.
TEST(TwiceFourB2, FirstStartWasAForcedWinInFive) {
  auto g = TwiceFourGame::start(TF_CROSS, TfStart::first);
  auto o = play_all(g, {"b1-b2", "d5-d4", "c1-c2", "d4-d3", "d1-d2"});
  EXPECT_EQ(o, (Outcome{Status::win, TF_CROSS, Reason::points}));
  EXPECT_EQ(g.points(TF_CROSS), 2);
}

// RULES.md B2: either piece may move first (the lottery winner starts round 1).
TEST(TwiceFourB2, FirstSideIsConfigurable) {
  auto g = TwiceFourGame::start(TF_CIRCLE);
  EXPECT_EQ(g.side_to_move(), TF_CIRCLE);
  auto r = g.play("b1-b2");
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("no circle piece on b1"), std::string::npos);
  EXPECT_TRUE(g.play("c5-c4").ok());
  EXPECT_EQ(g.side_to_move(), TF_CROSS);
}

// ---------------------------------------------------------------- B3 play

// RULES.md B3: a step moves one own piece to an adjacent empty point.
TEST(TwiceFourB3, StepsFromStart) {
  auto g = TwiceFourGame::start();
  EXPECT_EQ(as_set(g.legal_moves()),
            (std::set<std::string>{"c1-c2", "b2-a2", "b2-c2", "b2-b3", "d2-c2", "d2-e2", "d2-d3"}));
  auto occupied = g.play("b1-c1");
  ASSERT_FALSE(occupied.ok());
  EXPECT_EQ(occupied.error().code, ErrorCode::illegal_move);
  EXPECT_NE(occupied.error().message.find("c1 is not empty"), std::string::npos);
  auto far = g.play("b1-b3");
  ASSERT_FALSE(far.ok());
  EXPECT_NE(far.error().message.find("adjacent"), std::string::npos);
  auto none = g.play("c3-c4");
  ASSERT_FALSE(none.ok());
  EXPECT_NE(none.error().message.find("no cross piece on c3"), std::string::npos);
  EXPECT_FALSE(g.play("d4 e4").ok());
  EXPECT_FALSE(g.play("").ok());
  EXPECT_EQ(g.ply(), 0);  // errors change nothing
  ASSERT_TRUE(g.play("c1-c2").ok());
  EXPECT_EQ(g.position().pieces(TF_CROSS), points_of({"b1", "c2", "d1", "b2", "d2"}));
  EXPECT_EQ(g.moves(), std::vector<std::string>{"c1-c2"});
}

// RULES.md B3: a pass while a step exists is illegal.
TEST(TwiceFourB3, PassWhileAStepExistsIsIllegal) {
  auto g = TwiceFourGame::start();
  auto r = g.play("pass");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, ErrorCode::illegal_move);
  EXPECT_EQ(g.ply(), 0);
}

// RULES.md B3: a player with no step passes; the pass counts as a half-move.
TEST(TwiceFourB3, PlayerWithNoStepPasses) {
  // Cross in its start points, walled in by circle on b2 c2 d2 a3 e3.
  auto g = setup({.cross = {"a2", "b1", "c1", "d1", "e2"},
                  .circle = {"b2", "c2", "d2", "a3", "e3"},
                  .ply = 10});
  EXPECT_EQ(g.legal_moves(), std::vector<std::string>{"pass"});
  EXPECT_FALSE(g.play("a2-a3").ok());
  auto o = g.play("pass");
  ASSERT_TRUE(o.ok());
  EXPECT_FALSE(o->over());
  EXPECT_EQ(g.ply(), 11);
  EXPECT_EQ(g.side_to_move(), TF_CIRCLE);
  EXPECT_EQ(g.moves(), std::vector<std::string>{"pass"});
}

// RULES.md B3 (our rule): if neither player can step the round ends as in
// B5. With five pieces a side on the connected 21-point board some piece
// always touches an empty point, so this never arises: check that over many
// random arrangements of ten pieces.
TEST(TwiceFourB3, NeitherCanStepNeverArisesWithTenPieces) {
  std::mt19937 rng(3);
  std::vector<int> points;
  for (int i = 0; i < 25; ++i) {
    if (tf_is_point(i)) points.push_back(i);
  }
  for (int trial = 0; trial < 20000; ++trial) {
    std::shuffle(points.begin(), points.end(), rng);
    TfBits cross = 0, circle = 0;
    for (int k = 0; k < 5; ++k) cross |= 1u << points[k];
    for (int k = 5; k < 10; ++k) circle |= 1u << points[k];
    auto p = TwiceFourPosition::from_parts(cross, circle, 0xFFFF, 0, 0, 0, 0);
    ASSERT_TRUE(p.ok());
    ASSERT_TRUE(p->can_step(0) || p->can_step(1));
  }
}

// RULES.md B3: four own pieces on a line score a point; the pieces stay.
TEST(TwiceFourB3, FourOnALineScoresAPoint) {
  auto g =
      setup({.cross = {"a2", "b2", "c2", "e2", "c1"}, .circle = {"a4", "b5", "c5", "d5", "e4"}});
  auto o = g.play("e2-d2");
  ASSERT_TRUE(o.ok());
  EXPECT_FALSE(o->over());
  EXPECT_EQ(g.points(TF_CROSS), 1);
  EXPECT_EQ(g.position().counted(), 1u << tf_parse_line("a2-d2").value());
  EXPECT_EQ(g.position().pieces(TF_CROSS), points_of({"a2", "b2", "c2", "d2", "c1"}));
}

// RULES.md B3: a line scores once per round: not again for its owner ...
TEST(TwiceFourB3, LineScoresOnceForItsOwner) {
  auto g =
      setup({.cross = {"a2", "b2", "c2", "e2", "c1"}, .circle = {"a4", "b5", "c5", "d5", "e4"}});
  play_all(g, {"e2-d2", "e4-e3", "d2-e2", "e3-e4"});
  EXPECT_EQ(g.points(TF_CROSS), 1);
  play_all(g, {"e2-d2"});
  EXPECT_EQ(g.points(TF_CROSS), 1);
  EXPECT_FALSE(g.outcome().over());
}

// ... and not for the other player either.
TEST(TwiceFourB3, CountedLineScoresNothingForTheOpponent) {
  // Circle already made a2-d2 (counted, one point) and left it; cross fills it now.
  auto g = setup({.cross = {"a2", "b2", "c2", "e2", "c1"},
                  .circle = {"a4", "b5", "c5", "d5", "e4"},
                  .counted = {"a2-d2"},
                  .circle_points = 1,
                  .ply = 20});
  auto o = g.play("e2-d2");
  ASSERT_TRUE(o.ok());
  EXPECT_EQ(g.points(TF_CROSS), 0);
  EXPECT_EQ(g.points(TF_CIRCLE), 1);
  EXPECT_FALSE(o->over());
}

// RULES.md B3: the first to two points wins the round.
TEST(TwiceFourB3, TwoPointsWinTheRound) {
  auto g = setup({.cross = {"a2", "b2", "c2", "e2", "c1"},
                  .circle = {"a4", "b5", "c5", "d5", "e4"},
                  .counted = {"c2-c5"},
                  .cross_points = 1,
                  .ply = 30});
  auto o = g.play("e2-d2");
  ASSERT_TRUE(o.ok());
  EXPECT_EQ(*o, (Outcome{Status::win, TF_CROSS, Reason::points}));
  EXPECT_TRUE(g.legal_moves().empty());
  auto after = g.play("a4-a3");
  ASSERT_FALSE(after.ok());
  EXPECT_EQ(after.error().code, ErrorCode::game_over);
}

// RULES.md B3: a move that completes two lines at once counts both. With
// five pieces the two lines overlap: a2-d2 and b2-e2 are both full once row 2
// is full.
TEST(TwiceFourB3, DoubleLineCountsBoth) {
  auto g =
      setup({.cross = {"a2", "b2", "d2", "e2", "c1"}, .circle = {"a4", "b5", "c5", "d5", "e4"}});
  auto o = g.play("c1-c2");
  ASSERT_TRUE(o.ok());
  EXPECT_EQ(*o, (Outcome{Status::win, TF_CROSS, Reason::points}));
  EXPECT_EQ(g.points(TF_CROSS), 2);
  EXPECT_EQ(g.position().last_scored(),
            (1u << tf_parse_line("a2-d2").value()) | (1u << tf_parse_line("b2-e2").value()));
  // With one of the two already counted, the same step scores one point only.
  auto h = setup({.cross = {"a2", "b2", "d2", "e2", "c1"},
                  .circle = {"a4", "b5", "c5", "d5", "e4"},
                  .counted = {"a2-d2"},
                  .circle_points = 1});
  auto o2 = h.play("c1-c2");
  ASSERT_TRUE(o2.ok());
  EXPECT_FALSE(o2->over());
  EXPECT_EQ(h.points(TF_CROSS), 1);
}

// RULES.md B3: the round keeps who scored each counted line and when (the
// table shows it); a double line is two entries of the same half-move.
TEST(TwiceFourB3, CountedLinesKeepTheirScorer) {
  auto g = TwiceFourGame::start();
  play_all(g, {"c1-c2", "d4-e4", "b2-a2", "e4-d4", "b1-b2"});
  ASSERT_EQ(g.counted_lines().size(), 1u);
  EXPECT_EQ(tf_format_line(g.counted_lines()[0].line), "a2-d2");
  EXPECT_EQ(g.counted_lines()[0].side, TF_CROSS);
  EXPECT_EQ(g.counted_lines()[0].ply, 5);
  auto h = TwiceFourGame::start();
  play_all(h, {"c1-c2", "d4-e4", "b2-a2", "e4-d4", "d2-e2", "d4-e4", "b1-b2", "e4-d4", "d1-d2"});
  ASSERT_EQ(h.counted_lines().size(), 2u);
  for (const auto& c : h.counted_lines()) {
    EXPECT_EQ(c.side, TF_CROSS);
    EXPECT_EQ(c.ply, 9);
  }
  EXPECT_EQ(tf_format_line(h.counted_lines()[0].line), "a2-d2");
  EXPECT_EQ(tf_format_line(h.counted_lines()[1].line), "b2-e2");
  EXPECT_EQ(h.outcome(), (Outcome{Status::win, TF_CROSS, Reason::points}));
  auto s = setup({.cross = {"a2", "b2", "c2", "d2"}, .counted = {"a2-d2"}});
  ASSERT_EQ(s.counted_lines().size(), 1u);
  EXPECT_EQ(s.counted_lines()[0].side, -1);  // the set-up does not say who
}

// ---------------------------------------------------------------- B3a counts

std::vector<TwiceFourPerftRow> read_perft_file() {
  std::ifstream in(std::string(FT_TEST_DATA) + "/twicefour_perft.txt");
  EXPECT_TRUE(in.good()) << "missing twicefour_perft.txt";
  std::vector<TwiceFourPerftRow> rows;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream ls(line);
    TwiceFourPerftRow r;
    ls >> r.depth >> r.sequences >> r.positions;
    rows.push_back(r);
  }
  return rows;
}

// RULES.md B3a: 1, 7, 47, 316, 2059, 16428, 128787 move sequences of length
// 0..6; for the first start it was 1, 7, 47, 384, 3115, 27102.
TEST(TwiceFourB3a, MoveCountsFromTheStart) {
  const auto rows = twicefour_perft(TwiceFourGame::start(), 6);
  const std::uint64_t expected[] = {1, 7, 47, 316, 2059, 16428, 128787};
  for (int d = 0; d <= 6; ++d) EXPECT_EQ(rows[d].sequences, expected[d]) << "depth " << d;
  const auto first = twicefour_perft(TwiceFourGame::start(TF_CROSS, TfStart::first), 5);
  const std::uint64_t expected_first[] = {1, 7, 47, 384, 3115, 27102};
  for (int d = 0; d <= 5; ++d) EXPECT_EQ(first[d].sequences, expected_first[d]) << "depth " << d;
}

// RULES.md B3a: the counts to depth 8 kept beside the tests are recomputed
// (a round that ends counts and is not expanded). Circle first mirrors them.
TEST(TwiceFourB3a, PerftDataToDepthEight) {
  const auto expected = read_perft_file();
  ASSERT_EQ(expected.size(), 9u);
  const auto rows = twicefour_perft(TwiceFourGame::start(), 8);
  for (int d = 0; d <= 8; ++d) {
    EXPECT_EQ(rows[d].depth, expected[d].depth);
    EXPECT_EQ(rows[d].sequences, expected[d].sequences) << "depth " << d;
    EXPECT_EQ(rows[d].positions, expected[d].positions) << "depth " << d;
  }
  const auto circle_first = twicefour_perft(TwiceFourGame::start(TF_CIRCLE), 6);
  for (int d = 0; d <= 6; ++d) EXPECT_EQ(circle_first[d].sequences, expected[d].sequences);
}

// ---------------------------------------------------------------- B4 example

// RULES.md B4: cross has scored d2-d5 and stands on b1 c2 d3 d4 d5, d2 and e4
// empty. d4-e4 completes b1-e4: the second point, round won. c2-d2 completes
// d2-d5 again but scores nothing.
TwiceFourSetup worked_example() {
  return {.cross = {"b1", "c2", "d3", "d4", "d5"},
          .circle = {"a3", "a4", "b5", "c5", "e3"},
          .counted = {"d2-d5"},
          .cross_points = 1,
          .ply = 24};
}

TEST(TwiceFourB4, WorkedExampleDiagonalWinsTheRound) {
  auto g = setup(worked_example());
  auto o = g.play("d4-e4");
  ASSERT_TRUE(o.ok());
  EXPECT_EQ(*o, (Outcome{Status::win, TF_CROSS, Reason::points}));
  EXPECT_EQ(g.points(TF_CROSS), 2);
  EXPECT_EQ(g.position().last_scored(), 1u << tf_parse_line("b1-e4").value());
}

TEST(TwiceFourB4, WorkedExampleCountedLineScoresNothing) {
  auto g = setup(worked_example());
  auto o = g.play("c2-d2");
  ASSERT_TRUE(o.ok());
  EXPECT_FALSE(o->over());
  EXPECT_EQ(g.points(TF_CROSS), 1);
  EXPECT_EQ(g.position().last_scored(), 0u);
  // d2-d5 is full of cross pieces again.
  const TfBits line = tf_lines()[tf_parse_line("d2-d5").value()];
  EXPECT_EQ(g.position().pieces(TF_CROSS) & line, line);
}

// ---------------------------------------------------------------- B5 limits

// RULES.md B5 placement: over lines with no opposing piece and not counted,
// the square of the own pieces on them (worked out by hand in the comments).
TEST(TwiceFourB5, PlacementSumsSquares) {
  auto g =
      setup({.cross = {"b2", "c2", "d2", "c1", "e3"}, .circle = {"a4", "b5", "c5", "d5", "e4"}});
  // cross: a2-d2 9, b2-e2 9, b3-e3 1, b1-b4 1, c1-c4 4, d1-d4 1, a3-d3 0.
  EXPECT_EQ(g.placement(TF_CROSS), 25);
  // circle: a4-d4 1, b4-e4 1, a2-d5 1, b5-e2 1.
  EXPECT_EQ(g.placement(TF_CIRCLE), 4);
  // A counted line adds nothing, even for the side that made it.
  auto c = setup({.cross = {"b2", "c2", "d2", "c1", "e3"},
                  .circle = {"a4", "b5", "c5", "d5", "e4"},
                  .counted = {"a2-d2"},
                  .circle_points = 1});
  EXPECT_EQ(c.placement(TF_CROSS), 16);
}

// RULES.md B5: the round ends after 80 half-moves; more points wins.
TEST(TwiceFourB5, MoveLimitMorePointsWins) {
  auto g = setup({.cross = {"b2", "c2", "d2", "c1", "e3"},
                  .circle = {"a4", "b5", "c5", "d5", "e4"},
                  .counted = {"a3-d3"},
                  .circle_points = 1,
                  .ply = 78});
  ASSERT_TRUE(g.play("c1-b1").ok());
  EXPECT_FALSE(g.outcome().over());
  auto o = g.play("a4-a3");
  ASSERT_TRUE(o.ok());
  EXPECT_EQ(g.ply(), TF_MOVE_LIMIT);
  // Cross has the better placement, but circle has more points.
  EXPECT_GT(g.placement(TF_CROSS), g.placement(TF_CIRCLE));
  EXPECT_EQ(*o, (Outcome{Status::win, TF_CIRCLE, Reason::move_limit}));
}

// RULES.md B5: equal points: the better placement wins.
TEST(TwiceFourB5, MoveLimitEqualPointsBetterPlacementWins) {
  auto g = setup({.cross = {"b2", "c2", "d2", "c1", "e3"},
                  .circle = {"a4", "b5", "c5", "d5", "e4"},
                  .to_move = TF_CIRCLE,
                  .ply = 79});
  auto o = g.play("a4-a3");
  ASSERT_TRUE(o.ok());
  EXPECT_EQ(*o, (Outcome{Status::win, TF_CROSS, Reason::move_limit}));
}

// RULES.md B5: equal points and equal placement: the round is drawn.
TEST(TwiceFourB5, MoveLimitEqualPlacementDraws) {
  auto g = setup({.cross = {"a2", "b1", "c1", "d1", "e2"},
                  .circle = {"e4", "d5", "c5", "b5", "a4"},
                  .ply = 78});
  // Each side makes the same step turned by 180 degrees.
  auto o = play_all(g, {"b1-b2", "d5-d4"});
  EXPECT_EQ(g.placement(TF_CROSS), g.placement(TF_CIRCLE));
  EXPECT_EQ(o, (Outcome{Status::draw, -1, Reason::move_limit}));
}

// RULES.md B5: the same position the second time shows the warning, the
// third time ends the round (judged as at the move limit: here a draw).
TEST(TwiceFourB5, ThirdRepetitionEndsTheRoundSecondWarns) {
  auto g = TwiceFourGame::start();
  play_all(g, {"b2-b3", "d4-d3", "b3-b2"});
  EXPECT_FALSE(g.repetition_warning());
  EXPECT_EQ(g.repetitions(), 1);
  play_all(g, {"d3-d4"});  // the start again, cross to move
  EXPECT_TRUE(g.repetition_warning());
  EXPECT_EQ(g.repetitions(), 2);
  play_all(g, {"c1-c2"});  // a new position: no warning
  EXPECT_FALSE(g.repetition_warning());
  play_all(g, {"d4-d3", "c2-c1", "d3-d4"});  // the start, third time
  EXPECT_EQ(g.repetitions(), 3);
  EXPECT_EQ(g.outcome(), (Outcome{Status::draw, -1, Reason::repetition}));
  EXPECT_EQ(g.ply(), 8);
  EXPECT_TRUE(g.legal_moves().empty());
  EXPECT_FALSE(g.play("b2-b3").ok());
}

// RULES.md B5: a repetition is judged by points, then placement.
TEST(TwiceFourB5, RepetitionJudgedByPoints) {
  auto g = setup({.cross = {"a2", "b1", "c1", "d1", "e2"},
                  .circle = {"e4", "d5", "c5", "b5", "a4"},
                  .counted = {"c2-c5"},
                  .cross_points = 1,
                  .ply = 40});
  auto o = play_all(g, {"b1-b2", "d5-d4", "b2-b1", "d4-d5", "b1-b2", "d5-d4", "b2-b1", "d4-d5"});
  EXPECT_EQ(o, (Outcome{Status::win, TF_CROSS, Reason::repetition}));
}

// RULES.md B5: a repetition is the same pieces with the same player to move;
// the same pieces with the other player to move are not one.
TEST(TwiceFourB5, RepetitionNeedsTheSameSideToMove) {
  // Cross's only piece on b1 is walled in by c1 and b2, so cross passes.
  auto g = setup({.cross = {"b1"}, .circle = {"c1", "b2", "c5", "d5", "e4"}});
  play_all(g, {"pass"});  // the same pieces as before, circle to move
  EXPECT_EQ(g.repetitions(), 1);
  EXPECT_FALSE(g.repetition_warning());
  play_all(g, {"e4-e3", "pass", "e3-e4"});  // the start, cross to move: second time
  EXPECT_EQ(g.repetitions(), 2);
  EXPECT_TRUE(g.repetition_warning());
  play_all(g, {"pass"});
  EXPECT_EQ(g.repetitions(), 2);
}

// ---------------------------------------------------------------- B6 match

// RULES.md B6: round 2 is started by the other player, so a round starts with
// either piece; the rounds are independent (a new round starts afresh).
TEST(TwiceFourB6, RoundTwoStartedByTheOtherPlayer) {
  auto round1 = TwiceFourGame::start(TF_CROSS);
  play_all(round1, {"b2-b3", "d4-d3"});
  auto round2 = TwiceFourGame::start(1 - round1.start_position().to_move());
  EXPECT_EQ(round2.side_to_move(), TF_CIRCLE);
  EXPECT_EQ(round2.ply(), 0);
  EXPECT_EQ(round2.points(TF_CROSS) + round2.points(TF_CIRCLE), 0);
  EXPECT_EQ(round2.position().counted(), 0u);
}

// ---------------------------------------------------------------- whole rounds

// Random rounds from the start: every listed move is legal, every round ends
// by ply 80, and the end reason agrees with the state.
TEST(TwiceFourRounds, RandomRoundsEndByTheRules) {
  std::mt19937 rng(7);
  int ended_by[8] = {};
  for (int game = 0; game < 300; ++game) {
    auto g = TwiceFourGame::start(game % 2);
    while (!g.outcome().over()) {
      const auto moves = g.legal_moves();
      ASSERT_FALSE(moves.empty());
      ASSERT_TRUE(g.play(moves[rng() % moves.size()]).ok());
      ASSERT_LE(g.ply(), TF_MOVE_LIMIT);
    }
    const Outcome& o = g.outcome();
    ++ended_by[static_cast<int>(o.reason)];
    if (o.reason == Reason::points) {
      EXPECT_GE(g.points(o.winner), 2);
    } else if (o.reason == Reason::move_limit) {
      EXPECT_EQ(g.ply(), TF_MOVE_LIMIT);
    } else {
      ASSERT_EQ(o.reason, Reason::repetition);
      EXPECT_EQ(g.repetitions(), 3);
    }
    EXPECT_EQ(g.moves().size(), static_cast<std::size_t>(g.ply()));
  }
  EXPECT_GT(ended_by[static_cast<int>(Reason::points)], 0);
  EXPECT_GT(ended_by[static_cast<int>(Reason::move_limit)], 0);
}

// Bad set-ups are refused with a reason.
TEST(TwiceFourSetupCheck, RefusesImpossibleSetups) {
  EXPECT_FALSE(TwiceFourGame::from_setup({.cross = {"a1"}}).ok());
  EXPECT_FALSE(TwiceFourGame::from_setup({.cross = {"c3"}, .circle = {"c3"}}).ok());
  EXPECT_FALSE(TwiceFourGame::from_setup({.cross = {"a2", "b2", "c2", "d2", "b1", "c1"}}).ok());
  auto uncounted = TwiceFourGame::from_setup({.cross = {"a2", "b2", "c2", "d2"}});
  ASSERT_FALSE(uncounted.ok());
  EXPECT_NE(uncounted.error().message.find("a2-d2 is full but not counted"), std::string::npos);
  EXPECT_FALSE(TwiceFourGame::from_setup({.cross_points = 2}).ok());
  EXPECT_FALSE(TwiceFourGame::from_setup({.ply = 80}).ok());
}

}  // namespace
}  // namespace ft::rules
