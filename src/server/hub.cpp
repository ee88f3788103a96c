#include "server/hub.h"

#include <sodium.h>

#include <chrono>
#include <iostream>

#include "server/build_info.h"
#include "server/guest_names.h"
#include "store/ids.h"

namespace ft::server {
namespace json = boost::json;
namespace {

std::int64_t steady_us() {
  return std::chrono::duration_cast<std::chrono::microseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

template <class... Ts>
struct overloaded : Ts... {
  using Ts::operator()...;
};
template <class... Ts>
overloaded(Ts...) -> overloaded<Ts...>;

}  // namespace

Hub::Hub(store::Store& store, HubOptions options)
    : store_(store), options_(std::move(options)), writer_(store), engine_(options_.engine_threads) {
  if (sodium_init() < 0) throw std::runtime_error("libsodium failed to initialise");
}

Hub::~Hub() = default;

std::int64_t Hub::now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

void Hub::persist(StoreJob job) { writer_.submit(std::move(job)); }

void Hub::think(std::function<void()> task) { engine_.post(std::move(task)); }

void Hub::moved(std::int64_t latency_us, bool computer) {
  if (computer) {
    metrics_.engine_move();
  } else {
    metrics_.move(latency_us);
  }
}

void Hub::flush() {
  while (writer_.queued() > 0) std::this_thread::sleep_for(std::chrono::milliseconds(5));
}

std::shared_ptr<Room> Hub::find(const std::string& id) const {
  std::lock_guard lock(mu_);
  auto it = rooms_.find(id);
  return it == rooms_.end() ? nullptr : it->second;
}

int Hub::restore_tables() {
  std::vector<store::LiveTable> live = store_.load_live_tables();
  const std::int64_t now = now_ms();
  int restored = 0;
  for (const store::LiveTable& t : live) {
    std::vector<std::string> names(t.table.seats.size());
    for (const auto& seat : t.table.seats) {
      if (!seat.player || seat.index < 0 || std::size_t(seat.index) >= names.size()) continue;
      if (auto p = store_.find_player(*seat.player)) names[std::size_t(seat.index)] = p->display_name;
    }
    auto room = Room::restore(*this, t, names, now);
    if (!room) {
      std::cerr << "fourtable: table " << t.table.id << " not restored: " << room.error().message
                << "\n";
      continue;
    }
    std::lock_guard lock(mu_);
    rooms_[t.table.id] = *room;
    order_.push_back(*room);
    ++restored;
  }
  return restored;
}

void Hub::tick() {
  const std::int64_t now = now_ms();
  std::vector<std::shared_ptr<Room>> due;
  {
    std::lock_guard lock(mu_);
    for (const auto& room : order_)
      if (room->due(now)) due.push_back(room);
  }
  for (const auto& room : due) room->tick();
  if (lobby_dirty_ && now - lobby_sent_ms_ >= 1000) {
    lobby_sent_ms_ = now;
    lobby_dirty_ = false;
    send_lobby();
  }
}

// ---- WebSocket ------------------------------------------------------------

void Hub::ws_open(const std::shared_ptr<Peer>& peer) {
  const auto& who = peer->identity();
  json::object welcome{{"type", "welcome"},
                       {"protocol", 1},
                       {"you", json::object{{"id", "p_" + std::to_string(who.player)},
                                            {"name", who.name}}},
                       {"server_time", now_ms()}};
  peer->send(json::serialize(welcome));
}

void Hub::ws_refused(const std::shared_ptr<Peer>&, std::string_view code) { metrics_.error(code); }

void Hub::leave_table(const std::shared_ptr<Peer>& peer) {
  if (peer->context.table.empty()) return;
  if (auto room = find(peer->context.table)) room->leave(peer);
  peer->context.table.clear();
}

void Hub::ws_close(const std::shared_ptr<Peer>& peer) {
  leave_table(peer);
  if (peer->context.lobby) {
    std::lock_guard lock(lobby_mu_);
    std::erase_if(lobby_subs_, [&](const std::weak_ptr<Peer>& w) {
      auto p = w.lock();
      return !p || p == peer;
    });
  }
}

void Hub::ws_frame(const std::shared_ptr<Peer>& peer, std::string_view frame) {
  const std::int64_t received = steady_us();
  Parsed parsed = parse_client_frame(frame);
  if (auto* error = std::get_if<ProtocolError>(&parsed)) {
    metrics_.error(error->code);
    peer->send(error_frame(*error));
    return;
  }
  auto reply_error = [&](WsError code, std::string message, std::string id = {}) {
    metrics_.error(code);
    peer->send(error_frame(ProtocolError{code, std::move(message), std::move(id), std::nullopt}));
  };
  auto current = [&]() -> std::shared_ptr<Room> {
    return peer->context.table.empty() ? nullptr : find(peer->context.table);
  };
  std::visit(
      overloaded{
          [&](const PingMsg& m) {
            peer->send(json::serialize(
                json::object{{"type", "pong"}, {"t", m.t}, {"server_time", now_ms()}}));
          },
          [&](const LobbyMsg&) {
            leave_table(peer);
            if (!peer->context.lobby) {
              peer->context.lobby = true;
              std::lock_guard lock(lobby_mu_);
              lobby_subs_.push_back(peer);
            }
            json::object lobby = lobby_json();
            lobby["type"] = "lobby";
            peer->send(json::serialize(lobby));
          },
          [&](const HelloMsg& m) {
            if (peer->context.lobby) {
              peer->context.lobby = false;
              std::lock_guard lock(lobby_mu_);
              std::erase_if(lobby_subs_, [&](const std::weak_ptr<Peer>& w) {
                auto p = w.lock();
                return !p || p == peer;
              });
            }
            leave_table(peer);
            auto room = find(m.table);
            if (!room) {
              std::string shown = m.table.substr(0, 16);
              return reply_error(WsError::no_such_table, "no table '" + shown + "'");
            }
            peer->context.table = m.table;
            room->hello(peer, m);
          },
          [&](const MoveMsg& m) {
            auto room = current();
            if (!room) return reply_error(WsError::not_joined, "send hello first", m.id);
            room->move(peer, m, received);
          },
          [&](const ReadyMsg&) {
            if (auto room = current()) return room->act(peer, RoomAction::ready);
            reply_error(WsError::not_joined, "send hello first");
          },
          [&](const ResignGameMsg&) {
            if (auto room = current()) return room->act(peer, RoomAction::resign_game);
            reply_error(WsError::not_joined, "send hello first");
          },
          [&](const ResignMatchMsg&) {
            if (auto room = current()) return room->act(peer, RoomAction::resign_match);
            reply_error(WsError::not_joined, "send hello first");
          },
          [&](const ClaimMsg&) {
            if (auto room = current()) return room->act(peer, RoomAction::claim);
            reply_error(WsError::not_joined, "send hello first");
          },
          [&](const ChoosePieceMsg& m) {
            if (auto room = current()) return room->choose_piece(peer, m.piece);
            reply_error(WsError::not_joined, "send hello first");
          },
      },
      std::get<ClientMessage>(parsed));
}

// ---- the lobby ------------------------------------------------------------

json::object Hub::lobby_json() const {
  constexpr std::size_t LIMIT = 100;
  std::vector<std::shared_ptr<Room>> rooms;
  {
    std::lock_guard lock(mu_);
    rooms = order_;
  }
  json::array open;
  json::array live;
  for (auto it = rooms.rbegin(); it != rooms.rend(); ++it) {
    const Room& room = **it;
    if (!room.listed()) continue;
    const std::string status = room.status();
    if (status == "waiting" && open.size() < LIMIT) {
      open.push_back(room.summary());
    } else if ((status == "playing" || status == "between_games") && live.size() < LIMIT) {
      live.push_back(room.summary());
    }
    if (open.size() >= LIMIT && live.size() >= LIMIT) break;
  }
  return json::object{{"open", std::move(open)}, {"live", std::move(live)}};
}

void Hub::send_lobby() {
  std::vector<std::shared_ptr<Peer>> subs;
  {
    std::lock_guard lock(lobby_mu_);
    std::erase_if(lobby_subs_, [](const std::weak_ptr<Peer>& w) { return w.expired(); });
    for (const auto& w : lobby_subs_)
      if (auto p = w.lock()) subs.push_back(std::move(p));
  }
  if (subs.empty()) return;
  json::object lobby = lobby_json();
  lobby["type"] = "lobby";
  auto frame = std::make_shared<const std::string>(json::serialize(lobby));
  for (const auto& p : subs) p->send(frame);
}

// ---- guests -----------------------------------------------------------------

Identity Hub::identify(std::string_view token) {
  if (!token.empty()) {
    {
      std::lock_guard lock(guests_mu_);
      auto it = guests_.find(std::string(token));
      if (it != guests_.end()) return it->second;
    }
    if (auto p = store_.find_player_by_token(token)) {
      Identity who{p->id, p->display_name, {}};
      std::lock_guard lock(guests_mu_);
      guests_[std::string(token)] = who;
      return who;
    }
  }
  const std::string fresh = store::new_guest_token();
  const store::Player p = store_.create_player(fresh, guest_name(), now_ms());
  Identity who{p.id, p.display_name, {}};
  {
    std::lock_guard lock(guests_mu_);
    guests_[fresh] = who;
  }
  who.new_token = fresh;
  return who;
}

}  // namespace ft::server
