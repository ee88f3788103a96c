#include "server/room.h"

#include <algorithm>
#include <chrono>
#include <iostream>

#include "engine/computer.h"
#include "engine/fair_setup.h"
#include "rating/match_rating.h"
#include "rules/four_game.h"
#include "rules/notation.h"
#include "rules/twicefour_game.h"
#include "server/match_codec.h"
#include "server/support.h"

namespace ft::server {
namespace json = boost::json;
namespace {

constexpr std::size_t LOG_LIMIT = 128;  // events kept for catch-up; older ones get a full state

std::shared_ptr<const std::string> to_frame(const json::object& o) {
  return std::make_shared<const std::string>(json::serialize(o));
}

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

std::string player_id(std::int64_t player) {
  return "p_" + std::to_string(player);
}

}  // namespace

Room::Room(RoomHost& host, std::string id, TableSettings settings, std::int64_t created)
    : host_(host), id_(std::move(id)), settings_(std::move(settings)), created_ms_(created) {
  seats_.resize(static_cast<std::size_t>(settings_.seats));
}

Room::Room(RoomHost& host, std::string id, TableSettings settings, std::int64_t player,
           std::string name, std::int64_t now, std::uint64_t seed)
    : Room(host, std::move(id), std::move(settings), now) {
  seed_ = seed;
  seats_[0].player = player;
  seats_[0].name = std::move(name);
  for (std::size_t i = 1; i < seats_.size() && settings_.computer_level != 0; ++i) {
    seats_[i].computer = settings_.computer_level;
    seats_[i].joined = true;
  }
  version_ = 1;
  json::object event{{"kind", "created"}, {"table", summary_unlocked()}};
  json::object f{
      {"type", "event"}, {"version", version_}, {"server_time", now}, {"event", std::move(event)}};
  log_.emplace_back(version_, to_frame(f));
}

Result<std::shared_ptr<Room>> Room::restore(RoomHost& host, const store::LiveTable& live,
                                            const std::vector<std::string>& names,
                                            std::int64_t now) {
  auto settings = parse_settings(live.table.settings_json);
  if (!settings) return settings.error();
  std::shared_ptr<Room> room(new Room(host, live.table.id, *settings, live.table.created_ms));
  int people = 0;
  for (const auto& seat : live.table.seats) {
    if (seat.index < 0 || seat.index >= static_cast<int>(room->seats_.size())) continue;
    SeatInfo& s = room->seats_[static_cast<std::size_t>(seat.index)];
    s.player = seat.player.value_or(0);
    s.computer = seat.bot_level;
    s.joined = true;
    if (static_cast<std::size_t>(seat.index) < names.size())
      s.name = names[std::size_t(seat.index)];
    if (s.player != 0) ++people;
  }
  room->version_ = std::max(1, people);
  if (live.match) room->restore_match(live, now);
  return room;
}

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

}  // namespace

void Room::restore_match(const store::LiveTable& live, std::int64_t now) {
  match_id_ = live.match->id;
  auto saved = decode_match(live.match->snapshot.state_json);
  if (!saved) {
    read_only_ = "the stored match record cannot be read: " + saved.error().message;
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
    read_only_ = m.error().message;
    while (!m && !logged.empty()) {
      logged.pop_back();
      m = match::Match::restore(saved->record, logged, now, live.match->snapshot.saved_ms);
    }
    if (!m) return;
  }
  match_.emplace(std::move(m).value());
  // Each move replayed beyond the record was one `moved` event.
  std::int64_t recorded_moves = 0;
  for (const match::Input& in : saved->record.inputs)
    if (in.action == match::Action::move) ++recorded_moves;
  std::int64_t all_moves = 0;
  for (const match::Input& in : match_->record().inputs)
    if (in.action == match::Action::move) ++all_moves;
  version_ = saved->version + (all_moves - recorded_moves);
  // protocol.md 4.2: a move id that was stored is acknowledged again when it
  // is resent after the restart, acked before it or not.
  for (const store::MoveRecord& mv : live.moves) {
    if (mv.client_id.empty() || mv.seat < 0 || std::size_t(mv.seat) >= seats_.size()) continue;
    seats_[std::size_t(mv.seat)].last_move_id = mv.client_id;
    seats_[std::size_t(mv.seat)].last_move_version = mv.version;
  }
  const match::MatchView view = match_->view(now);
  if (!view.games.empty()) {
    const match::GameRecord& g = view.games.back();
    side_team_ = g.side_team;
    plies_ = static_cast<int>(g.moves.size());
    if (g.end != match::GameEnd::playing) {
      game_outcome_ = outcome_json(g.end, g.outcome, g.loser_team, g.side_team);
      if (const auto* four = dynamic_cast<const rules::FourGame*>(match_->game())) {
        for (const rules::Cell& c : four->winning_cells())
          winning_cells_.push_back(json::string(rules::format_cell(c)));
      }
    }
  }
  if (match_->phase() == match::Phase::over) {
    match_result_ = saved->result;
    finished_at_ = now;
  }
  if (!read_only_.empty()) return;
  // Nobody is connected to a process that just started; clients reconnect.
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    if (seats_[i].player != 0 && match_->phase() != match::Phase::over)
      match_->set_connected(static_cast<int>(i), false, now);
  }
  auto next = match_->next_deadline();
  next_deadline_ = next.value_or(0);
}

