#include "server/tables/room_events.h"

#include "match/results.h"
#include "rules/four_game.h"
#include "rules/notation.h"
#include "server/protocol/outgoing.h"
#include "server/tables/support.h"
#include "server/tables/table_json.h"

namespace ft::server {
namespace json = boost::json;
namespace {

json::array seat_results_json(const TableState& t) {
  json::array results;
  const auto seats = static_cast<int>(t.seats.size());
  for (match::SeatResult r : match::seat_results(t.match->points(), seats))
    results.push_back(json::string(match::seat_result_name(r)));
  return results;
}

}  // namespace

std::shared_ptr<const std::string> event_frame(std::int64_t version, std::int64_t now,
                                               const json::object& event) {
  return std::make_shared<const std::string>(encode(EventFrame{version, now, event}));
}

json::array winning_cells_json(const match::Match& m) {
  json::array cells;
  if (const auto* four = dynamic_cast<const rules::FourGame*>(m.game())) {
    for (const rules::Cell& c : four->winning_cells())
      cells.push_back(json::string(rules::format_cell(c)));
  }
  return cells;
}

void follow(TableState& t, const match::EventBody& ev) {
  if (const auto* g = std::get_if<match::GameStarted>(&ev)) {
    t.side_team = g->side_team;
    t.plies = 0;
    t.game_outcome = nullptr;
    t.winning_cells.clear();
  } else if (std::holds_alternative<match::MoveMade>(ev)) {
    ++t.plies;
  } else if (const auto* o = std::get_if<match::GameOver>(&ev)) {
    // A game lost unplayed with the match is not the game on the board:
    // the board keeps the outcome of the game that was played on it.
    if (o->game != t.match->game_index()) return;
    t.game_outcome = outcome_json(t, o->end, o->outcome, o->loser_team, t.side_team);
    t.winning_cells = winning_cells_json(*t.match);
  }
}

std::optional<json::object> event_json(const TableState& t, const match::EventBody& ev,
                                       std::int64_t now) {
  return std::visit(
      overloaded{
          [&](const match::PiecesChosen& p) -> std::optional<json::object> {
            json::array sides;
            for (std::size_t i = 0; i < t.seats.size(); ++i)
              sides.push_back(p.team_piece[std::size_t(t.match->team_of(int(i)))]);
            return json::object{
                {"kind", "pieces_chosen"}, {"sides", sides}, {"lottery", p.lottery}};
          },
          [&](const match::GameStarted&) -> std::optional<json::object> {
            return json::object{{"kind", "game_started"},
                                {"game", game_json(t, true)},
                                {"clocks", clocks_json(t, now)},
                                {"match", match_json(t, now)}};
          },
          [&](const match::MoveMade& m) -> std::optional<json::object> {
            return json::object{{"kind", "moved"},
                                {"seat", m.seat},
                                {"side", m.side},
                                {"move", m.move},
                                {"ply", t.plies},
                                {"game", game_json(t, false)},
                                {"clocks", clocks_json(t, now)}};
          },
          [&](const match::GameOver& g) -> std::optional<json::object> {
            if (g.game != t.match->game_index()) {
              // Lost unplayed with the match (protocol.md 5.5): no sides,
              // no moves, no line.
              return json::object{{"kind", "game_over"},
                                  {"number", g.game + 1},
                                  {"outcome", outcome_json(t, g.end, g.outcome, g.loser_team, {})},
                                  {"winning_cells", json::array{}},
                                  {"score", score_json(t)},
                                  {"clocks", clocks_json(t, now)},
                                  {"unplayed", true}};
            }
            return json::object{{"kind", "game_over"},       {"number", g.game + 1},
                                {"outcome", t.game_outcome}, {"winning_cells", t.winning_cells},
                                {"score", score_json(t)},    {"clocks", clocks_json(t, now)}};
          },
          [&](const match::ReadyPressed& r) -> std::optional<json::object> {
            return json::object{{"kind", "ready"}, {"seat", r.seat}};
          },
          [&](const match::MatchOver& m) -> std::optional<json::object> {
            return json::object{{"kind", "match_over"},
                                {"score", score_json(t)},
                                {"results", seat_results_json(t)},
                                {"reason", match_over_reason(m.end)},
                                {"ratings", json::array{}}};
          },
          [&](const match::ClockUpdate&) -> std::optional<json::object> { return std::nullopt; },
          [&](const match::ConnectionChanged&) -> std::optional<json::object> {
            return std::nullopt;
          },
      },
      ev);
}

json::object with_ratings(json::object match_over, json::array ratings) {
  match_over["ratings"] = std::move(ratings);
  return match_over;
}

json::object created_event(const TableState& t) {
  return json::object{{"kind", "created"}, {"table", summary_json(t, 0)}};
}

json::object seated_event(const TableState& t, int seat) {
  return json::object{
      {"kind", "seated"}, {"seat", seat}, {"player", player_json(t, seat)}, {"computer", nullptr}};
}

}  // namespace ft::server
