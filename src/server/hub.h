// The server's application layer: guests, the tables (rooms) and the lobby,
// the HTTP API of docs/protocol.md section 2 and the dispatch of typed
// WebSocket messages to rooms. The network edge (net.h) calls it; it calls
// the store only from the blocking pool and the store writer thread.
#pragma once

#include <atomic>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "server/analysis/analysis_service.h"
#include "server/edge/metrics.h"
#include "server/edge/net.h"
#include "server/edge/rate_limits.h"
#include "server/http/login_policy.h"
#include "server/protocol/http_routes.h"
#include "server/tables/room.h"
#include "server/tables/worker_pool.h"
#include "store/group_commit.h"
#include "store/store.h"

namespace ft::server {

class Cluster;
class StaticFiles;

struct HubOptions {
  // The built web client's files, read at start (static_files.h); null: API only.
  std::shared_ptr<const StaticFiles> web;
  int engine_threads = 1;  // computer seats
  // A finished table nobody watches leaves memory after this long; the
  // store serves it when it is asked for again.
  std::int64_t keep_finished_ms = 5 * 60 * 1000;
  // Tests only (`serve --test-clock`): now_ms() starts here and moves only by
  // advance_test_clock() (POST /api/test/clock), so a test can make flags
  // fall and Ready time out without waiting.
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
};

class Hub final : public Application, public RoomHost {
 public:
  Hub(store::Store& store, HubOptions options);
  ~Hub() override;

  // Brings back every unfinished table of the store (after a restart).
  // Returns how many came back; reports tables it could not restore.
  int restore_tables();
  // Every ~100 ms: room deadlines (flags, Ready timeouts) and the live lobby.
  void tick();
  void set_counters(const NetCounters* counters) { counters_ = counters; }
  // One node of several (cluster.h): rooms run only under the node's lease.
  // Set before the network starts; null for a single node.
  void set_cluster(Cluster* cluster) { cluster_ = cluster; }
  // Clean shutdown, step 1 (the network still runs): take no more frames or
  // timer work, let running computer searches end, and wait until every
  // store write is durable and its frames are handed to the sockets.
  void drain();
  // Step 2, after the network's threads stopped and before the network is
  // destroyed: drop the rooms and with them every socket they hold.
  void close();

  // Application
  HttpResponse http(const HttpRequest& request) override;
  std::optional<Identity> identify(std::string_view guest_token, const std::string& address,
                                   std::int64_t& retry_after_ms) override;
  void ws_open(const std::shared_ptr<Peer>& peer) override;
  void ws_frame(const std::shared_ptr<Peer>& peer, std::string_view frame) override;
  void ws_refused(const std::shared_ptr<Peer>& peer, std::string_view code) override;
  void ws_close(const std::shared_ptr<Peer>& peer) override;

  // RoomHost
  std::int64_t now_ms() override;
  // The test clock moved by `ms` (>= 0); the new time. Only with test_clock_ms.
  std::int64_t advance_test_clock(std::int64_t ms);
  // Under the test clock: a table seed that depends only on the time and on
  // how many tables this process made (a test run replays exactly).
  std::uint64_t test_table_seed();
  void persist(StoreJob job) override;
  void think(std::function<void()> task) override;
  void table_changed() override { lobby_dirty_ = true; }
  void moved(std::int64_t latency_us, bool computer) override;
  void error_sent(WsError code) override { metrics_.error(code); }
  void table_frames(const std::string& table,
                    const std::vector<std::shared_ptr<const std::string>>& frames) override;
  void store_failed(const std::string& table, const std::string& what) override;
  void perfect_fell_back() override { metrics_.perfect_fallback(); }
  void open_rematch(const TableSettings& settings, std::vector<SeatInfo> seats,
                    std::function<void(std::string table, std::string error)> done) override;