bool Room::refuse_read_only(const std::shared_ptr<Peer>& peer, const std::string& id) {
  if (read_only_.empty()) return false;
  send_error(peer, WsError::table_unavailable,
             "this table could not be restored and is read-only: " + read_only_, id);
  return true;
}

// ---- the command queue ------------------------------------------------------

void Room::submit(std::function<void()> fn) {
  std::lock_guard lock(mu_);
  inbox_.push_back(std::move(fn));
  drain();
}

void Room::drain() {
  if (draining_) return;
  draining_ = true;
  while (!busy_ && !inbox_.empty()) {
    auto fn = std::move(inbox_.front());
    inbox_.pop_front();
    fn();
  }
  draining_ = false;
}

void Room::finish(Outbox& out, StoreJob job) {
  if (job.snapshot && !job.match_finished) {
    add_then(job, [self = shared_from_this(), snap = snapshot(job.snapshot_at)](store::Store& st) {
      st.save_snapshot(self->match_id_, snap);
    });
  }
  if (job.moves.empty() && !job.then) {
    publish(out);
    return;
  }
  busy_ = true;
  auto shared = std::make_shared<Outbox>(std::move(out));
  job.done = [self = shared_from_this(), shared](std::exception_ptr failure) {
    std::lock_guard lock(self->mu_);
    if (failure) {
      std::string error = "unknown error";
      try {
        std::rethrow_exception(failure);
      } catch (const std::exception& e) {
        error = e.what();
      } catch (...) {
      }
      self->host_.store_failed(self->id_, error);
      // Not durable: no acknowledgement may go out (protocol.md 4.2).
      for (auto& [peer, frame] : shared->first) {
        ProtocolError e{WsError::server_error, "the store failed: " + error, {}, std::nullopt};
        self->host_.error_sent(e.code);
        peer->send(error_frame(e));
      }
      shared->first.clear();
    }
    self->busy_ = false;
    self->publish(*shared);
    self->drain();
  };
  host_.persist(std::move(job));
}

void Room::publish(Outbox& out) {
  for (auto& [peer, frame] : out.first) peer->send(frame);
  for (const auto& frame : out.events) {
    for (const Sub& sub : subs_) sub.peer->send(frame);
  }
  for (auto& [peer, frame] : out.after) peer->send(frame);
  for (auto& sub : out.joining) subs_.push_back(std::move(sub));
  if (out.presence) {
    json::object p = presence_json(host_.now_ms());
    p["type"] = "presence";
    auto frame = to_frame(p);
    for (const Sub& sub : subs_) sub.peer->send(frame);
  }
  if (out.lobby) host_.table_changed();
  if (out.move_received_us >= 0) host_.moved(steady_us() - out.move_received_us, false);
  if (out.computer_move) host_.moved(-1, true);
  if (match_ && read_only_.empty()) {
    auto next = match_->next_deadline();
    next_deadline_ = next.value_or(0);
    if (match_->phase() == match::Phase::over && finished_at_ == 0) finished_at_ = host_.now_ms();
  }
  schedule_computer();
}

std::size_t Room::watchers() const {
  std::lock_guard lock(mu_);
  return subs_.size();
}

// ---- commands ---------------------------------------------------------------

