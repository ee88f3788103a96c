#include "rating/glicko2.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <vector>

namespace ft::rating {
namespace {

// The paper's conversion factor between the Glicko and Glicko-2 scales.
constexpr double SCALE = 173.7178;
constexpr double BASE = 1500.0;

double g(double phi) {
  return 1.0 / std::sqrt(1.0 + 3.0 * phi * phi / (std::numbers::pi * std::numbers::pi));
}

double expected(double mu, double mu_j, double phi_j) {
  return 1.0 / (1.0 + std::exp(-g(phi_j) * (mu - mu_j)));
}

double clamp_deviation(double rd, const GlickoParams& p) {
  return std::clamp(rd, p.min_deviation, p.max_deviation);
}

// Step 5: the new volatility by the Illinois variant of regula falsi.
double new_volatility(double phi, double sigma, double delta, double v, const GlickoParams& p) {
  const double a = std::log(sigma * sigma);
  const double tau2 = p.tau * p.tau;
  const auto f = [&](double x) {
    const double ex = std::exp(x);
    const double d = phi * phi + v + ex;
    return ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / tau2;
  };
  double A = a;
  double B;
  if (delta * delta > phi * phi + v) {
    B = std::log(delta * delta - phi * phi - v);
  } else {
    int k = 1;
    while (f(a - k * p.tau) < 0 && k < 1000) ++k;
    B = a - k * p.tau;
  }
  double fA = f(A);
  double fB = f(B);
  // The iteration converges in a handful of steps; the bound only guards
  // against a non-finite input looping forever.
  for (int i = 0; i < 200 && std::abs(B - A) > p.convergence; ++i) {
    const double C = A + (A - B) * fA / (fB - fA);
    const double fC = f(C);
    if (fC * fB <= 0) {
      A = B;
      fA = fB;
    } else {
      fA /= 2.0;
    }
    B = C;
    fB = fC;
  }
  return std::exp(A / 2.0);
}

bool finite(double x) {
  return std::isfinite(x);
}

}  // namespace

Rating initial_rating(const GlickoParams& params) {
  return Rating{params.start_rating, params.start_deviation, params.start_volatility, -1, 0};
}

std::string check(const Rating& r) {
  if (!finite(r.rating)) return "rating is not a finite number";
  if (!finite(r.deviation) || r.deviation <= 0) return "deviation must be a positive number";
  if (!finite(r.volatility) || r.volatility <= 0 || r.volatility >= 1)
    return "volatility must be between 0 and 1";
  if (r.matches < 0) return "match count must not be negative";
  return "";
}

std::string check(const Outcome& o) {
  if (!finite(o.opponent_rating)) return "opponent rating is not a finite number";
  if (!finite(o.opponent_deviation) || o.opponent_deviation <= 0)
    return "opponent deviation must be a positive number";
  if (!finite(o.score) || o.score < 0 || o.score > 1) return "score must be between 0 and 1";
  return "";
}

Rating glicko2_update(const Rating& player, std::span<const Outcome> results, double periods,
                      const GlickoParams& params) {
  Rating out = player;
  if (!finite(periods) || periods < 0) periods = 0;
  const double sigma0 = finite(player.volatility) && player.volatility > 0
                            ? player.volatility
                            : params.start_volatility;
  // Step 2: to the Glicko-2 scale.
  const double mu = (player.rating - BASE) / SCALE;
  // Inputs are used as they are (the paper's opponent has 30, below our
  // floor); only what this function produces is clamped.
  const double phi = std::min(player.deviation, params.max_deviation) / SCALE;

  double inv_v = 0;
  double sum = 0;
  for (const Outcome& o : results) {
    const double mu_j = (o.opponent_rating - BASE) / SCALE;
    const double phi_j = std::min(o.opponent_deviation, params.max_deviation) / SCALE;
    const double gj = g(phi_j);
    const double e = expected(mu, mu_j, phi_j);
    inv_v += gj * gj * e * (1.0 - e);
    sum += gj * (std::clamp(o.score, 0.0, 1.0) - e);
  }
  if (results.empty() || inv_v <= 0) {
    // No games: only the deviation grows (the paper's "player does not compete").
    const double phi_star = std::sqrt(phi * phi + periods * sigma0 * sigma0);
    out.deviation = clamp_deviation(phi_star * SCALE, params);
    out.volatility = sigma0;
    return out;
  }
  // Steps 3-4: estimated variance and improvement.
  const double v = 1.0 / inv_v;
  const double delta = v * sum;
  // Step 5.
  const double sigma = new_volatility(phi, sigma0, delta, v, params);
  // Step 6: pre-period deviation, over `periods` rating periods.
  const double phi_star = std::sqrt(phi * phi + periods * sigma * sigma);
  // Step 7.
  const double phi_new = 1.0 / std::sqrt(1.0 / (phi_star * phi_star) + 1.0 / v);
  const double mu_new = mu + phi_new * phi_new * sum;
  // Step 8: back to the Glicko scale.
  out.rating = mu_new * SCALE + BASE;
  out.deviation = clamp_deviation(phi_new * SCALE, params);
  out.volatility = sigma;
  return out;
}

double elapsed_periods(const Rating& r, std::int64_t now_ms, const GlickoParams& params) {
  if (r.last_rated_ms < 0 || now_ms <= r.last_rated_ms || params.period_ms <= 0) return 0.0;
  return static_cast<double>(now_ms - r.last_rated_ms) / static_cast<double>(params.period_ms);
}

Rating current(const Rating& r, std::int64_t now_ms, const GlickoParams& params) {
  return glicko2_update(r, {}, elapsed_periods(r, now_ms, params), params);
}

Rating rate(const Rating& player, std::span<const Outcome> results, std::int64_t now_ms,
            const GlickoParams& params) {
  // A newcomer's first match counts as one period; afterwards the elapsed
  // time decides how much the deviation grew before this match.
  const double periods = player.last_rated_ms < 0 ? 1.0 : elapsed_periods(player, now_ms, params);
  Rating out = glicko2_update(player, results, periods, params);
  out.last_rated_ms = std::max(now_ms, player.last_rated_ms);
  out.matches = player.matches + 1;
  return out;
}

bool provisional(const Rating& r, std::int64_t now_ms, const GlickoParams& params) {
  return current(r, now_ms, params).deviation > params.provisional_deviation;
}

}  // namespace ft::rating
