#include "server/hub.h"

#include <sodium.h>

#include <algorithm>
#include <chrono>
#include <future>
#include <iostream>

#include "server/build_info.h"
#include "server/cluster/cluster.h"
#include "server/http/guest_names.h"
#include "server/protocol/plain_json.h"
#include "server/tables/support.h"
#include "store/ids.h"

namespace ft::server {
namespace json = boost::json;

Hub::Hub(store::Store& store, HubOptions options)
    : store_(store),
      options_(std::move(options)),
      committer_(store),
      engine_(options_.engine_threads),
      loader_(1),
      guest_buckets_(options_.guests_per_hour / 3600.0,
                     std::max(1.0, options_.guests_per_hour / 3.0)),
      // Twice a player's own limit (analysis_service.h): a family behind
      // one address may study at the same time.
      board_buckets_(2.0 * options_.analysis.live_per_minute / 60.0,
                     2.0 * options_.analysis.live_per_minute) {
  if (sodium_init() < 0) throw std::runtime_error("libsodium failed to initialise");
  if (options_.test_clock_ms) test_now_ms_ = *options_.test_clock_ms;
  analysis_ = std::make_unique<AnalysisService>(
      store_, [this](store::Store::Write w) { write_now(std::move(w)); }, options_.analysis,
      [this] { return now_ms(); });
}

Hub::~Hub() = default;

std::int64_t Hub::now_ms() {
  if (options_.test_clock_ms) return test_now_ms_.load();
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

std::int64_t Hub::advance_test_clock(std::int64_t ms) {
  return test_now_ms_ += ms;
}

std::uint64_t Hub::test_table_seed() {
  // splitmix64 of the time and the count.
  std::uint64_t z = static_cast<std::uint64_t>(now_ms()) + 0x9e3779b97f4a7c15ULL * ++test_tables_;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

void Hub::persist(StoreJob job) {
  if (!job.games_finished.empty()) {
    // A finished game is analysed once its record is durable.
    job.done = [this, games = std::move(job.games_finished),
                done = std::move(job.done)](std::exception_ptr error) {
      if (done) done(error);
      if (error) return;
      for (const auto& [table, number] : games) analysis_->game_finished(table, number);
    };
  }
  committer_.submit(
      [moves = std::move(job.moves), then = std::move(job.then), table = std::move(job.table),
       cluster = cluster_](store::Store& st) {
        // Several nodes: only the lease holder writes the table (cluster.h).
        if (cluster && !table.empty()) cluster->check(st, table);
        if (!moves.empty()) st.append_moves(moves);
        if (then) then(st);
      },
      std::move(job.done));
}

void Hub::table_frames(const std::string& table,
                       const std::vector<std::shared_ptr<const std::string>>& frames) {
  if (cluster_) cluster_->table_frames(table, frames);
}

void Hub::store_failed(const std::string& table, const std::string& what) {
  metrics_.store_failure();
  if (cluster_) cluster_->suspect();  // perhaps the lease is gone
  std::cerr << "fourtable: ALARM: table " << table << ": store write failed: " << what << "\n";
}

void Hub::write_now(store::Store::Write write) {
  // Shared: the committer thread may still be inside set_value() when this
  // thread, woken by it, returns.
  auto done = std::make_shared<std::promise<std::exception_ptr>>();
  std::future<std::exception_ptr> result = done->get_future();
  committer_.submit(std::move(write), [done](std::exception_ptr e) { done->set_value(e); });
  if (std::exception_ptr e = result.get()) std::rethrow_exception(e);
}

void Hub::think(std::function<void()> task) {
  engine_.post(std::move(task));
}

void Hub::moved(std::int64_t latency_us, bool computer) {
  lobby_dirty_ = true;  // the lobby's live boards show the move (at most once a second)
  if (computer) {
    metrics_.engine_move();
  } else {
    metrics_.move(latency_us);
  }
}

void Hub::drain() {
  closing_ = true;
  analysis_->stop();
  loader_.stop();
  engine_.stop();
  committer_.wait_idle();
}

void Hub::close() {
  drain();
  std::vector<std::shared_ptr<Room>> rooms;
  {
    std::lock_guard lock(mu_);
    rooms.swap(order_);
    rooms_.clear();
  }
  for (const auto& room : rooms) room->close();
  rooms.clear();
  if (cluster_) cluster_->close_watchers();
  std::lock_guard lock(lobby_mu_);
  lobby_subs_.clear();
}

std::shared_ptr<Room> Hub::find(const std::string& id) const {
  std::lock_guard lock(mu_);
  auto it = rooms_.find(id);
  return it == rooms_.end() ? nullptr : it->second;
}

Result<std::shared_ptr<Room>> Hub::restored(const store::LiveTable& t) {
  std::vector<std::string> names(t.table.seats.size());
  for (const auto& seat : t.table.seats) {
    if (!seat.player || seat.index < 0 || std::size_t(seat.index) >= names.size()) continue;
    if (auto p = store_.find_player(*seat.player)) names[std::size_t(seat.index)] = p->display_name;
  }
  return Room::restore(*this, t, names, now_ms());
}

Result<std::shared_ptr<Room>> Hub::adopt(const store::LiveTable& t) {
  auto room = restored(t);
  if (!room) return room.error();
  if (!(*room)->read_only_reason().empty())
    std::cerr << "fourtable: ALARM: table " << t.table.id
              << " is read-only, its match does not replay: " << (*room)->read_only_reason()
              << "\n";
  std::lock_guard lock(mu_);
  auto [it, added] = rooms_.try_emplace(t.table.id, *room);
  if (added) order_.push_back(*room);
  return it->second;
}

int Hub::restore_tables() {
  int restored = 0;
  for (const store::LiveTable& t : store_.load_live_tables()) {
    auto room = adopt(t);
    if (!room) {
      std::cerr << "fourtable: table " << t.table.id << " not restored: " << room.error().message
                << "\n";
      continue;
    }
    ++restored;
  }
  return restored;
}

std::shared_ptr<Room> Hub::find_or_load(const std::string& id) {
  if (auto room = find(id)) return room;
  if (id.empty() || id.size() > 64) return nullptr;
  return load_room(id);
}

std::shared_ptr<Room> Hub::read_table(const std::string& id) {
  if (!cluster_) return find_or_load(id);
  if (auto room = find(id)) return room;
  if (id.empty() || id.size() > 64) return nullptr;
  // Several nodes: replayed from the store as a restore would, without its
  // lease (as "your games" does). Taking the table would close its
  // players' sockets on its owner for a mere read.
  return from_store(id, false);
}

std::vector<std::shared_ptr<Room>> Hub::rooms() const {
  std::lock_guard lock(mu_);
  return order_;
}

void Hub::drop_room(const std::shared_ptr<Room>& room) {
  {
    std::lock_guard lock(mu_);
    auto it = rooms_.find(room->id());
    if (it != rooms_.end() && it->second == room) rooms_.erase(it);
    std::erase(order_, room);
  }
  lobby_dirty_ = true;
}

std::optional<store::LiveTable> Hub::live_table(const std::string& id) {
  std::optional<store::TableRecord> table = store_.find_table(id);
  if (!table) return std::nullopt;
  store::LiveTable live;
  live.table = std::move(*table);
  std::vector<store::MatchRecord> matches = store_.matches_of_table(id);
  if (!matches.empty()) {
    live.match = std::move(matches.back());
    live.games = store_.games_of_match(live.match->id);
    for (const store::GameRecord& g : live.games) {
      for (store::MoveRecord& m : store_.moves_of_game(live.match->id, g.number))
        live.moves.push_back(std::move(m));
    }
  }
  return live;
}

std::shared_ptr<Room> Hub::load_room(const std::string& id) {
  if (auto room = find(id)) return room;
  return from_store(id, true);
}

std::shared_ptr<Room> Hub::from_store(const std::string& id, bool keep) {
  std::optional<store::LiveTable> live = live_table(id);
  if (!live) return nullptr;
  auto room = keep ? adopt(*live) : restored(*live);
  if (!room) {
    std::cerr << "fourtable: table " << id << (keep ? " cannot be loaded: " : " cannot be read: ")
              << room.error().message << "\n";
    return nullptr;
  }
  return *room;
}

void Hub::sweep(std::int64_t now) {
  std::vector<std::shared_ptr<Room>> dropped;  // released outside the lock
  std::lock_guard lock(mu_);
  std::erase_if(order_, [&](const std::shared_ptr<Room>& room) {
    const std::int64_t over = room->finished_at();
    if (over == 0 || now - over < options_.keep_finished_ms || room->watchers() > 0) return false;
    rooms_.erase(room->id());
    dropped.push_back(room);
    return true;
  });
}

void Hub::tick() {
  if (closing_) return;
  const std::int64_t now = now_ms();
  std::vector<std::shared_ptr<Room>> due;
  {
    std::lock_guard lock(mu_);
    for (const auto& room : order_)
      if (room->due(now)) due.push_back(room);
  }
  for (const auto& room : due) room->tick();
  if (now - swept_ms_ >= std::min<std::int64_t>(10000, options_.keep_finished_ms)) {
    swept_ms_ = now;
    sweep(now);
  }
  if (lobby_dirty_ && now - lobby_sent_ms_ >= 1000) {
    lobby_sent_ms_ = now;
    lobby_dirty_ = false;
    send_lobby();
  }
}

// ---- WebSocket ------------------------------------------------------------

void Hub::ws_open(const std::shared_ptr<Peer>& peer) {
  const auto& who = peer->identity();
  json::object welcome{
      {"type", "welcome"},
      {"protocol", 1},
      {"you", json::object{{"id", "p_" + std::to_string(who.player)}, {"name", who.name}}},
      {"server_time", now_ms()}};
  peer->send(json::serialize(welcome));
}

void Hub::ws_refused(const std::shared_ptr<Peer>&, std::string_view code) {
  metrics_.error(code);
}

void Hub::leave_table(const std::shared_ptr<Peer>& peer) {
  if (peer->context.table.empty()) return;
  // Shutting down on several nodes: the leases are given up, the sockets
  // closing are no news to store (another node has the tables by now).
  if (closing_ && cluster_) return;
  if (cluster_) cluster_->forget(peer);  // a hello still waiting for the lease
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
  if (closing_) return;  // shutting down: the socket closes next
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
            peer->send(json_text(lobby));
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
            peer->context.table = m.table;
            if (auto room = find(m.table)) return room->hello(peer, m);
            // Several nodes: the table comes with its lease (cluster.h).
            if (cluster_) return cluster_->hello(peer, m);
            // Not in memory: a finished table may be in the store. The
            // store is read on the loader thread, never on this one.
            loader_.post([this, peer, m] {
              std::shared_ptr<Room> room;
              try {
                room = find_or_load(m.table);
              } catch (const std::exception& e) {
                std::cerr << "fourtable: loading table " << m.table.substr(0, 16)
                          << " failed: " << e.what() << "\n";
              }
              if (room) return room->hello(peer, m);
              metrics_.error(WsError::no_such_table);
              peer->send(error_frame(ProtocolError{WsError::no_such_table,
                                                   "no table '" + m.table.substr(0, 16) + "'",
                                                   {},
                                                   std::nullopt}));
            });
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
          [&](const RematchMsg& m) {
            if (auto room = current()) return room->rematch(peer, m.action);
            reply_error(WsError::not_joined, "send hello first");
          },
      },
      std::get<ClientMessage>(parsed));
}

// ---- the lobby ------------------------------------------------------------

namespace {

// protocol.md 2.5: one player's open tables fill at most this many lines
// of the lobby, so nobody's tables crowd out everyone else's.
constexpr std::size_t LOBBY_OPEN_PER_PLAYER = 3;

// The player on seat 0 (who made the table) of a table summary; "" if none.
std::string creator_of(const json::object& summary) {
  const json::array& seats = summary.at("seats").as_array();
  if (seats.empty()) return {};
  const json::value& p = seats.front().as_object().at("player");
  return p.is_object() ? std::string(p.as_object().at("id").as_string()) : std::string();
}

// `tables` (newest first) with at most `n` of each creator: the newest.
json::array keep_per_creator(json::array tables, std::size_t n) {
  std::unordered_map<std::string, std::size_t> seen;
  json::array kept;
  for (json::value& t : tables) {
    const std::string who = creator_of(t.as_object());
    if (!who.empty() && ++seen[who] > n) continue;
    kept.push_back(std::move(t));
  }
  return kept;
}

}  // namespace

json::object Hub::lobby_json(bool own_only) const {
  constexpr std::size_t LIMIT = 100;
  constexpr std::size_t LIVE_BOARDS = 12;
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
      json::object entry = room.summary();
      // The home page draws the newest matches as small boards.
      if (live.size() < LIVE_BOARDS) entry["board"] = room.live_board();
      live.push_back(std::move(entry));
    }
    if (open.size() >= LIMIT && live.size() >= LIMIT) break;
  }
  if (cluster_ && !own_only) cluster_->merge_lobby(open, live);
  return json::object{{"open", keep_per_creator(std::move(open), LOBBY_OPEN_PER_PLAYER)},
                      {"live", std::move(live)}};
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
  auto frame = std::make_shared<const std::string>(json_text(lobby));
  for (const auto& p : subs) p->send(frame);
}

