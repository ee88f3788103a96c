// Numbers on the wire as people write them (docs/protocol.md, "Conventions"):
// Boost.JSON writes every double with an exponent (1500.0 as 1.5E3, 0.5 as
// 5E-1), which is valid JSON but reads as noise and differs from the whole
// numbers other answers carry. Every answer and frame is written by
// json_text; ratings, deviations and rating changes are whole points
// (rating_number) in every answer, rounded as the player page shows them.
#pragma once

#include <boost/json.hpp>
#include <cstdint>
#include <string>

namespace ft::server {

// JSON text with every double in plain decimal, shortest round-trip digits
// (1.5, 0.06, 1500); non-finite doubles, which JSON cannot hold, as null.
std::string json_text(const boost::json::value& v);

// A rating, a deviation or a rating change as every answer gives it: whole
// points, halves rounded up (the client's Math.round, so the page shows
// what the API says).
std::int64_t rating_number(double v);

// A volatility (about 0.06) to six decimals: Glicko-2's internal value,
// shown only on the profile (protocol.md 2.6).
double volatility_number(double v);

}  // namespace ft::server
