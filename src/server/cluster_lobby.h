// The lobby of several nodes (docs/operations.md): each node publishes the
// open and live tables it runs on the bus channel `ft:lobby` every second,
// in full, and keeps the last part of every other node. A node's lobby is its
// own tables and those parts, newest table first. A part says everything the
// node has, so a lost message (Redis restarting, a node starting) is made
// good by the next one; a part not renewed for STALE_MS (its node died or
// Redis is away) drops out, and its tables come back with the node that
// takes them over.
//
// While no other node's part is fresh (this node has just started, or Redis
// is away) the lobby shows instead what the store lists, read by the node
// (Cluster) every STALE_MS: so the lobby is the same on every node without
// Redis too, only less fresh.
#pragma once

#include <boost/json.hpp>
#include <cstdint>
#include <map>
#include <mutex>
#include <string>

namespace ft::server {

inline constexpr const char* LOBBY_CHANNEL = "ft:lobby";

class ClusterLobby {
 public:
  static constexpr std::int64_t STALE_MS = 5000;
  static constexpr std::size_t LIMIT = 100;       // entries per list, as one node's lobby
  static constexpr std::size_t LIVE_BOARDS = 12;  // live entries drawn as small boards

  // The message of `node`'s own lists.
  static std::string encode(const std::string& node, const boost::json::array& open,
                            const boost::json::array& live);
  // A message from the bus; another node's part replaces its previous one.
  // False (and nothing kept) for this node's own part or a payload that is
  // not a lobby part.
  bool receive(const std::string& self, const std::string& payload, std::int64_t now_ms);
  // Adds the fresh parts of the other nodes to `open` and `live` (this
  // node's), newest table first, LIMIT each, boards on the first LIVE_BOARDS.
  void merge(boost::json::array& open, boost::json::array& live, std::int64_t now_ms) const;
  // The other nodes' tables as the store has them (their summaries as the
  // node replayed them), shown while no node's part is fresh.
  void set_from_store(boost::json::array open, boost::json::array live, std::int64_t now_ms);
  // The nodes with a fresh part.
  std::size_t nodes(std::int64_t now_ms) const;

 private:
  struct Part {
    boost::json::array open;
    boost::json::array live;
    std::int64_t received_ms = 0;
  };
  mutable std::mutex mu_;
  std::map<std::string, Part> parts_;
  Part from_store_;
};

}  // namespace ft::server
