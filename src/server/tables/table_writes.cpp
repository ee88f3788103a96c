#include "server/tables/table_writes.h"

#include <algorithm>
#include <memory>

#include "rules/game_record.h"
#include "server/protocol/match_codec.h"
#include "server/tables/table_json.h"

namespace ft::server {

void add_then(StoreJob& job, std::function<void(store::Store&)> fn) {
  if (!job.then) {
    job.then = std::move(fn);
    return;
  }
  job.then = [a = std::move(job.then), b = std::move(fn)](store::Store& s) {
    a(s);
    b(s);
  };
}

store::MatchSnapshot match_snapshot(const TableState& t, std::int64_t now,
                                    const boost::json::value& result) {
  store::MatchSnapshot snap;
  if (!t.match) return snap;
  snap.state_json = encode_match(t.match->record(), t.version, result);
  for (std::size_t i = 0; i < t.seats.size(); ++i)
    snap.clocks_ms.push_back(t.match->clock().remaining(static_cast<int>(i), now));
  snap.saved_ms = now;
  return snap;
}

namespace {

// A fresh game `g` of the match, before its first move: the board its
// record starts from (the set-up and any `start` moves, RULES.md A8, A9).
std::unique_ptr<rules::GameState> fresh_game(const TableState& t, const match::GameRecord& g) {
  auto factory = match::game_factory_for(t.match->config());
  if (!factory) return nullptr;
  auto made = (*factory)(match::GameSpec{g.index, g.first_side});
  return made ? std::move(made).value() : nullptr;
}

}  // namespace

GameText game_text(const TableState& t, int game, std::int64_t now) {
  const match::MatchView view = t.match->view(now);
  if (game < 0 || std::size_t(game) >= view.games.size()) return {};
  const match::GameRecord& g = view.games[std::size_t(game)];
  if (!g.played()) return {};  // lost unplayed with the match: no board, no moves
  // The game's own moves replayed from its own start, never the board the
  // match shows now (which, once a match is resigned, may be another game).
  std::unique_ptr<rules::GameState> replay = fresh_game(t, g);
  if (!replay) return {};
  GameText out;
  if (auto* four = dynamic_cast<rules::FourGame*>(replay.get())) {
    out.setup = rules::format_setup(*four);
    for (const std::string& m : g.moves)
      if (!four->play(m)) break;  // the match accepted them: a replay cannot refuse
    // The record's move section, as rules writes it (RULES.md A1).
    auto text = rules::format_record(*four);
    constexpr std::string_view MOVES = "Moves:\n";
    const std::size_t at = text ? text->find(MOVES) : std::string::npos;
    if (at != std::string::npos) out.moves = text->substr(at + MOVES.size());
    return out;
  }
  // twiceFour: "1. <piece> <move>", the mover's piece by name.
  int ply = 0;
  for (const std::string& m : g.moves) {
    const int side = replay->side_to_move();
    out.moves +=
        std::to_string(++ply) + ". " + std::string(replay->side_name(side)) + " " + m + "\n";
    if (!replay->play(m)) break;
  }
  return out;
}

std::string seat_sides_text(const TableState& t, const std::vector<int>& side_team) {
  const rules::GameState* g = t.match->game();
  std::string out;
  for (std::size_t i = 0; i < t.seats.size(); ++i) {
    const int side = side_of_seat(*t.match, side_team, int(i));
    if (side < 0 || g == nullptr) return "";
    out += (i ? " " : "") + std::string(g->side_name(side));
  }
  return out;
}

TableWrites::TableWrites(std::string table_id)
    : table_(std::move(table_id)), match_id_(std::make_shared<std::atomic<store::MatchId>>(0)) {}

std::vector<store::Seat> seat_rows(const std::vector<SeatInfo>& seats) {
  std::vector<store::Seat> rows;
  for (std::size_t i = 0; i < seats.size(); ++i) {
    store::Seat s;
    s.index = static_cast<int>(i);
    if (seats[i].player != 0) s.player = seats[i].player;
    s.bot_level = seats[i].computer;
    rows.push_back(s);
  }
  return rows;
}

void TableWrites::seats(StoreJob& job, const std::vector<SeatInfo>& seats, std::int64_t now) const {
  add_then(job, [id = table_, rows = seat_rows(seats), now](store::Store& st) {
    st.set_seats(id, rows, now);
  });
}

void TableWrites::match_started(StoreJob& job, const TableState& t, std::int64_t now) const {
  store::NewMatch nm;
  nm.table_id = table_;
  nm.format = t.settings.single ? "single" : "match";
  nm.variant = t.settings.variant;
  nm.rated = t.settings.rated;
  nm.seed = t.match->config().seed;
  nm.started_ms = now;
  // The record as of start(); the snapshot after the start's events follows.
  nm.snapshot = match_snapshot(t, now);
  add_then(job, [id = match_id_, table = table_, nm, now](store::Store& st) {
    id->store(st.create_match(nm));
    st.set_table_status(table, store::TableStatus::playing, now);
  });
}

void TableWrites::event(StoreJob& job, const TableState& t, const match::EventBody& ev,
                        std::int64_t now, const MoveOrigin& origin) const {
  if (const auto* g = std::get_if<match::GameStarted>(&ev)) {
    store::GameRecord rec;
    rec.number = g->game + 1;
    rec.variant = t.settings.variant;
    rec.setup = game_text(t, g->game, now).setup;
    rec.sides = seat_sides_text(t, g->side_team);
    rec.started_ms = now;
    add_then(job, [id = match_id_, rec](store::Store& st) mutable {
      rec.match_id = id->load();
      st.start_game(rec);
    });
  } else if (const auto* m = std::get_if<match::MoveMade>(&ev)) {
    store::MoveWrite w;
    w.move.match_id = match_id();
    w.move.game_number = m->game + 1;
    w.move.ply = t.plies;
    w.move.move = m->move;
    w.move.seat = m->seat;
    w.move.clock_ms = m->charge.remaining_ms;
    // Replayed after a restart with the same thinking time, so the clock
    // charges the same (lag compensation).
    w.move.think_ms = origin.think_ms ? std::max<std::int64_t>(*origin.think_ms, 0) : -1;
    w.move.server_ms = now;
    // The server's reading, so a restart replays exactly this charge and
    // ends on these clocks (protocol.md 6).
    w.move.elapsed_ms = m->charge.elapsed_ms;
    for (std::size_t i = 0; i < t.seats.size(); ++i)
      w.move.clocks_ms.push_back(t.match->clock().remaining(int(i), now));
    w.move.client_id = std::string(origin.move_id);
    w.move.version = t.version;
    job.moves.push_back(std::move(w));
  } else if (const auto* o = std::get_if<match::GameOver>(&ev)) {
    game_finished(job, t, *o, now);
  }
}

void TableWrites::game_finished(StoreJob& job, const TableState& t, const match::GameOver& g,
                                std::int64_t now) const {
  // A game lost with the match before it began (resign match between
  // games or in an earlier game, a timeout or claim, abandonment) has no
  // row yet: it is stored as started and finished at once, unplayed, with
  // no moves and no record.
  const match::MatchView view = t.match->view(now);
  const bool unplayed =
      std::size_t(g.game) < view.games.size() && !view.games[std::size_t(g.game)].played();
  // Each seat's points in seat order (protocol.md 2.13 `result`).
  std::string result = unplayed ? "unplayed" : "";
  for (std::size_t i = 0; !unplayed && i < t.seats.size(); ++i) {
    const std::size_t team = std::size_t(t.match->team_of(int(i)));
    if (i) result += "-";
    result += team < g.points.size() ? match::format_points(g.points[team]) : "0";
  }
  if (!unplayed) job.games_finished.emplace_back(table_, g.game + 1);
  add_then(job, [id = match_id_, number = g.game + 1, result,
                 record = unplayed ? std::string() : game_text(t, g.game, now).moves, now, unplayed,
                 variant = t.settings.variant, rated = t.settings.rated](store::Store& st) {
    if (unplayed) {
      store::GameRecord rec;
      rec.match_id = id->load();
      rec.number = number;
      rec.variant = variant;
      rec.started_ms = now;
      rec.unplayed = true;
      st.start_game(rec);
    }
    st.finish_game(id->load(), number, result, record, now, std::nullopt);
    // Its exact analysis is queued with it, in the same transaction, so no
    // finished game is ever left out of the queue (analysis_service.h).
    if (!unplayed)
      st.queue_analysis(id->load(), number,
                        rated ? store::analysis_priority::rated : store::analysis_priority::casual,
                        now, 0);
  });
}

void TableWrites::snapshot(StoreJob& job, store::MatchSnapshot snap) const {
  add_then(job, [id = match_id_, snap = std::move(snap)](store::Store& st) {
    st.save_snapshot(id->load(), snap);
  });
}

void TableWrites::finished(StoreJob& job, std::function<store::MatchFinish(store::Store&)> finish,
                           std::int64_t now) const {
  job.match_finished = true;
  add_then(job,
           [id = match_id_, table = table_, finish = std::move(finish), now](store::Store& st) {
             st.finish_match(id->load(), finish(st));
             st.set_table_status(table, store::TableStatus::finished, now);
           });
}

}  // namespace ft::server
