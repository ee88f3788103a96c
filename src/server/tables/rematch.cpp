// The rematch offer (rematch.h), its place in the room, and the hub making
// the new table. Kept out of room.cpp so the room's own file holds only two
// hooks: the `rematch` command and the frame a reconnecting socket is sent.
#include "server/tables/rematch.h"

#include "server/protocol/log.h"
#include "server/protocol/outgoing.h"
#include "server/tables/room.h"
#include "server/tables/room_events.h"

namespace ft::server {
namespace {

ProtocolError refusal(WsError code, std::string message) {
  return ProtocolError{code, std::move(message), {}, std::nullopt};
}

}  // namespace

RematchStep RematchOffer::act(int seat, RematchAction action, const std::vector<bool>& computer) {
  RematchStep step;
  const std::size_t s = static_cast<std::size_t>(seat);
  if (declined_) {
    step.error = refusal(WsError::rematch_declined, "the rematch was declined");
    return step;
  }
  const bool mine = s < agreed_.size() && agreed_[s];
  if (action == RematchAction::decline) {
    if (by_ < 0 || opening_ || !table_.empty()) {
      step.error = refusal(WsError::no_rematch_offer,
                           by_ < 0 ? "no rematch has been offered" : "the rematch was accepted");
      return step;
    }
    // The offerer may take its offer back the same way.
    declined_ = true;
    by_ = seat;
    step.changed = true;
    return step;
  }
  if (mine) {
    step.error = refusal(WsError::rematch_offered, "you have agreed to the rematch already");
    return step;
  }
  if (action == RematchAction::accept && by_ < 0) {
    step.error = refusal(WsError::no_rematch_offer, "no rematch has been offered");
    return step;
  }
  // An offer while another seat's offer stands is an acceptance.
  if (agreed_.empty()) agreed_ = computer;
  agreed_[s] = true;
  by_ = seat;
  bool all = true;
  for (bool a : agreed_) all = all && a;
  if (all) {
    opening_ = true;
    step.open = true;
  } else {
    step.changed = true;
  }
  return step;
}

void RematchOffer::opened(const std::string& table) {
  opening_ = false;
  if (!table.empty()) {
    table_ = table;
    return;
  }
  // The table could not be made: nothing is agreed any more, offer again.
  agreed_.clear();
  by_ = -1;
}

RematchFrame RematchOffer::frame() const {
  RematchFrame f;
  f.state = declined_         ? RematchState::declined
            : !table_.empty() ? RematchState::accepted
                              : RematchState::offered;
  f.by = by_;
  f.agreed = agreed_;
  if (!table_.empty()) f.table = table_;
  return f;
}

// ---- the room ----------------------------------------------------------------

Room::Room(RoomHost& host, std::string id, TableSettings settings, std::vector<SeatInfo> seats,
           std::int64_t now, std::uint64_t seed)
    : Room(host, std::move(id), std::move(settings), now) {
  seed_ = seed;
  for (std::size_t i = 0; i < t_.seats.size() && i < seats.size(); ++i) {
    t_.seats[i].player = seats[i].player;
    t_.seats[i].name = seats[i].name;
    t_.seats[i].bot = seats[i].bot;
    t_.seats[i].computer = seats[i].computer;
    t_.seats[i].joined = seats[i].computer != 0;  // people start the match by opening it
  }
  t_.version = 1;
  log_frame(t_.version, event_frame(t_.version, now, created_event(t_)));
}

std::shared_ptr<const std::string> Room::rematch_frame() const {
  if (!rematch_.any()) return nullptr;
  return std::make_shared<const std::string>(encode(rematch_.frame()));
}

void Room::send_rematch_frame() {
  auto frame = rematch_frame();
  if (!frame) return;
  for (const Sub& sub : subs_) sub.peer->send(frame);
  host_.table_frames(t_.id, {frame});  // spectators on other nodes too
}

void Room::rematch(const std::shared_ptr<Peer>& peer, RematchAction action) {
  submit([this, peer, action] {
    const int seat = acting_seat(peer);
    if (seat < 0) return;
    if (!t_.match || t_.match->phase() != match::Phase::over)
      return send_error(peer, WsError::match_not_over,
                        "a rematch is possible once the match is over");
    std::vector<bool> computer;
    for (const SeatInfo& s : t_.seats) computer.push_back(s.computer != 0);
    RematchStep step = rematch_.act(seat, action, computer);
    if (step.error) return send_error(peer, step.error->code, step.error->message);
    if (step.changed) send_rematch_frame();
    if (!step.open) return;
    // Seat i of the new table is seat i + 1 of this one: two players swap,
    // and the one who moved second moves first (RULES.md A3 alternates
    // within a match; a rematch starts from the other side).
    std::vector<SeatInfo> seats(t_.seats.size());
    for (std::size_t i = 0; i < t_.seats.size(); ++i) {
      const SeatInfo& from = t_.seats[(i + 1) % t_.seats.size()];
      seats[i].player = from.player;
      seats[i].name = from.name;
      seats[i].bot = from.bot;
      seats[i].computer = from.computer;
    }
    host_.open_rematch(t_.settings, std::move(seats),
                       [self = shared_from_this()](std::string table, std::string error) {
                         self->submit([self, table, error] {
                           if (table.empty()) {
                             log::warn() << "table " << self->t_.id
                                         << ": the rematch table could not be made: " << error;
                             for (const Sub& s : self->subs_)
                               if (s.seat >= 0)
                                 self->send_error(s.peer, WsError::server_error,
                                                  "the rematch table could not be made");
                           }
                           self->rematch_.opened(table);
                           self->send_rematch_frame();
                         });
                       });
  });
}

}  // namespace ft::server
