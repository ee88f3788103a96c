// RULES.md A6: the registry of variants and what each one changes
// (PopOut A7, obstacles A8, drawn opening A9, three players A10 and two vs two
// A11 have their own files).
#include <gtest/gtest.h>

#include "rules/notation.h"
#include "rules_test_util.h"

namespace ft::rules {
namespace {

using namespace testing;  // rules_test_util.h

// RULES.md A6: eleven variants with stable keys, in the order of the table.
TEST(RulesA6, RegistryHasTheElevenKeys) {
  const std::vector<std::string_view> keys(variant_keys().begin(), variant_keys().end());
  EXPECT_EQ(keys, (std::vector<std::string_view>{"classic", "single", "five", "popout", "small",
                                                 "misere", "cylinder", "obstacles", "drawn-opening",
                                                 "three-players", "two-vs-two"}));
  for (auto k : keys) {
    auto spec = find_variant(k);
    ASSERT_TRUE(spec.ok()) << k;
    EXPECT_EQ(spec->key, k);
    EXPECT_TRUE(validate(*spec).ok()) << k;
    EXPECT_TRUE(FourGame::create(*spec).ok()) << k;
  }
  auto unknown = find_variant("connect-six");
  ASSERT_FALSE(unknown.ok());
  EXPECT_EQ(unknown.error().code, ErrorCode::unknown_variant);
}

// RULES.md A6 classic: 7x6, four in a row, a match of two games.
TEST(RulesA6Classic, NothingChanges) {
  const VariantSpec v = find_variant("classic").value();
  EXPECT_EQ(v.width, 7);
  EXPECT_EQ(v.height, 6);
  EXPECT_EQ(v.line, 4);
  EXPECT_EQ(v.colours, 2);
  EXPECT_FALSE(v.cylinder || v.popout || v.misere || v.prefilled_outer);
  EXPECT_EQ(v.blocks, 0);
  EXPECT_EQ(v.opening_plies, 0);
  EXPECT_EQ(v.games_per_match(), 2);
  EXPECT_TRUE(v.rated_by_default());
}

// RULES.md A6 single game: one game, unrated; play is classic.
TEST(RulesA6Single, OneUnratedGame) {
  const VariantSpec v = find_variant("single").value();
  EXPECT_EQ(v.games_per_match(), 1);
  EXPECT_FALSE(v.rated_by_default());
  auto g = game_of("single");
  EXPECT_EQ(play_letters(g, "abababa"), win_by(0));
}

// RULES.md A6 five in a row: 9x6, outer columns pre-filled alternately (a1
// red, a2 yellow, ...; i1 yellow, i2 red, ...: mirrored), the line is five.
TEST(RulesA6Five, PrefilledOuterColumns) {
  auto g = game_of("five");
  EXPECT_EQ(g.spec().width, 9);
  EXPECT_EQ(g.spec().height, 6);
  EXPECT_EQ(g.spec().line, 5);
  const auto rows = g.board_rows();
  EXPECT_EQ(rows[5], "R.......Y");  // row 1
  EXPECT_EQ(rows[4], "Y.......R");  // row 2
  EXPECT_EQ(rows[0], "Y.......R");  // row 6
  for (int row = 0; row < 6; ++row) {
    EXPECT_EQ(g.position().at(0, row), row % 2);
    EXPECT_EQ(g.position().at(8, row), 1 - row % 2);
  }
  // The full outer columns take no disc; red still moves first.
  EXPECT_EQ(g.legal_moves(), (std::vector<std::string>{"b", "c", "d", "e", "f", "g", "h"}));
  EXPECT_EQ(g.play("a").error().code, ErrorCode::column_full);
  EXPECT_EQ(g.side_to_move(), 0);
}

TEST(RulesA6Five, FourIsNotEnoughFiveWins) {
  auto g = game_of("five");
  // Red c1 d1 e1 f1: four in a row, no win.
  EXPECT_EQ(play_letters(g, "cceedd"), Outcome{});
  EXPECT_EQ(play_letters(g, "f"), Outcome{});
  EXPECT_EQ(play_letters(g, "f"), Outcome{});
  EXPECT_EQ(play_letters(g, "g"), win_by(0));  // c1..g1
}

TEST(RulesA6Five, LineOfFiveThroughAPrefilledDisc) {
  auto g = game_of("five");
  // a1 is red from the start: red b1 c1 d1 e1 completes a1..e1.
  EXPECT_EQ(play_letters(g, "bbccdd"), Outcome{});
  EXPECT_EQ(play_letters(g, "e"), win_by(0));
  const auto cells = g.winning_cells();
  EXPECT_EQ(cells.front(), (Cell{0, 0}));
  EXPECT_EQ(cells.size(), 5u);
}

TEST(RulesA6Five, VerticalFive) {
  auto g = game_of("five");
  EXPECT_EQ(play_letters(g, "bcbcbcbc"), Outcome{});  // four each
  EXPECT_EQ(play_letters(g, "b"), win_by(0));
}

// RULES.md A6 small board: 6x5, otherwise classic.
TEST(RulesA6Small, SixByFive) {
  auto g = game_of("small");
  EXPECT_EQ(g.spec().width, 6);
  EXPECT_EQ(g.spec().height, 5);
  EXPECT_EQ(g.spec().line, 4);
  EXPECT_EQ(play_letters(g, "abababa"), win_by(0));
  EXPECT_FALSE(g.play("g").ok());
}

// RULES.md A6 misère: whoever makes the line loses.
TEST(RulesA6Misere, LineMakerLoses) {
  auto g = game_of("misere");
  EXPECT_EQ(play_letters(g, "abababa"), win_by(1));  // red made the line: yellow wins
  auto y = game_of("misere");
  EXPECT_EQ(play_letters(y, "gabababa"), win_by(0));  // yellow made it: red wins
}

TEST(RulesA6Misere, FullBoardStaysADraw) {
  auto g = game_of("misere");
  EXPECT_EQ(play_letters(g, "edgabeffbbfabgabffbaegdcggaegfcaececccdddd"),
            (Outcome{Status::draw, -1, Reason::full}));
}

// RULES.md A6 cylinder: the column right of the last is the first; horizontal
// and diagonal lines may cross that edge.
TEST(RulesA6Cylinder, HorizontalLineAcrossTheEdge) {
  // Red f1 g1 a1 b1.
  auto g = game_of("cylinder");
  EXPECT_EQ(play_letters(g, "fcgca"), Outcome{});
  EXPECT_EQ(play_letters(g, "d"), Outcome{});
  EXPECT_EQ(play_letters(g, "b"), win_by(0));
  EXPECT_EQ(g.winning_cells(), (std::vector<Cell>{{0, 0}, {1, 0}, {5, 0}, {6, 0}}));
  // The same moves on a flat board win nothing.
  auto flat = game_of("classic");
  EXPECT_EQ(play_letters(flat, "fcgcadb"), Outcome{});
}

TEST(RulesA6Cylinder, RisingDiagonalAcrossTheEdge) {
  // Red e1 f2 g3 a4: rising, wrapping from column g to column a.
  const std::string_view moves = "cfegbgcafagaa";
  auto g = game_of("cylinder");
  EXPECT_EQ(play_letters(g, moves.substr(0, moves.size() - 1)), Outcome{});
  EXPECT_EQ(play_letters(g, moves.substr(moves.size() - 1)), win_by(0));
  EXPECT_EQ(g.winning_cells(), (std::vector<Cell>{{0, 3}, {4, 0}, {5, 1}, {6, 2}}));
  auto flat = game_of("classic");
  EXPECT_EQ(play_letters(flat, moves), Outcome{});
}

TEST(RulesA6Cylinder, FallingDiagonalAcrossTheEdge) {
  // 4x4: yellow d4 a3 b2 c1 falls from column d across the edge into a.
  const std::string_view moves = "acabdadbdd";
  auto g = game_of("cylinder", 4, 4);
  EXPECT_EQ(play_letters(g, moves.substr(0, moves.size() - 1)), Outcome{});
  EXPECT_EQ(play_letters(g, moves.substr(moves.size() - 1)), win_by(1));
  auto flat = game_of("classic", 4, 4);
  EXPECT_EQ(play_letters(flat, moves), Outcome{});
}

// Red a4 a5 a6 and b1 lie next to each other in the bit layout only across
// the spare bit above column a: no line on either board.
TEST(RulesA6Cylinder, NoLineFromAColumnTopIntoTheNextColumn) {
  for (auto key : {"cylinder", "classic"}) {
    auto g = game_of(key);
    EXPECT_EQ(play_letters(g, "bagagaacaca"), Outcome{}) << key;
    EXPECT_EQ(g.board_rows()[0], "R......");
  }
}

}  // namespace
}  // namespace ft::rules
