// The room's side of docs/protocol.md 5.2-5.6: how a table, its game, its
// clocks and its presence look on the wire. Called under the room's lock.
#include <algorithm>

#include "rules/four_game.h"
#include "server/room.h"
#include "server/round_json.h"

namespace ft::server {
namespace json = boost::json;

std::string Room::status() const {
  std::lock_guard lock(mu_);
  return status_unlocked();
}

std::string Room::status_unlocked() const {
  if (!match_) return "waiting";
  switch (match_->phase()) {
    case match::Phase::over: return "finished";
    case match::Phase::between_games: return "between_games";
    default: return "playing";
  }
}

json::object Room::summary() const {
  std::lock_guard lock(mu_);
  return summary_unlocked();
}

json::value Room::player_json(int seat) const {
  const SeatInfo& s = seats_[std::size_t(seat)];
  if (s.player == 0) return nullptr;
  return json::object{{"id", "p_" + std::to_string(s.player)}, {"name", s.name}};
}

json::array Room::score_json() const {
  json::array score;
  std::vector<match::Points> points;
  if (match_) points = match_->points();
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    double v = 0;
    if (match_) v = points[std::size_t(match_->team_of(int(i)))].value();
    if (v == static_cast<double>(static_cast<std::int64_t>(v))) {
      score.push_back(static_cast<std::int64_t>(v));
    } else {
      score.push_back(v);
    }
  }
  return score;
}

json::object Room::summary_unlocked() const {
  json::array seats;
  int spectators = 0;
  for (const auto& sub : subs_)
    if (sub.seat < 0) ++spectators;
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    json::value computer = nullptr;
    if (seats_[i].computer != 0) {
      if (seats_[i].computer == PERFECT_LEVEL) {
        computer = json::object{{"level", "perfect"}};
      } else {
        computer = json::object{{"level", seats_[i].computer}};
      }
    }
    seats.push_back(json::object{{"seat", int(i)}, {"player", player_json(int(i))},
                                 {"computer", computer}});
  }
  json::object o{{"id", id_},
                 {"url", "/t/" + id_},
                 {"settings", settings_json(settings_)},
                 {"status", status_unlocked()},
                 {"seats", std::move(seats)},
                 {"score", score_json()},
                 {"game_number", match_ ? match_->game_index() + 1 : 0},
                 {"spectators", spectators},
                 {"created_at", created_ms_}};
  if (!read_only_.empty()) o["read_only"] = read_only_;  // protocol.md 6
  return o;
}

json::value Room::outcome_json(match::GameEnd end, const rules::Outcome& outcome,
                               int loser_team, const std::vector<int>& side_team) const {
  json::object o;
  json::array winners;
  const int teams = match_ ? match_->format().teams : 2;
  auto seats_of_side = [&](int side) {
    json::array seats;
    if (side < 0 || std::size_t(side) >= side_team.size()) return seats;
    for (std::size_t i = 0; i < seats_.size(); ++i)
      if (match_->team_of(int(i)) == side_team[std::size_t(side)]) seats.push_back(int(i));
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
  for (std::size_t i = 0; i < seats_.size(); ++i)
    if (match_ && match_->team_of(int(i)) != loser_team) winners.push_back(int(i));
  o["winner_seats"] = winners;
  std::string reason;
  switch (end) {
    case match::GameEnd::resigned: reason = "resign"; break;
    case match::GameEnd::resigned_match: reason = "resign_match"; break;
    case match::GameEnd::timeout: reason = "timeout"; break;
    default:
      switch (match_ ? match_->end() : match::MatchEnd::none) {
        case match::MatchEnd::resigned: reason = "resign_match"; break;
        case match::MatchEnd::timeout: reason = "timeout"; break;
        case match::MatchEnd::abandoned: reason = "abandon"; break;
        case match::MatchEnd::claimed: reason = "claim"; break;
        default: reason = "forfeit"; break;
      }
  }
  o["reason"] = reason;
  return o;
}

json::object Room::game_json(bool with_moves) const {
  const rules::GameState* g = match_->game();
  json::object o;
  o["number"] = match_->game_index() + 1;
  o["game"] = g->game();
  o["variant"] = settings_.variant;
  const bool four = settings_.game == "four";
  o["width"] = four ? settings_.spec.width : 5;
  o["height"] = four ? settings_.spec.height : 5;
  json::array board;
  for (const auto& row : g->board_rows()) board.push_back(json::string(row));
  o["board"] = std::move(board);
  if (with_moves) {
    json::array moves;
    for (const auto& m : g->moves()) moves.push_back(json::string(m));
    o["moves"] = std::move(moves);
  }
  o["ply"] = plies_;
  json::array sides;
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    int side = -1;
    for (std::size_t s = 0; s < side_team_.size(); ++s)
      if (side_team_[s] == match_->team_of(int(i))) side = int(s);
    sides.push_back(side);
  }
  o["sides"] = std::move(sides);
  const bool playing = match_->phase() == match::Phase::playing && !g->outcome().over();
  json::array legal;
  if (playing) {
    o["to_move"] = json::object{{"side", g->side_to_move()}, {"seat", match_->seat_to_move()}};
    for (const auto& m : g->legal_moves()) legal.push_back(json::string(m));
  } else {
    o["to_move"] = nullptr;
  }
  o["legal"] = std::move(legal);
  o["repetition_warning"] = g->repetition_warning();
  o["outcome"] = game_outcome_;
  o["winning_cells"] = winning_cells_;
  // twiceFour: the round's points, counted lines and, at a limit, placement.
  if (const auto* twice = dynamic_cast<const rules::TwiceFourGame*>(g))
    o["round"] = twicefour_round_json(*twice);
  return o;
}

