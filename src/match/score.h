// Match points in half points, so that ½ is exact (RULES.md A3: a win 1, a
// draw ½, a loss 0; the match result is the sum, shown as `2:0`, `1½:½`).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ft::match {

struct Points {
  int halves = 0;
  double value() const { return halves / 2.0; }
  friend bool operator==(const Points&, const Points&) = default;
  friend auto operator<=>(const Points&, const Points&) = default;
};

inline constexpr Points WIN{2};
inline constexpr Points DRAW{1};
inline constexpr Points LOSS{0};

// "2", "1½", "½", "0".
std::string format_points(Points p);
// "2:0", "1½:½", "1:1", "2:1:0" for three players.
std::string format_score(const std::vector<Points>& points);
// The inverse of format_score: "1½:½" -> {3, 1} halves; nullopt for text that
// format_score cannot have written (a stored result read back for a profile).
std::optional<std::vector<Points>> parse_score(std::string_view text);

}  // namespace ft::match