void Room::hello(const std::shared_ptr<Peer>& peer, const HelloMsg& msg) {
  submit([this, peer, msg] {
    const std::int64_t now = host_.now_ms();
    Outbox out;
    StoreJob job;
    const std::int64_t me = peer->identity().player;
    int seat = seat_of_player(me);
    if (seat < 0 && !msg.watch && !match_) {
      for (std::size_t i = 0; i < seats_.size(); ++i) {
        if (seats_[i].taken()) continue;
        seat = static_cast<int>(i);
        seats_[i].player = me;
        seats_[i].name = peer->identity().name;
        add_event(out,
                  json::object{{"kind", "seated"},
                               {"seat", seat},
                               {"player", player_json(seat)},
                               {"computer", nullptr}},
                  now);
        persist_seats(job);
        out.lobby = true;
        break;
      }
    }
    if (seat >= 0) seats_[std::size_t(seat)].joined = true;
    maybe_start(now, out, job);
    if (seat >= 0 && ++seats_[std::size_t(seat)].sockets == 1 && match_ &&
        match_->phase() != match::Phase::over) {
      apply(match_->set_connected(seat, true, now), now, out, job);
    }
    automatic(now, out, job);
    // Catch-up (protocol.md 4.1): the events after `since` if all are still
    // held, else the whole state. Computed after this command's own events.
    const bool held =
        msg.since > 0 && msg.since <= version_ &&
        (msg.since == version_ || (!log_.empty() && log_.front().first <= msg.since + 1));
    if (held) {
      for (const auto& [v, frame] : log_) {
        if (v > msg.since) out.after.emplace_back(peer, frame);
      }
    } else {
      out.after.emplace_back(peer, to_frame(state_frame(seat, now)));
    }
    if (auto rematch = rematch_frame()) out.after.emplace_back(peer, rematch);  // issue 16 hook
    out.joining.push_back(Sub{peer, seat});
    out.presence = true;
    finish(out, std::move(job));
  });
}

void Room::leave(const std::shared_ptr<Peer>& peer) {
  submit([this, peer] {
    auto it =
        std::find_if(subs_.begin(), subs_.end(), [&](const Sub& s) { return s.peer == peer; });
    if (it == subs_.end()) return;
    const int seat = it->seat;
    subs_.erase(it);
    const std::int64_t now = host_.now_ms();
    Outbox out;
    StoreJob job;
    out.presence = true;
    if (seat >= 0 && --seats_[std::size_t(seat)].sockets == 0 && match_ &&
        match_->phase() != match::Phase::over) {
      apply(match_->set_connected(seat, false, now), now, out, job);
    }
    finish(out, std::move(job));
  });
}

void Room::close() {
  std::vector<Sub> subs;
  std::deque<std::function<void()>> inbox;
  {
    std::lock_guard lock(mu_);
    subs.swap(subs_);
    inbox.swap(inbox_);
  }
}

void Room::move(const std::shared_ptr<Peer>& peer, const MoveMsg& msg, std::int64_t received_us) {
  submit([this, peer, msg, received_us] {
    const Sub* sub = sub_of(peer);
    if (sub == nullptr) return send_error(peer, WsError::not_joined, "send hello first", msg.id);
    const int seat = sub->seat;
    if (seat < 0)
      return send_error(peer, WsError::not_seated, "you are watching this table", msg.id);
    if (refuse_read_only(peer, msg.id)) return;
    SeatInfo& s = seats_[std::size_t(seat)];
    if (!s.last_move_id.empty() && s.last_move_id == msg.id) {
      // A resend after a reconnect: acknowledge again, play nothing.
      json::object ack{{"type", "ack"}, {"id", msg.id}, {"version", s.last_move_version}};
      peer->send(to_frame(ack));
      return;
    }
    if (!match_ || match_->phase() != match::Phase::playing)
      return send_error(peer, WsError::not_now, "no game is being played", msg.id);
    if (msg.version && *msg.version != version_)
      return send_error(peer, WsError::stale_version,
                        "the table is at version " + std::to_string(version_), msg.id, version_);
    if (match_->seat_to_move() != seat)
      return send_error(peer, WsError::not_your_turn,
                        "seat " + std::to_string(match_->seat_to_move()) + " is to move", msg.id);
    const std::int64_t now = host_.now_ms();
    match::Update update = match_->move(seat, msg.move, now, msg.think_ms);
    Outbox out;
    StoreJob job;
    if (!update.ok()) {
      const std::string why = update.error->message;
      if (!update.events.empty()) {
        apply(update, now, out, job);
        finish(out, std::move(job));
      }
      return send_error(peer, WsError::illegal_move, why, msg.id);
    }
    out.move_received_us = received_us;
    const std::int64_t before = version_;
    apply(update, now, out, job, msg.think_ms, msg.id);
    std::int64_t moved_version = 0;
    for (const auto& ev : update.events) {
      if (std::holds_alternative<match::MoveMade>(ev.body)) moved_version = before + 1;
    }
    if (moved_version == 0) {
      // The flag fell before the move arrived (grace included): the game is lost on time.
      out.first.emplace_back(
          peer, std::make_shared<const std::string>(
                    error_frame({WsError::not_now, "your time ran out", msg.id, std::nullopt})));
      out.move_received_us = -1;
    } else {
      s.last_move_id = msg.id;
      s.last_move_version = moved_version;
      json::object ack{{"type", "ack"}, {"id", msg.id}, {"version", moved_version}};
      out.first.emplace_back(peer, to_frame(ack));
    }
    automatic(now, out, job);
    finish(out, std::move(job));
  });
}