json::object Room::clocks_json(std::int64_t now) const {
  json::object o;
  o["kind"] = settings_.per_move ? "per_move" : "fischer";
  json::array remaining;
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    if (match_) {
      remaining.push_back(match_->clock().remaining(int(i), now));
    } else {
      remaining.push_back(settings_.per_move ? settings_.move_ms : settings_.bank_ms);
    }
  }
  o["remaining_ms"] = std::move(remaining);
  const int running = match_ ? match_->clock().running() : -1;
  if (running >= 0) {
    o["running"] = running;
  } else {
    o["running"] = nullptr;
  }
  o["at"] = now;
  return o;
}

json::object Room::match_json(std::int64_t now) const {
  json::object o;
  o["games"] = match_ ? match_->format().games : (settings_.single ? 1 : settings_.seats == 3 ? 3 : 2);
  o["game_number"] = match_ ? match_->game_index() + 1 : 0;
  std::string phase = match_ ? std::string(match::phase_name(match_->phase())) : "waiting";
  std::replace(phase.begin(), phase.end(), '-', '_');  // protocol.md 5.2 spells choosing_pieces
  o["phase"] = phase;
  o["score"] = score_json();
  json::array ready;
  if (match_) {
    const match::MatchView view = match_->view(now);
    for (bool r : view.ready) ready.push_back(r);
  } else {
    for (std::size_t i = 0; i < seats_.size(); ++i) ready.push_back(false);
  }
  o["ready"] = std::move(ready);
  o["over"] = match_ && match_->phase() == match::Phase::over;
  o["result"] = match_result_;
  return o;
}

json::object Room::presence_json(std::int64_t now) const {
  json::array connected;
  int spectators = 0;
  for (const auto& sub : subs_)
    if (sub.seat < 0) ++spectators;
  for (const SeatInfo& s : seats_) connected.push_back(s.computer != 0 || s.sockets > 0);
  json::object o{{"connected", std::move(connected)}, {"spectators", spectators}};
  std::optional<std::int64_t> claim_at;
  if (match_ && match_->phase() == match::Phase::playing) claim_at = match_->view(now).claim_from;
  o["claimable"] = claim_at.has_value() && *claim_at <= now;
  if (claim_at) {
    o["claim_at"] = *claim_at;
  } else {
    o["claim_at"] = nullptr;
  }
  return o;
}

json::object Room::state_frame(int seat, std::int64_t now) const {
  json::object o;
  o["type"] = "state";
  o["version"] = version_;
  o["server_time"] = now;
  o["table"] = summary_unlocked();
  if (seat >= 0) {
    o["you"] = json::object{{"seat", seat}};
  } else {
    o["you"] = json::object{{"seat", nullptr}};
  }
  o["match"] = match_json(now);
  if (match_ && match_->game() != nullptr) {
    o["game"] = game_json(true);
  } else {
    o["game"] = nullptr;
  }
  o["clocks"] = clocks_json(now);
  o["presence"] = presence_json(now);
  return o;
}

}  // namespace ft::server

namespace ft::server {

json::value Room::match_result() const {
  std::lock_guard lock(mu_);
  return match_result_;
}

json::value Room::game_players(int number) const {
  std::lock_guard lock(mu_);
  if (!match_) return nullptr;
  const match::MatchView view = match_->view(host_.now_ms());
  if (number < 1 || std::size_t(number) > view.games.size()) return nullptr;
  const match::GameRecord& g = view.games[std::size_t(number - 1)];
  if (g.end == match::GameEnd::playing) return nullptr;
  json::array players;
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    int side = -1;
    for (std::size_t s = 0; s < g.side_team.size(); ++s)
      if (g.side_team[s] == match_->team_of(int(i))) side = int(s);
    json::value computer = nullptr;
    if (seats_[i].computer != 0) computer = json::object{{"level", seats_[i].computer}};
    players.push_back(json::object{{"seat", int(i)}, {"side", side}, {"player", player_json(int(i))},
                                   {"computer", computer}});
  }
  json::value outcome = outcome_json(g.end, g.outcome, g.loser_team, g.side_team);
  json::array moves;
  for (const auto& m : g.moves) moves.push_back(json::string(m));
  return json::object{{"players", players}, {"outcome", outcome}, {"moves", moves}};
}

}  // namespace ft::server
