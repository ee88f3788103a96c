// RULES.md A10 (three players) and A11 (two vs two).
#include <gtest/gtest.h>

#include "rules_test_util.h"

namespace ft::rules {
namespace {

using namespace testing;  // rules_test_util.h

// RULES.md A10: three colours moving red, yellow, green; default board 9x7;
// a match is three games.
TEST(RulesA10ThreePlayers, ColoursOrderBoardAndMatch) {
  auto g = game_of("three-players");
  EXPECT_EQ(g.spec().width, 9);
  EXPECT_EQ(g.spec().height, 7);
  EXPECT_EQ(g.sides(), 3);
  EXPECT_EQ(g.spec().games_per_match(), 3);
  std::vector<std::string_view> order;
  for (int i = 0; i < 6; ++i) {
    order.push_back(g.side_name(g.side_to_move()));
    ASSERT_TRUE(g.play(std::string(1, static_cast<char>('a' + i))).ok());
  }
  EXPECT_EQ(order,
            (std::vector<std::string_view>{"red", "yellow", "green", "red", "yellow", "green"}));
  EXPECT_EQ(g.board_rows().back(), "RYGRYG...");
}

// RULES.md A10: the first line of four wins (the others lose), for any colour.
TEST(RulesA10ThreePlayers, FirstLineWinsForAnyColour) {
  auto red = game_of("three-players");
  EXPECT_EQ(play_letters(red, "abcabcabca"), win_by(0));
  auto green = game_of("three-players");
  EXPECT_EQ(play_letters(green, "abcabcabcef"), Outcome{});
  EXPECT_EQ(play_letters(green, "c"), win_by(2));  // green c1..c4
  EXPECT_EQ(green.side_name(2), "green");
}

// RULES.md A10: a full board without a line is a draw.
TEST(RulesA10ThreePlayers, FullBoardIsADraw) {
  auto g = game_of("three-players", 4, 4);
  EXPECT_EQ(play_letters(g, "bacaddddaacbccbb"), (Outcome{Status::draw, -1, Reason::full}));
}

// RULES.md A10: three colours take no pops and nothing but the board size.
TEST(RulesA10ThreePlayers, CombinesWithSizesOnly) {
  VariantOptions pop;
  pop.popout = 1;
  EXPECT_FALSE(make_variant("three-players", pop).ok());
  VariantOptions size;
  size.width = 10;
  size.height = 10;
  EXPECT_TRUE(make_variant("three-players", size).ok());
}

// RULES.md A11: two teams on a board of two colours; default 8x7; two games.
// The seat order Red 1, Yellow 1, Red 2, Yellow 2 maps seats onto the colour
// to move: seat = ply % 4, colour = ply % 2. Seats are the match's business
// (src/match); the rules see two colours.
TEST(RulesA11TwoVsTwo, TwoColoursFourSeats) {
  const VariantSpec v = find_variant("two-vs-two").value();
  EXPECT_EQ(v.width, 8);
  EXPECT_EQ(v.height, 7);
  EXPECT_EQ(v.colours, 2);
  EXPECT_EQ(v.seats, 4);
  EXPECT_EQ(v.games_per_match(), 2);
  auto g = game_of("two-vs-two");
  EXPECT_EQ(g.sides(), 2);
  std::vector<int> colours;
  for (int ply = 0; ply < 8; ++ply) {
    colours.push_back(g.side_to_move());
    ASSERT_TRUE(g.play(std::string(1, static_cast<char>('a' + ply))).ok());
  }
  // Red 1, Yellow 1, Red 2, Yellow 2, Red 1, ...
  EXPECT_EQ(colours, (std::vector<int>{0, 1, 0, 1, 0, 1, 0, 1}));
}

// RULES.md A11: team-mates share a colour and a result: the winner is the team.
TEST(RulesA11TwoVsTwo, WinnerIsTheTeamColour) {
  auto g = game_of("two-vs-two");
  // Red 1 plays a1 a3, Red 2 plays a2 a4 (their discs are one colour).
  EXPECT_EQ(play_letters(g, "abababa"), win_by(0));
  EXPECT_EQ(g.side_name(0), "red");
  auto y = game_of("two-vs-two");
  EXPECT_EQ(play_letters(y, "habababa"), win_by(1));
}

}  // namespace
}  // namespace ft::rules
