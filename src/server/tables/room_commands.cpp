// What each client command does to the table (docs/protocol.md 4): who
// may act, what the match is asked, what is refused and why. Every command
// runs on the room's queue (room.cpp) and ends in run() or finish().
#include <algorithm>

#include "server/protocol/outgoing.h"
#include "server/tables/room.h"
#include "server/tables/room_events.h"

namespace ft::server {
namespace {

std::shared_ptr<const std::string> to_frame(const AckFrame& ack) {
  return std::make_shared<const std::string>(encode(ack));
}

}  // namespace

// ---- commands ---------------------------------------------------------------

void Room::hello(const std::shared_ptr<Peer>& peer, const HelloMsg& msg) {
  {
    std::lock_guard lock(mu_);
    // Moved to another node a moment ago: the client reconnects and gets there.
    if (retired_) return peer->close_soon();
  }
  submit([this, peer, msg] {
    const std::int64_t now = host_.now_ms();
    Outbox out;
    StoreJob job;
    const std::int64_t me = peer->identity().player;
    int seat = seat_of_player(me);
    if (seat < 0 && !msg.watch && !t_.match) {
      auto free = std::find_if(t_.seats.begin(), t_.seats.end(),
                               [](const SeatInfo& s) { return !s.taken(); });
      if (free != t_.seats.end()) {
        seat = static_cast<int>(free - t_.seats.begin());
        free->player = me;
        free->name = peer->identity().name;
        free->bot = peer->identity().bot;
        add_event(out, seated_event(t_, seat), now);
        writes_.seats(job, t_.seats, now);
        out.lobby = true;
      }
    }
    if (seat >= 0) t_.seats[std::size_t(seat)].joined = true;
    maybe_start(now, out, job);
    if (seat >= 0 && ++t_.seats[std::size_t(seat)].sockets == 1 && t_.match &&
        t_.match->phase() != match::Phase::over) {
      apply(t_.match->set_connected(seat, true, now), now, out, job);
    }
    automatic(now, out, job);
    out.catch_up.push_back(CatchUp{peer, msg.since, seat});
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
    if (seat >= 0 && --t_.seats[std::size_t(seat)].sockets == 0 && t_.match &&
        t_.match->phase() != match::Phase::over) {
      apply(t_.match->set_connected(seat, false, now), now, out, job);
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

int Room::acting_seat(const std::shared_ptr<Peer>& peer, const std::string& id) {
  const Sub* sub = sub_of(peer);
  if (sub == nullptr) return send_error(peer, WsError::not_joined, "send hello first", id), -1;
  if (sub->seat < 0)
    return send_error(peer, WsError::not_seated, "you are watching this table", id), -1;
  if (refuse_read_only(peer, id)) return -1;
  return sub->seat;
}

void Room::move(const std::shared_ptr<Peer>& peer, const MoveMsg& msg, std::int64_t received_us) {
  submit([this, peer, msg, received_us] {
    const int seat = acting_seat(peer, msg.id);
    if (seat < 0) return;
    SeatInfo& s = t_.seats[std::size_t(seat)];
    if (!s.last_move_id.empty() && s.last_move_id == msg.id) {
      // A resend after a reconnect: acknowledge again, play nothing.
      peer->send(to_frame({msg.id, s.last_move_version}));
      return;
    }
    if (!t_.match) return send_error(peer, WsError::not_now, "no game is being played", msg.id);
    if (msg.version && *msg.version != t_.version)
      return send_error(peer, WsError::stale_version,
                        "the table is at version " + std::to_string(t_.version), msg.id,
                        t_.version);
    // The match says whether the move may be played (phase, turn, rules).
    const std::int64_t now = host_.now_ms();
    match::Update update = t_.match->move(seat, msg.move, now, msg.think_ms);
    Outbox out;
    StoreJob job;
    if (!update.ok()) {
      // The match's reason, but a move out of a game or out of turn in the
      // words clients have always had.
      std::string why = update.error->message;
      if (update.refusal == match::Refusal::not_now) why = "no game is being played";
      if (update.refusal == match::Refusal::not_your_turn)
        why = "seat " + std::to_string(t_.match->seat_to_move()) + " is to move";
      if (!update.events.empty()) {
        apply(update, now, out, job);
        finish(out, std::move(job));
      }
      return send_error(peer, ws_error_of(update.refusal), why, msg.id);
    }
    const std::int64_t before = t_.version;
    const bool moved = std::any_of(update.events.begin(), update.events.end(), [](const auto& ev) {
      return std::holds_alternative<match::MoveMade>(ev.body);
    });
    if (!moved) {
      // The flag fell before the move arrived (grace included): the game is lost on time.
      out.first.emplace_back(
          peer, std::make_shared<const std::string>(encode(
                    ErrorFrame{WsError::not_now, "your time ran out", msg.id, std::nullopt})));
    } else {
      out.move_received_us = received_us;
      out.move_id = msg.id;
      s.last_move_id = msg.id;
      s.last_move_version = before + 1;
      out.first.emplace_back(peer, to_frame({msg.id, before + 1}));
    }
    run(update, now, out, job, MoveOrigin{msg.think_ms, msg.id});
  });
}

// A seated player's call on the match; a refusal in the match's words.
void Room::match_call(const std::shared_ptr<Peer>& peer, const MatchCall& call) {
  const int seat = acting_seat(peer);
  if (seat < 0) return;
  if (!t_.match) return send_error(peer, WsError::not_now, "the match has not started");
  const std::int64_t now = host_.now_ms();
  match::Update update = call(*t_.match, seat, now);
  if (!update.ok()) send_error(peer, ws_error_of(update.refusal), update.error->message);
  if (update.events.empty()) return;
  Outbox out;
  StoreJob job;
  run(update, now, out, job);
}

void Room::act(const std::shared_ptr<Peer>& peer, RoomAction action) {
  submit([this, peer, action] {
    match_call(peer, [action](match::Match& m, int seat, std::int64_t now) {
      switch (action) {
        case RoomAction::ready:
          return m.ready(seat, now);
        case RoomAction::resign_game:
          return m.resign_game(seat, now);
        case RoomAction::resign_match:
          return m.resign_match(seat, now);
        case RoomAction::claim:
          break;
      }
      return m.claim(seat, now);
    });
  });
}

void Room::choose_piece(const std::shared_ptr<Peer>& peer, int piece) {
  submit([this, peer, piece] {
    match_call(peer, [piece](match::Match& m, int seat, std::int64_t now) {
      return m.choose_piece(seat, piece, now);
    });
  });
}

void Room::rename(std::int64_t player, const std::string& name) {
  submit([this, player, name] {
    for (SeatInfo& s : t_.seats)
      if (s.player == player) s.name = name;
  });
}

void Room::tick() {
  submit([this] {
    if (!t_.match || !t_.read_only.empty()) return;
    const std::int64_t now = host_.now_ms();
    match::Update update = t_.match->tick(now);
    Outbox out;
    if (update.events.empty()) {
      // Nothing fired: a claim may have become possible. The opponents are
      // told once (protocol.md 5.6); the next deadline leaves it out.
      const auto claim_from = t_.match->view(now).claim_from;
      if (claim_from && *claim_from <= now && claim_told_ != *claim_from) {
        claim_told_ = *claim_from;
        out.presence = true;
        return publish(out);
      }
      next_deadline_ = t_.match->next_deadline(now).value_or(0);
      return;
    }
    StoreJob job;
    run(update, now, out, job);
  });
}

bool Room::due(std::int64_t now) const {
  const std::int64_t next = next_deadline_.load();
  return next != 0 && next <= now;
}

}  // namespace ft::server
