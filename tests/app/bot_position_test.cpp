// The reference bot's position (app/server/bot_position.h) from the lines of
// a game's stream: a drawn opening, which the stream does not list, read off
// the board; twiceFour's round start told apart by the side to move; what
// cannot be rebuilt refused with a reason.
#include "app/server/bot_position.h"

#include <gtest/gtest.h>

#include "rules/four_game.h"
#include "rules/twicefour_game.h"
#include "rules/variant.h"

namespace ft::app {
namespace {

namespace json = boost::json;

json::object settings(const std::string& variant, int opening_plies) {
  return json::object{{"game", "four"},
                      {"variant", variant},
                      {"width", 7},
                      {"height", 6},
                      {"popout", false},
                      {"blocks", 0},
                      {"opening_plies", opening_plies}};
}

// A gameState as the stream writes it for `game`: its moves (the set-up's
// not among them) and its board.
json::object state_of(const rules::GameState& game, const std::string& moves) {
  json::array rows;
  for (const std::string& r : game.board_rows()) rows.push_back(json::string(r));
  return json::object{
      {"moves", moves}, {"board", rows}, {"to_move", json::object{{"side", game.side_to_move()}}}};
}

TEST(BotPosition, ReadsADrawnOpeningOffTheBoard) {
  rules::VariantOptions options;
  options.opening_plies = 4;
  auto spec = rules::make_variant("drawn-opening", options);
  ASSERT_TRUE(spec);
  rules::Setup setup;
  setup.opening = {3, 3, 2, 4};  // d d c e: the draw, in an order of its own
  auto made = rules::FourGame::create(*spec, setup);
  ASSERT_TRUE(made);
  rules::FourGame game = std::move(made).value();
  for (const char* m : {"c", "e", "e"}) ASSERT_TRUE(game.play(std::string(m)));
  std::string why;
  auto rebuilt = rebuild_position(settings("drawn-opening", 4), state_of(game, "c e e"), why);
  ASSERT_TRUE(rebuilt) << why;
  EXPECT_EQ(rebuilt->board_rows(), game.board_rows());
  EXPECT_EQ(rebuilt->side_to_move(), game.side_to_move());
  EXPECT_EQ(rebuilt->legal_moves(), game.legal_moves());
  // A board the moves cannot be taken back from (a column they never
  // reached) is refused, not guessed.
  json::object wrong = state_of(game, "c e a");
  EXPECT_FALSE(rebuild_position(settings("drawn-opening", 4), wrong, why));
  EXPECT_FALSE(why.empty());
}

TEST(BotPosition, TellsTwiceFoursRoundStartBySideToMove) {
  json::object s{{"game", "twicefour"}};
  for (int first : {rules::TF_CROSS, rules::TF_CIRCLE}) {
    const rules::TwiceFourGame game = rules::TwiceFourGame::start(first);
    std::string why;
    auto rebuilt = rebuild_position(s, state_of(game, ""), why);
    ASSERT_TRUE(rebuilt) << why;
    EXPECT_EQ(rebuilt->side_to_move(), first);
    EXPECT_EQ(rebuilt->legal_moves(), game.legal_moves());
  }
}

}  // namespace
}  // namespace ft::app
