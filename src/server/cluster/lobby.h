// The lobby (docs/protocol.md 2.5, 4.2): the open tables and the matches
// being played, newest first, as GET /api/lobby answers and as the `lobby`
// frame its WebSocket subscribers get again, at most once a second, when a
// table changes. On one node of several, the other nodes' tables are merged
// in from what they publish (cluster_lobby.h); `own_only` is what this node
// publishes.
#pragma once

#include <atomic>
#include <boost/json.hpp>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "server/edge/net.h"
#include "server/tables/registry.h"

namespace ft::server {

class Cluster;

// A table summary (protocol.md 2.4) with a seat nobody holds: a waiting
// table is listed as open only then (a paired, challenged or rematch table
// waits with every seat taken until its players open it).
bool has_free_seat(const boost::json::object& summary);

class Lobby {
 public:
  explicit Lobby(const Registry& tables) : tables_(tables) {}
  // Several nodes: set before the network starts; null for one node.
  void set_cluster(const Cluster* cluster) { cluster_ = cluster; }

  boost::json::object lists(bool own_only = false) const;
  // A table changed (opened, a seat taken, a move): subscribers hear of it
  // at the next send().
  void changed() { dirty_ = true; }
  // The peer gets the lobby now and whenever it changes, until unsubscribe().
  void subscribe(const std::shared_ptr<Peer>& peer);
  void unsubscribe(const std::shared_ptr<Peer>& peer);
  // Every tick: the lobby to every subscriber if it changed and the last
  // send was a second ago or more.
  void send_if_changed(std::int64_t now_ms);
  void clear();

 private:
  std::string lobby_frame() const;  // lists() as the lobby frame (protocol.md 5.8)

  const Registry& tables_;
  const Cluster* cluster_ = nullptr;
  std::mutex mu_;
  std::vector<std::weak_ptr<Peer>> subs_;
  std::atomic<bool> dirty_{true};
  std::int64_t sent_ms_ = 0;
};

}  // namespace ft::server
