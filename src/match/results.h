// How a match ended for each seat (RULES.md A3, A10, A11): the team with the
// most points wins; teams that share the most points draw; every other team
// loses (three players: the two without the winning line both lose). The one
// home of that rule: the room's match_over event and the profile page read it.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "match/score.h"

namespace ft::match {

enum class SeatResult : std::uint8_t { win, draw, loss };
std::string_view seat_result_name(SeatResult r);  // "win", "draw", "loss"

// The result of every seat from the points of every team; seat s plays for
// team s % teams (match.h), so two vs two gives team-mates one result.
// Empty when `team_points` is empty.
std::vector<SeatResult> seat_results(const std::vector<Points>& team_points, int seats);

}  // namespace ft::match
