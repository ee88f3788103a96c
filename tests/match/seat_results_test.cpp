// Who won a match, seat by seat (RULES.md A3, A10, A11): the one rule the
// room's match_over event and the profile page both read.
#include <gtest/gtest.h>

#include "match/results.h"

namespace ft::match {
namespace {

std::vector<std::string> names(const std::vector<SeatResult>& results) {
  std::vector<std::string> out;
  for (SeatResult r : results) out.emplace_back(seat_result_name(r));
  return out;
}

TEST(SeatResults, TwoPlayersMostPointsWinsAndEqualPointsDraw) {
  EXPECT_EQ(names(seat_results({Points{3}, Points{1}}, 2)),
            (std::vector<std::string>{"win", "loss"}));
  EXPECT_EQ(names(seat_results({Points{0}, Points{4}}, 2)),
            (std::vector<std::string>{"loss", "win"}));
  EXPECT_EQ(names(seat_results({Points{2}, Points{2}}, 2)),
            (std::vector<std::string>{"draw", "draw"}));
}

// A10: three players; the two without the most points both lose, and two
// that share the most draw while the third loses.
TEST(SeatResults, ThreePlayersTheTopAloneWinsOrTheSharedTopDraws) {
  EXPECT_EQ(names(seat_results({Points{2}, Points{4}, Points{0}}, 3)),
            (std::vector<std::string>{"loss", "win", "loss"}));
  EXPECT_EQ(names(seat_results({Points{3}, Points{3}, Points{0}}, 3)),
            (std::vector<std::string>{"draw", "draw", "loss"}));
}

// A11: seats 0 and 2 play for team 0, seats 1 and 3 for team 1.
TEST(SeatResults, TeamMatesShareTheirTeamsResult) {
  EXPECT_EQ(names(seat_results({Points{1}, Points{3}}, 4)),
            (std::vector<std::string>{"loss", "win", "loss", "win"}));
}

TEST(SeatResults, NoPointsGiveNoResults) {
  EXPECT_TRUE(seat_results({}, 2).empty());
}

}  // namespace
}  // namespace ft::match
