#include "engine/position_analysis.h"

#include <algorithm>

#include "engine/solver/book.h"
#include "engine/solver/cpu_clock.h"
#include "engine/solver/popout_search.h"
#include "rules/notation.h"

namespace ft::engine {
namespace {

namespace sv = solver;
using Clock = std::chrono::steady_clock;

PositionAnalysis not_solved(std::string why) {
  PositionAnalysis a;
  a.state = AnalysisState::not_solved;
  a.why = std::move(why);
  return a;
}

// The legal moves of `pos` with the score each index of `scores` gives
// (index_of maps a move to it); not solved when a legal move has none,
// which is how the solvers report a limit that struck.
template <class IndexOf>
PositionAnalysis collect(const rules::Position& pos, const std::vector<std::optional<int>>& scores,
                         IndexOf index_of) {
  rules::Move legal[rules::MAX_MOVES];
  const int n = pos.legal_moves(legal);
  PositionAnalysis a;
  a.state = AnalysisState::solved;
  for (int i = 0; i < n; ++i) {
    const std::size_t at = index_of(legal[i]);
    if (at >= scores.size() || !scores[at]) return not_solved("the time budget ran out");
    a.moves.push_back({rules::format_move(legal[i]), *scores[at]});
  }
  return a;
}

}  // namespace

const char* analysis_state_name(AnalysisState s) {
  switch (s) {
    case AnalysisState::solved:
      return "solved";
    case AnalysisState::not_solved:
      return "not_solved";
    case AnalysisState::unsupported:
      return "unsupported";
  }
  return "unsupported";
}

PositionAnalyzer::PositionAnalyzer(std::size_t table_bytes, const std::atomic<bool>* stop,
                                   BudgetClock clock)
    : table_(table_bytes), stop_(stop), clock_(clock) {}

PositionAnalysis PositionAnalyzer::analyze(const rules::Position& pos,
                                           std::chrono::milliseconds budget, bool repeated,
                                           const std::optional<Known>& known) {
  const auto t0 = Clock::now();
  sv::Limits limits;
  if (clock_ == BudgetClock::thread_cpu) {
    limits.cpu_deadline_ns =
        sv::thread_cpu_ns() + std::chrono::duration_cast<std::chrono::nanoseconds>(budget).count();
    limits.deadline = t0 + 3 * budget;
  } else {
    limits.deadline = t0 + budget;
  }
  limits.stop = stop_;
  const rules::VariantSpec& spec = pos.geometry().spec();
  PositionAnalysis a;
  if (spec.popout) {
    auto start = sv::popout_board(spec);
    if (!start) {
      a.why = start.error().message;
    } else if (repeated) {
      a = not_solved(
          "the position repeats one of the game (the PopOut search assumes it does not)");
    } else {
      sv::PopoutProblem p = *start;
      p.mover = pos.discs(pos.to_move());
      p.other = pos.discs(1 - pos.to_move());
      sv::PopoutSolver s(table_);
      const int w = spec.width;
      a = collect(pos, s.analyze(p, limits),
                  [w](rules::Move m) { return std::size_t(m.pop ? w + m.col : m.col); });
      a.win_draw_loss = true;
    }
  } else {
    auto p = sv::problem_from(pos);
    if (!p) {
      a.why = p.error().message;
    } else {
      auto scores = sv::shared_book().analyze(*p);
      if (!scores) {
        std::vector<std::optional<int>> given(std::size_t(spec.width));
        if (known && known->move.size() == 1 && known->move[0] >= 'a' &&
            known->move[0] < 'a' + spec.width)
          given[std::size_t(known->move[0] - 'a')] = known->score;
        // A position the book holds without all its children (its last
        // ply): its own score bounds every column's, and its best column's is it.
        std::optional<int> own;
        if (const auto entry = sv::shared_book().find(*p)) {
          own = entry->score;
          given[std::size_t(entry->column)] = entry->score;
        }
        scores = sv::Solver(table_).analyze(*p, limits, given, own);
      }
      a = collect(pos, *scores, [](rules::Move m) { return std::size_t(m.col); });
    }
  }
  a.micros = std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - t0).count();
  return a;
}

}  // namespace ft::engine
