// A finished match's results and ratings (server/tables/match_finish.h, RULES.md
// A5): who is rated, from which rating, and what match_over and the store get.
#include "server/tables/match_finish.h"

#include <gtest/gtest.h>

#include <cmath>

#include "rating/match_rating.h"

namespace ft::server {
namespace {

namespace json = boost::json;

// Seat 0 beat seat 1 1½:½ in the classic pool.
FinishPlan two_people(bool rated) {
  FinishPlan plan;
  plan.people = {{0, 17, 0, 1.5}, {1, 18, 1, 0.5}};
  plan.rated = rated;
  plan.pool = "classic";
  plan.score = "1½:½";
  plan.now = 1764487600000;
  return plan;
}

TEST(MatchFinish, AnUnratedMatchStoresPointsAndNoRatings) {
  const Settled s = rate_finish(two_people(false), {});
  EXPECT_EQ(s.finish.result, "1½:½");
  EXPECT_EQ(s.finish.finished_ms, 1764487600000);
  ASSERT_EQ(s.finish.players.size(), 2u);
  EXPECT_EQ(s.finish.players[0], (store::MatchPlayerResult{17, 0, 1.5, 0.0, 0.0}));
  EXPECT_EQ(s.finish.players[1], (store::MatchPlayerResult{18, 1, 0.5, 0.0, 0.0}));
  EXPECT_TRUE(s.finish.ratings.empty());
  EXPECT_TRUE(s.ratings.empty());
}

// New players start from the initial rating; the change is rate_match's.
TEST(MatchFinish, ARatedMatchRatesFromTheStoredRatings) {
  store::Rating stored{17, "classic", 1700.0, 80.0, 0.06, 1764400000000, 12};
  const Settled s = rate_finish(two_people(true), {stored, std::nullopt});

  rating::Rating before0 = rating::initial_rating();
  before0.rating = 1700.0;
  before0.deviation = 80.0;
  before0.last_rated_ms = 1764400000000;
  before0.matches = 12;
  const rating::MatchRating want =
      rating::rate_match({{0, 1.5, before0}, {1, 0.5, rating::initial_rating()}}, 1764487600000);
  ASSERT_TRUE(want.error.empty()) << want.error;

  ASSERT_EQ(s.finish.ratings.size(), 2u);
  EXPECT_DOUBLE_EQ(s.finish.ratings[0].rating, want.ratings[0].rating);
  EXPECT_DOUBLE_EQ(s.finish.ratings[1].rating, want.ratings[1].rating);
  EXPECT_EQ(s.finish.ratings[0].games, 13);
  EXPECT_EQ(s.finish.ratings[1].games, 1);
  EXPECT_EQ(s.finish.ratings[0].variant, "classic");
  EXPECT_DOUBLE_EQ(s.finish.players[0].rating_before, 1700.0);
  EXPECT_DOUBLE_EQ(s.finish.players[0].rating_after, want.ratings[0].rating);

  ASSERT_EQ(s.ratings.size(), 2u);
  const json::object& r1 = s.ratings[1].as_object();
  EXPECT_EQ(r1.at("seat"), 1);
  EXPECT_EQ(r1.at("player"), "p_18");
  EXPECT_EQ(r1.at("pool"), "classic");
  // The frame carries whole points (protocol.md conventions), the store the
  // rating library's numbers.
  EXPECT_EQ(r1.at("before"), 1500);
  EXPECT_EQ(r1.at("rd_before"), 500);
  EXPECT_EQ(r1.at("after").as_int64(), std::llround(want.ratings[1].rating));
  EXPECT_EQ(r1.at("rd_after").as_int64(), std::llround(want.ratings[1].deviation));
}

// A match_over stored with the rating library's doubles reads back in
// whole points, as a new one is sent.
TEST(MatchFinish, AStoredMatchOverGetsWholeRatings) {
  const json::value old = json::parse(
      R"({"kind":"match_over","score":[1.5,0.5],"ratings":[{"seat":0,"player":"p_1",)"
      R"("pool":"classic","before":1500.0,"after":1620.7709525542778,"rd_before":500.0,)"
      R"("rd_after":396.74405663285035}]})");
  const json::value now = with_whole_ratings(old);
  const json::object& r = now.at("ratings").at(0).as_object();
  EXPECT_EQ(r.at("before"), 1500);
  EXPECT_EQ(r.at("after"), 1621);
  EXPECT_EQ(r.at("rd_before"), 500);
  EXPECT_EQ(r.at("rd_after"), 397);
  EXPECT_EQ(now.at("score"), old.at("score"));  // points keep their halves
  EXPECT_EQ(with_whole_ratings(nullptr), nullptr);
}

// A lone person (against the computer) has nobody to be rated against.
TEST(MatchFinish, WithoutAnOpponentNobodyIsRated) {
  FinishPlan plan = two_people(true);
  plan.people.pop_back();
  const Settled s = rate_finish(plan, {std::nullopt});
  EXPECT_TRUE(s.finish.ratings.empty());
  ASSERT_EQ(s.finish.players.size(), 1u);
  EXPECT_EQ(s.finish.players[0].rating_after, 0.0);
}

TEST(MatchFinish, ThePlanHoldsPeopleOnlyWithTheirTeamsPoints) {
  TableState t;
  t.settings.spec = rules::make_variant("classic", {}).value();
  t.seats.resize(2);
  t.seats[0].player = 17;
  t.seats[1].computer = 3;
  t.match.emplace(match::Match::create(match_config(t.settings, 1)).value());
  t.match->start(1000);
  match::Update u = t.match->resign_match(0, 2000);
  const auto* over = std::get_if<match::MatchOver>(&u.events.back().body);
  ASSERT_NE(over, nullptr);
  const FinishPlan plan = plan_finish(t, *over, 2000);
  ASSERT_EQ(plan.people.size(), 1u);
  EXPECT_EQ(plan.people[0].seat, 0);
  EXPECT_EQ(plan.people[0].player, 17);
  EXPECT_EQ(plan.people[0].points, t.match->points()[0].value());
  EXPECT_EQ(plan.pool, "classic");
  EXPECT_EQ(plan.score, over->score);
  EXPECT_EQ(plan.rated, over->rated);
}

}  // namespace
}  // namespace ft::server
