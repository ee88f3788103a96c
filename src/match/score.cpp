#include "match/score.h"

namespace ft::match {

std::string format_points(Points p) {
  const int whole = p.halves / 2;
  const bool half = p.halves % 2 != 0;
  if (whole == 0 && half) return "½";
  std::string s = std::to_string(whole);
  if (half) s += "½";
  return s;
}

std::string format_score(const std::vector<Points>& points) {
  std::string s;
  for (std::size_t i = 0; i < points.size(); ++i) {
    if (i > 0) s += ':';
    s += format_points(points[i]);
  }
  return s;
}

}  // namespace ft::match
