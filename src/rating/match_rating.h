// Turning a finished match into Glicko-2 results (RULES.md A5): one result per
// opponent, scored as the share of the points between the two of them; team
// mates are not compared; single games are unrated.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rating/glicko2.h"

namespace ft::rating {

// One seat of a finished match, with its rating before the match.
struct Entrant {
  int team = 0;         // seats with the same team share a result and are not compared
  double points = 0.0;  // match points of the seat's team (2, 1.5, 1, ...)
  Rating rating;
};

struct MatchRating {
  std::string error;                          // empty on success
  std::vector<Rating> ratings;                // new ratings, in the order of the entrants
  std::vector<std::vector<Outcome>> results;  // the pairwise results each seat was rated on
};

// RULES.md A5: a pair's score is the first side's share of their points:
// 2:0 is 1, 1½:½ is 0.75, 1:1 is 0.5; 0:0 (nothing scored) counts as 0.5.
double share(double points, double opponent_points);

// The pairwise results of every seat against every seat of another team,
// from the opponents' ratings as they stand at `now_ms` (RULES.md A5).
std::vector<std::vector<Outcome>> pairwise_results(const std::vector<Entrant>& entrants,
                                                   std::int64_t now_ms,
                                                   const GlickoParams& params = {});

// Rates every seat of a match at `now_ms`. Fails (error set, no ratings) for
// fewer than two teams, negative or non-finite points, or invalid ratings.
MatchRating rate_match(const std::vector<Entrant>& entrants, std::int64_t now_ms,
                       const GlickoParams& params = {});

// The rating pool of a variant (RULES.md A5: one rating per variant and one
// for twiceFour); nullopt for the unrated single game. Board sizes and
// table options do not make pools of their own.
std::optional<std::string> rating_pool(std::string_view variant_key, bool single_game);

}  // namespace ft::rating