void Room::act(const std::shared_ptr<Peer>& peer, RoomAction action) {
  submit([this, peer, action] {
    const Sub* sub = sub_of(peer);
    if (sub == nullptr) return send_error(peer, WsError::not_joined, "send hello first");
    const int seat = sub->seat;
    if (seat < 0) return send_error(peer, WsError::not_seated, "you are watching this table");
    if (refuse_read_only(peer)) return;
    if (!match_) return send_error(peer, WsError::not_now, "the match has not started");
    const std::int64_t now = host_.now_ms();
    match::Update update;
    switch (action) {
      case RoomAction::ready:
        update = match_->ready(seat, now);
        break;
      case RoomAction::resign_game:
        update = match_->resign_game(seat, now);
        break;
      case RoomAction::resign_match:
        update = match_->resign_match(seat, now);
        break;
      case RoomAction::claim:
        update = match_->claim(seat, now);
        break;
    }
    Outbox out;
    StoreJob job;
    if (!update.ok()) send_error(peer, WsError::not_now, update.error->message);
    if (update.events.empty()) return;
    apply(update, now, out, job);
    automatic(now, out, job);
    finish(out, std::move(job));
  });
}

void Room::choose_piece(const std::shared_ptr<Peer>& peer, int piece) {
  submit([this, peer, piece] {
    const Sub* sub = sub_of(peer);
    if (sub == nullptr) return send_error(peer, WsError::not_joined, "send hello first");
    if (sub->seat < 0) return send_error(peer, WsError::not_seated, "you are watching this table");
    if (refuse_read_only(peer)) return;
    if (!match_) return send_error(peer, WsError::not_now, "the match has not started");
    const std::int64_t now = host_.now_ms();
    match::Update update = match_->choose_piece(sub->seat, piece, now);
    if (!update.ok()) send_error(peer, WsError::not_now, update.error->message);
    if (update.events.empty()) return;
    Outbox out;
    StoreJob job;
    apply(update, now, out, job);
    automatic(now, out, job);
    finish(out, std::move(job));
  });
}

void Room::rename(std::int64_t player, const std::string& name) {
  submit([this, player, name] {
    for (SeatInfo& s : seats_)
      if (s.player == player) s.name = name;
  });
}

void Room::tick() {
  submit([this] {
    if (!match_ || !read_only_.empty()) return;
    const std::int64_t now = host_.now_ms();
    match::Update update = match_->tick(now);
    if (update.events.empty()) {
      // Nothing fired: a claim may have become possible. The opponents are
      // told once (protocol.md 5.6); the next deadline leaves it out.
      const auto claim_from = match_->view(now).claim_from;
      if (claim_from && *claim_from <= now && claim_told_ != *claim_from) {
        claim_told_ = *claim_from;
        Outbox out;
        out.presence = true;
        publish(out);
        return;
      }
      next_deadline_ = match_->next_deadline(now).value_or(0);
      return;
    }
    Outbox out;
    StoreJob job;
    apply(update, now, out, job);
    automatic(now, out, job);
    finish(out, std::move(job));
  });
}

bool Room::due(std::int64_t now) const {
  const std::int64_t next = next_deadline_.load();
  return next != 0 && next <= now;
}

// ---- the match's events become protocol events and store writes -------------

void Room::maybe_start(std::int64_t now, Outbox& out, StoreJob& job) {
  if (match_) return;
  for (const SeatInfo& s : seats_) {
    if (!s.taken() || (s.player != 0 && !s.joined)) return;
  }
  if (!setup_ready()) return;
  match::MatchConfig config;
  config.variant =
      settings_.game == "twicefour" ? std::string(match::TWICEFOUR) : settings_.variant;
  config.options = settings_.options;
  config.single_game = settings_.single;
  config.time = settings_.per_move
                    ? match::TimeControl{0, 0, settings_.move_ms}
                    : match::TimeControl{settings_.bank_ms, settings_.increment_ms, 0};
  config.seed = seed_;
  auto created = match::Match::create(config);
  if (!created) {
    std::cerr << "fourtable: table " << id_ << " cannot start: " << created.error().message << "\n";
    return;
  }
  match_.emplace(std::move(created).value());
  match::Update update = match_->start(now);
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    if (seats_[i].player != 0 && seats_[i].sockets == 0) {
      auto u = match_->set_connected(static_cast<int>(i), false, now);
      update.events.insert(update.events.end(), u.events.begin(), u.events.end());
    }
  }
  store::NewMatch nm;
  nm.table_id = id_;
  nm.format = settings_.single ? "single" : "match";
  nm.variant = settings_.variant;
  nm.rated = settings_.rated;
  nm.seed = seed_;
  nm.started_ms = now;
  // The snapshot is written by apply() right after; the record starts with start().
  nm.snapshot = snapshot(now);
  add_then(job, [self = shared_from_this(), nm, now](store::Store& st) {
    const store::MatchId id = st.create_match(nm);
    {
      std::lock_guard lock(self->mu_);
      self->match_id_ = id;
    }
    st.set_table_status(self->id_, store::TableStatus::playing, now);
  });
  out.lobby = true;
  apply(update, now, out, job);
}

