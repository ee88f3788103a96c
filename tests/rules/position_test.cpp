#include <gtest/gtest.h>

#include "rules/four_game.h"

namespace ft::rules {
namespace {

FourGame game_of(std::string_view key) { return FourGame::create(find_variant(key).value()).value(); }

Outcome play_all(FourGame& g, std::initializer_list<std::string_view> moves) {
  Outcome o;
  for (auto m : moves) {
    auto r = g.play(m);
    EXPECT_TRUE(r.ok()) << m << ": " << (r.ok() ? "" : r.error().message);
    if (!r.ok()) break;
    o = *r;
  }
  return o;
}

// RULES.md A2: four own discs in a vertical line win.
TEST(RulesA2, VerticalLineWins) {
  auto g = game_of("classic");
  auto o = play_all(g, {"a", "b", "a", "b", "a", "b", "a"});
  EXPECT_EQ(o.status, Status::win);
  EXPECT_EQ(o.winner, 0);
  EXPECT_EQ(o.reason, Reason::line);
}

}  // namespace
}  // namespace ft::rules
