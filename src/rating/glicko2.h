// Glicko-2 (Mark Glickman, "Example of the Glicko-2 system", 2013) with the
// parameters of RULES.md A5 and one difference the site needs: a rating
// period is not a fixed batch of games but elapsed time. Each rated match is
// applied on its own, and the deviation grows with the fraction of rating
// periods that passed since the player's last rated match (step 6 of the
// paper with `t` periods instead of one), so a player who comes back after a
// year is uncertain again. With t = 1 the update is exactly the paper's.
//
// Why these parameters (GlickoParams defaults):
// - start 1500 / deviation 500: a newcomer's first matches should move them
//   fast; 500 (rather than the paper's 350) lets the first few results place a
//   player 300-500 points away from the start, as on lichess.
// - deviation floor 45: below this a regular player's rating freezes and stops
//   following real changes in strength; 45 keeps about +-90 (95 %) at the best.
// - deviation ceiling 500: inactivity never makes a player more uncertain
//   than a newcomer.
// - volatility 0.06: the paper's recommended start value (RULES.md A5).
// - tau 0.75: the paper suggests 0.3..1.2; few games per player and matches
//   of uneven players favour a middling value so that volatility reacts to a
//   real streak without being whipped around by one upset.
// - rating period one day: from the floor (45) a player returns to
//   provisional (110) after about three months without rated play, and to the
//   newcomer's 350 after about three years.
// - provisional while deviation > 110: about +-220 at 95 %, the point where a
//   displayed number starts to mean something (lichess uses the same bound).
#pragma once

#include <cstdint>
#include <span>
#include <string>

namespace ft::rating {

struct GlickoParams {
  double start_rating = 1500.0;
  double start_deviation = 500.0;
  double start_volatility = 0.06;
  double min_deviation = 45.0;
  double max_deviation = 500.0;
  double tau = 0.75;
  std::int64_t period_ms = 24LL * 60 * 60 * 1000;
  double provisional_deviation = 110.0;
  double convergence = 1e-6;  // epsilon of the volatility iteration (paper: 0.000001)
};

// A player's rating in one pool (variant). `last_rated_ms` is the time of the
// last rated match; -1 for a player who never played a rated match.
struct Rating {
  double rating = 1500.0;
  double deviation = 500.0;
  double volatility = 0.06;
  std::int64_t last_rated_ms = -1;
  int matches = 0;
};

// One result against one opponent, opponent's values from before the match.
struct Outcome {
  double opponent_rating = 1500.0;
  double opponent_deviation = 350.0;
  double score = 0.5;  // 1 win, 0.5 draw, 0 loss; fractions for match shares
};

// A newcomer with the parameters' start values.
Rating initial_rating(const GlickoParams& params = {});

// An empty string when the values can be used, else what is wrong with them.
std::string check(const Rating& r);
std::string check(const Outcome& o);

// The paper's steps 1-8 for one player over `periods` rating periods that
// contain `results` (periods may be fractional; 1 reproduces the paper).
// Deviation is clamped to [min_deviation, max_deviation]. Inputs must pass
// check(); invalid values are clamped into range, never crash.
Rating glicko2_update(const Rating& player, std::span<const Outcome> results, double periods,
                      const GlickoParams& params = {});

// Rating periods between the last rated match and `now_ms` (0 for a newcomer
// or a clock that went backwards).
double elapsed_periods(const Rating& r, std::int64_t now_ms, const GlickoParams& params = {});

// The rating as it stands at `now_ms` without new results: the deviation has
// grown with inactivity (RULES.md A5). Use it for display and pairing.
Rating current(const Rating& r, std::int64_t now_ms, const GlickoParams& params = {});

// Applies one rated match's results at `now_ms` and stamps the time.
Rating rate(const Rating& player, std::span<const Outcome> results, std::int64_t now_ms,
            const GlickoParams& params = {});

// RULES.md A5: a rating is provisional while its deviation at `now_ms` is high.
bool provisional(const Rating& r, std::int64_t now_ms, const GlickoParams& params = {});

}  // namespace ft::rating
