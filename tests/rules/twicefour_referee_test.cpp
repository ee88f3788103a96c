// The referee's twiceFour judge: replies like four in a row plus
// points and placement; specific errors for bad input, naming the ply.
#include <gtest/gtest.h>

#include "app/rules/referee.h"
#include "referee_test_util.h"

namespace ft::app::referee {
namespace {

// RULES.md B2: the start, cross first by default.
TEST(RefereeTwiceFour, StartPosition) {
  auto r = reply(R"({"game":"twicefour"})");
  EXPECT_EQ(r["status"], "ongoing");
  EXPECT_TRUE(r["winner"].is_null());
  EXPECT_TRUE(r["reason"].is_null());
  EXPECT_EQ(r["ply"], 0);
  EXPECT_EQ(r["to_move"], "cross");
  EXPECT_EQ(r["legal"],
            json::parse(R"(["b2-a2","b2-b3","b2-c2","c1-c2","d2-c2","d2-d3","d2-e2"])"));
  EXPECT_EQ(r["board"], json::parse(R"([" OOO ",".O.O.",".....",".X.X."," XXX "])"));
  EXPECT_TRUE(r["warning"].is_null());
  EXPECT_EQ(r["points"], json::parse(R"({"cross":0,"circle":0})"));
  // Start placement, by hand: a2-d2 and b2-e2 hold two crosses (4 each),
  // c1-c4, b1-e4 and a4-d1 one (1 each) and no circle; circle the same
  // turned by 180 degrees.
  EXPECT_EQ(r["placement"], json::parse(R"({"cross":11,"circle":11})"));
  std::vector<std::string> keys;
  for (const auto& kv : r) keys.emplace_back(kv.key());
  EXPECT_EQ(keys, (std::vector<std::string>{"status", "winner", "reason", "ply", "to_move", "legal",
                                            "board", "warning", "points", "placement"}));
}

// RULES.md B2: the first side is chosen by the request.
TEST(RefereeTwiceFour, CircleFirst) {
  auto r = reply(R"({"game":"twicefour","first":"circle","moves":["c5-c4"]})");
  EXPECT_EQ(r["to_move"], "cross");
  EXPECT_EQ(r["ply"], 1);
  EXPECT_EQ(r["board"], json::parse(R"([" O.O ",".OOO.",".....",".X.X."," XXX "])"));
}

// Rounds of matches played before 2026-12-01 are judged from the first start.
TEST(RefereeTwiceFour, FirstStartOnRequest) {
  auto r =
      reply(R"({"game":"twicefour","start":1,"moves":["b1-b2","d5-d4","c1-c2","d4-d3","d1-d2"]})");
  EXPECT_EQ(r["status"], "win");
  EXPECT_EQ(r["winner"], "cross");
  EXPECT_EQ(r["ply"], 5);
  auto now = reply(R"({"game":"twicefour","start":2})");
  EXPECT_EQ(now["board"], json::parse(R"([" OOO ",".O.O.",".....",".X.X."," XXX "])"));
  EXPECT_TRUE(contains(error_of(R"({"game":"twicefour","start":3})"), "start must be 1"));
  EXPECT_TRUE(contains(error_of(R"({"game":"twicefour","start":"2"})"), "start must be 1"));
}

// RULES.md B3: a point for a line; the round won with two, here by a double
// line (row 2 full: a2-d2 and b2-e2 at once, d2 the last point).
TEST(RefereeTwiceFour, PointsAndDoubleLineWin) {
  auto one = reply(R"({"game":"twicefour","moves":["c1-c2","d4-e4","b2-a2","e4-d4","b1-b2"]})");
  ASSERT_FALSE(one.contains("error")) << json::serialize(one);
  EXPECT_EQ(one["status"], "ongoing");
  EXPECT_EQ(one["points"], json::parse(R"({"cross":1,"circle":0})"));
  auto two = reply(
      R"({"game":"twicefour","moves":["c1-c2","d4-e4","b2-a2","e4-d4","d2-e2","d4-e4","b1-b2","e4-d4","d1-d2"]})");
  EXPECT_EQ(two["status"], "win");
  EXPECT_EQ(two["winner"], "cross");
  EXPECT_EQ(two["reason"], "points");
  EXPECT_EQ(two["ply"], 9);
  EXPECT_EQ(two["points"], json::parse(R"({"cross":2,"circle":0})"));
  EXPECT_TRUE(two["to_move"].is_null());
}

// RULES.md B5: the second repetition warns, the third ends the round.
TEST(RefereeTwiceFour, RepetitionWarningAndEnd) {
  auto r = reply(R"({"game":"twicefour","moves":["b2-b3","d4-d3","b3-b2","d3-d4"]})");
  EXPECT_EQ(r["warning"], "repetition");
  auto e = reply(
      R"({"game":"twicefour","moves":["b2-b3","d4-d3","b3-b2","d3-d4","b2-b3","d4-d3","b3-b2","d3-d4"]})");
  EXPECT_EQ(e["status"], "draw");
  EXPECT_TRUE(e["winner"].is_null());
  EXPECT_EQ(e["reason"], "repetition");
  EXPECT_TRUE(e["to_move"].is_null());
  EXPECT_TRUE(e["legal"].as_array().empty());
  EXPECT_TRUE(contains(
      error_of(
          R"({"game":"twicefour","moves":["b2-b3","d4-d3","b3-b2","d3-d4","b2-b3","d4-d3","b3-b2","d3-d4","c1-c2"]})"),
      "ply 9: move 'c1-c2': the game is already over (drawn by repetition at ply 8)"));
}

// Bad input: a specific error naming the ply and the reason.
TEST(RefereeTwiceFour, BadInputErrors) {
  EXPECT_TRUE(contains(error_of(R"({"game":"twicefour","moves":["pass"]})"),
                       "ply 1: move 'pass': pass is only allowed when cross has no step"));
  EXPECT_TRUE(contains(error_of(R"({"game":"twicefour","moves":["b1-c1"]})"),
                       "ply 1: move 'b1-c1': c1 is not empty"));
  EXPECT_TRUE(contains(error_of(R"({"game":"twicefour","moves":["c1-c2","c2-c3"]})"),
                       "ply 2: move 'c2-c3': no circle piece on c2"));
  EXPECT_TRUE(contains(error_of(R"({"game":"twicefour","moves":["a1-a2"]})"),
                       "ply 1: move 'a1-a2': a1 is a corner"));
  EXPECT_TRUE(contains(error_of(R"({"game":"twicefour","moves":["c1-d2"]})"), "adjacent"));
  EXPECT_TRUE(contains(error_of(R"({"game":"twicefour","moves":["d"]})"),
                       "ply 1: move 'd': a move is a step like d4-e4 or the word pass"));
  EXPECT_TRUE(contains(error_of(R"({"game":"twicefour","moves":[3]})"), "is not a string"));
  EXPECT_TRUE(
      contains(error_of(R"({"game":"twicefour","moves":"b1-b2"})"), "moves must be an array"));
  EXPECT_TRUE(
      contains(error_of(R"({"game":"twicefour","first":"red"})"), "first must be cross or circle"));
  EXPECT_TRUE(contains(error_of(R"({"game":"twicefour","first":0})"), "first must be a string"));
  EXPECT_TRUE(
      contains(error_of(R"({"game":"twicefour","variant":"classic"})"), "unknown field 'variant'"));
}

}  // namespace
}  // namespace ft::app::referee
