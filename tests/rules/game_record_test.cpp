// The plain-text game record (RULES.md A1 move list): it writes and
// reads back to the same game, and a damaged record is refused with its line.
#include <gtest/gtest.h>

#include "rules/game_record.h"
#include "rules/setup_draw.h"
#include "rules_test_util.h"

namespace ft::rules {
namespace {

using namespace testing;  // rules_test_util.h

void expect_same_game(const FourGame& a, const FourGame& b) {
  EXPECT_EQ(a.spec().key, b.spec().key);
  EXPECT_EQ(a.spec().width, b.spec().width);
  EXPECT_EQ(a.spec().height, b.spec().height);
  EXPECT_EQ(a.spec().popout, b.spec().popout);
  EXPECT_EQ(a.setup().blocks, b.setup().blocks);
  EXPECT_EQ(a.setup().opening, b.setup().opening);
  EXPECT_EQ(a.move_list(), b.move_list());
  EXPECT_EQ(a.outcome(), b.outcome());
  EXPECT_EQ(a.board_rows(), b.board_rows());
  EXPECT_EQ(a.repetition_warning(), b.repetition_warning());
}

TEST(RulesA1Record, ExampleLayout) {
  auto g = game_of("popout");
  play_all(g, {"d", "d", "d^"});
  const std::vector<std::string> players = {"Ann", "Bob"};
  const std::string text = format_record(g, players).value();
  EXPECT_EQ(text,
            "Variant: popout\n"
            "Size: 7x6\n"
            "Red: Ann\n"
            "Yellow: Bob\n"
            "Result: ongoing\n"
            "Moves:\n"
            "1. ● d\n"
            "2. ○ d\n"
            "3. ● d^\n");
  auto back = parse_record(text);
  ASSERT_TRUE(back.ok()) << back.error().message;
  expect_same_game(g, back->game);
  EXPECT_EQ(back->players, players);
  EXPECT_EQ(back->result, "ongoing");
}

// Random games of every variant (and some sizes) survive the round trip.
TEST(RulesA1Record, EveryVariantRoundTrips) {
  SeededRandom rng(77);
  for (auto key : variant_keys()) {
    for (int i = 0; i < 20; ++i) {
      VariantOptions o;
      if (i % 3 == 1) {
        o.width = 4 + rng.below(7);
        o.height = 4 + rng.below(7);
      }
      if (key == "five" && i % 2 == 0) o.popout = 1;
      auto spec = make_variant(key, o);
      if (!spec) continue;  // e.g. an even width for odd blocks
      auto game = FourGame::create(*spec, draw_setup(*spec, rng.next()));
      ASSERT_TRUE(game.ok()) << key;
      FourGame g = game.value();
      const int stop = rng.below(40);
      for (int ply = 0; ply < stop && !g.outcome().over(); ++ply) {
        const auto legal = g.legal_moves();
        ASSERT_TRUE(g.play(legal[rng.below(static_cast<int>(legal.size()))]).ok());
      }
      std::vector<std::string> players;
      for (int s = 0; s < spec->seats; ++s) players.push_back("player " + std::to_string(s));
      const auto text = format_record(g, players);
      ASSERT_TRUE(text.ok()) << text.error().message;
      auto back = parse_record(*text);
      ASSERT_TRUE(back.ok()) << key << ": " << back.error().message << "\n" << *text;
      expect_same_game(g, back->game);
      EXPECT_EQ(back->players, players);
      EXPECT_EQ(format_record(back->game, back->players).value(), *text);
    }
  }
}

TEST(RulesA1Record, SetUpsAndNumberingAfterAnOpening) {
  // RULES.md A9: numbering continues after the opening's plies.
  const VariantSpec spec = find_variant("drawn-opening").value();
  auto g = FourGame::create(spec, rules::Setup{{}, {3, 2}}).value();
  play_all(g, {"e"});
  const std::string text = format_record(g).value();
  EXPECT_NE(text.find("Opening: d c\n"), std::string::npos) << text;
  EXPECT_NE(text.find("Red:\nYellow:\n"), std::string::npos) << text;
  EXPECT_NE(text.find("Moves:\n3. ● e\n"), std::string::npos) << text;
  // RULES.md A8 blocks, A7 five with pops, A11 four seats.
  const VariantSpec obst = find_variant("obstacles").value();
  auto o =
      FourGame::create(obst, rules::Setup{{Cell{1, 0}, Cell{5, 0}, Cell{1, 1}, Cell{5, 1}}, {}})
          .value();
  EXPECT_NE(format_record(o)->find("Blocks: b1 b2 f1 f2\n"), std::string::npos);
  VariantOptions pop;
  pop.popout = 1;
  auto five = FourGame::create(make_variant("five", pop).value()).value();
  EXPECT_NE(format_record(five)->find("Size: 9x6\nPopOut: yes\n"), std::string::npos);
  auto teams = game_of("two-vs-two");
  const std::vector<std::string> four = {"a", "b", "c", "d"};
  EXPECT_NE(format_record(teams, four)->find("Red 1: a\nYellow 1: b\nRed 2: c\nYellow 2: d\n"),
            std::string::npos);
  auto three = game_of("three-players");
  play_all(three, {"a", "b", "c"});
  EXPECT_NE(format_record(three)->find("3. ◆ c\n"), std::string::npos);
}

// The set-up alone (what an export gives besides the move lines): it reads
// back to the same start, and anything else in it is refused.
TEST(RulesA1Record, SetUpLinesReadBackToTheSameStart) {
  const VariantSpec obst = find_variant("obstacles").value();
  auto o = FourGame::create(obst, rules::Setup{{Cell{1, 0}, Cell{5, 0}}, {}}).value();
  const VariantSpec opening = find_variant("drawn-opening").value();
  auto d = FourGame::create(opening, rules::Setup{{}, {3, 2}}).value();
  VariantOptions pop;
  pop.popout = 1;
  pop.width = 8;
  auto five = FourGame::create(make_variant("five", pop).value()).value();
  for (const FourGame* g : {&o, &d, &five}) {
    const std::string text = format_setup(*g);
    EXPECT_EQ(format_record(*g)->substr(0, text.size()), text);
    auto back = parse_setup(text);
    ASSERT_TRUE(back) << text << back.error().message;
    expect_same_game(*g, *back);
  }
  EXPECT_EQ(format_setup(d), "Variant: drawn-opening\nSize: 7x6\nOpening: d c\n");
  EXPECT_FALSE(parse_setup("Variant: classic\nRed: Ann\n"));
  EXPECT_FALSE(parse_setup("Variant: classic\nResult: ongoing\n"));
  EXPECT_FALSE(parse_setup("Size: 7x6\n"));
  EXPECT_FALSE(parse_setup("Variant: classic\nOpening: d z\n"));
}

TEST(RulesA1Record, ResultsOffTheBoard) {
  auto g = game_of("classic");
  play_all(g, {"d", "c"});
  const std::string text = format_record(g, {}, "yellow wins by resignation").value();
  EXPECT_NE(text.find("Result: yellow wins by resignation\n"), std::string::npos);
  auto back = parse_record(text);
  ASSERT_TRUE(back.ok()) << back.error().message;
  EXPECT_EQ(back->result, "yellow wins by resignation");
  EXPECT_FALSE(back->game.outcome().over());
  // A board result cannot be overridden, nor can a made-up one be written.
  EXPECT_FALSE(format_record(g, {}, "red wins by line").ok());
  EXPECT_FALSE(format_record(g, {}, "red wins by magic").ok());
  auto won = game_of("classic");
  play_all(won, {"a", "b", "a", "b", "a", "b", "a"});
  EXPECT_FALSE(format_record(won, {}, "yellow wins by time").ok());
  EXPECT_NE(format_record(won)->find("Result: red wins by line\n"), std::string::npos);
}

TEST(RulesA1Record, DamagedRecordsNameTheirLine) {
  const std::string good =
      "Variant: classic\nSize: 7x6\nRed: A\nYellow: B\nResult: ongoing\nMoves:\n1. ● d\n2. ○ d\n";
  ASSERT_TRUE(parse_record(good).ok());
  auto error_of = [](const std::string& text) {
    auto r = parse_record(text);
    EXPECT_FALSE(r.ok()) << text;
    return r.ok() ? std::string() : r.error().message;
  };
  auto replace = [&](std::string_view from, std::string_view to) {
    std::string s = good;
    s.replace(s.find(from), from.size(), to);
    return s;
  };
  EXPECT_EQ(error_of(replace("2. ○ d", "3. ○ d")), "line 8: expected ply 2");
  EXPECT_EQ(error_of(replace("2. ○ d", "2. ● d")), "line 8: ply 2 is yellow's");
  EXPECT_EQ(error_of(replace("2. ○ d", "2. ○ z")),
            "line 8: move 'z': column z does not exist on a board 7 wide");
  EXPECT_EQ(error_of(replace("2. ○ d", "2. ○ d^")),
            "line 8: move 'd^': pops are allowed in PopOut only (RULES.md A7)");
  EXPECT_EQ(error_of(replace("2. ○ d", "2.○d")), "line 8: a move line reads '7. ● d'");
  EXPECT_NE(error_of(replace("Result: ongoing", "Result: red wins by line"))
                .find("the moves give 'ongoing'"),
            std::string::npos);
  EXPECT_NE(error_of(replace("Variant: classic", "Variant: chess")).find("unknown variant"),
            std::string::npos);
  EXPECT_NE(error_of(replace("Size: 7x6", "Size: 7x11")).find("height 11"), std::string::npos);
  EXPECT_NE(error_of(replace("Size: 7x6", "Size: seven")).find("WxH"), std::string::npos);
  EXPECT_NE(error_of(replace("Yellow: B\n", "")).find("seats"), std::string::npos);
  EXPECT_NE(error_of(replace("Red: A", "Blue: A")).find("expected seat 'Red'"), std::string::npos);
  EXPECT_NE(error_of(replace("Moves:\n", "")).find("line"), std::string::npos);
  EXPECT_NE(error_of(replace("Result: ongoing\n", "")).find("no Result"), std::string::npos);
  EXPECT_NE(error_of(replace("Size: 7x6\n", "Size: 7x6\nBlocks: c2\n")).find("float"),
            std::string::npos);
  // Nothing may follow the end of the game.
  std::string over = "Variant: classic\nRed:\nYellow:\nResult: red wins by line\nMoves:\n";
  const char* cols = "abababa";
  for (int i = 0; i < 7; ++i)
    over += std::to_string(i + 1) + ". " + (i % 2 == 0 ? "●" : "○") + " " + cols[i] + "\n";
  ASSERT_TRUE(parse_record(over).ok());
  EXPECT_NE(error_of(over + "8. ○ c\n").find("the game is over"), std::string::npos);
}

}  // namespace
}  // namespace ft::rules
