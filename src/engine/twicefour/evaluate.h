// Static evaluation of a twiceFour position at the search horizon (RULES.md
// part B). Three grades, so that the levels differ in what they understand,
// not only in how far they look:
//   points     points and placement (B5): what decides a round at the limit
//   threats    + lines one step from scoring, whose turn it is to use or
//              block them, and a second point that would end the round
//   full       + lines two steps from scoring and mobility
//   race       + the race to the round's second point: how many steps each
//              side needs to complete its cheapest line (or, without a point
//              yet, a double line), the side to move winning ties
#pragma once

#include <cstdint>

#include "engine/types.h"
#include "rules/twicefour_position.h"

namespace ft::engine::twicefour {

enum class EvalGrade : std::uint8_t { points, threats, full, race };

// Heuristic scores stay inside +-TWICEFOUR_EVAL_LIMIT (engine/types.h);
// proven results are outside.
inline constexpr int POINT_VALUE = 1000;

// Score for the side to move (large is good for it), never a proven result.
int evaluate(const rules::TwiceFourPosition& pos, EvalGrade grade);

// Points where `side` completes an uncounted line with its next step: the
// empty fourth point of a line holding three of its pieces and no opposing
// one, reached by one of its pieces not on that line.
rules::TfBits scoring_points(const rules::TwiceFourPosition& pos, int side);

// Steps `side` needs to win the round: to fill its cheapest open line when it
// has a point, else a double line (a full row 2-4 or column b-d whose two
// lines are both open) or two single lines. Targets the opponent can block
// (reach one of their empty points first) do not count. Capped at
// RACE_UNREACHABLE.
inline constexpr int RACE_UNREACHABLE = 16;
int steps_to_win(const rules::TwiceFourPosition& pos, int side);

}  // namespace ft::engine::twicefour
