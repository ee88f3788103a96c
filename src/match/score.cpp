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

std::optional<std::vector<Points>> parse_score(std::string_view text) {
  constexpr std::string_view HALF = "½";
  std::vector<Points> out;
  while (true) {
    const std::size_t colon = text.find(':');
    std::string_view part = text.substr(0, colon);
    int halves = 0;
    std::size_t digits = 0;
    while (digits < part.size() && part[digits] >= '0' && part[digits] <= '9' && digits < 6)
      halves = halves * 10 + (part[digits++] - '0');
    halves *= 2;
    part.remove_prefix(digits);
    if (part == HALF) {
      ++halves;
    } else if (!part.empty() || digits == 0) {
      return std::nullopt;  // no number, or something after it
    }
    // format_points writes "½", never "0½".
    if (digits > 0 && halves == 1) return std::nullopt;
    out.push_back(Points{halves});
    if (colon == std::string_view::npos) break;
    text.remove_prefix(colon + 1);
  }
  return out;
}

}  // namespace ft::match
