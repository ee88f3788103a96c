#include "rating/glicko2.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "rating/match_rating.h"

namespace ft::rating {
namespace {

constexpr std::int64_t DAY = 24LL * 60 * 60 * 1000;

// Glickman, "Example of the Glicko-2 system": tau 0.5, a 1500 / 200 / 0.06
// player beats 1400 / 30 and loses to 1550 / 100 and 1700 / 300 in one period.
TEST(Glicko2, PaperWorkedExample) {
  GlickoParams p;
  p.tau = 0.5;
  const Rating player{1500, 200, 0.06, 0, 0};
  const std::vector<Outcome> games = {{1400, 30, 1}, {1550, 100, 0}, {1700, 300, 0}};
  const Rating r = glicko2_update(player, games, 1.0, p);
  EXPECT_NEAR(r.rating, 1464.06, 0.01);
  EXPECT_NEAR(r.deviation, 151.52, 0.01);
  EXPECT_NEAR(r.volatility, 0.05999, 0.00001);
}

// RULES.md A5: start values of a newcomer.
TEST(RulesA5, NewcomerStartsAt1500WithDeviation500AndIsProvisional) {
  const Rating r = initial_rating();
  EXPECT_EQ(r.rating, 1500);
  EXPECT_EQ(r.deviation, 500);
  EXPECT_EQ(r.volatility, 0.06);
  EXPECT_TRUE(provisional(r, 0));
}

// RULES.md A5: a match scored 2:0 counts as a win (1), 1½:½ as 0.75, 1:1 as 0.5.
TEST(RulesA5, MatchScoreIsShareOfMatchPoints) {
  EXPECT_DOUBLE_EQ(share(2, 0), 1.0);
  EXPECT_DOUBLE_EQ(share(1.5, 0.5), 0.75);
  EXPECT_DOUBLE_EQ(share(1, 1), 0.5);
  EXPECT_DOUBLE_EQ(share(0.5, 1.5), 0.25);
  EXPECT_DOUBLE_EQ(share(0, 0), 0.5);
}

// RULES.md A5: a 1½:½ win moves less than a 2:0 win, a drawn match between
// equals moves nobody's rating.
TEST(RulesA5, FractionalMatchScoreMovesRatingProportionally) {
  const Rating a{1500, 200, 0.06, 0, 5};
  const Rating b{1500, 200, 0.06, 0, 5};
  auto win = rate_match({{0, 2, a}, {1, 0, b}}, DAY);
  auto narrow = rate_match({{0, 1.5, a}, {1, 0.5, b}}, DAY);
  auto drawn = rate_match({{0, 1, a}, {1, 1, b}}, DAY);
  ASSERT_TRUE(win.error.empty() && narrow.error.empty() && drawn.error.empty());
  EXPECT_GT(win.ratings[0].rating, narrow.ratings[0].rating);
  EXPECT_GT(narrow.ratings[0].rating, 1500);
  EXPECT_NEAR(drawn.ratings[0].rating, 1500, 1e-9);
  EXPECT_NEAR(win.ratings[0].rating - 1500, 1500 - win.ratings[1].rating, 1e-9);
  EXPECT_EQ(win.ratings[0].matches, 6);
  EXPECT_EQ(win.ratings[0].last_rated_ms, DAY);
}

// RULES.md A5: a three-player match becomes pairwise results between all
// opponents by their points.
TEST(RulesA5, ThreePlayerMatchIsRatedPairwise) {
  const Rating r{1500, 300, 0.06, 0, 1};
  // Points 2, 1, 0 (each player moved first once, RULES.md A10).
  auto m = rate_match({{0, 2, r}, {1, 1, r}, {2, 0, r}}, DAY);
  ASSERT_TRUE(m.error.empty()) << m.error;
  ASSERT_EQ(m.results[0].size(), 2u);
  EXPECT_NEAR(m.results[0][0].score, 2.0 / 3.0, 1e-12);
  EXPECT_DOUBLE_EQ(m.results[0][1].score, 1.0);
  EXPECT_NEAR(m.results[1][0].score, 1.0 / 3.0, 1e-12);
  EXPECT_DOUBLE_EQ(m.results[1][1].score, 1.0);
  EXPECT_GT(m.ratings[0].rating, m.ratings[1].rating);
  EXPECT_GT(m.ratings[1].rating, m.ratings[2].rating);
  EXPECT_GT(m.ratings[1].rating, 1500);  // beat player 3, lost narrowly to player 1
}

// RULES.md A5: two vs two: every player is compared with both opponents,
// never with their team-mate.
TEST(RulesA5, TeamMatchComparesOpponentsNotTeamMates) {
  const Rating strong{1800, 100, 0.06, 0, 10};
  const Rating weak{1400, 100, 0.06, 0, 10};
  auto m = rate_match({{0, 1.5, strong}, {1, 0.5, weak}, {0, 1.5, weak}, {1, 0.5, strong}}, DAY);
  ASSERT_TRUE(m.error.empty()) << m.error;
  for (const auto& rs : m.results) ASSERT_EQ(rs.size(), 2u);
  // Seat 0's opponents are seats 1 and 3 (1400 and 1800), not team-mate seat 2.
  EXPECT_DOUBLE_EQ(m.results[0][0].opponent_rating, 1400);
  EXPECT_DOUBLE_EQ(m.results[0][1].opponent_rating, 1800);
  EXPECT_DOUBLE_EQ(m.results[0][0].score, 0.75);
  EXPECT_DOUBLE_EQ(m.results[1][0].score, 0.25);
  EXPECT_GT(m.ratings[2].rating, 1400);
  EXPECT_LT(m.ratings[3].rating, 1800);
}

// RULES.md A5: the deviation grows with inactivity, so a long absence makes
// the rating provisional again.
TEST(RulesA5, DeviationGrowsWithInactivityAndRatingTurnsProvisional) {
  const Rating settled{1700, 50, 0.06, 0, 40};
  EXPECT_FALSE(provisional(settled, 0));
  EXPECT_NEAR(current(settled, 0).deviation, 50, 1e-9);
  const double month = current(settled, 30 * DAY).deviation;
  const double year = current(settled, 365 * DAY).deviation;
  EXPECT_GT(month, 50);
  EXPECT_GT(year, month);
  EXPECT_FALSE(provisional(settled, 30 * DAY));
  EXPECT_TRUE(provisional(settled, 365 * DAY));
  // Never beyond a newcomer's deviation.
  EXPECT_LE(current(settled, 100000 * DAY).deviation, 500);
  EXPECT_EQ(current(settled, 365 * DAY).rating, 1700);
}

// RULES.md A5: the deviation never shrinks below its floor however many
// matches are played.
TEST(RulesA5, DeviationHasAFloor) {
  Rating a{1500, 60, 0.06, 0, 100};
  const Rating b{1500, 60, 0.06, 0, 100};
  for (int i = 1; i <= 200; ++i) {
    const std::vector<Outcome> res = {{b.rating, b.deviation, 0.5}};
    a = rate(a, res, i * 1000LL, {});
  }
  EXPECT_DOUBLE_EQ(a.deviation, GlickoParams{}.min_deviation);
}

// RULES.md A5: one rating per variant and one for twiceFour; single game unrated.
TEST(RulesA5, OneRatingPoolPerVariantSingleGameUnrated) {
  EXPECT_EQ(rating_pool("classic", false), "classic");
  EXPECT_EQ(rating_pool("popout", false), "popout");
  EXPECT_EQ(rating_pool("twicefour", false), "twicefour");
  EXPECT_FALSE(rating_pool("classic", true).has_value());
  EXPECT_FALSE(rating_pool("single", false).has_value());
}

// Extreme but valid inputs (huge rating gaps, tiny and huge deviations,
// decades of inactivity) stay finite and inside the deviation bounds.
TEST(RatingInput, ExtremeValuesStayFiniteAndBounded) {
  const double ratings[] = {0, 800, 1500, 2700, 4000};
  const double deviations[] = {1, 45, 200, 500, 5000};
  const double scores[] = {0, 0.25, 0.5, 1};
  const std::int64_t gaps[] = {0, DAY, 3650 * DAY};
  for (double r : ratings)
    for (double d : deviations)
      for (double s : scores)
        for (std::int64_t gap : gaps) {
          const Rating p{r, d, 0.06, 0, 3};
          const std::vector<Outcome> res = {{4000 - r, d, s}, {r, 45, 1 - s}};
          const Rating out = rate(p, res, gap);
          ASSERT_TRUE(std::isfinite(out.rating)) << r << " " << d << " " << s;
          ASSERT_TRUE(std::isfinite(out.volatility));
          EXPECT_GE(out.deviation, 45);
          EXPECT_LE(out.deviation, 500);
          EXPECT_GT(out.volatility, 0);
        }
}

TEST(RatingInput, BadInputIsRejectedWithAReason) {
  const Rating ok{1500, 200, 0.06, 0, 0};
  Rating bad = ok;
  bad.deviation = -3;
  auto m = rate_match({{0, 1, ok}, {1, 1, bad}}, DAY);
  EXPECT_NE(m.error.find("seat 1: deviation"), std::string::npos) << m.error;
  EXPECT_TRUE(m.ratings.empty());
  auto one_team = rate_match({{0, 1, ok}, {0, 1, ok}}, DAY);
  EXPECT_NE(one_team.error.find("two teams"), std::string::npos);
  auto neg = rate_match({{0, -1, ok}, {1, 1, ok}}, DAY);
  EXPECT_NE(neg.error.find("points"), std::string::npos);
  EXPECT_NE(check(Outcome{1500, 100, 1.5}), "");
}

}  // namespace
}  // namespace ft::rating