void Room::automatic(std::int64_t now, Outbox& out, StoreJob& job) {
  if (!match_ || settings_.computer_level == 0) return;
  for (int round = 0; round < 4; ++round) {
    bool acted = false;
    const match::Phase phase = match_->phase();
    if (phase == match::Phase::between_games || phase == match::Phase::choosing_pieces) {
      const match::MatchView view = match_->view(now);
      for (std::size_t i = 0; i < seats_.size(); ++i) {
        if (seats_[i].computer == 0) continue;
        if (phase == match::Phase::between_games && !view.ready[i]) {
          apply(match_->ready(static_cast<int>(i), now), now, out, job);
          acted = true;
        } else if (phase == match::Phase::choosing_pieces && view.piece_wish[i] < 0) {
          // Take the piece the person did not ask for (circle until they ask).
          int wish = 1;
          for (std::size_t k = 0; k < seats_.size(); ++k) {
            if (k != i && view.piece_wish[k] >= 0) wish = 1 - view.piece_wish[k];
          }
          bool other_chose = false;
          for (std::size_t k = 0; k < seats_.size(); ++k)
            if (k != i && view.piece_wish[k] >= 0) other_chose = true;
          if (!other_chose) continue;
          apply(match_->choose_piece(static_cast<int>(i), wish, now), now, out, job);
          acted = true;
        }
      }
    }
    if (!acted) return;
  }
}

void Room::add_event(Outbox& out, json::object event, std::int64_t now) {
  ++version_;
  json::object f{
      {"type", "event"}, {"version", version_}, {"server_time", now}, {"event", std::move(event)}};
  auto frame = to_frame(f);
  log_.emplace_back(version_, frame);
  if (log_.size() > LOG_LIMIT) log_.pop_front();
  out.events.push_back(std::move(frame));
}

