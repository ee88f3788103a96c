// The table's views on the wire (docs/protocol.md 2.4, 2.7, 5.2-5.6).
#include "server/tables/table_json.h"

#include <algorithm>

#include "rules/four_game.h"
#include "server/protocol/player_object.h"
#include "server/protocol/round_json.h"

namespace ft::server {
namespace json = boost::json;

std::string table_status(const TableState& t) {
  if (!t.match) return "waiting";
  const match::Phase p = t.match->phase();
  if (p == match::Phase::over) return "finished";
  return p == match::Phase::between_games ? "between_games" : "playing";
}

// protocol.md 5.3 names the ends of a match as the client's actions do.
std::string match_over_reason(match::MatchEnd end) {
  if (end == match::MatchEnd::resigned) return "resign_match";
  if (end == match::MatchEnd::abandoned) return "abandon";
  if (end == match::MatchEnd::claimed) return "claim";
  return std::string(match::match_end_name(end));
}

json::value player_json(const TableState& t, int seat) {
  const SeatInfo& s = t.seats[std::size_t(seat)];
  if (s.player == 0) return nullptr;
  return player_object(s.player, s.name, s.bot);
}

json::array score_json(const TableState& t) {
  json::array score;
  std::vector<match::Points> points;
  if (t.match) points = t.match->points();
  for (std::size_t i = 0; i < t.seats.size(); ++i) {
    double v = 0;
    if (t.match) v = points[std::size_t(t.match->team_of(int(i)))].value();
    if (v == static_cast<double>(static_cast<std::int64_t>(v))) {
      score.push_back(static_cast<std::int64_t>(v));
    } else {
      score.push_back(v);
    }
  }
  return score;
}

namespace {

// A seat's computer as every answer names it (protocol.md 2.4): its level
// 1..7 or "perfect", so a page names it one way; null for a person.
json::value computer_json(int level) {
  if (level == 0) return nullptr;
  if (level == PERFECT_LEVEL) return json::object{{"level", "perfect"}};
  return json::object{{"level", level}};
}

}  // namespace

json::object summary_json(const TableState& t, int spectators) {
  json::array seats;
  for (std::size_t i = 0; i < t.seats.size(); ++i) {
    seats.push_back(json::object{{"seat", int(i)},
                                 {"player", player_json(t, int(i))},
                                 {"computer", computer_json(t.seats[i].computer)}});
  }
  json::object o{{"id", t.id},
                 {"url", "/t/" + t.id},
                 {"settings", settings_json(t.settings)},
                 {"status", table_status(t)},
                 {"seats", std::move(seats)},
                 {"score", score_json(t)},
                 {"game_number", t.match ? t.match->game_index() + 1 : 0},
                 {"spectators", spectators},
                 {"created_at", t.created_ms}};
  if (!t.read_only.empty()) o["read_only"] = t.read_only;  // protocol.md 6
  return o;
}

int side_of_seat(const match::Match& m, const std::vector<int>& side_team, int seat) {
  for (std::size_t s = 0; s < side_team.size(); ++s)
    if (side_team[s] == m.team_of(seat)) return int(s);
  return -1;
}

json::value outcome_json(const TableState& t, match::GameEnd end, const rules::Outcome& outcome,
                         int loser_team, const std::vector<int>& side_team) {
  json::object o;
  json::array winners;
  const int teams = t.match ? t.match->format().teams : 2;
  auto seats_of_side = [&](int side) {
    json::array seats;
    if (side < 0 || std::size_t(side) >= side_team.size()) return seats;
    for (std::size_t i = 0; i < t.seats.size(); ++i)
      if (t.match->team_of(int(i)) == side_team[std::size_t(side)]) seats.push_back(int(i));
    return seats;
  };
  if (end == match::GameEnd::rules) {
    o["status"] = rules::status_name(outcome.status);
    if (outcome.winner >= 0) {
      o["winner_side"] = outcome.winner;
    } else {
      o["winner_side"] = nullptr;
    }
    o["winner_seats"] = seats_of_side(outcome.winner);
    std::string reason(rules::reason_name(outcome.reason));
    std::replace(reason.begin(), reason.end(), '-', '_');
    o["reason"] = reason;
    return o;
  }
  o["status"] = "win";
  int winner_side = -1;
  if (teams == 2) {
    for (std::size_t s = 0; s < side_team.size(); ++s)
      if (side_team[s] != loser_team) winner_side = int(s);
  }
  if (winner_side >= 0) {
    o["winner_side"] = winner_side;
  } else {
    o["winner_side"] = nullptr;
  }
  for (std::size_t i = 0; i < t.seats.size(); ++i)
    if (t.match && t.match->team_of(int(i)) != loser_team) winners.push_back(int(i));
  o["winner_seats"] = winners;
  std::string reason = "forfeit";
  if (end == match::GameEnd::resigned) {
    reason = "resign";
  } else if (end == match::GameEnd::resigned_match) {
    reason = "resign_match";
  } else if (end == match::GameEnd::timeout) {
    reason = "timeout";
  } else if (t.match && t.match->end() != match::MatchEnd::completed &&
             t.match->end() != match::MatchEnd::none) {
    reason = match_over_reason(t.match->end());  // lost with the match
  }
  o["reason"] = reason;
  return o;
}

json::object game_json(const TableState& t, bool with_moves) {
  const rules::GameState* g = t.match->game();
  json::object o;
  o["number"] = t.match->game_index() + 1;
  o["game"] = g->game();
  o["variant"] = t.settings.variant;
  const bool four = t.settings.game == rules::GameKind::four;
  o["width"] = four ? t.settings.spec.width : 5;
  o["height"] = four ? t.settings.spec.height : 5;
  json::array board;
  for (const auto& row : g->board_rows()) board.push_back(json::string(row));
  o["board"] = std::move(board);
  if (with_moves) {
    json::array moves;
    for (const auto& m : g->moves()) moves.push_back(json::string(m));
    o["moves"] = std::move(moves);
  }
  o["ply"] = t.plies;
  json::array sides;
  for (std::size_t i = 0; i < t.seats.size(); ++i)
    sides.push_back(side_of_seat(*t.match, t.side_team, int(i)));
  o["sides"] = std::move(sides);
  const bool playing = t.match->phase() == match::Phase::playing && !g->outcome().over();
  json::array legal;
  if (playing) {
    o["to_move"] = json::object{{"side", g->side_to_move()}, {"seat", t.match->seat_to_move()}};
    for (const auto& m : g->legal_moves()) legal.push_back(json::string(m));
  } else {
    o["to_move"] = nullptr;
  }
  o["legal"] = std::move(legal);
  o["repetition_warning"] = g->repetition_warning();
  o["outcome"] = t.game_outcome;
  o["winning_cells"] = t.winning_cells;
  // twiceFour: the round's points, counted lines and, at a limit, placement.
  if (const auto* twice = dynamic_cast<const rules::TwiceFourGame*>(g))
    o["round"] = twicefour_round_json(*twice);
  return o;
}

json::object clocks_json(const TableState& t, std::int64_t now) {
  json::object o;
  o["kind"] = t.settings.per_move ? "per_move" : "fischer";
  json::array remaining;
  for (std::size_t i = 0; i < t.seats.size(); ++i) {
    if (t.match) {
      remaining.push_back(t.match->clock().remaining(int(i), now));
    } else {
      remaining.push_back(t.settings.per_move ? t.settings.move_ms : t.settings.bank_ms);
    }
  }
  o["remaining_ms"] = std::move(remaining);
  const int running = t.match ? t.match->clock().running() : -1;
  if (running >= 0) {
    o["running"] = running;
  } else {
    o["running"] = nullptr;
  }
  o["at"] = now;
  return o;
}

json::object match_json(const TableState& t, std::int64_t now) {
  json::object o;
  o["games"] = t.match ? t.match->format().games
                       : (t.settings.single       ? 1
                          : t.settings.seats == 3 ? 3
                                                  : 2);
  o["game_number"] = t.match ? t.match->game_index() + 1 : 0;
  std::string phase = t.match ? std::string(match::phase_name(t.match->phase())) : "waiting";
  std::replace(phase.begin(), phase.end(), '-', '_');  // protocol.md 5.2 spells choosing_pieces
  o["phase"] = phase;
  o["score"] = score_json(t);
  json::array ready;
  if (t.match) {
    const match::MatchView view = t.match->view(now);
    for (bool r : view.ready) ready.push_back(r);
  } else {
    for (std::size_t i = 0; i < t.seats.size(); ++i) ready.push_back(false);
  }
  o["ready"] = std::move(ready);
  o["over"] = t.match && t.match->phase() == match::Phase::over;
  o["result"] = t.match_result;
  return o;
}

Presence presence_of(const TableState& t, std::int64_t now, int spectators) {
  Presence p;
  for (const SeatInfo& s : t.seats) p.connected.push_back(s.computer != 0 || s.sockets > 0);
  p.spectators = spectators;
  if (t.match && t.match->phase() == match::Phase::playing)
    p.claim_at = t.match->view(now).claim_from;
  p.claimable = p.claim_at.has_value() && *p.claim_at <= now;
  return p;
}

StateFrame state_frame(const TableState& t, int seat, std::int64_t now, int spectators) {
  StateFrame f;
  f.version = t.version;
  f.server_time = now;
  f.table = summary_json(t, spectators);
  if (seat >= 0) f.seat = seat;
  f.match = match_json(t, now);
  if (t.match && t.match->game() != nullptr) {
    f.game = game_json(t, true);
  } else {
    f.game = nullptr;
  }
  f.clocks = clocks_json(t, now);
  f.presence = presence_of(t, now, spectators);
  return f;
}

json::value game_players_json(const TableState& t, int number, std::int64_t now) {
  if (!t.match) return nullptr;
  const match::MatchView view = t.match->view(now);
  if (number < 1 || std::size_t(number) > view.games.size()) return nullptr;
  const match::GameRecord& g = view.games[std::size_t(number - 1)];
  if (g.end == match::GameEnd::playing) return nullptr;
  json::array players;
  for (std::size_t i = 0; i < t.seats.size(); ++i) {
    const int side = side_of_seat(*t.match, g.side_team, int(i));
    players.push_back(json::object{{"seat", int(i)},
                                   {"side", side},
                                   {"player", player_json(t, int(i))},
                                   {"computer", computer_json(t.seats[i].computer)}});
  }
  json::value outcome = outcome_json(t, g.end, g.outcome, g.loser_team, g.side_team);
  json::array moves;
  for (const auto& m : g.moves) moves.push_back(json::string(m));
  return json::object{{"players", players}, {"outcome", outcome}, {"moves", moves}};
}

}  // namespace ft::server
