// twiceFour's round as it is scored, for `state` and every `moved` event
// (docs/protocol.md 5.2, the `round` object of `game`): each side's points,
// the lines counted so far (their cells, who scored them, with which
// half-move) and, once the round has ended on the move limit, a repetition or
// with no step left, both placement sums that decided it (RULES.md B3, B5).
#pragma once

#include <boost/json/object.hpp>

#include "rules/twicefour_game.h"

namespace ft::server {

boost::json::object twicefour_round_json(const rules::TwiceFourGame& game);

}  // namespace ft::server
