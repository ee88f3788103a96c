// RULES.md A1 (board and notation) and A2 (basic play).
#include <gtest/gtest.h>

#include "rules/notation.h"
#include "rules/setup_draw.h"
#include "rules_test_util.h"

namespace ft::rules {
namespace {

using namespace testing;  // rules_test_util.h

// RULES.md A1: classic is 7 columns by 6 rows.
TEST(RulesA1, ClassicBoardIsSevenBySix) {
  auto g = game_of("classic");
  EXPECT_EQ(g.spec().width, 7);
  EXPECT_EQ(g.spec().height, 6);
  const auto rows = g.board_rows();
  ASSERT_EQ(rows.size(), 6u);
  for (const auto& r : rows) EXPECT_EQ(r, ".......");
}

// RULES.md A1 (our rule): any W and H in 4..10, with the listed presets.
TEST(RulesA1, BoardSizesFourToTen) {
  for (int w = 3; w <= 11; ++w) {
    for (int h = 3; h <= 11; ++h) {
      VariantOptions o;
      o.width = w;
      o.height = h;
      const bool inside = w >= 4 && w <= 10 && h >= 4 && h <= 10;
      auto spec = make_variant("classic", o);
      EXPECT_EQ(spec.ok(), inside) << w << "x" << h;
      if (!spec.ok()) {
        EXPECT_EQ(spec.error().code, ErrorCode::bad_size);
      }
    }
  }
  for (auto [w, h] : {std::pair{5, 4}, {6, 5}, {7, 6}, {8, 7}, {9, 7}, {10, 8}}) {
    auto g = game_of("classic", w, h);
    EXPECT_EQ(g.board_rows().size(), static_cast<std::size_t>(h));
    EXPECT_EQ(g.legal_moves().size(), static_cast<std::size_t>(w));
  }
}

// RULES.md A1: columns are letters from the left, rows numbers from the bottom.
TEST(RulesA1, ColumnsAreLettersRowsAreNumbersFromTheBottom) {
  EXPECT_EQ(parse_move("a", 7)->col, 0);
  EXPECT_EQ(parse_move("g", 7)->col, 6);
  EXPECT_FALSE(parse_move("d", 7)->pop);
  EXPECT_EQ(parse_move("h", 7).error().code, ErrorCode::no_such_column);
  EXPECT_EQ(parse_move("j", 10)->col, 9);
  EXPECT_EQ(parse_cell("d1", 7, 6).value(), (Cell{3, 0}));  // the middle of the bottom row
  EXPECT_EQ(parse_cell("a10", 10, 10).value(), (Cell{0, 9}));
  EXPECT_FALSE(parse_cell("a7", 7, 6).ok());
  EXPECT_FALSE(parse_cell("d0", 7, 6).ok());
  EXPECT_FALSE(parse_cell("d01", 7, 6).ok());
  EXPECT_FALSE(parse_cell("d1x", 7, 6).ok());
  EXPECT_FALSE(parse_cell("h1", 7, 6).ok());
  EXPECT_EQ(format_cell(Cell{3, 0}), "d1");
  // The disc dropped into d lands on d1 and shows in the bottom row.
  auto g = game_of("classic");
  play_all(g, {"d"});
  EXPECT_EQ(g.position().at(3, 0), 0);
  EXPECT_EQ(g.board_rows().back(), "...R...");
}

// RULES.md A1: a drop is `d`, a pop `d^`; the move list reads `7. ● d`.
TEST(RulesA1, MoveNotationAndMoveList) {
  EXPECT_EQ(format_move(Move{3, false}), "d");
  EXPECT_EQ(format_move(Move{3, true}), "d^");
  EXPECT_TRUE(parse_move("d^", 7)->pop);
  EXPECT_FALSE(parse_move("d^^", 7).ok());
  EXPECT_FALSE(parse_move("", 7).ok());
  EXPECT_FALSE(parse_move("D", 7).ok());
  EXPECT_EQ(format_move_line(7, 0, Move{3, false}), "7. ● d");
  EXPECT_EQ(format_move_line(8, 1, Move{2, true}), "8. ○ c^");
  EXPECT_EQ(colour_from_disc("●"), 0);
  EXPECT_EQ(colour_from_disc("○"), 1);
  EXPECT_EQ(colour_from_disc("◆"), 2);
  EXPECT_EQ(colour_from_disc("x"), -1);
}

// RULES.md A2: red moves first, yellow second, alternately.
TEST(RulesA2, RedFirstThenYellow) {
  auto g = game_of("classic");
  EXPECT_EQ(g.side_to_move(), 0);
  EXPECT_EQ(g.side_name(0), "red");
  play_all(g, {"a"});
  EXPECT_EQ(g.side_to_move(), 1);
  EXPECT_EQ(g.side_name(1), "yellow");
  play_all(g, {"a"});
  EXPECT_EQ(g.side_to_move(), 0);
  EXPECT_EQ(g.ply(), 2);
}

// RULES.md A2: a disc falls to the lowest empty cell of its column.
TEST(RulesA2, DiscFallsToTheLowestEmptyCell) {
  auto g = game_of("classic");
  play_all(g, {"c", "c", "c"});
  EXPECT_EQ(g.position().at(2, 0), 0);
  EXPECT_EQ(g.position().at(2, 1), 1);
  EXPECT_EQ(g.position().at(2, 2), 0);
  EXPECT_EQ(g.position().at(2, 3), NO_PIECE);
}

// RULES.md A2: a full column cannot take a disc; there is no passing.
TEST(RulesA2, FullColumnRefusedAndNoPassing) {
  auto g = game_of("classic");
  play_letters(g, "aaaaaa");
  auto r = g.play("a");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, ErrorCode::column_full);
  EXPECT_EQ(g.ply(), 6);  // the refused move changed nothing
  const auto legal = g.legal_moves();
  EXPECT_EQ(legal, (std::vector<std::string>{"b", "c", "d", "e", "f", "g"}));
  EXPECT_FALSE(g.play("").ok());
  EXPECT_FALSE(g.play("pass").ok());
}

// RULES.md A2: four in a line wins: vertical, horizontal, both diagonals.
TEST(RulesA2, VerticalLineWins) {
  auto g = game_of("classic");
  EXPECT_EQ(play_letters(g, "abababa"), win_by(0));
}

TEST(RulesA2, HorizontalLineWins) {
  auto g = game_of("classic");
  EXPECT_EQ(play_letters(g, "daebfc"), Outcome{});  // three in a row is not enough
  EXPECT_EQ(play_letters(g, "g"), win_by(0));       // d1 e1 f1 g1
}

TEST(RulesA2, RisingDiagonalWins) {
  auto g = game_of("classic");
  // Red a1 b2 c3 d4.
  EXPECT_EQ(play_letters(g, "abbccdcddgd"), win_by(0));
  EXPECT_EQ(g.winning_cells(), (std::vector<Cell>{{0, 0}, {1, 1}, {2, 2}, {3, 3}}));
}

TEST(RulesA2, FallingDiagonalWinsForYellow) {
  auto g = game_of("classic");
  // Yellow g1 f2 e3 d4.
  EXPECT_EQ(play_letters(g, "fgefdedeada"), Outcome{});
  EXPECT_EQ(play_letters(g, "d"), win_by(1));
}

// RULES.md A2: a board filled with no line is a draw.
TEST(RulesA2, FullBoardWithoutLineIsADraw) {
  auto g = game_of("classic");
  const Outcome o = play_letters(g, "edgabeffbbfabgabffbaegdcggaegfcaececccdddd");
  EXPECT_EQ(o, (Outcome{Status::draw, -1, Reason::full}));
  EXPECT_EQ(g.ply(), 42);
  EXPECT_TRUE(g.legal_moves().empty());
  auto small = game_of("classic", 4, 4);
  EXPECT_EQ(play_letters(small, "dcbacaaaddbcdbcb"), (Outcome{Status::draw, -1, Reason::full}));
}

// RULES.md A2: the game ends at the first line; nothing may be played after.
TEST(RulesA2, NoMoveAfterTheEnd) {
  auto g = game_of("classic");
  play_letters(g, "abababa");
  EXPECT_TRUE(g.legal_moves().empty());
  auto r = g.play("c");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, ErrorCode::game_over);
}

// RULES.md A2: in any game, while it is on there is a legal move (no pass).
TEST(RulesA2, RandomGamesAlwaysHaveAMoveUntilTheEnd) {
  SeededRandom rng(2024);
  for (auto key : variant_keys()) {
    for (int game = 0; game < 30; ++game) {
      auto spec = find_variant(key).value();
      auto g = FourGame::create(spec, draw_setup(spec, rng.next())).value();
      while (!g.outcome().over()) {
        const auto legal = g.legal_moves();
        ASSERT_FALSE(legal.empty()) << key;
        ASSERT_TRUE(g.play(legal[rng.below(static_cast<int>(legal.size()))]).ok());
      }
      EXPECT_TRUE(g.legal_moves().empty());
    }
  }
}

}  // namespace
}  // namespace ft::rules