 private:
  friend class Cluster;  // takes tables in and out of memory, reads the own lobby
  std::shared_ptr<Room> find(const std::string& id) const;
  // find(), else the table from the store (a finished one, or one dropped
  // from memory), kept in memory again. Blocks on the store: blocking pool
  // or loader thread only. Null if there is no such table.
  std::shared_ptr<Room> find_or_load(const std::string& id);
  // A table to read (a GET): find_or_load() on one node; on one node of
  // several, a table it does not run is replayed from the store and not
  // kept (its lease stays with its owner). Blocks on the store.
  std::shared_ptr<Room> read_table(const std::string& id);
  // The table from the store, replayed; `keep`: in memory (adopt), else
  // only for this request. Null if there is none or it does not restore.
  std::shared_ptr<Room> from_store(const std::string& id, bool keep);
  // The table from the store, in memory from now on (the lease, on several
  // nodes, is the caller's); null if there is no such table.
  std::shared_ptr<Room> load_room(const std::string& id);
  // Several nodes: a retired room leaves memory; every room, in creation order.
  void drop_room(const std::shared_ptr<Room>& room);
  std::vector<std::shared_ptr<Room>> rooms() const;
  // A table as the store has it (its last match, games and moves); nullopt
  // if there is no such table. Blocks on the store.
  std::optional<store::LiveTable> live_table(const std::string& id);
  // A room made from a table of the store, as after a restart, not (yet) in
  // memory: adopt() keeps it, "your games" only reads its summary.
  Result<std::shared_ptr<Room>> restored(const store::LiveTable& table);
  // A room for a table of the store, in memory from now on (or the one a
  // concurrent load put there first).
  Result<std::shared_ptr<Room>> adopt(const store::LiveTable& table);
  // A new table from `make` (given a free id and a seed), stored and listed;
  // null if no free id was found, or if `check`, run in the same store
  // write before the table is created, said no. Blocks on the store:
  // blocking pool or loader.
  std::shared_ptr<Room> open_room(
      const std::function<std::shared_ptr<Room>(const std::string& id, std::uint64_t seed)>& make,
      const std::function<bool(store::Store&)>& check = {});
  // Drops finished tables nobody watches (HubOptions::keep_finished_ms).
  void sweep(std::int64_t now);
  // The lobby; `own_only`: without the other nodes' tables (what this node publishes).
  boost::json::object lobby_json(bool own_only = false) const;
  void send_lobby();
  void leave_table(const std::shared_ptr<Peer>& peer);

  // A store write through the group commit, waited for (blocking pool only).
  void write_now(store::Store::Write write);