void Room::apply(const match::Update& update, std::int64_t now, Outbox& out, StoreJob& job,
                 std::optional<std::int64_t> think_ms, std::string_view move_id) {
  bool changed = false;
  bool finished = false;
  int moves = 0;
  for (const match::Event& ev : update.events) {
    std::visit(
        overloaded{
            [&](const match::PiecesChosen& p) {
              json::array sides;
              for (std::size_t i = 0; i < seats_.size(); ++i)
                sides.push_back(p.team_piece[std::size_t(match_->team_of(int(i)))]);
              add_event(
                  out,
                  json::object{{"kind", "pieces_chosen"}, {"sides", sides}, {"lottery", p.lottery}},
                  now);
              changed = true;
            },
            [&](const match::GameStarted& g) {
              side_team_ = g.side_team;
              plies_ = 0;
              game_outcome_ = nullptr;
              winning_cells_.clear();
              add_event(out,
                        json::object{{"kind", "game_started"},
                                     {"game", game_json(true)},
                                     {"clocks", clocks_json(now)},
                                     {"match", match_json(now)}},
                        now);
              store::GameRecord rec;
              rec.number = g.game + 1;
              rec.variant = settings_.variant;
              rec.started_ms = now;
              add_then(job, [self = shared_from_this(), rec](store::Store& st) mutable {
                rec.match_id = self->match_id_;
                st.start_game(rec);
              });
              out.lobby = true;
              changed = true;
            },
            [&](const match::MoveMade& m) {
              ++plies_;
              ++moves;
              add_event(out,
                        json::object{{"kind", "moved"},
                                     {"seat", m.seat},
                                     {"side", m.side},
                                     {"move", m.move},
                                     {"ply", plies_},
                                     {"game", game_json(false)},
                                     {"clocks", clocks_json(now)}},
                        now);
              store::MoveWrite w;
              w.move.match_id = match_id_;
              w.move.game_number = m.game + 1;
              w.move.ply = plies_;
              w.move.move = m.move;
              w.move.seat = m.seat;
              w.move.clock_ms = m.charge.remaining_ms;
              // Replayed after a restart with the same thinking time, so the
              // clock charges the same (lag compensation).
              w.move.think_ms = think_ms ? std::max<std::int64_t>(*think_ms, 0) : -1;
              w.move.server_ms = now;
              // The server's reading, so a restart replays exactly this charge
              // and ends on these clocks (protocol.md 6).
              w.move.elapsed_ms = m.charge.elapsed_ms;
              for (std::size_t i = 0; i < seats_.size(); ++i)
                w.move.clocks_ms.push_back(match_->clock().remaining(int(i), now));
              w.move.client_id = std::string(move_id);
              w.move.version = version_;
              job.moves.push_back(std::move(w));
            },
            [&](const match::ClockUpdate&) {},
            [&](const match::GameOver& g) {
              game_outcome_ = outcome_json(g.end, g.outcome, g.loser_team, side_team_);
              if (const auto* four = dynamic_cast<const rules::FourGame*>(match_->game())) {
                for (const rules::Cell& c : four->winning_cells())
                  winning_cells_.push_back(json::string(rules::format_cell(c)));
              }
              add_event(out,
                        json::object{{"kind", "game_over"},
                                     {"number", g.game + 1},
                                     {"outcome", game_outcome_},
                                     {"winning_cells", winning_cells_},
                                     {"score", score_json()},
                                     {"clocks", clocks_json(now)}},
                        now);
              // The record in the text format of rules (RULES.md A1).
              const match::MatchView view = match_->view(now);
              std::string record;
              std::string result;
              if (std::size_t(g.game) < view.games.size()) {
                const match::GameRecord& gr = view.games[std::size_t(g.game)];
                for (std::size_t i = 0; i < gr.moves.size(); ++i) {
                  const int team = match_->team_of(gr.move_seats[i]);
                  int side = 0;
                  for (std::size_t k = 0; k < gr.side_team.size(); ++k)
                    if (gr.side_team[k] == team) side = int(k);
                  if (settings_.game == "four") {
                    auto mv = rules::parse_move(gr.moves[i], settings_.spec.width);
                    record += mv ? rules::format_move_line(int(i) + 1, side, *mv)
                                 : std::to_string(i + 1) + ". " + gr.moves[i];
                  } else {
                    record += std::to_string(i + 1) + ". " +
                              std::string(match_->game()->side_name(side)) + " " + gr.moves[i];
                  }
                  record += "\n";
                }
              }
              for (std::size_t t = 0; t < g.points.size(); ++t) {
                if (t) result += "-";
                result += match::format_points(g.points[t]);
              }
              // A game lost with the match before it began (resign match
              // between games, a timeout or claim in game 1, abandonment) has
              // no row yet: it is stored as started and finished at once.
              const bool unplayed = std::size_t(g.game) < view.games.size() &&
                                    view.games[std::size_t(g.game)].side_team.empty();
              add_then(job, [self = shared_from_this(), number = g.game + 1, result, record, now,
                             unplayed, variant = settings_.variant](store::Store& st) {
                if (unplayed) {
                  store::GameRecord rec;
                  rec.match_id = self->match_id_;
                  rec.number = number;
                  rec.variant = variant;
                  rec.started_ms = now;
                  st.start_game(rec);
                }
                st.finish_game(self->match_id_, number, result, record, now, std::nullopt);
              });
              out.lobby = true;
              changed = true;
            },
            [&](const match::ReadyPressed& r) {
              add_event(out, json::object{{"kind", "ready"}, {"seat", r.seat}}, now);
              changed = true;
            },
            [&](const match::ConnectionChanged&) { out.presence = true; },
            [&](const match::MatchOver& m) {
              json::array results = match_results();
              std::string reason(match::match_end_name(m.end));
              if (m.end == match::MatchEnd::resigned) reason = "resign_match";
              if (m.end == match::MatchEnd::abandoned) reason = "abandon";
              if (m.end == match::MatchEnd::claimed) reason = "claim";
              json::object event{{"kind", "match_over"},
                                 {"score", score_json()},
                                 {"results", results},
                                 {"reason", reason},
                                 {"ratings", json::array{}}};
              match_result_ = event;
              ++version_;
              auto frame =
                  std::make_shared<std::string>(json::serialize(json::object{{"type", "event"},
                                                                             {"version", version_},
                                                                             {"server_time", now},
                                                                             {"event", event}}));
              log_.emplace_back(version_, frame);
              if (log_.size() > LOG_LIMIT) log_.pop_front();
              out.events.push_back(frame);
              add_finish(now, m, frame, std::move(event), job);
              out.lobby = true;
              finished = true;
            },
        },
        ev.body);
  }
  // A plain move (one `moved` event, restored from its row) needs no record;
  // anything else does. More than one move in an update would also break the
  // one-event-per-replayed-move count of restore().
  if (finished) job.match_finished = true;
  if (changed || moves > 1) {
    job.snapshot = true;
    job.snapshot_at = now;
  }
}

