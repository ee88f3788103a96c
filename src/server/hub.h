// The server's application (architecture.md, "The server's wings"): it owns
// one of each part and wires them, and it is what the network edge calls
// (edge/net.h: Application) and what the rooms report to (tables/room.h:
// RoomHost). HTTP requests go to the API (http/api.h); WebSocket frames,
// once parsed (protocol/messages.h), go to the lobby (cluster/lobby.h) or
// to the table's room (tables/registry.h), or, on one node of several, to
// the cluster (cluster/cluster.h) for a table this node does not run yet.
// It calls the store only from the blocking pool and the store writer thread.
#pragma once

#include <atomic>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "server/analysis/analysis_service.h"
#include "server/cluster/lobby.h"
#include "server/cluster/player_events.h"
#include "server/edge/metrics.h"
#include "server/edge/net.h"
#include "server/edge/static_files.h"
#include "server/http/api.h"
#include "server/http/guests.h"
#include "server/tables/clock.h"
#include "server/tables/pool_pairer.h"
#include "server/tables/registry.h"
#include "server/tables/room.h"
#include "server/tables/worker_pool.h"
#include "store/group_commit.h"
#include "store/store.h"

namespace ft::server {

class Cluster;

struct HubOptions {
  // The built web client's files, read at start (static_files.h); null: API only.
  std::shared_ptr<const StaticFiles> web;
  int engine_threads = 1;  // computer seats
  // A finished table nobody watches leaves memory after this long; the
  // store serves it when it is asked for again.
  std::int64_t keep_finished_ms = 5 * 60 * 1000;
  // Tests only (`serve --test-clock`, tables/clock.h).
  std::optional<std::int64_t> test_clock_ms;
  // Leaderboards (protocol.md 2.15): who is listed.
  double leaderboard_max_rd = 110.0;  // deviation below this (not provisional)
  int leaderboard_days = 30;          // a rated match within this many days
  // Exact analysis of finished games and the analysis board (analysis_service.h).
  AnalysisOptions analysis;
  // Origins besides the request's own whose pages may change state
  // (--public-origin, --allow-origin; request_guard.h).
  std::vector<std::string> site_origins;
  // Guests a client address may make per hour, bursts of a third (0: no limit).
  double guests_per_hour = 60;
  // Open tables (a seat still free, protocol.md 2.3): per player, and per
  // client address over the tables this node made (0: no limit).
  int open_tables = 5;
  int open_tables_per_address = 20;
  // A challenge not answered in this long expires (bot-api.md).
  std::int64_t challenge_expiry_ms = 120'000;
  // The puzzle collection (http/puzzle_shelf.h, read by puzzle_collection.h).
  std::shared_ptr<const PuzzleShelf> puzzles;
};

class Hub final : public Application, public RoomHost {
 public:
  Hub(store::Store& store, HubOptions options);
  ~Hub() override;

  // Brings back every unfinished table of the store (after a restart).
  // Returns how many came back; reports tables it could not restore.
  int restore_tables() { return tables_.restore_all(); }
  // Every ~100 ms: room deadlines (flags, Ready timeouts) and the live lobby.
  void tick();
  void set_counters(const NetCounters* counters) { api_.set_counters(counters); }
  // One node of several (cluster.h): rooms run only under the node's lease.
  // Set before the network starts; null for a single node.
  void set_cluster(Cluster* cluster);
  // What a Cluster is made with.
  Registry& tables() { return tables_; }
  Lobby& lobby() { return lobby_; }
  Metrics& metrics() { return metrics_; }
  // Each player's own events (challenges, games starting), on every node:
  // the pages' `my_events` sockets and the bot event stream subscribe here.
  PlayerEvents& player_events() { return player_events_; }
  // Clean shutdown, step 1 (the network still runs): take no more frames or
  // timer work, let running computer searches end, and wait until every
  // store write is durable and its frames are handed to the sockets.
  void drain();
  // Step 2, after the network's threads stopped and before the network is
  // destroyed: drop the rooms and with them every socket they hold.
  void close();

  // Application
  HttpResponse http(const HttpRequest& request) override { return api_.http(request); }
  std::optional<Identity> identify(std::string_view guest_token, const std::string& address,
                                   std::int64_t& retry_after_ms) override {
    return guests_.identify(guest_token, address, retry_after_ms);
  }
  void ws_open(const std::shared_ptr<Peer>& peer) override;
  void ws_frame(const std::shared_ptr<Peer>& peer, std::string_view frame) override;
  void ws_refused(const std::shared_ptr<Peer>& peer, std::string_view code) override;
  void ws_close(const std::shared_ptr<Peer>& peer) override;

  // RoomHost
  std::int64_t now_ms() override { return clock_.now_ms(); }
  void persist(StoreJob job) override;
  void think(std::function<void()> task) override { engine_.post(std::move(task)); }
  void table_changed() override { lobby_.changed(); }
  void moved(std::int64_t latency_us, bool computer) override;
  void error_sent(WsError code) override { metrics_.error(code); }
  void table_frames(const std::string& table,
                    const std::vector<std::shared_ptr<const std::string>>& frames) override;
  void store_failed(const std::string& table, const std::string& what) override;
  void room_failed(std::shared_ptr<Room> room) override;
  void perfect_fell_back() override { metrics_.perfect_fallback(); }
  void open_rematch(const TableSettings& settings, std::vector<SeatInfo> seats,
                    std::function<void(std::string table, std::string error)> done) override;

 private:
  // A hello: the table's room, from memory, the cluster or the store.
  void hello(const std::shared_ptr<Peer>& peer, const HelloMsg& msg);
  // A command for the table the socket joined.
  void to_room(const std::shared_ptr<Peer>& peer, const ClientMessage& msg,
               std::int64_t received_us);
  void leave_table(const std::shared_ptr<Peer>& peer);
  // protocol.md 4.10: the socket carries its player's events from now on.
  void my_events(const std::shared_ptr<Peer>& peer);
  void send_error(const std::shared_ptr<Peer>& peer, WsError code, std::string message,
                  std::string id = {});

  store::Store& store_;
  const HubOptions options_;
  Clock clock_;
  store::GroupCommitter committer_;
  WorkerPool engine_;
  WorkerPool loader_;  // WebSocket hellos for tables not in memory, rematch tables
  Metrics metrics_;
  PlayerEvents player_events_;
  Registry tables_;
  PoolPairer pools_;  // play someone now: its pass runs on the loader thread
  Lobby lobby_;
  Guests guests_;
  std::unique_ptr<AnalysisService> analysis_;
  Api api_;
  std::atomic<bool> closing_{false};
  std::int64_t swept_ms_ = 0;
  std::int64_t paired_ms_ = 0;             // the last pool pass posted (tick's thread)
  std::atomic<bool> pairing_{false};       // a pool pass is queued or running
  std::atomic<bool> pool_failing_{false};  // the last pool pass failed (said once)
  std::int64_t challenges_swept_ms_ = 0;
  std::atomic<bool> sweeping_challenges_{false};
  Cluster* cluster_ = nullptr;
};

}  // namespace ft::server
