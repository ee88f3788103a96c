// The server's application layer: guests, the tables (rooms) and the lobby,
// the HTTP API of docs/protocol.md section 2 and the dispatch of typed
// WebSocket messages to rooms. The network edge (net.h) calls it; it calls
// the store only from the blocking pool and the store writer thread.
#pragma once

#include <atomic>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "server/metrics.h"
#include "server/net.h"
#include "server/room.h"
#include "server/store_writer.h"
#include "server/worker_pool.h"
#include "store/store.h"

namespace ft::server {

struct HubOptions {
  std::string web_root;    // the built web client; "" or missing: API only
  int engine_threads = 1;  // computer seats
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
  // Blocks until every queued store write is done (clean shutdown).
  void flush();

  // Application
  HttpResponse http(const HttpRequest& request, const Identity* who) override;
  bool needs_identity(std::string_view path) const override;
  Identity identify(std::string_view guest_token) override;
  void ws_open(const std::shared_ptr<Peer>& peer) override;
  void ws_frame(const std::shared_ptr<Peer>& peer, std::string_view frame) override;
  void ws_refused(const std::shared_ptr<Peer>& peer, std::string_view code) override;
  void ws_close(const std::shared_ptr<Peer>& peer) override;

  // RoomHost
  std::int64_t now_ms() override;
  void persist(StoreJob job) override;
  void think(std::function<void()> task) override;
  void table_changed() override { lobby_dirty_ = true; }
  void moved(std::int64_t latency_us, bool computer) override;
  void error_sent(WsError code) override { metrics_.error(code); }

 private:
  std::shared_ptr<Room> find(const std::string& id) const;
  boost::json::object lobby_json() const;
  void send_lobby();
  void leave_table(const std::shared_ptr<Peer>& peer);

  HttpResponse api_me(const HttpRequest& request, const Identity& who);
  HttpResponse api_create_table(const HttpRequest& request, const Identity& who);
  HttpResponse api_player(std::string_view id);
  HttpResponse api_game(std::string_view id);
  HttpResponse healthz();
  HttpResponse metrics();
  HttpResponse static_file(std::string_view path);

  store::Store& store_;
  HubOptions options_;
  StoreWriter writer_;
  WorkerPool engine_;
  Metrics metrics_;
  const NetCounters* counters_ = nullptr;

  mutable std::mutex mu_;  // rooms_ and order_
  std::unordered_map<std::string, std::shared_ptr<Room>> rooms_;
  std::vector<std::shared_ptr<Room>> order_;  // creation order, for the lobby

  std::mutex guests_mu_;
  std::unordered_map<std::string, Identity> guests_;  // token -> who

  std::mutex lobby_mu_;
  std::vector<std::weak_ptr<Peer>> lobby_subs_;
  std::atomic<bool> lobby_dirty_{true};
  std::int64_t lobby_sent_ms_ = 0;
};

}  // namespace ft::server
