#include "match/results.h"

#include <algorithm>
#include <array>

namespace ft::match {

std::string_view seat_result_name(SeatResult r) {
  constexpr std::array<std::string_view, 3> NAMES = {"win", "draw", "loss"};
  return NAMES.at(static_cast<std::size_t>(r));
}

std::vector<SeatResult> seat_results(const std::vector<Points>& team_points, int seats) {
  std::vector<SeatResult> results;
  if (team_points.empty()) return results;
  const Points best = *std::max_element(team_points.begin(), team_points.end());
  const auto at_best = std::count(team_points.begin(), team_points.end(), best);
  const std::size_t teams = team_points.size();
  for (int s = 0; s < seats; ++s) {
    const Points mine = team_points[std::size_t(s) % teams];
    results.push_back(mine < best   ? SeatResult::loss
                      : at_best > 1 ? SeatResult::draw
                                    : SeatResult::win);
  }
  return results;
}

}  // namespace ft::match
