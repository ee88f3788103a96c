// RULES.md A7: PopOut.
#include <gtest/gtest.h>

#include "rules/notation.h"
#include "rules_test_util.h"

namespace ft::rules {
namespace {

using namespace testing;  // rules_test_util.h

// RULES.md A7: pop one of your own discs from the bottom row; the column falls.
TEST(RulesA7PopOut, PopOwnBottomDiscAndTheColumnFalls) {
  auto g = game_of("popout");
  play_all(g, {"d", "d", "d"});  // d1 R, d2 Y, d3 R
  play_all(g, {"a"});            // yellow elsewhere
  const auto legal = g.legal_moves();
  EXPECT_EQ(legal.back(), "d^");  // drops first, then pops
  EXPECT_EQ(g.play("d^").value(), Outcome{});
  EXPECT_EQ(g.position().at(3, 0), 1);  // yellow fell to d1
  EXPECT_EQ(g.position().at(3, 1), 0);  // red to d2
  EXPECT_EQ(g.position().at(3, 2), NO_PIECE);
  EXPECT_EQ(g.position().height(3), 2);
  EXPECT_EQ(g.moves().back(), "d^");
  EXPECT_EQ(format_move_line(5, 0, Move{3, true}), "5. ● d^");
}

TEST(RulesA7PopOut, OnlyYourOwnDiscFromTheBottom) {
  auto g = game_of("popout");
  play_all(g, {"d"});
  auto theirs = g.play("d^");  // yellow may not pop red's disc
  ASSERT_FALSE(theirs.ok());
  EXPECT_EQ(theirs.error().code, ErrorCode::not_your_disc);
  auto empty = g.play("a^");
  ASSERT_FALSE(empty.ok());
  EXPECT_EQ(empty.error().code, ErrorCode::not_your_disc);
  play_all(g, {"a"});  // yellow a1
  // Red's d1 lies under nothing, yellow's a1 is not red's.
  EXPECT_EQ(g.legal_moves().back(), "d^");
  EXPECT_FALSE(g.play("a^").ok());
}

TEST(RulesA7PopOut, NoPopsOutsidePopOut) {
  for (auto key : {"classic", "cylinder", "misere", "five", "three-players"}) {
    auto g = game_of(key);
    play_all(g, {"d", "e", "f"});
    for (const auto& m : g.legal_moves()) EXPECT_EQ(m.find('^'), std::string::npos) << key;
    auto r = g.play("d^");
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code, ErrorCode::pop_not_allowed) << key;
  }
}

// Pops that complete lines, judged on a position built disc by disc from
// rows (top to bottom) with `mover` to move.
Outcome pop_on(const std::vector<std::string>& rows, int mover, int col) {
  static const Geometry geo(find_variant("popout").value());
  Position p(geo);
  const int h = static_cast<int>(rows.size());
  for (int c = 0; c < 7; ++c) {
    for (int row = 0; row < h; ++row) {
      const char ch = rows[h - 1 - row][c];
      if (ch == 'R' || ch == 'Y') p.put_disc(c, ch == 'R' ? 0 : 1);
    }
  }
  p.set_ply(mover);
  EXPECT_TRUE(p.check(Move{static_cast<std::int8_t>(col), true}).ok());
  return p.play(Move{static_cast<std::int8_t>(col), true});
}

// RULES.md A7: a pop that completes a line for both players: the popper wins.
TEST(RulesA7PopOut, DoubleLineWinsForThePopper) {
  const std::vector<std::string> rows = {
      "Y......",  // row 4
      "RYYY...",  // row 3: after the pop a3 is yellow (from a4): yellow a3-d3
      "YRRR...",  // row 2: after the pop a2 is red (from a3): red a2-d2
      "RYRY..R",  // row 1: red pops a1
  };
  EXPECT_EQ(pop_on(rows, 0, 0), win_by(0));
}

// RULES.md A7: a pop that completes a line only for the opponent: the opponent wins.
TEST(RulesA7PopOut, OpponentOnlyLineWinsForTheOpponent) {
  const std::vector<std::string> rows = {
      "Y......",
      "RYYY...",
      "YRRY...",  // d2 yellow: red gets no line
      "RYRY..R",
  };
  EXPECT_EQ(pop_on(rows, 0, 0), win_by(1));
}

TEST(RulesA7PopOut, PopperOnlyLineWinsForThePopper) {
  const std::vector<std::string> rows = {
      "R......",  // row 3: a3 red falls to a2 and completes a2-d2
      "YRRR...",
      "RYRY...",  // red pops a1; yellow's a2 falls to a1 and makes nothing
  };
  EXPECT_EQ(pop_on(rows, 0, 0), win_by(0));
  // Without a3 the same pop completes nothing and the game goes on.
  EXPECT_EQ(pop_on({"YRRR...", "RYRY..."}, 0, 0), Outcome{});
}

// RULES.md A7: a drop that fills the board with no line is a draw; so is a pop
// that leaves the board empty.
TEST(RulesA7PopOut, FullBoardByADropIsADraw) {
  auto g = game_of("popout", 4, 4);
  EXPECT_EQ(play_letters(g, "dcbacaaaddbcdbcb"), (Outcome{Status::draw, -1, Reason::full}));
}

TEST(RulesA7PopOut, EmptyBoardAfterAPopIsADraw) {
  auto g = game_of("popout");
  EXPECT_EQ(play_all(g, {"a", "b", "a^"}), Outcome{});
  EXPECT_EQ(play_all(g, {"b^"}), (Outcome{Status::draw, -1, Reason::empty}));
  EXPECT_TRUE(g.legal_moves().empty());
}

// RULES.md A7 (our rule): the third occurrence of a position is a draw, the
// second shows a warning.
TEST(RulesA7PopOut, ThreefoldRepetitionWithWarningAtTheSecond) {
  auto g = game_of("popout");
  play_all(g, {"a", "g", "c", "e"});
  EXPECT_FALSE(g.repetition_warning());
  EXPECT_EQ(g.repetitions(), 1);
  play_all(g, {"a^", "g^", "a"});
  EXPECT_FALSE(g.repetition_warning());
  EXPECT_EQ(play_all(g, {"g"}), Outcome{});  // second time
  EXPECT_TRUE(g.repetition_warning());
  EXPECT_EQ(g.repetitions(), 2);
  // Each position of the cycle now comes round for the second time.
  play_all(g, {"a^"});
  EXPECT_TRUE(g.repetition_warning());
  play_all(g, {"g^", "a"});
  EXPECT_TRUE(g.repetition_warning());
  EXPECT_EQ(play_all(g, {"g"}), (Outcome{Status::draw, -1, Reason::repetition}));
  EXPECT_FALSE(g.repetition_warning());
  EXPECT_EQ(g.play("a").error().code, ErrorCode::game_over);
}

TEST(RulesA7PopOut, WarningOnlyWhileThePositionIsASecondOccurrence) {
  auto g = game_of("popout");
  play_all(g, {"a", "g", "c", "e", "a^", "g^", "a", "g"});
  EXPECT_TRUE(g.repetition_warning());
  play_all(g, {"b"});  // a new position
  EXPECT_FALSE(g.repetition_warning());
  EXPECT_EQ(g.repetitions(), 1);
  // Classic keeps no repetition count: a position cannot recur without pops.
  auto c = game_of("classic");
  play_all(c, {"a", "b"});
  EXPECT_FALSE(c.repetition_warning());
}

// RULES.md A7: PopOut on every board size of the table settings.
TEST(RulesA7PopOut, EveryBoardSize) {
  for (int w = 4; w <= 10; ++w) {
    for (int h = 4; h <= 10; ++h) {
      auto g = game_of("popout", w, h);
      play_all(g, {"a", "b"});
      EXPECT_EQ(g.legal_moves().size(), static_cast<std::size_t>(w + 1));
      EXPECT_EQ(g.play("a^").value(), Outcome{});
    }
  }
}

// RULES.md A7: PopOut with five in a row; the pre-filled columns never pop.
TEST(RulesA7PopOut, WithFiveInARowPrefilledNeverPop) {
  VariantOptions o;
  o.popout = 1;
  auto spec = make_variant("five", o);
  ASSERT_TRUE(spec.ok());
  EXPECT_TRUE(spec->popout);
  EXPECT_EQ(spec->line, 5);
  auto g = FourGame::create(*spec).value();
  // a1 is red and red is to move, yet a is not poppable.
  for (const auto& m : g.legal_moves()) EXPECT_EQ(m.find('^'), std::string::npos);
  EXPECT_EQ(g.play("a^").error().code, ErrorCode::not_your_disc);
  play_all(g, {"b", "c"});
  EXPECT_EQ(g.legal_moves().back(), "b^");
  EXPECT_EQ(g.play("i^").error().code, ErrorCode::not_your_disc);
  // PopOut combines with nothing else.
  for (auto key : {"classic", "cylinder", "misere", "obstacles", "three-players"}) {
    auto bad = make_variant(key, o);
    EXPECT_FALSE(bad.ok()) << key;
  }
}

}  // namespace
}  // namespace ft::rules
