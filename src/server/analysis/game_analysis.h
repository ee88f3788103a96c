// A finished game of four in a row analysed position by position
// (docs/protocol.md 2.16): the exact score of every legal move before each
// move played, the mistakes (a move that turned a win into a draw or a loss,
// or a draw into a loss) and their count per seat. The JSON is what the store
// keeps and the API answers; each move's and seat's accuracy is read from it
// (add_accuracy).
#pragma once

#include <boost/json/object.hpp>
#include <chrono>
#include <functional>
#include <string>
#include <vector>

#include "engine/position_analysis.h"
#include "rules/four_game.h"
#include "store/records.h"

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

// How a game is analysed. played_from_next: the played move's score is the
// next position's best score, negated (that position is analysed first), so
// it is not searched again; false searches every move (as the analysis did
// before, for bench/analysis_cost's comparison).
// shorten_after_unsolved: once a position is not solved in the budget, the
// earlier ones (fewer discs, nearly always harder) get a twentieth of it
// (at least 100 ms): enough for a quick forced result, while the opening
// plies of a variant without a book no longer each spend the whole budget to
// end unsolved. false gives each its full budget (the comparison's "before").
struct AnalysisPlan {
  bool played_from_next = true;
  bool shorten_after_unsolved = true;
};

// Replays `moves` from `start` (the game's first position, set-up included)
// and analyses the position before each move, and the last one when the
// board did not end the game (a resignation, a flag), each within `budget`,
// from the last position back to the first (the opening plies, the costly
// ones, come last). Errors when a move is not legal there, before any search.
Result<boost::json::object> analyse_game(engine::PositionAnalyzer& analyzer,
                                         const rules::FourGame& start,
                                         const std::vector<PlayedMove>& moves,
                                         std::chrono::milliseconds budget,
                                         const AnalysisProgress& progress = {},
                                         const AnalysisPlan& plan = {});

// One position's analysis as JSON: {"state", "moves": [{"move","score"}],
// "why"?, "ms"}.
boost::json::object position_json(const engine::PositionAnalysis& a);

// Accuracy from the analysis (docs/protocol.md 2.16): for each solved
// position with a move played, whether the move kept the mover's result
// (the sign of the best move's score), where kept how many moves it gave
// away (the best score less its own; exact scores only), and whether it was
// decisive (some legal move would have lost the result). Per seat: the
// decisive moves, those of them that kept the result, and the mistakes.
std::vector<store::SeatAccuracy> seat_accuracy(const boost::json::object& analysis);

// The same written into an analysis JSON: "kept", "given" and "decisive" on
// each position with a played, solved move, and "accuracy": [{"seat",
// "decisive", "kept", "mistakes", "accuracy"}] (accuracy null without a
// decisive move). Reads analyses stored before accuracy existed alike.
void add_accuracy(boost::json::object& analysis);

}  // namespace ft::server
