#include "server/tables/match_finish.h"

#include "rating/match_rating.h"
#include "server/protocol/plain_json.h"

namespace ft::server {
namespace json = boost::json;

FinishPlan plan_finish(const TableState& t, const match::MatchOver& over, std::int64_t now) {
  FinishPlan plan;
  const auto points = t.match->points();
  for (std::size_t i = 0; i < t.seats.size(); ++i) {
    if (t.seats[i].player == 0) continue;
    const int team = t.match->team_of(int(i));
    plan.people.push_back({int(i), t.seats[i].player, team, points[std::size_t(team)].value()});
  }
  plan.rated = t.settings.rated && over.rated;
  plan.pool = rating_pool(t.settings);
  plan.score = over.score;
  plan.now = now;
  return plan;
}

namespace {

rating::Rating before_match(const std::optional<store::Rating>& stored) {
  rating::Rating r = rating::initial_rating();
  if (!stored) return r;
  r.rating = stored->rating;
  r.deviation = stored->deviation;
  r.volatility = stored->volatility;
  r.last_rated_ms = stored->games > 0 ? stored->last_rated_ms : -1;
  r.matches = stored->games;
  return r;
}

}  // namespace

Settled rate_finish(const FinishPlan& plan,
                    const std::vector<std::optional<store::Rating>>& stored) {
  Settled out;
  out.finish.result = plan.score;
  out.finish.finished_ms = plan.now;
  std::vector<rating::Rating> before;
  std::vector<rating::Rating> after;
  if (plan.rated && !plan.pool.empty()) {
    std::vector<rating::Entrant> entrants;
    for (std::size_t i = 0; i < plan.people.size(); ++i) {
      before.push_back(before_match(i < stored.size() ? stored[i] : std::nullopt));
      entrants.push_back(
          rating::Entrant{plan.people[i].team, plan.people[i].points, before.back()});
    }
    rating::MatchRating mr = rating::rate_match(entrants, plan.now);
    if (mr.error.empty()) after = mr.ratings;
  }
  for (std::size_t i = 0; i < plan.people.size(); ++i) {
    const FinishPlan::Person& p = plan.people[i];
    store::MatchPlayerResult line{p.player, p.seat, p.points, 0.0, 0.0};
    if (!after.empty()) {
      line.rating_before = before[i].rating;
      line.rating_after = after[i].rating;
      out.finish.ratings.push_back(store::Rating{p.player, plan.pool, after[i].rating,
                                                 after[i].deviation, after[i].volatility, plan.now,
                                                 after[i].matches});
      out.ratings.push_back(json::object{{"seat", p.seat},
                                         {"player", "p_" + std::to_string(p.player)},
                                         {"pool", plan.pool},
                                         {"before", rating_number(before[i].rating)},
                                         {"after", rating_number(after[i].rating)},
                                         {"rd_before", rating_number(before[i].deviation)},
                                         {"rd_after", rating_number(after[i].deviation)}});
    }
    out.finish.players.push_back(line);
  }
  return out;
}

Settled settle(store::Store& st, const FinishPlan& plan) {
  std::vector<std::optional<store::Rating>> stored;
  if (plan.rated && !plan.pool.empty()) {
    for (const FinishPlan::Person& p : plan.people)
      stored.push_back(st.find_rating(p.player, plan.pool));
  }
  return rate_finish(plan, stored);
}

json::value with_whole_ratings(json::value match_over) {
  json::object* body = match_over.if_object();
  json::value* ratings = body ? body->if_contains("ratings") : nullptr;
  if (ratings == nullptr || !ratings->is_array()) return match_over;
  for (json::value& entry : ratings->as_array()) {
    if (!entry.is_object()) continue;
    for (const char* key : {"before", "after", "rd_before", "rd_after"}) {
      json::value* v = entry.as_object().if_contains(key);
      if (v != nullptr && v->is_double()) *v = rating_number(v->as_double());
    }
  }
  return match_over;
}

}  // namespace ft::server
