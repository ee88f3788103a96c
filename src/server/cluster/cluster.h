// One node of several (docs/operations.md, "Several nodes"): which tables
// this node runs, and what it tells the others. A table's room runs only on
// the node that holds the table's lease in the store (`table_owners`):
//
// - A hello for a table not in memory takes its lease (free, released or
//   run out) and restores the table from the store, as a restart does
//   (Room::restore: the clocks charge nobody). While another node holds it,
//   a player's hello asks the owner over the bus to hand it over; a dead
//   owner's lease runs out and the waiting clients are then served here.
//   An HTTP request takes no table: it reads it from the store
//   (Registry::read).
// - Leases are renewed every third of the lease by the lease keeper, on a
//   thread and a store connection of its own (lease_keeper.h); a room whose
//   lease was not renewed (this node was cut off too long) retires: its
//   clients reconnect and reach the node that took it.
// - Every store write of a table checks the lease in its transaction, so a
//   node that lost a table can never write to it, however late it notices.
// - Open or playing tables no lease has covered for a whole lease (a dead
//   node's tables nobody asked for) are taken by whichever node sees them
//   first, so their clocks run and their flags fall.
// - Spectators of a table another node runs are served where they are
//   (table_feed.h): their hello takes no lease from a living owner; the
//   owner publishes the table's frames on the bus, this node forwards them.
// - The lobby: each node publishes its own tables on `ft:lobby` every second
//   (cluster_lobby.h); the others merge them into theirs. The same part
//   carries the spectator counts, so a table's count covers every node.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "server/cluster/cluster_lobby.h"
#include "server/cluster/lease_keeper.h"
#include "server/cluster/table_feed.h"
#include "server/edge/net.h"
#include "server/protocol/messages.h"
#include "server/tables/leases.h"
#include "server/tables/registry.h"
#include "store/event_bus.h"
#include "store/store.h"

namespace ft::server {

class Lobby;

struct ClusterOptions {
  std::string node;               // unique per node: the lease holder's name
  std::int64_t lease_ms = 30000;  // renewed every third of it
  std::int64_t lobby_every_ms = 1000;
};

class Cluster final : public Leases {
 public:
  // `tables` are this node's; `listing` is the lobby this node shows and
  // publishes; `lease_store` is a connection to the same store for the
  // lease keeper alone. Each outlives the Cluster.
  Cluster(Registry& tables, Lobby& listing, store::Store& store, store::Store& lease_store,
          store::EventBus& bus, ClusterOptions options, Metrics& metrics);
  ~Cluster() override;
  Cluster(const Cluster&) = delete;
  Cluster& operator=(const Cluster&) = delete;

  // Listens on the bus, brings back the tables this node still holds (a
  // restart within its lease) and starts the node's thread. How many came back.
  int start();
  // SIGTERM, after the hub drained: stops the thread and ends every lease of
  // this node at once, so the other nodes take the tables over now.
  void release_all();

  const std::string& node() const { return options_.node; }
  // The bus between the nodes, for the other parts that talk over it
  // (player_events.h).
  store::EventBus& bus() { return bus_; }
  std::int64_t lease_ms() const { return options_.lease_ms; }
  static std::int64_t wall_ms();

  // A hello for a table that is not in memory (an I/O thread: never blocks).
  void hello(const std::shared_ptr<Peer>& peer, const HelloMsg& msg);
  // The socket closed or left: its waiting hello, if any, is dropped.
  void forget(const std::shared_ptr<Peer>& peer);
  // Inside a store write of the table: refused unless this node holds the lease.
  void check(store::Store& st, const std::string& table) const override;
  // Inside the write that creates the table: its lease.
  void claim_new(store::Store& st, const std::string& table) const override;
  // A store write of the table failed: check the lease at once.
  void suspect() { keeper_.renew_now(); }
  // The room of `table` sent these frames to all its sockets (table_feed.h).
  void table_frames(const std::string& table, const std::vector<TableFeed::Frame>& frames) {
    feed_.publish(table, frames);
  }
  // Shutdown, before the network goes: the spectators of other nodes' tables.
  void close_watchers() { feed_.close(); }
  // The whole spectator count of a table another node runs, as its owner
  // last published it (0 if unknown).
  int spectators_elsewhere(const std::string& table) const override {
    return lobby_.spectators(table, now_steady_ms());
  }
  // The other nodes' lobby entries, merged into this node's lists.
  void merge_lobby(boost::json::array& open, boost::json::array& live) const {
    lobby_.merge(open, live, now_steady_ms());
  }

 private:
  struct Waiting {
    std::vector<std::pair<std::shared_ptr<Peer>, HelloMsg>> peers;
    std::int64_t asked_ms = 0;  // when the owner was last asked to hand over
    bool sorted = false;        // its spectators went to the feed (serve_waiting)
  };
  static std::int64_t now_steady_ms();
  void run();
  void serve_waiting();
  void hand_over_requested();
  // Rooms that retired leave memory (and give their lease up if asked to).
  void drop_retired();
  // Spectators of other nodes' tables: states the owners were asked for,
  // tables that came here, states to ask for.
  void serve_watchers();
  void ask_state(const std::string& table);
  // The keeper's last renewal against the rooms in memory: the ones whose
  // lease is gone retire; leases of tables not in memory are given up.
  void follow_leases(const LeaseKeeper::Held& held);
  void adopt_orphans();
  void publish_lobby();
  // Each room's count of the spectators other nodes serve for it.
  void count_remote_spectators(std::int64_t now);
  // The lobby from the store (cluster_lobby.h), while no other node's part
  // is fresh: at start, and every STALE_MS while Redis is away.
  void read_lobby_from_store();
  // Stops running `room` here; `release`: give its lease up too (asked by
  // another node), else it is already lost.
  void retire(const std::shared_ptr<Room>& room, bool release);
  void ask_owner(const std::string& table, std::int64_t now);
  void on_message(const std::string& channel, const std::string& payload);

  Registry& tables_;
  Lobby& listing_;
  store::Store& store_;
  store::EventBus& bus_;
  const ClusterOptions options_;
  ClusterLobby lobby_;

  std::mutex mu_;
  std::condition_variable wake_;
  bool stopping_ = false;
  std::map<std::string, Waiting> waiting_;  // table -> hellos waiting for its lease
  std::deque<std::string> handovers_;       // tables other nodes asked for
  std::deque<std::string> state_asks_;      // tables whose state other nodes asked for
  // Rooms that retired, to drop (and release?). Its own mutex: a room adds
  // to it under the room's lock, while this thread holds mu_ and calls rooms.
  std::mutex retired_mu_;
  std::deque<std::pair<std::shared_ptr<Room>, bool>> retired_;
  Metrics& metrics_;
  LeaseKeeper keeper_;
  std::uint64_t leases_seen_ = 0;      // the keeper's round follow_leases last saw
  std::set<std::string> idle_leases_;  // held, not in memory, at that round
  std::vector<std::uint64_t> subscriptions_;
  TableFeed feed_;  // spectators of other nodes' tables; this node's tables' frames
  std::thread thread_;
};

}  // namespace ft::server
