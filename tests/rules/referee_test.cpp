// The referee: replies for good requests and a specific error for
// every kind of bad input, with the ply named where there is one.
#include <gtest/gtest.h>

#include "app/rules/referee.h"
#include "referee_test_util.h"

namespace ft::app::referee {
namespace {

TEST(Referee, IssueExampleWithEveryField) {
  auto r = reply(
      R"({"variant":"popout","width":7,"height":6,"popout":true,"blocks":["c1"],"moves":["d","d","d^"]})");
  EXPECT_EQ(r["status"], "ongoing");
  EXPECT_TRUE(r["winner"].is_null());
  EXPECT_TRUE(r["reason"].is_null());
  EXPECT_EQ(r["ply"], 3);
  EXPECT_EQ(r["to_move"], "yellow");
  // Yellow's disc fell to d1 after red popped; yellow may pop it.
  EXPECT_EQ(r["legal"], json::parse(R"(["a","b","c","d","e","f","g","d^"])"));
  EXPECT_EQ(r["board"],
            json::parse(R"([".......",".......",".......",".......",".......","..#Y..."])"));
  EXPECT_TRUE(r["warning"].is_null());
  // The keys come in the order the reply format in referee.h lists them.
  std::vector<std::string> keys;
  for (const auto& kv : r) keys.emplace_back(kv.key());
  EXPECT_EQ(keys, (std::vector<std::string>{"status", "winner", "reason", "ply", "to_move", "legal",
                                            "board", "warning"}));
}

TEST(Referee, ClassicDefaultsAndWin) {
  auto r = reply(R"({"variant":"classic","moves":["a","b","a","b","a","b","a"]})");
  EXPECT_EQ(r["status"], "win");
  EXPECT_EQ(r["winner"], "red");
  EXPECT_EQ(r["reason"], "line");
  EXPECT_EQ(r["ply"], 7);
  EXPECT_TRUE(r["to_move"].is_null());
  EXPECT_TRUE(r["legal"].as_array().empty());
  EXPECT_EQ(r["board"].as_array().size(), 6u);
  EXPECT_EQ(r["board"].as_array()[2], "R......");
}

TEST(Referee, MisereWinnerIsTheOtherPlayer) {  // RULES.md A6 misère
  auto r = reply(R"({"variant":"misere","moves":["a","b","a","b","a","b","a"]})");
  EXPECT_EQ(r["winner"], "yellow");
  EXPECT_EQ(r["reason"], "line");
}

TEST(Referee, TwoVsTwoWinnerIsTheTeamColour) {  // RULES.md A11
  auto r = reply(R"({"variant":"two-vs-two","moves":["a","b","a","b","a","b","a"]})");
  EXPECT_EQ(r["winner"], "red");
  EXPECT_EQ(r["board"].as_array().size(), 7u);
  EXPECT_EQ(r["board"].as_array()[0].as_string().size(), 8u);
}

TEST(Referee, ThreePlayersGreenMovesThird) {  // RULES.md A10
  auto r = reply(R"({"variant":"three-players","moves":["a","b"]})");
  EXPECT_EQ(r["to_move"], "green");
}

TEST(Referee, PopOutRepetitionWarningThenDraw) {  // RULES.md A7
  // After a, g, c, e both pop and drop back: the position after ply 4 comes
  // back after ply 8 (second time: warning) and ply 12 (third: draw).
  const std::string base = R"({"variant":"popout","moves":["a","g","c","e")";
  const std::string cycle = R"(,"a^","g^","a","g")";
  auto second = reply(base + cycle + "]}");
  EXPECT_EQ(second["status"], "ongoing");
  EXPECT_EQ(second["warning"], "repetition");
  auto third = reply(base + cycle + cycle + "]}");
  EXPECT_EQ(third["status"], "draw");
  EXPECT_EQ(third["reason"], "repetition");
  EXPECT_TRUE(third["warning"].is_null());
}

TEST(Referee, EmptyBoardAfterPopIsADraw) {  // RULES.md A7
  auto r = reply(R"({"variant":"popout","moves":["a","b","a^","b^"]})");
  EXPECT_EQ(r["status"], "draw");
  EXPECT_EQ(r["reason"], "empty");
}

TEST(Referee, BlocksSetUpAnyVariantAndNeverPop) {  // RULES.md A8, A7
  auto r = reply(R"({"variant":"classic","blocks":["a1","a2"],"moves":["a"]})");
  EXPECT_EQ(r["board"].as_array()[3], "R......");
  EXPECT_TRUE(contains(error_of(R"({"variant":"popout","blocks":["c1"],"moves":["c^"]})"),
                       "ply 1: move 'c^': the bottom of column c is a block"));
}

TEST(Referee, ObstaclesWithoutBlocksUseTheSeededLayout) {  // RULES.md A8
  auto a = reply(R"({"variant":"obstacles","seed":11})");
  auto b = reply(R"({"variant":"obstacles","seed":11})");
  auto zero = reply(R"({"variant":"obstacles"})");
  auto zero2 = reply(R"({"variant":"obstacles","seed":0})");
  EXPECT_EQ(a["board"], b["board"]);
  EXPECT_EQ(zero["board"], zero2["board"]);
  int blocks = 0;
  for (const auto& row : a["board"].as_array())
    for (char c : row.as_string()) blocks += c == '#';
  EXPECT_EQ(blocks, 4);
}

TEST(Referee, DrawnOpeningFromSeedOrGiven) {  // RULES.md A9
  auto drawn = reply(R"({"variant":"drawn-opening","seed":3})");
  EXPECT_EQ(drawn["ply"], 2);
  EXPECT_EQ(drawn["to_move"], "red");
  auto given = reply(R"({"variant":"drawn-opening","opening":["d","c"],"moves":["e"]})");
  EXPECT_EQ(given["ply"], 3);
  EXPECT_EQ(given["board"].as_array()[5], "..YRR..");
}

TEST(Referee, BadInputEachGetsASpecificError) {
  EXPECT_TRUE(contains(error_of("{\"variant\":"), "malformed JSON"));
  EXPECT_TRUE(contains(error_of("not json"), "malformed JSON"));
  EXPECT_TRUE(contains(error_of(""), "empty line"));
  EXPECT_TRUE(contains(error_of("[1,2]"), "must be a JSON object"));
  EXPECT_TRUE(contains(error_of("{}"), "variant is missing"));
  EXPECT_TRUE(contains(error_of(R"({"variant":7})"), "variant must be a string"));
  EXPECT_TRUE(contains(error_of(R"({"variant":"connect6"})"), "unknown variant 'connect6'"));
  EXPECT_TRUE(
      contains(error_of(R"({"variant":"classic","width":11})"), "width 11 is out of range"));
  EXPECT_TRUE(
      contains(error_of(R"({"variant":"classic","height":3})"), "height 3 is out of range"));
  EXPECT_TRUE(
      contains(error_of(R"({"variant":"classic","width":7.5})"), "width must be an integer"));
  EXPECT_TRUE(contains(error_of(R"({"variant":"classic","width":99999999999999999999})"),
                       "width must be an integer"));
  EXPECT_TRUE(
      contains(error_of(R"({"variant":"classic","colour":"red"})"), "unknown field 'colour'"));
  EXPECT_TRUE(contains(error_of(R"({"variant":"classic","popout":true})"), "popout combines only"));
  EXPECT_TRUE(
      contains(error_of(R"({"variant":"popout","popout":"yes"})"), "popout must be true or false"));
  EXPECT_TRUE(
      contains(error_of(R"({"variant":"obstacles","blocks":["c2"]})"), "block c2 would float"));
  EXPECT_TRUE(
      contains(error_of(R"({"variant":"obstacles","blocks":["c1","c1"]})"), "already taken"));
  EXPECT_TRUE(
      contains(error_of(R"({"variant":"obstacles","blocks":["z1"]})"), "column z does not exist"));
  EXPECT_TRUE(
      contains(error_of(R"({"variant":"obstacles","blocks":"c1"})"), "blocks must be an array"));
  EXPECT_TRUE(contains(error_of(R"({"variant":"classic","seed":-1})"), "seed -1 is out of range"));
  EXPECT_TRUE(
      contains(error_of(R"({"variant":"classic","moves":"abc"})"), "moves must be an array"));
  EXPECT_TRUE(contains(error_of(R"({"variant":"classic","moves":["a",3]})"),
                       "ply 2: move #2 is not a string"));
  EXPECT_TRUE(contains(error_of(R"({"variant":"classic","moves":["d","h"]})"),
                       "ply 2: move 'h': column h does not exist"));
  EXPECT_TRUE(contains(error_of(R"({"variant":"classic","moves":["a","a","a","a","a","a","a"]})"),
                       "ply 7: move 'a': column a is full"));
  EXPECT_TRUE(contains(error_of(R"({"variant":"popout","moves":["a","a^"]})"),
                       "ply 2: move 'a^': the bottom disc of column a is not yours"));
  EXPECT_TRUE(contains(error_of(R"({"variant":"five","popout":true,"moves":["a^"]})"),
                       "ply 1: move 'a^': column a is pre-filled"));
  EXPECT_TRUE(contains(error_of(R"({"variant":"classic","moves":["a^"]})"),
                       "ply 1: move 'a^': pops are allowed in PopOut only"));
  EXPECT_TRUE(
      contains(error_of(R"({"variant":"classic","moves":["a","b","a","b","a","b","a","b"]})"),
               "ply 8: move 'b': the game is already over (red won by line at ply 7)"));
  EXPECT_TRUE(contains(error_of(R"({"variant":"classic","moves":["dd"]})"), "ply 1: move 'dd'"));
  EXPECT_TRUE(contains(error_of(R"({"variant":"classic","opening":["d"]})"), "drawn-opening"));
  EXPECT_TRUE(contains(error_of(R"({"game":"chess"})"), "unknown game 'chess'"));
  EXPECT_TRUE(contains(error_of(R"({"game":1})"), "game must be a string"));
}

TEST(Referee, TwiceFourDispatchesToItsJudge) {
  // Whatever judge_twicefour answers, the request is not judged as four in a row.
  auto r = reply(R"({"game":"twicefour","variant":"classic","moves":["a"]})");
  EXPECT_FALSE(r.contains("board") && r["board"].as_array().size() == 6u);
}

TEST(Referee, HostileLinesAnswerWithoutEchoingGarbage) {
  const std::string long_move(5000, 'x');
  const std::string e = error_of(R"({"variant":"classic","moves":[")" + long_move + "\"]}");
  EXPECT_TRUE(contains(e, "ply 1: move of 5000 bytes"));
  EXPECT_LT(e.size(), 200u);
  EXPECT_TRUE(contains(error_of(std::string(100, '[') + std::string(100, ']')), "malformed JSON"));
  // A CRLF line end is accepted.
  EXPECT_EQ(reply("{\"variant\":\"classic\"}\r")["status"], "ongoing");
}

}  // namespace
}  // namespace ft::app::referee