// ---- guests -----------------------------------------------------------------

std::optional<Identity> Hub::known_guest(std::string_view token) {
  if (token.empty()) return std::nullopt;
  // On one node of several the store is asked every time: another node
  // may have ended the token (a log-out or a change of password there).
  if (cluster_ == nullptr) {
    std::lock_guard lock(guests_mu_);
    auto it = guests_.find(std::string(token));
    if (it != guests_.end()) return it->second;
  }
  auto p = store_.find_player_by_token(token);
  if (!p) return std::nullopt;
  Identity who{p->id, p->display_name, {}};
  std::lock_guard lock(guests_mu_);
  guests_[std::string(token)] = who;
  return who;
}

// A guest is made only here, for a route that needs one or a WebSocket
// handshake, and at most guests_per_hour an address (protocol.md 1).
std::optional<Identity> Hub::identify(std::string_view token, const std::string& address,
                                      std::int64_t& retry_after_ms) {
  retry_after_ms = 0;
  if (auto who = known_guest(token)) return who;
  if (options_.guests_per_hour > 0) {
    retry_after_ms = guest_buckets_.take(address);
    if (retry_after_ms > 0) return std::nullopt;
  }
  const std::string fresh = store::new_guest_token();
  store::Player p;
  const std::string name = guest_name(
      [this](const std::string& n) { return store_.find_account_by_name(n).has_value(); });
  write_now([&p, &fresh, &name, now = now_ms()](store::Store& st) {
    p = st.create_player(fresh, name, now);
  });
  Identity who{p.id, p.display_name, {}};
  {
    std::lock_guard lock(guests_mu_);
    guests_[fresh] = who;
  }
  who.new_token = fresh;
  return who;
}

}  // namespace ft::server
