// twiceFour's `round` object (docs/protocol.md 5.3): the golden frames that
// the web client's tests read are what the server builds for the same moves,
// and its fields follow RULES.md B3 and B5.
#include "server/protocol/round_json.h"

#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace ft::server {
namespace {

namespace fs = std::filesystem;
namespace json = boost::json;

json::object golden(const std::string& name) {
  std::ifstream in(fs::path(FT_GOLDEN_DIR) / "s2c" / name, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  boost::system::error_code ec;
  json::value v = json::parse(ss.str(), ec);
  EXPECT_FALSE(ec) << name;
  return v.is_object() ? v.as_object() : json::object{};
}

rules::TwiceFourGame played(const json::array& moves, std::size_t count) {
  auto g = rules::TwiceFourGame::start(rules::TF_CROSS);
  for (std::size_t i = 0; i < count; ++i) {
    const auto r = g.play(std::string_view(moves.at(i).as_string()));
    EXPECT_TRUE(r.ok()) << moves.at(i);
  }
  return g;
}

json::array strings(const std::vector<std::string>& v) {
  json::array a;
  for (const auto& s : v) a.push_back(json::string(s));
  return a;
}

// The state frame's game lists every move of the round; the moved event is
// the same round after its first `ply` moves (the point that a2-d2 scored).
TEST(RoundJson, GoldenTwiceFourFramesAreWhatTheServerBuilds) {
  const json::object state = golden("state_twicefour.json");
  const json::object& sg = state.at("game").as_object();
  const json::array& moves = sg.at("moves").as_array();
  const auto whole = played(moves, moves.size());
  EXPECT_EQ(json::value(twicefour_round_json(whole)), sg.at("round"));
  EXPECT_EQ(json::value(strings(whole.board_rows())), sg.at("board"));
  EXPECT_EQ(sg.at("ply").as_int64(), whole.ply());
  EXPECT_EQ(std::string(rules::reason_name(whole.outcome().reason)), "repetition");

  const json::object moved = golden("event_moved_twicefour.json");
  const json::object& mg = moved.at("event").at("game").as_object();
  const auto part = played(moves, std::size_t(mg.at("ply").as_int64()));
  EXPECT_EQ(json::value(twicefour_round_json(part)), mg.at("round"));
  EXPECT_EQ(json::value(strings(part.board_rows())), mg.at("board"));
  EXPECT_EQ(json::value(strings(part.legal_moves())), mg.at("legal"));
  EXPECT_EQ(moved.at("event").at("move"), moves.at(part.ply() - 1));
}

// RULES.md B3, B5: points per side and the counted lines with scorer and
// half-move; placement only when a limit (not two points) ended the round.
TEST(RoundJson, PointsLinesAndPlacementFollowTheRules) {
  auto g = rules::TwiceFourGame::start();
  json::object o = twicefour_round_json(g);
  EXPECT_EQ(o.at("points"), json::parse("[0,0]"));
  EXPECT_TRUE(o.at("lines").as_array().empty());
  EXPECT_TRUE(o.at("placement").is_null());
  // Cross fills row 2 with d1-d2: a2-d2 and b2-e2 at once, the round won.
  for (auto m : {"c1-c2", "d4-e4", "b2-a2", "e4-d4", "d2-e2", "d4-e4", "b1-b2", "e4-d4", "d1-d2"})
    ASSERT_TRUE(g.play(std::string_view(m)).ok()) << m;
  o = twicefour_round_json(g);
  EXPECT_EQ(o.at("points"), json::parse("[2,0]"));
  EXPECT_EQ(o.at("lines"), json::parse(R"([
    {"line":"a2-d2","cells":["a2","b2","c2","d2"],"side":0,"ply":9},
    {"line":"b2-e2","cells":["b2","c2","d2","e2"],"side":0,"ply":9}])"));
  EXPECT_TRUE(o.at("placement").is_null());  // two points decided, not placement
  // A round that ends on the move limit shows both sums.
  auto setup = rules::TwiceFourGame::from_setup({.cross = {"b1", "c1", "d1", "b2", "d2"},
                                                 .circle = {"d5", "c5", "b5", "d4", "b4"},
                                                 .ply = 79});
  ASSERT_TRUE(setup.ok());
  rules::TwiceFourGame late = std::move(setup).value();
  ASSERT_TRUE(late.play(std::string_view("c1-c2")).ok());
  ASSERT_EQ(late.outcome().reason, rules::Reason::move_limit);
  o = twicefour_round_json(late);
  // By hand: cross 9 + 9 (row 2) + 1 (c1-c4) + 4 (b1-e4) + 4 (a4-d1) = 27;
  // circle 4 + 4 (row 4) + 1 (a2-d5) + 1 (b5-e2) = 10 (c2-c5 now holds a cross).
  EXPECT_EQ(o.at("placement"), json::parse("[27,10]"));
}

}  // namespace
}  // namespace ft::server
