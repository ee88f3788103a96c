// A table brought back from the store (docs/protocol.md 6), and what the hub
// reads of a room: its summary, status, stored record and finished games.
#include <algorithm>

#include "server/protocol/match_codec.h"
#include "server/tables/match_finish.h"
#include "server/tables/room.h"
#include "server/tables/room_events.h"
#include "server/tables/table_json.h"

namespace ft::server {
namespace json = boost::json;
namespace {

std::vector<match::LoggedMove> logged_moves(const std::vector<store::MoveRecord>& rows) {
  std::vector<match::LoggedMove> logged;
  logged.reserve(rows.size());
  for (const store::MoveRecord& mv : rows) {
    match::LoggedMove lm;
    lm.game = mv.game_number - 1;
    lm.ply = mv.ply;
    lm.seat = mv.seat;
    lm.move = mv.move;
    if (mv.think_ms >= 0) lm.think_ms = mv.think_ms;
    lm.at = mv.server_ms;
    if (mv.elapsed_ms >= 0) lm.elapsed_ms = mv.elapsed_ms;
    lm.clocks_ms = mv.clocks_ms;
    logged.push_back(std::move(lm));
  }
  return logged;
}

std::int64_t count_moves(const match::MatchRecord& record) {
  return std::count_if(record.inputs.begin(), record.inputs.end(),
                       [](const match::Input& in) { return in.action == match::Action::move; });
}

}  // namespace

Result<std::shared_ptr<Room>> Room::restore(RoomHost& host, const store::LiveTable& live,
                                            const std::vector<store::Player>& seated,
                                            std::int64_t now) {
  auto settings = parse_settings(live.table.settings_json);
  if (!settings) return settings.error();
  std::shared_ptr<Room> room(new Room(host, live.table.id, *settings, live.table.created_ms));
  int people = 0;
  for (const auto& seat : live.table.seats) {
    if (seat.index < 0 || seat.index >= static_cast<int>(room->t_.seats.size())) continue;
    SeatInfo& s = room->t_.seats[static_cast<std::size_t>(seat.index)];
    s.player = seat.player.value_or(0);
    s.computer = seat.bot_level;
    // A match not started yet waits, as before the restart, for every seated
    // person to open the table: sitting down is stored, having opened it is
    // not, and nobody is connected to a table just loaded.
    s.joined = live.match.has_value() || s.computer != 0;
    if (static_cast<std::size_t>(seat.index) < seated.size()) {
      s.name = seated[std::size_t(seat.index)].display_name;
      s.bot = seated[std::size_t(seat.index)].bot_ms > 0;
    }
    if (s.player != 0) ++people;
  }
  room->t_.version = std::max(1, people);
  if (live.match) room->restore_match(live, now);
  return room;
}

void Room::restore_match(const store::LiveTable& live, std::int64_t now) {
  writes_.set_match_id(live.match->id);
  auto saved = decode_match(live.match->snapshot.state_json);
  if (!saved) {
    t_.read_only = "the stored match record cannot be read: " + saved.error().message;
    return;
  }
  seed_ = saved->record.config.seed;
  // The record as of the last snapshot, then the plain moves stored after it
  // (their rows only: see StoreJob::snapshot), each charged the turn length
  // stored with it, and a grace for the players to reconnect.
  std::vector<match::LoggedMove> logged = logged_moves(live.moves);
  // The match library's factory: the config names the game and, for
  // twiceFour, the start the match began from (RULES.md B2 changed).
  auto m = match::Match::restore(saved->record, logged, now, live.match->snapshot.saved_ms, {}, {},
                                 RESTART_GRACE_MS);
  if (!m) {
    // Never drop a stored table: show as much as replays, take no action.
    t_.read_only = m.error().message;
    while (!m && !logged.empty()) {
      logged.pop_back();
      m = match::Match::restore(saved->record, logged, now, live.match->snapshot.saved_ms);
    }
    if (!m) return;
  }
  t_.match.emplace(std::move(m).value());
  // Each move replayed beyond the record was one `moved` event.
  t_.version = saved->version + (count_moves(t_.match->record()) - count_moves(saved->record));
  // protocol.md 4.2: a move id that was stored is acknowledged again when it
  // is resent after the restart, acked before it or not.
  for (const store::MoveRecord& mv : live.moves) {
    if (mv.client_id.empty() || mv.seat < 0 || std::size_t(mv.seat) >= t_.seats.size()) continue;
    t_.seats[std::size_t(mv.seat)].last_move_id = mv.client_id;
    t_.seats[std::size_t(mv.seat)].last_move_version = mv.version;
  }
  const match::MatchView view = t_.match->view(now);
  // The game on the board (a game lost unplayed with the match never is).
  if (view.game >= 0 && std::size_t(view.game) < view.games.size()) {
    const match::GameRecord& g = view.games[std::size_t(view.game)];
    t_.side_team = g.side_team;
    t_.plies = static_cast<int>(g.moves.size());
    if (g.end != match::GameEnd::playing) {
      t_.game_outcome = outcome_json(t_, g.end, g.outcome, g.loser_team, g.side_team);
      t_.winning_cells = winning_cells_json(*t_.match);
    }
  }
  if (t_.match->phase() == match::Phase::over) {
    t_.match_result = with_whole_ratings(saved->result);
    finished_at_ = now;
  }
  if (!t_.read_only.empty()) return;
  // Nobody is connected to a process that just started; clients reconnect.
  for (std::size_t i = 0; i < t_.seats.size(); ++i) {
    if (t_.seats[i].player != 0 && t_.match->phase() != match::Phase::over)
      t_.match->set_connected(static_cast<int>(i), false, now);
  }
  next_deadline_ = t_.match->next_deadline().value_or(0);
}

// ---- what the hub reads ------------------------------------------------------

store::TableRecord Room::record() const {
  std::lock_guard lock(mu_);
  store::TableRecord r;
  r.id = t_.id;
  r.settings_json = json::serialize(settings_json(t_.settings));
  r.variant = t_.settings.variant;
  r.listed = t_.settings.listed;
  r.rated = t_.settings.rated;
  const std::string st = table_status(t_);
  r.status = st == "waiting"    ? store::TableStatus::open
             : st == "finished" ? store::TableStatus::finished
                                : store::TableStatus::playing;
  r.seats = seat_rows(t_.seats);
  r.created_ms = t_.created_ms;
  r.updated_ms = t_.created_ms;
  return r;
}

json::object Room::summary() const {
  std::lock_guard lock(mu_);
  return summary_json(t_, spectators());
}

std::string Room::status() const {
  std::lock_guard lock(mu_);
  return table_status(t_);
}

json::value Room::match_result() const {
  std::lock_guard lock(mu_);
  return t_.match_result;
}

json::value Room::game_players(int number) const {
  std::lock_guard lock(mu_);
  return game_players_json(t_, number, host_.now_ms());
}

std::size_t Room::watchers() const {
  std::lock_guard lock(mu_);
  return subs_.size();
}

}  // namespace ft::server