// RULES.md A3, A10: the team with the most points wins the match; teams
// that share the most points draw it; every other team loses (three
// players: the two without the winning line both lose).
json::array Room::match_results() const {
  json::array results;
  const auto points = match_->points();
  const auto best = *std::max_element(points.begin(), points.end());
  const auto at_best = std::count(points.begin(), points.end(), best);
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    const auto mine = points[std::size_t(match_->team_of(int(i)))];
    results.push_back(json::string(mine < best ? "loss" : at_best > 1 ? "draw" : "win"));
  }
  return results;
}

void Room::add_finish(std::int64_t now, const match::MatchOver& over,
                      std::shared_ptr<std::string> frame, json::object event, StoreJob& job) {
  struct Person {
    int seat;
    std::int64_t player;
    int team;
    double points;
  };
  std::vector<Person> people;
  const auto points = match_->points();
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    if (seats_[i].player == 0) continue;
    const int team = match_->team_of(int(i));
    people.push_back({int(i), seats_[i].player, team, points[std::size_t(team)].value()});
  }
  const bool rated = settings_.rated && over.rated;
  const std::string pool = rating_pool(settings_);
  const std::int64_t version = version_;
  add_then(job, [self = shared_from_this(), people, rated, pool, now, frame, event, version,
                 snap = snapshot(now), record = match_->record(),
                 score = over.score](store::Store& st) mutable {
    store::MatchFinish f;
    f.result = score;
    f.snapshot = snap;
    f.finished_ms = now;
    json::array ratings;
    std::vector<rating::Rating> before;
    std::vector<rating::Rating> after;
    if (rated && !pool.empty()) {
      std::vector<rating::Entrant> entrants;
      for (const Person& p : people) {
        rating::Rating r = rating::initial_rating();
        if (auto stored = st.find_rating(p.player, pool)) {
          r.rating = stored->rating;
          r.deviation = stored->deviation;
          r.volatility = stored->volatility;
          r.last_rated_ms = stored->games > 0 ? stored->last_rated_ms : -1;
          r.matches = stored->games;
        }
        before.push_back(r);
        entrants.push_back(rating::Entrant{p.team, p.points, r});
      }
      rating::MatchRating mr = rating::rate_match(entrants, now);
      if (mr.error.empty()) after = mr.ratings;
    }
    for (std::size_t i = 0; i < people.size(); ++i) {
      store::MatchPlayerResult line{people[i].player, people[i].seat, people[i].points, 0.0, 0.0};
      if (!after.empty()) {
        line.rating_before = before[i].rating;
        line.rating_after = after[i].rating;
        f.ratings.push_back(store::Rating{people[i].player, pool, after[i].rating,
                                          after[i].deviation, after[i].volatility, now,
                                          after[i].matches});
        ratings.push_back(json::object{{"seat", people[i].seat},
                                       {"player", player_id(people[i].player)},
                                       {"pool", pool},
                                       {"before", before[i].rating},
                                       {"after", after[i].rating},
                                       {"rd_before", before[i].deviation},
                                       {"rd_after", after[i].deviation}});
      }
      f.players.push_back(line);
    }
    event["ratings"] = ratings;
    // The final record carries the match_over body: a finished table loaded
    // from the store later (after a restart) shows how it ended.
    f.snapshot.state_json = encode_match(record, version, event);
    {
      std::lock_guard lock(self->mu_);
      self->match_result_ = event;
      *frame = json::serialize(json::object{
          {"type", "event"}, {"version", version}, {"server_time", now}, {"event", event}});
    }
    st.finish_match(self->match_id_, f);
    st.set_table_status(self->id_, store::TableStatus::finished, now);
  });
}

// RULES.md A9, issue 4 item 6: a drawn opening comes from a seed the engine
// has vetted (no early forced win for either side). The proofs cost up to a
// second or two of search, so a worker thread does them while the players wait
// for the first move; the seed is deterministic, so a restart finds the same.
bool Room::setup_ready() {
  if (setup_vetted_) return true;
  auto spec = settings_.game == "four" ? rules::make_variant(settings_.variant, settings_.options)
                                       : Result<rules::VariantSpec>(rules::VariantSpec{});
  if (!spec || spec->opening_plies <= 0) {
    setup_vetted_ = true;
    return true;
  }
  if (vetting_) return false;
  vetting_ = true;
  host_.think([self = shared_from_this(), spec = *spec, seed = seed_] {
    const engine::FairSetup fair = engine::fair_setup_seed(spec, seed);
    self->submit([self, fair] {
      self->seed_ = fair.seed;
      self->setup_vetted_ = true;
      self->vetting_ = false;
      const std::int64_t now = self->host_.now_ms();
      Outbox out;
      StoreJob job;
      self->maybe_start(now, out, job);
      self->automatic(now, out, job);
      self->finish(out, std::move(job));
    });
  });
  return false;
}

