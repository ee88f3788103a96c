#include "server/tables/room.h"

#include <algorithm>

#include "server/protocol/log.h"
#include "server/protocol/match_codec.h"
#include "server/protocol/outgoing.h"
#include "server/tables/room_events.h"
#include "server/tables/support.h"
#include "server/tables/table_json.h"

namespace ft::server {
namespace json = boost::json;
namespace {

constexpr std::size_t LOG_LIMIT = 128;  // events kept for catch-up; older ones get a full state

template <class F>
std::shared_ptr<const std::string> to_frame(F frame) {
  return std::make_shared<const std::string>(encode(std::move(frame)));
}

std::string error_text(std::exception_ptr failure) {
  try {
    std::rethrow_exception(failure);
  } catch (const std::exception& e) {
    return e.what();
  } catch (...) {
  }
  return "unknown error";
}

}  // namespace

Room::Room(RoomHost& host, std::string id, TableSettings settings, std::int64_t created)
    : host_(host), writes_(id) {
  t_.id = std::move(id);
  t_.settings = std::move(settings);
  t_.created_ms = created;
  t_.seats.resize(static_cast<std::size_t>(t_.settings.seats));
}

Room::Room(RoomHost& host, std::string id, TableSettings settings, const Identity& creator,
           std::int64_t now, std::uint64_t seed)
    : Room(host, std::move(id), std::move(settings), now) {
  seed_ = seed;
  t_.seats[0].player = creator.player;
  t_.seats[0].name = creator.name;
  t_.seats[0].bot = creator.bot;
  for (std::size_t i = 1; i < t_.seats.size() && t_.settings.computer_level != 0; ++i) {
    t_.seats[i].computer = t_.settings.computer_level;
    t_.seats[i].joined = true;
  }
  t_.version = 1;
  log_frame(t_.version, event_frame(t_.version, now, created_event(t_)));
}

bool Room::refuse_read_only(const std::shared_ptr<Peer>& peer, const std::string& id) {
  if (t_.read_only.empty()) return false;
  send_error(peer, WsError::table_unavailable,
             "this table could not be restored and is read-only: " + t_.read_only, id);
  return true;
}

// ---- the command queue ------------------------------------------------------

void Room::submit(std::function<void()> fn) {
  std::lock_guard lock(mu_);
  if (retired_) return;  // the table runs on another node now
  inbox_.push_back(std::move(fn));
  drain();
}

void Room::drain() {
  if (draining_) return;
  draining_ = true;
  while (!busy_ && !retired_ && !inbox_.empty()) {
    auto fn = std::move(inbox_.front());
    inbox_.pop_front();
    fn();
  }
  draining_ = false;
}

void Room::finish(Outbox& out, StoreJob job) {
  if (job.snapshot && !job.match_finished)
    writes_.snapshot(job, match_snapshot(t_, job.snapshot_at));
  if (job.moves.empty() && !job.then) {
    publish(out);
    return;
  }
  busy_ = true;
  job.table = t_.id;
  auto shared = std::make_shared<Outbox>(std::move(out));
  job.done = [self = shared_from_this(), shared](std::exception_ptr failure) {
    std::lock_guard lock(self->mu_);
    self->busy_ = false;
    if (failure) return self->fail_back(*shared, error_text(failure));
    if (shared->match_over) shared->match_over->durable = true;
    self->publish(*shared);
    self->drain();
  };
  host_.persist(std::move(job));
}

// Not durable, so never shown (protocol.md 4.2): the mover gets an error and
// nobody gets the command's events, here or on the bus. The room's memory
// already holds the command, so it cannot go on: it takes no more commands,
// closes its sockets and leaves memory. The clients reconnect and find the
// table as the store holds it: loaded again on this node, or on the node
// that took its lease (a fenced write), where a resent move is played.
void Room::fail_back(Outbox& out, const std::string& error) {
  host_.store_failed(t_.id, error);
  for (auto& [peer, frame] : out.first)
    send_error(peer, WsError::server_error, "the store failed: " + error, out.move_id);
  retired_ = true;
  inbox_.clear();  // their clients resend after reconnecting
  for (const Sub& s : subs_) s.peer->close_soon();
  for (const CatchUp& c : out.catch_up) c.peer->close_soon();
  subs_.clear();
  next_deadline_ = 0;
  host_.room_failed(shared_from_this());
}

void Room::publish(Outbox& out) {
  if (out.match_over) {
    // Built once, as it is stored: with the ratings of a durable finish.
    MatchOverFrame& m = *out.match_over;
    json::array ratings;
    if (m.durable && m.settled) ratings = m.settled->ratings;
    t_.match_result = with_ratings(std::move(m.event), std::move(ratings));
    Frame frame = event_frame(m.version, m.at, t_.match_result.as_object());
    log_frame(m.version, frame);
    out.events.push_back(std::move(frame));
  }
  for (auto& [peer, frame] : out.first) peer->send(frame);
  for (const auto& frame : out.events) {
    for (const Sub& sub : subs_) sub.peer->send(frame);
  }
  host_.table_frames(t_.id, out.events);
  const std::int64_t now = host_.now_ms();
  for (const CatchUp& c : out.catch_up) {
    send_catch_up(c, now);
    subs_.push_back(Sub{c.peer, c.seat});
  }
  if (out.presence) {
    auto frame = to_frame(presence_of(t_, now, spectators()));
    for (const Sub& sub : subs_) sub.peer->send(frame);
    host_.table_frames(t_.id, {frame});
  }
  if (out.lobby) host_.table_changed();
  if (out.move_received_us >= 0) host_.moved(steady_us() - out.move_received_us, false);
  if (out.computer_move) host_.moved(-1, true);
  if (t_.match && t_.read_only.empty()) {
    next_deadline_ = t_.match->next_deadline().value_or(0);
    if (t_.match->phase() == match::Phase::over && finished_at_ == 0) finished_at_ = now;
  }
  schedule_computer();
}

// Catch-up (protocol.md 4.1): the events after `since` if all are still held,
// else the whole state.
void Room::send_catch_up(const CatchUp& c, std::int64_t now) {
  const bool held = c.since > 0 && c.since <= t_.version &&
                    (c.since == t_.version || (!log_.empty() && log_.front().first <= c.since + 1));
  if (!held) {
    c.peer->send(to_frame(state_frame(t_, c.seat, now, spectators())));
  } else {
    for (const auto& [v, frame] : log_) {
      if (v > c.since) c.peer->send(frame);
    }
  }
  if (auto rematch = rematch_frame())
    c.peer->send(rematch);  // a pending rematch offer follows the catch-up
}

void Room::publish_state() {
  // On the queue: a command still being stored has published its events
  // before this runs, so the state's version is the last one published.
  submit([this] {
    std::vector<Frame> frames{to_frame(state_frame(t_, -1, host_.now_ms(), spectators()))};
    if (auto rematch = rematch_frame()) frames.push_back(rematch);
    host_.table_frames(t_.id, frames);
  });
}

void Room::set_remote_spectators(int count) {
  if (remote_spectators_.exchange(count) == count) return;
  submit([this] {
    Outbox out;
    out.presence = true;
    out.lobby = true;  // the lobby shows the count too
    publish(out);
  });
}

int Room::spectator_count() const {
  std::lock_guard lock(mu_);
  return spectators();
}

// ---- the match's events become protocol events and store writes -------------

void Room::maybe_start(std::int64_t now, Outbox& out, StoreJob& job) {
  if (t_.match) return;
  for (const SeatInfo& s : t_.seats) {
    if (!s.taken() || (s.player != 0 && !s.joined)) return;
  }
  if (!setup_ready()) return;
  auto created = match::Match::create(match_config(t_.settings, seed_));
  if (!created) {
    log::warn() << "table " << t_.id << " cannot start: " << created.error().message;
    return;
  }
  t_.match.emplace(std::move(created).value());
  match::Update update = t_.match->start(now);
  for (std::size_t i = 0; i < t_.seats.size(); ++i) {
    if (t_.seats[i].player != 0 && t_.seats[i].sockets == 0) {
      auto u = t_.match->set_connected(static_cast<int>(i), false, now);
      update.events.insert(update.events.end(), u.events.begin(), u.events.end());
    }
  }
  writes_.match_started(job, t_, now);
  out.lobby = true;
  apply(update, now, out, job);
}

void Room::run(const match::Update& update, std::int64_t now, Outbox& out, StoreJob& job,
               const MoveOrigin& origin) {
  apply(update, now, out, job, origin);
  automatic(now, out, job);
  finish(out, std::move(job));
}

void Room::apply(const match::Update& update, std::int64_t now, Outbox& out, StoreJob& job,
                 const MoveOrigin& origin) {
  bool changed = false;
  int moves = 0;
  for (const match::Event& ev : update.events) {
    follow(t_, ev.body);
    if (std::holds_alternative<match::ConnectionChanged>(ev.body)) out.presence = true;
    std::optional<json::object> event = event_json(t_, ev.body, now);
    if (!event) continue;
    if (const auto* over = std::get_if<match::MatchOver>(&ev.body)) {
      match_over(*over, std::move(*event), now, out, job);
      continue;
    }
    add_event(out, std::move(*event), now);
    writes_.event(job, t_, ev.body, now, origin);
    if (std::holds_alternative<match::MoveMade>(ev.body)) {
      ++moves;
      continue;
    }
    changed = true;
    if (std::holds_alternative<match::GameStarted>(ev.body) ||
        std::holds_alternative<match::GameOver>(ev.body))
      out.lobby = true;
  }
  // A plain move (one `moved` event, restored from its row) needs no record;
  // anything else does. More than one move in an update would also break the
  // one-event-per-replayed-move count of restore().
  if (changed || moves > 1) {
    job.snapshot = true;
    job.snapshot_at = now;
  }
}

// The match is over: its version is taken now, so nothing can come between;
// its frame goes into the log once the finish is stored (publish).
void Room::match_over(const match::MatchOver& over, json::object event, std::int64_t now,
                      Outbox& out, StoreJob& job) {
  t_.match_result = event;
  ++t_.version;
  auto settled = std::make_shared<Settled>();
  writes_.finished(
      job,
      [plan = plan_finish(t_, over, now), settled, snap = match_snapshot(t_, now),
       record = t_.match->record(), version = t_.version, event](store::Store& st) {
        *settled = settle(st, plan);
        store::MatchFinish f = settled->finish;
        f.snapshot = snap;
        // The final record carries the match_over body: a finished table
        // loaded from the store later (after a restart) shows how it ended.
        f.snapshot.state_json =
            encode_match(record, version, with_ratings(event, settled->ratings));
        return f;
      },
      now);
  out.match_over = MatchOverFrame{std::move(event), t_.version, now, settled, false};
  out.lobby = true;
}

void Room::add_event(Outbox& out, json::object event, std::int64_t now) {
  ++t_.version;
  Frame frame = event_frame(t_.version, now, event);
  log_frame(t_.version, frame);
  out.events.push_back(std::move(frame));
}

void Room::log_frame(std::int64_t version, Frame frame) {
  log_.emplace_back(version, std::move(frame));
  if (log_.size() > LOG_LIMIT) log_.pop_front();
}

// ---- small helpers ----------------------------------------------------------

void Room::send_error(const std::shared_ptr<Peer>& peer, WsError code, std::string message,
                      std::string id, std::optional<std::int64_t> version) {
  host_.error_sent(code);
  peer->send(encode(ErrorFrame{code, std::move(message), std::move(id), version}));
}

int Room::seat_of_player(std::int64_t player) const {
  for (std::size_t i = 0; i < t_.seats.size(); ++i)
    if (t_.seats[i].player == player && player != 0) return static_cast<int>(i);
  return -1;
}

const Room::Sub* Room::sub_of(const std::shared_ptr<Peer>& peer) const {
  for (const Sub& s : subs_)
    if (s.peer == peer) return &s;
  return nullptr;
}

int Room::spectators() const {
  return remote_spectators_.load() +
         static_cast<int>(
             std::count_if(subs_.begin(), subs_.end(), [](const Sub& s) { return s.seat < 0; }));
}

}  // namespace ft::server
