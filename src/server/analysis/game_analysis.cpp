#include "server/analysis/game_analysis.h"

#include <algorithm>
#include <boost/json.hpp>
#include <optional>
#include <vector>

namespace ft::server {
namespace json = boost::json;
namespace {

int sign(int v) {
  return (v > 0) - (v < 0);
}

const char* result_word(int s) {
  return s > 0 ? "win" : (s < 0 ? "loss" : "draw");
}

}  // namespace

json::object position_json(const engine::PositionAnalysis& a) {
  json::object o{{"state", engine::analysis_state_name(a.state)}};
  if (a.state == engine::AnalysisState::solved) {
    json::array moves;
    for (const auto& m : a.moves)
      moves.push_back(json::object{{"move", m.move}, {"score", m.score}});
    o["moves"] = std::move(moves);
  } else {
    o["why"] = a.why;
  }
  o["ms"] = a.micros / 1000;
  return o;
}

namespace {

// The analysis JSON of a game whose positions `done` holds so far (a
// position not analysed yet is "pending"): mistakes are counted among the
// done ones only, so a partial view never shows a guess.
json::object game_json(const std::vector<std::optional<engine::PositionAnalysis>>& done,
                       const std::vector<PlayedMove>& moves, std::chrono::milliseconds budget,
                       bool win_draw_loss) {
  json::array positions;
  json::array mistakes;
  std::vector<int> per_seat;
  for (std::size_t i = 0; i < done.size(); ++i) {
    json::object p;
    if (done[i]) {
      p = position_json(*done[i]);
    } else {
      p["state"] = "pending";
    }
    p["ply"] = static_cast<std::int64_t>(i);
    if (i < moves.size()) {
      const PlayedMove& played = moves[i];
      p["played"] = played.move;
      p["seat"] = played.seat;
      if (per_seat.size() <= std::size_t(played.seat))
        per_seat.resize(std::size_t(played.seat) + 1);
      if (done[i] && done[i]->state == engine::AnalysisState::solved) {
        int best = -1000;
        const engine::MoveScore* mine = nullptr;
        for (const auto& m : done[i]->moves) {
          best = std::max(best, m.score);
          if (m.move == played.move) mine = &m;
        }
        if (mine != nullptr && sign(mine->score) < sign(best)) {
          p["mistake"] = true;
          ++per_seat[std::size_t(played.seat)];
          mistakes.push_back(json::object{{"ply", static_cast<std::int64_t>(i)},
                                          {"seat", played.seat},
                                          {"move", played.move},
                                          {"from", result_word(sign(best))},
                                          {"to", result_word(sign(mine->score))}});
        }
      }
    }
    positions.push_back(std::move(p));
  }
  json::array counts;
  for (int n : per_seat) counts.push_back(n);
  return json::object{
      {"format", ANALYSIS_FORMAT},       {"scores", win_draw_loss ? "win_draw_loss" : "exact"},
      {"budget_ms", budget.count()},     {"positions", std::move(positions)},
      {"mistakes", std::move(mistakes)}, {"mistakes_by_seat", std::move(counts)}};
}

}  // namespace

Result<json::object> analyse_game(engine::PositionAnalyzer& analyzer, const rules::FourGame& start,
                                  const std::vector<PlayedMove>& moves,
                                  std::chrono::milliseconds budget,
                                  const AnalysisProgress& progress, const AnalysisPlan& plan) {
  // Every position first: an illegal move is an error before any search.
  std::vector<rules::FourGame> games{start};
  games.reserve(moves.size() + 1);
  for (std::size_t i = 0; i < moves.size(); ++i) {
    rules::FourGame next = games.back();
    auto played = next.play(std::string_view(moves[i].move));
    if (!played)
      return make_error(ErrorCode::bad_input, "move " + std::to_string(i + 1) + " '" +
                                                  moves[i].move + "': " + played.error().message);
    games.push_back(std::move(next));
  }
  // The position before each move, and the last one when the board did not
  // end the game (a resignation, a flag).
  const std::size_t count = moves.size() + (games.back().outcome().over() ? 0 : 1);
  const bool win_draw_loss = start.spec().popout;
  std::vector<std::optional<engine::PositionAnalysis>> done(count);
  bool unsolved_later = false;
  // From the last position back to the first: the late ones are cheap and
  // what a player looks at first, and their subtrees, left in the
  // transposition table, are part of every earlier position's; the opening
  // plies, which may spend the whole budget, come last.
  for (std::size_t i = count; i-- > 0;) {
    // The position after the played move was analysed just before: its best
    // score is the played move's, from the other side.
    std::optional<engine::PositionAnalyzer::Known> known;
    if (plan.played_from_next && i + 1 < count && i < moves.size() && done[i + 1] &&
        done[i + 1]->state == engine::AnalysisState::solved && !done[i + 1]->moves.empty()) {
      int best = done[i + 1]->moves.front().score;
      for (const auto& m : done[i + 1]->moves) best = std::max(best, m.score);
      known = engine::PositionAnalyzer::Known{moves[i].move, -best};
    }
    const bool shortened = plan.shorten_after_unsolved && unsolved_later;
    const auto allowed =
        shortened ? std::min(budget, std::max(budget / 20, std::chrono::milliseconds(100)))
                  : budget;
    const bool repeated = games[i].repetitions() > 1;
    done[i] = analyzer.analyze(games[i].position(), allowed, repeated, known);
    // A repeated PopOut position is not searched at all: it says nothing of the budget.
    if (done[i]->state == engine::AnalysisState::not_solved && !repeated) {
      if (shortened)
        done[i]->why += " (a budget of " + std::to_string(allowed.count()) +
                        " ms: a later position of the game was not solved)";
      unsolved_later = true;
    }
    if (progress) progress(game_json(done, moves, budget, win_draw_loss));
  }
  return game_json(done, moves, budget, win_draw_loss);
}

namespace {

// One position's verdict on its played move; nullopt when there is none (not
// solved, no move played, or a played move the analysis does not list).
struct MoveVerdict {
  int seat = 0;
  bool kept = false;
  bool decisive = false;
  std::optional<std::int64_t> given;  // exact scores and kept only
};

std::optional<MoveVerdict> verdict(const json::object& p, bool exact) {
  const auto* state = p.if_contains("state");
  const auto* played = p.if_contains("played");
  const auto* moves = p.if_contains("moves");
  if (state == nullptr || !state->is_string() || state->as_string() != "solved" ||
      played == nullptr || !played->is_string() || moves == nullptr || !moves->is_array())
    return std::nullopt;
  std::optional<std::int64_t> best;
  std::optional<std::int64_t> worst;
  std::optional<std::int64_t> mine;
  for (const auto& m : moves->as_array()) {
    const auto& o = m.as_object();
    const std::int64_t score = o.at("score").to_number<std::int64_t>();
    if (!best || score > *best) best = score;
    if (!worst || score < *worst) worst = score;
    if (o.at("move").as_string() == played->as_string()) mine = score;
  }
  if (!best || !mine) return std::nullopt;
  MoveVerdict v;
  v.seat = static_cast<int>(p.at("seat").to_number<std::int64_t>());
  const int target = sign(int(*best));
  v.kept = sign(int(*mine)) == target;
  v.decisive = sign(int(*worst)) < target;
  if (v.kept && exact) v.given = *best - *mine;
  return v;
}

bool exact_scores(const json::object& analysis) {
  const auto* scores = analysis.if_contains("scores");
  return scores == nullptr || !scores->is_string() || scores->as_string() == "exact";
}

}  // namespace

std::vector<store::SeatAccuracy> seat_accuracy(const json::object& analysis) {
  std::vector<store::SeatAccuracy> seats;
  const auto* positions = analysis.if_contains("positions");
  if (positions == nullptr || !positions->is_array()) return seats;
  const bool exact = exact_scores(analysis);
  for (const auto& p : positions->as_array()) {
    if (!p.is_object()) continue;
    const auto v = verdict(p.as_object(), exact);
    if (!v || v->seat < 0) continue;
    while (seats.size() <= std::size_t(v->seat))
      seats.push_back(store::SeatAccuracy{int(seats.size()), 0, 0, 0});
    store::SeatAccuracy& s = seats[std::size_t(v->seat)];
    if (v->decisive) {
      ++s.decisive;
      if (v->kept) ++s.kept;
    }
    if (!v->kept) ++s.mistakes;
  }
  return seats;
}

void add_accuracy(json::object& analysis) {
  auto* positions = analysis.if_contains("positions");
  if (positions == nullptr || !positions->is_array()) return;
  const bool exact = exact_scores(analysis);
  for (auto& p : positions->as_array()) {
    if (!p.is_object()) continue;
    const auto v = verdict(p.as_object(), exact);
    if (!v) continue;
    json::object& o = p.as_object();
    o["kept"] = v->kept;
    o["decisive"] = v->decisive;
    if (v->given) o["given"] = *v->given;
  }
  json::array seats;
  for (const store::SeatAccuracy& s : seat_accuracy(analysis)) {
    json::value share = nullptr;
    if (s.decisive > 0) share = double(s.kept) / double(s.decisive);
    seats.push_back(json::object{{"seat", s.seat},
                                 {"decisive", s.decisive},
                                 {"kept", s.kept},
                                 {"mistakes", s.mistakes},
                                 {"accuracy", share}});
  }
  analysis["accuracy"] = std::move(seats);
}

}  // namespace ft::server
