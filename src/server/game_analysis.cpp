#include "server/game_analysis.h"

#include <boost/json.hpp>

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

Result<json::object> analyse_game(engine::PositionAnalyzer& analyzer, const rules::FourGame& start,
                                  const std::vector<PlayedMove>& moves,
                                  std::chrono::milliseconds budget,
                                  const AnalysisProgress& progress) {
  rules::FourGame game = start;
  json::array positions;
  json::array mistakes;
  std::vector<int> per_seat;
  bool win_draw_loss = game.spec().popout;
  for (std::size_t i = 0; i <= moves.size(); ++i) {
    // The last position only when the board did not end the game.
    if (i == moves.size() && game.outcome().over()) break;
    const engine::PositionAnalysis a =
        analyzer.analyze(game.position(), budget, game.repetitions() > 1);
    json::object p = position_json(a);
    p["ply"] = static_cast<std::int64_t>(i);
    if (i < moves.size()) {
      const PlayedMove& played = moves[i];
      p["played"] = played.move;
      p["seat"] = played.seat;
      if (per_seat.size() <= std::size_t(played.seat))
        per_seat.resize(std::size_t(played.seat) + 1);
      if (a.state == engine::AnalysisState::solved) {
        int best = -1000;
        const engine::MoveScore* mine = nullptr;
        for (const auto& m : a.moves) {
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
    if (progress) progress(json::object{{"positions", positions}});
    if (i == moves.size()) break;
    auto played = game.play(std::string_view(moves[i].move));
    if (!played)
      return make_error(ErrorCode::bad_input, "move " + std::to_string(i + 1) + " '" +
                                                  moves[i].move + "': " + played.error().message);
  }
  json::array counts;
  for (int n : per_seat) counts.push_back(n);
  return json::object{
      {"format", ANALYSIS_FORMAT},       {"scores", win_draw_loss ? "win_draw_loss" : "exact"},
      {"budget_ms", budget.count()},     {"positions", std::move(positions)},
      {"mistakes", std::move(mistakes)}, {"mistakes_by_seat", std::move(counts)}};
}

}  // namespace ft::server