// ---- the computer's seats ---------------------------------------------------

void Room::schedule_computer() {
  if (!match_ || thinking_ || busy_ || match_->phase() != match::Phase::playing) return;
  const int seat = match_->seat_to_move();
  if (seat < 0 || seats_[std::size_t(seat)].computer == 0) return;
  thinking_ = true;
  std::shared_ptr<const rules::GameState> state = match_->game()->clone();
  engine::ComputerRequest request;
  request.level = seats_[std::size_t(seat)].computer;
  request.seed = seed_ ^ (static_cast<std::uint64_t>(match_->game_index()) << 32) ^
                 static_cast<std::uint64_t>(plies_);
  const std::int64_t left = match_->clock().remaining(seat, host_.now_ms());
  request.budget = std::chrono::milliseconds(std::clamp<std::int64_t>(left / 20, 50, 2000));
  const int game = match_->game_index();
  const int ply = plies_;
  host_.think([self = shared_from_this(), state, request, game, ply] {
    engine::ComputerMove chosen = engine::choose_move(*state, request);
    if (!chosen.error.empty())
      std::cerr << "fourtable: the computer found no move: " << chosen.error << "\n";
    if (request.level == engine::PERFECT && chosen.error.empty() && !chosen.exact)
      self->host_.perfect_fell_back();
    self->computer_move(game, ply, std::move(chosen.move));
  });
}

void Room::computer_move(int game, int ply, std::string move) {
  submit([this, game, ply, move] {
    thinking_ = false;
    if (!match_ || match_->phase() != match::Phase::playing || match_->game_index() != game ||
        plies_ != ply || move.empty())
      return schedule_computer();
    const int seat = match_->seat_to_move();
    if (seats_[std::size_t(seat)].computer == 0) return;
    const std::int64_t now = host_.now_ms();
    match::Update update = match_->move(seat, move, now, std::nullopt);
    Outbox out;
    StoreJob job;
    if (!update.ok()) {
      std::cerr << "fourtable: the computer's move " << move
                << " was refused: " << update.error->message << "\n";
      if (update.events.empty()) return;
    }
    out.computer_move = update.ok();
    apply(update, now, out, job);
    automatic(now, out, job);
    finish(out, std::move(job));
  });
}

// ---- small helpers ----------------------------------------------------------

void Room::send_error(const std::shared_ptr<Peer>& peer, WsError code, std::string message,
                      std::string id, std::optional<std::int64_t> version) {
  host_.error_sent(code);
  peer->send(error_frame(ProtocolError{code, std::move(message), std::move(id), version}));
}

int Room::seat_of_player(std::int64_t player) const {
  for (std::size_t i = 0; i < seats_.size(); ++i)
    if (seats_[i].player == player && player != 0) return static_cast<int>(i);
  return -1;
}

const Room::Sub* Room::sub_of(const std::shared_ptr<Peer>& peer) const {
  for (const Sub& s : subs_)
    if (s.peer == peer) return &s;
  return nullptr;
}

void Room::persist_seats(StoreJob& job) {
  std::vector<store::Seat> seats;
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    store::Seat s;
    s.index = static_cast<int>(i);
    if (seats_[i].player != 0) s.player = seats_[i].player;
    s.bot_level = seats_[i].computer;
    seats.push_back(s);
  }
  add_then(job, [id = id_, seats, now = host_.now_ms()](store::Store& st) {
    st.set_seats(id, seats, now);
  });
}

store::MatchSnapshot Room::snapshot(std::int64_t now) const {
  store::MatchSnapshot snap;
  if (!match_) return snap;
  snap.state_json = encode_match(match_->record(), version_);
  for (std::size_t i = 0; i < seats_.size(); ++i)
    snap.clocks_ms.push_back(match_->clock().remaining(static_cast<int>(i), now));
  snap.saved_ms = now;
  return snap;
}

store::TableRecord Room::record() const {
  std::lock_guard lock(mu_);
  store::TableRecord r;
  r.id = id_;
  r.settings_json = json::serialize(settings_json(settings_));
  r.variant = settings_.variant;
  r.listed = settings_.listed;
  r.rated = settings_.rated;
  const std::string st = status_unlocked();
  r.status = st == "waiting"    ? store::TableStatus::open
             : st == "finished" ? store::TableStatus::finished
                                : store::TableStatus::playing;
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    store::Seat s;
    s.index = static_cast<int>(i);
    if (seats_[i].player != 0) s.player = seats_[i].player;
    s.bot_level = seats_[i].computer;
    r.seats.push_back(s);
  }
  r.created_ms = created_ms_;
  r.updated_ms = created_ms_;
  return r;
}

}  // namespace ft::server
