#include "rating/match_rating.h"

#include <cmath>
#include <set>

namespace ft::rating {

double share(double points, double opponent_points) {
  const double total = points + opponent_points;
  if (!(total > 0)) return 0.5;
  return points / total;
}

std::vector<std::vector<Outcome>> pairwise_results(const std::vector<Entrant>& entrants,
                                                   std::int64_t now_ms,
                                                   const GlickoParams& params) {
  std::vector<std::vector<Outcome>> out(entrants.size());
  for (std::size_t i = 0; i < entrants.size(); ++i) {
    for (std::size_t j = 0; j < entrants.size(); ++j) {
      if (i == j || entrants[i].team == entrants[j].team) continue;
      const Rating opp = current(entrants[j].rating, now_ms, params);
      out[i].push_back(
          Outcome{opp.rating, opp.deviation, share(entrants[i].points, entrants[j].points)});
    }
  }
  return out;
}

MatchRating rate_match(const std::vector<Entrant>& entrants, std::int64_t now_ms,
                       const GlickoParams& params) {
  MatchRating m;
  std::set<int> teams;
  for (std::size_t i = 0; i < entrants.size(); ++i) {
    const Entrant& e = entrants[i];
    if (!std::isfinite(e.points) || e.points < 0) {
      m.error = "seat " + std::to_string(i) + ": points must be a non-negative number";
      return m;
    }
    if (auto err = check(e.rating); !err.empty()) {
      m.error = "seat " + std::to_string(i) + ": " + err;
      return m;
    }
    teams.insert(e.team);
  }
  if (teams.size() < 2) {
    m.error = "a rated match needs at least two teams";
    return m;
  }
  // Everyone is rated against the opponents' ratings from before the match.
  m.results = pairwise_results(entrants, now_ms, params);
  for (std::size_t i = 0; i < entrants.size(); ++i) {
    m.ratings.push_back(rate(entrants[i].rating, m.results[i], now_ms, params));
  }
  return m;
}

std::optional<std::string> rating_pool(std::string_view variant_key, bool single_game) {
  if (single_game || variant_key == "single" || variant_key.empty()) return std::nullopt;
  return std::string(variant_key);
}

}  // namespace ft::rating