  // The player a guest cookie names (nullopt: nobody); never makes one.
  std::optional<Identity> known_guest(std::string_view guest_token);
  // http() without its answer to a store that is away (503): the route,
  // the same-site rule, the caller's guest.
  HttpResponse answer(const HttpRequest& request);
  // The handler of a matched API route (http_routes.h); `who` is null when
  // the route needs no guest or the cookie named nobody.
  HttpResponse dispatch(const HttpRequest& request, const RouteMatch& route, const Identity* who);
  // Why `address` may not open one more table, if so (409). The bound per
  // player is checked in the store write that creates the table.
  std::optional<HttpResponse> too_many_from_address(const std::string& address);
  HttpResponse api_table(const std::string& id);
  HttpResponse api_me(const HttpRequest& request, const Identity& who);
  HttpResponse api_create_table(const HttpRequest& request, const Identity& who);
  HttpResponse api_my_tables(const Identity* who);
  // Profiles and leaderboards (http_players.cpp).
  HttpResponse api_players(std::string_view rest, const HttpRequest& request);
  HttpResponse api_player(const store::Player& player, const HttpRequest& request);
  HttpResponse api_player_ratings(const store::Player& player);
  // `who`: the caller if the cookie names one (their own place is shown).
  HttpResponse api_leaderboard(std::string_view pool, const HttpRequest& request,
                               const Identity* who);
  HttpResponse api_game(std::string_view id);
  HttpResponse api_test_clock(const HttpRequest& request);
  // A name to keep (http_accounts.cpp, protocol.md 2.12): POST
  // /api/account/{password,login,logout,change-password}. `who` is null for
  // login and logout (GuestNeed::none in http_routes.cpp), which make no guest.
  HttpResponse api_account(std::string_view path, const HttpRequest& request, const Identity* who);
  HttpResponse account_set_password(const HttpRequest& request, const Identity& who);
  HttpResponse account_login(const HttpRequest& request);
  HttpResponse account_logout(const HttpRequest& request);
  HttpResponse account_change_password(const HttpRequest& request, const Identity& who);
  // The login limits over the failures the store keeps (accounts.h);
  // `owner` is the player who kept the name, 0 for none.
  LoginVerdict login_verdict(const std::string& address, const std::string& name_key,
                             std::int64_t owner, std::int64_t now);
  void login_failed(const std::string& address, const std::string& name_key, std::int64_t now);
  // A new session token for `player` in place of `old_token` (ended; "" for
  // none), written with `also` in one transaction (which may throw), and the
  // address noted as one its owner logs in from. With `all_others` every
  // other session of the player ends too; how many besides `old_token`.
  struct NewSession {
    std::string token;
    int others_ended = 0;
  };
  NewSession renew_session(std::int64_t player, const std::string& name,
                           const std::string& old_token, const std::string& address,
                           bool all_others, store::Store::Write also = {});
  // The player's name changed: the cached identities and the rooms follow.
  void renamed(std::int64_t player, const std::string& name);
  // Export (http_export.cpp, protocol.md 2.13): the player's games as NDJSON,
  // streamed a store page at a time.
  HttpResponse api_player_games(std::string_view id, std::string_view target);
  // GET /api/games/<id>?format=text|json: api_game as a file to save.
  HttpResponse api_game_export(std::string_view id, std::string_view target);
  // http_games.cpp: a game's analysis, the analysis board.
  HttpResponse api_game_analysis(std::string_view id);
  HttpResponse api_analysis_board(const HttpRequest& request, const Identity& who);
  HttpResponse healthz();
  HttpResponse metrics();
  // A page or file of the web client for GET; for other methods 405 when
  // the path names one, else 404.
  HttpResponse static_file(const HttpRequest& request, std::string_view path);

  store::Store& store_;
  HubOptions options_;
  store::GroupCommitter committer_;
  WorkerPool engine_;
  WorkerPool loader_;  // WebSocket hellos for tables not in memory
  std::unique_ptr<AnalysisService> analysis_;
  std::atomic<bool> closing_{false};
  std::atomic<std::int64_t> test_now_ms_{0};
  std::atomic<std::uint64_t> test_tables_{0};
  std::int64_t swept_ms_ = 0;
  Metrics metrics_;
  const NetCounters* counters_ = nullptr;
  Cluster* cluster_ = nullptr;

  mutable std::mutex mu_;  // rooms_ and order_
  std::unordered_map<std::string, std::shared_ptr<Room>> rooms_;
  std::vector<std::shared_ptr<Room>> order_;  // creation order, for the lobby

  std::mutex guests_mu_;
  std::unordered_map<std::string, Identity> guests_;  // token -> who
  KeyedBuckets guest_buckets_;                        // guests made, per client address
  KeyedBuckets board_buckets_;  // analysis-board positions, per client address
  // Open tables this node made, by table id: the client address that made
  // each (in memory only; counted for open_tables_per_address). Under mu_.
  std::unordered_map<std::string, std::string> opened_by_;
  LoginLimits login_limits_;

  std::mutex lobby_mu_;
  std::vector<std::weak_ptr<Peer>> lobby_subs_;
  std::atomic<bool> lobby_dirty_{true};
  std::int64_t lobby_sent_ms_ = 0;
};

}  // namespace ft::server
