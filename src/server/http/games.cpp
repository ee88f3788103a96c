// The HTTP API of a game: its record (docs/protocol.md 2.7), its exact
// analysis (2.16) and the analysis board (2.17). Runs on the blocking pool;
// the searches run on the analysis service's threads.
#include <boost/json.hpp>

#include "rules/game_kind.h"
#include "rules/notation.h"
#include "server/analysis/analysis_service.h"
#include "server/analysis/game_analysis.h"
#include "server/http/api.h"
#include "server/http/json.h"
#include "server/protocol/settings.h"

namespace ft::server {
namespace json = boost::json;
namespace {

// "k3j9xq2apz-1" -> ("k3j9xq2apz", 1); number 0 when it is not a game id.
std::pair<std::string, int> split_game_id(std::string_view id) {
  const std::size_t dash = id.rfind('-');
  if (dash == std::string_view::npos || dash == 0 || dash + 1 == id.size()) return {"", 0};
  int number = 0;
  for (char c : id.substr(dash + 1)) {
    if (c < '0' || c > '9' || number > 100) return {"", 0};
    number = number * 10 + (c - '0');
  }
  return {std::string(id.substr(0, dash)), number};
}

// The analysis board plays at most this many moves (the largest board, 10x8,
// full; PopOut lines may be longer, but the board stays a study tool).
constexpr std::size_t MAX_BOARD_MOVES = 160;

}  // namespace

// protocol.md 2.7: a finished game's record. A game lost unplayed with the
// match has none: 404 with a code of its own (not_played), so a page says
// that the game was never played rather than that it does not exist.
HttpResponse Api::api_game(std::string_view id) {
  const bool text = id.ends_with(".txt");
  if (text) id.remove_suffix(4);
  const auto [table, number] = split_game_id(id);
  if (number < 1) return error(HttpError::not_found, "no such game");
  const auto matches = store_.matches_of_table(table);
  if (matches.empty()) return error(HttpError::not_found, "no such game");
  auto game = store_.find_game(matches.back().id, number);
  if (!game || !game->finished)
    return error(HttpError::not_found, "no finished game " + std::string(id));
  if (game->unplayed)
    return error(HttpError::not_played,
                 "game " + std::string(id) + " was never played: the match ended before it began");
  if (text) {
    HttpResponse r;
    r.content_type = "text/plain; charset=utf-8";
    r.body = game->record;
    return r;
  }
  json::object o{{"id", std::string(id)},
                 {"table", table},
                 {"number", number},
                 {"game", rules::to_text(rules::game_kind_of_variant(game->variant))},
                 {"variant", game->variant},
                 {"record", game->record}};
  add_result_fields(o, *game);
  json::value details = nullptr;
  if (auto room = tables_.read(table)) details = room->game_players(number);
  if (details.is_object()) {
    for (const auto& [k, v] : details.as_object()) o[k] = v;
  } else {
    json::array moves;
    for (const auto& m : store_.moves_of_game(matches.back().id, number))
      moves.push_back(json::string(m.move));
    o["moves"] = moves;
    o["players"] = json::array{};
    o["outcome"] = nullptr;
  }
  return json_response(200, o);
}

HttpResponse Api::api_game_analysis(std::string_view id) {
  const auto [table, number] = split_game_id(id);
  if (number < 1) return error(HttpError::not_found, "no such game");
  AnalysisService::Answer a = analysis_.game(table, number);
  if (a.status == 404) return error(HttpError::not_found, "no finished game " + std::string(id));
  if (a.status == 503)
    return error(HttpError::unavailable, "the game's stored analysis does not read; try again");
  a.body["game"] = std::string(id);
  return json_response(200, a.body);
}

// POST /api/analysis {"game":"four","variant":..., "width", "height",
// "popout", "moves": ["d", "d", "c^"]}: the position after the moves and the
// score of each legal move there.
HttpResponse Api::api_analysis_board(const HttpRequest& request, const Identity& who) {
  boost::system::error_code ec;
  const json::value body = json::parse(request.body, ec);
  if (ec || !body.is_object()) return error(HttpError::bad_json, "the body must be a JSON object");
  auto settings = parse_settings(request.body);
  if (!settings) return error(HttpError::bad_settings, settings.error().message);
  if (settings->game != rules::GameKind::four)
    return error(HttpError::bad_settings, "the analysis board plays four in a row only");
  if (!settings->start.empty())
    return error(HttpError::bad_settings, "the analysis board takes 'moves', not 'start'");
  if (settings->spec.blocks > 0 || settings->spec.opening_plies > 0)
    return error(HttpError::bad_settings,
                 "the analysis board has no drawn set-ups (blocks, drawn openings)");
  auto game = rules::FourGame::create(settings->spec);
  if (!game) return error(HttpError::bad_settings, game.error().message);
  rules::FourGame g = std::move(game).value();
  const json::value* moves = body.as_object().if_contains("moves");
  if (moves == nullptr || !moves->is_array())
    return error(HttpError::bad_moves, "'moves' must be an array of moves (\"d\", \"d^\")");
  if (moves->as_array().size() > MAX_BOARD_MOVES)
    return error(HttpError::bad_moves, "at most " + std::to_string(MAX_BOARD_MOVES) + " moves");
  std::size_t i = 0;
  for (const json::value& m : moves->as_array()) {
    ++i;
    if (!m.is_string())
      return error(HttpError::bad_moves, "move " + std::to_string(i) + " is not a string");
    if (g.outcome().over())
      return error(HttpError::bad_moves, "move " + std::to_string(i) + ": the game is over");
    auto played = g.play(std::string_view(m.as_string()));
    if (!played)
      return error(HttpError::bad_moves, "move " + std::to_string(i) + " '" +
                                             std::string(m.as_string()) +
                                             "': " + played.error().message);
  }
  json::array legal;
  for (const auto& m : g.legal_moves()) legal.push_back(json::string(m));
  json::array rows;
  for (const auto& row : g.board_rows()) rows.push_back(json::string(row));
  json::object out{{"ply", static_cast<std::int64_t>(i)},
                   {"width", g.spec().width},
                   {"height", g.spec().height},
                   {"cylinder", g.spec().cylinder},
                   {"board", std::move(rows)},
                   {"to_move", g.side_to_move()},
                   {"legal", std::move(legal)},
                   {"over", g.outcome().over()}};
  if (g.outcome().over()) {
    out["winner"] = g.outcome().winner;
    json::array winning;
    for (const auto& c : g.winning_cells()) winning.push_back(json::string(rules::format_cell(c)));
    out["winning"] = std::move(winning);
    return json_response(200, out);
  }
  // Per player, and per address: fresh guests do not make fresh limits.
  std::int64_t wait_ms = board_buckets_.take(request.address);
  AnalysisService::Live live;
  if (wait_ms == 0) {
    live = analysis_.live(g, who.player);
    wait_ms = live.retry_after_ms;
  }
  if (wait_ms > 0 || live.refused == AnalysisService::Refusal::rate_limited) {
    HttpResponse r =
        error(HttpError::rate_limited, "too many positions in the last minute; wait a little");
    r.headers.emplace_back("Retry-After", std::to_string(retry_after_seconds(wait_ms)));
    return r;
  }
  if (live.refused == AnalysisService::Refusal::busy)
    return error(HttpError::unavailable, "the analysis board is busy; try again");
  out["scores"] = live.analysis.win_draw_loss ? "win_draw_loss" : "exact";
  out["analysis"] = position_json(live.analysis);
  return json_response(200, out);
}

}  // namespace ft::server
