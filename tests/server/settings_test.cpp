// Table settings (docs/protocol.md 2.3): the twiceFour clock follows the
// table's settings as the match library gives them (RULES.md B7).
#include "server/protocol/settings.h"

#include <gtest/gtest.h>

#include "match/clock.h"

namespace ft::server {
namespace {

std::int64_t move_ms_of(const std::string& body) {
  auto s = parse_settings(body);
  EXPECT_TRUE(s.ok()) << (s ? "" : s.error().message);
  if (!s) return -1;
  EXPECT_TRUE(s->per_move);
  return s->move_ms;
}

// RULES.md B7: levels 1..7 play 60, 50, 40, 30, 25, 20 and 15 seconds per move.
TEST(Settings, TwiceFourAgainstTheComputerTakesItsLevelsTimePerMoveB7) {
  const std::int64_t seconds[] = {60, 50, 40, 30, 25, 20, 15};
  for (int level = 1; level <= 7; ++level) {
    const std::string body = R"({"game":"twicefour","opponent":{"kind":"computer","level":)" +
                             std::to_string(level) + "}}";
    EXPECT_EQ(move_ms_of(body), seconds[level - 1] * 1000) << "level " << level;
    EXPECT_EQ(move_ms_of(body), match::twicefour_level_time(level)->per_move_ms);
  }
}

TEST(Settings, TwiceFourFollowsTheTablesClockB7) {
  EXPECT_EQ(move_ms_of(R"({"game":"twicefour"})"), 60000);  // people: level 1's time
  EXPECT_EQ(move_ms_of(R"({"game":"twicefour","clock":{"kind":"per_move","move_ms":20000}})"),
            20000);
  EXPECT_EQ(move_ms_of(R"({"game":"twicefour","clock":{"kind":"per_move","level":4}})"), 30000);
  // An explicit clock wins over the computer's level.
  EXPECT_EQ(move_ms_of(R"({"game":"twicefour","clock":{"kind":"per_move","move_ms":45000},)"
                       R"("opponent":{"kind":"computer","level":7}})"),
            45000);
  auto settings = parse_settings(R"({"game":"twicefour","clock":{"kind":"per_move","level":3}})");
  ASSERT_TRUE(settings.ok());
  EXPECT_EQ(settings_json(*settings).at("clock").at("move_ms").as_int64(), 40000);
}

TEST(Settings, TwiceFourClockErrorsSayWhat) {
  auto both = parse_settings(
      R"({"game":"twicefour","clock":{"kind":"per_move","move_ms":20000,"level":2}})");
  ASSERT_FALSE(both.ok());
  EXPECT_NE(both.error().message.find("not both"), std::string::npos);
  auto level = parse_settings(R"({"game":"twicefour","clock":{"kind":"per_move","level":9}})");
  ASSERT_FALSE(level.ok());
  EXPECT_NE(level.error().message.find("'level' must be in 1..7"), std::string::npos);
  auto fischer = parse_settings(R"({"game":"twicefour","clock":{"kind":"fischer"}})");
  ASSERT_FALSE(fischer.ok());
  EXPECT_NE(fischer.error().message.find("time per move"), std::string::npos);
}

}  // namespace
}  // namespace ft::server
