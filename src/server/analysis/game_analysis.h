// A finished game of four in a row analysed position by position
// (docs/protocol.md 2.16): the exact score of every legal move before each
// move played, the mistakes (a move that turned a win into a draw or a loss,
// or a draw into a loss) and their count per seat. The JSON is what the store
// keeps and the API answers.
#pragma once

#include <boost/json/object.hpp>
#include <chrono>
#include <functional>
#include <string>
#include <vector>

#include "engine/position_analysis.h"
#include "rules/four_game.h"

namespace ft::server {

// The layout version of the analysis JSON (store::StoredAnalysis::format).
inline constexpr int ANALYSIS_FORMAT = 1;

struct PlayedMove {
  std::string move;  // rules notation
  int seat = 0;
};

// Called after each position with the analysis so far (a progress view):
// every position is there, those not analysed yet as "pending".
using AnalysisProgress = std::function<void(const boost::json::object& so_far)>;

// Replays `moves` from `start` (the game's first position, set-up included)
// and analyses the position before each move, and the last one when the
// board did not end the game (a resignation, a flag), each within `budget`,
// from the last position back to the first (the opening plies, the costly
// ones, come last). Errors when a move is not legal there, before any search.
Result<boost::json::object> analyse_game(engine::PositionAnalyzer& analyzer,
                                         const rules::FourGame& start,
                                         const std::vector<PlayedMove>& moves,
                                         std::chrono::milliseconds budget,
                                         const AnalysisProgress& progress = {});

// One position's analysis as JSON: {"state", "moves": [{"move","score"}],
// "why"?, "ms"}.
boost::json::object position_json(const engine::PositionAnalysis& a);

}  // namespace ft::server
