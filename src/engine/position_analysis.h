// The exact score of every legal move of a four-in-a-row position, within a
// budget: what a game's analysis and the analysis board show. The scores are
// the solver's (solver/solver.h): the 7x6 opening book where it holds the
// position, else the search. PopOut scores are win/draw/loss only (1, 0, -1:
// solver/popout_search.h). A position whose search the budget stopped is
// "not solved": no score is ever a guess.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/solver/solver.h"
#include "engine/solver/transposition_table.h"
#include "rules/position.h"

namespace ft::engine {

enum class AnalysisState {
  solved,       // every legal move has its exact score
  not_solved,   // the budget ran out first
  unsupported,  // the solver does not play this variant or board
};
const char* analysis_state_name(AnalysisState s);  // "solved", "not_solved", "unsupported"

struct MoveScore {
  std::string move;  // rules notation: "d", "d^"
  int score = 0;     // for the side to move before it (solver convention)
};

struct PositionAnalysis {
  AnalysisState state = AnalysisState::unsupported;
  bool win_draw_loss = false;    // PopOut: scores are 1, 0, -1 only
  std::vector<MoveScore> moves;  // every legal move when solved, in rules order
  std::string why;               // for not_solved / unsupported: a sentence
  std::int64_t micros = 0;       // time spent
};

// What a position's budget measures. wall: time on the clock (a person
// waits for the answer: the analysis board). thread_cpu: the analysing
// thread's CPU time, so that a worker on a busy machine or at a low priority
// does its budget's work instead of giving up on positions it would solve;
// the wall clock then stops a search only at three budgets (a starved
// worker must still renew its job's lease between positions).
enum class BudgetClock { wall, thread_cpu };

class PositionAnalyzer {
 public:
  // One transposition table for every position it analyses (a game's
  // positions share most of their subtrees, so a warm table pays).
  // `stop`, when given, ends a running search early (not solved).
  explicit PositionAnalyzer(std::size_t table_bytes, const std::atomic<bool>* stop = nullptr,
                            BudgetClock clock = BudgetClock::wall);

  // `repeated`: the position occurred before in its game; the PopOut search
  // assumes a history without repetitions, so such a position is not solved.
  // `known`: one move's score known already (a game's played move, from the
  // next position's analysis): not searched again. Drops only; ignored for
  // PopOut.
  struct Known {
    std::string move;
    int score = 0;
  };
  PositionAnalysis analyze(const rules::Position& pos, std::chrono::milliseconds budget,
                           bool repeated = false, const std::optional<Known>& known = {});

 private:
  solver::TranspositionTable table_;
  const std::atomic<bool>* stop_;
  BudgetClock clock_;
};

}  // namespace ft::engine
