#include "server/hub.h"

#include <sodium.h>

#include <algorithm>

#include "server/cluster/cluster.h"
#include "server/protocol/log.h"
#include "server/protocol/outgoing.h"
#include "server/protocol/plain_json.h"
#include "server/tables/support.h"

namespace ft::server {

namespace {

ApiOptions api_options(const HubOptions& o) {
  ApiOptions a;
  a.web = o.web;
  a.leaderboard_max_rd = o.leaderboard_max_rd;
  a.leaderboard_days = o.leaderboard_days;
  a.site_origins = o.site_origins;
  a.open_tables = o.open_tables;
  a.open_tables_per_address = o.open_tables_per_address;
  a.board_per_minute = o.analysis.live_per_minute;
  a.challenge_ms = o.challenge_expiry_ms;
  a.puzzles = o.puzzles;
  return a;
}

// libsodium before any member that draws random bytes.
const HubOptions& with_sodium(const HubOptions& options) {
  if (sodium_init() < 0) throw std::runtime_error("libsodium failed to initialise");
  return options;
}

}  // namespace

Hub::Hub(store::Store& store, HubOptions options)
    : store_(store),
      options_(with_sodium(options)),
      clock_(options_.test_clock_ms),
      committer_(store),
      engine_(options_.engine_threads),
      loader_(1),
      tables_(store, committer_, *this, clock_),
      pools_(store, committer_, tables_, *this, clock_),
      lobby_(tables_),
      guests_(store, committer_, clock_, options_.guests_per_hour),
      analysis_(std::make_unique<AnalysisService>(store_, options_.analysis,
                                                  [this] { return now_ms(); })),
      api_(ApiParts{store_, committer_, *this, tables_, guests_, lobby_, *analysis_, metrics_,
                    clock_, pools_, *this, player_events_},
           api_options(options_)) {}

Hub::~Hub() = default;

void Hub::set_cluster(Cluster* cluster) {
  cluster_ = cluster;
  tables_.set_leases(cluster);
  lobby_.set_cluster(cluster);
  if (cluster) guests_.set_several_nodes();
  if (cluster) player_events_.use_bus(cluster->bus());  // a player's events reach every node
}

void Hub::persist(StoreJob job) {
  if (!job.games_finished.empty()) {
    // The finished game's job was queued with its record
    // (table_writes.cpp): once durable, an idle analysis thread looks.
    job.done = [this, done = std::move(job.done)](std::exception_ptr error) {
      if (done) done(error);
      if (!error) analysis_->wake();
    };
  }
  committer_.submit(
      [moves = std::move(job.moves), then = std::move(job.then), table = std::move(job.table),
       leases = tables_.leases()](store::Store& st) {
        // Several nodes: only the lease holder writes the table (cluster.h).
        if (leases && !table.empty()) leases->check(st, table);
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
  log::alarm() << "table " << table << ": store write failed: " << what;
}

void Hub::room_failed(std::shared_ptr<Room> room) {
  // Off the room's lock: the registry asks rooms under its own.
  loader_.post([this, room = std::move(room)] { tables_.drop(room); });
}

void Hub::moved(std::int64_t latency_us, bool computer) {
  lobby_.changed();  // the lobby's live boards show the move (at most once a second)
  if (computer) {
    metrics_.engine_move();
  } else {
    metrics_.move(latency_us);
  }
}

void Hub::open_rematch(const TableSettings& settings, std::vector<SeatInfo> seats,
                       std::function<void(std::string table, std::string error)> done) {
  // The store is written on the loader thread, never on a network thread.
  loader_.post([this, settings, seats = std::move(seats), done = std::move(done)] {
    std::shared_ptr<Room> room;
    try {
      room = tables_.open([&](const std::string& id, std::uint64_t seed) {
        return std::make_shared<Room>(*this, id, settings, seats, now_ms(), seed);
      });
    } catch (const std::exception& e) {
      return done({}, e.what());
    }
    if (!room) return done({}, "no free table id");
    done(room->id(), {});
  });
}

void Hub::drain() {
  closing_ = true;
  api_.close_streams();
  analysis_->stop();
  loader_.stop();
  engine_.stop();
  committer_.wait_idle();
}

void Hub::close() {
  drain();
  player_events_.close();
  for (const auto& room : tables_.take_all()) room->close();
  if (cluster_) cluster_->close_watchers();
  lobby_.clear();
}

void Hub::tick() {
  if (closing_) return;
  const std::int64_t now = now_ms();
  for (const auto& room : tables_.due(now)) room->tick();
  if (now - swept_ms_ >= std::min<std::int64_t>(10000, options_.keep_finished_ms)) {
    swept_ms_ = now;
    tables_.sweep(now, options_.keep_finished_ms);
  }
  // The pool pass runs by the real clock (under the test clock too, whose
  // time only moves when a test moves it); the pairing reads the clock's.
  const std::int64_t real_ms = steady_us() / 1000;
  if (real_ms - paired_ms_ >= POOL_PASS_MS && !pairing_.exchange(true)) {
    paired_ms_ = real_ms;
    loader_.post([this] {
      try {
        pools_.pass();
        pool_failing_ = false;
      } catch (const std::exception& e) {
        // Once per outage, not once a second (the store may be away a while).
        if (!pool_failing_.exchange(true)) log::warn() << "pool pass failed: " << e.what();
      }
      pairing_ = false;
    });
  }
  lobby_.send_if_changed(now);
  // Expired challenges, once a second, on the loader thread (a store read,
  // and a write only when one ran out); one sweep at a time.
  if (now - challenges_swept_ms_ >= 1000 && !sweeping_challenges_.exchange(true)) {
    challenges_swept_ms_ = now;
    loader_.post([this] {
      try {
        api_.expire_challenges();
      } catch (const std::exception& e) {
        log::warn() << "challenges not swept: " << e.what();
      }
      sweeping_challenges_ = false;
    });
  }
}

// ---- WebSocket ------------------------------------------------------------

void Hub::ws_open(const std::shared_ptr<Peer>& peer) {
  const auto& who = peer->identity();
  peer->send(encode(WelcomeFrame{{"p_" + std::to_string(who.player), who.name}, now_ms()}));
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
  if (auto room = tables_.find(peer->context.table)) room->leave(peer);
  peer->context.table.clear();
}

void Hub::ws_close(const std::shared_ptr<Peer>& peer) {
  leave_table(peer);
  lobby_.unsubscribe(peer);
  if (peer->context.my_events != 0) player_events_.unsubscribe(peer->context.my_events);
  peer->context.my_events = 0;
}

void Hub::my_events(const std::shared_ptr<Peer>& peer) {
  if (peer->context.my_events != 0) return;  // once per socket
  // The handler holds the socket weakly: the subscription ends with it
  // (ws_close), and a frame for a socket closing meanwhile goes nowhere.
  std::weak_ptr<Peer> weak = peer;
  peer->context.my_events =
      player_events_.subscribe(peer->identity().player, [weak](const std::string& event) {
        if (auto p = weak.lock()) p->send(encode(MyEventFrame{event}));
      });
  // Then what stands: the open challenges, read on the loader thread.
  loader_.post([this, peer] {
    try {
      for (const auto& e : api_.open_challenge_events(peer->identity().player))
        peer->send(encode(MyEventFrame{json_text(e)}));
    } catch (const std::exception& e) {
      log::warn() << "open challenges not read: " << e.what();
    }
  });
}

void Hub::send_error(const std::shared_ptr<Peer>& peer, WsError code, std::string message,
                     std::string id) {
  metrics_.error(code);
  peer->send(encode(ErrorFrame{code, std::move(message), std::move(id), std::nullopt}));
}

void Hub::ws_frame(const std::shared_ptr<Peer>& peer, std::string_view frame) {
  if (closing_) return;  // shutting down: the socket closes next
  const std::int64_t received = steady_us();
  Parsed parsed = parse_client_frame(frame);
  if (auto* error = std::get_if<ProtocolError>(&parsed)) {
    metrics_.error(error->code);
    peer->send(encode(*error));
    return;
  }
  const ClientMessage& msg = std::get<ClientMessage>(parsed);
  if (const auto* ping = std::get_if<PingMsg>(&msg)) {
    peer->send(encode(PongFrame{ping->t, now_ms()}));
  } else if (std::holds_alternative<LobbyMsg>(msg)) {
    leave_table(peer);
    lobby_.subscribe(peer);
  } else if (std::holds_alternative<MyEventsMsg>(msg)) {
    my_events(peer);
  } else if (const auto* hi = std::get_if<HelloMsg>(&msg)) {
    hello(peer, *hi);
  } else {
    to_room(peer, msg, received);
  }
}

void Hub::hello(const std::shared_ptr<Peer>& peer, const HelloMsg& m) {
  lobby_.unsubscribe(peer);
  leave_table(peer);
  peer->context.table = m.table;
  if (auto room = tables_.find(m.table)) return room->hello(peer, m);
  // Several nodes: the table comes with its lease (cluster.h).
  if (cluster_) return cluster_->hello(peer, m);
  // Not in memory: a finished table may be in the store. The store is read
  // on the loader thread, never on this one.
  loader_.post([this, peer, m] {
    std::shared_ptr<Room> room;
    try {
      room = tables_.find_or_load(m.table);
    } catch (const std::exception& e) {
      log::warn() << "loading table " << m.table.substr(0, 16) << " failed: " << e.what();
    }
    if (room) return room->hello(peer, m);
    send_error(peer, WsError::no_such_table, "no table '" + m.table.substr(0, 16) + "'");
  });
}

void Hub::to_room(const std::shared_ptr<Peer>& peer, const ClientMessage& msg,
                  std::int64_t received_us) {
  auto room = peer->context.table.empty() ? nullptr : tables_.find(peer->context.table);
  if (!room) {
    const auto* move = std::get_if<MoveMsg>(&msg);
    return send_error(peer, WsError::not_joined, "send hello first", move ? move->id : "");
  }
  std::visit(overloaded{
                 [&](const MoveMsg& m) { room->move(peer, m, received_us); },
                 [&](const ReadyMsg&) { room->act(peer, RoomAction::ready); },
                 [&](const ResignGameMsg&) { room->act(peer, RoomAction::resign_game); },
                 [&](const ResignMatchMsg&) { room->act(peer, RoomAction::resign_match); },
                 [&](const ClaimMsg&) { room->act(peer, RoomAction::claim); },
                 [&](const ChoosePieceMsg& m) { room->choose_piece(peer, m.piece); },
                 [&](const RematchMsg& m) { room->rematch(peer, m.action); },
                 [](const auto&) {},  // ping, lobby, hello and my_events went elsewhere
             },
             msg);
}

}  // namespace ft::server
