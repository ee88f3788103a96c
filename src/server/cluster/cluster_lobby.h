// The lobby of several nodes (docs/operations.md): each node publishes the
// open and live tables it runs on the bus channel `ft:lobby` every second,
// in full, and keeps the last part of every other node. A node's lobby is its
// own tables and those parts, newest table first. A part says everything the
// node has, so a lost message (Redis restarting, a node starting) is made
// good by the next one; a part not renewed for STALE_MS (its node died or
// Redis is away) drops out, and its tables come back with the node that
// takes them over.
//
// A part also carries the node's spectator counts (docs/architecture.md,
// "Several nodes"): `watching`, how many spectators it serves
// for each table another node runs, and `spectators`, the whole count
// (its own and the other nodes') of each table it runs that has any. The
// owner adds the fresh `watching` counts of the other nodes to its own
// spectators; a node that answers for a table it does not run takes the
// owner's `spectators`.
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
  using Counts = std::map<std::string, int>;  // table -> spectators
  static std::string encode(const std::string& node, const boost::json::array& open,
                            const boost::json::array& live, const Counts& watching = {},
                            const Counts& spectators = {});
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
  // The spectators the other nodes serve for `table` (fresh parts).
  int watching(const std::string& table, std::int64_t now_ms) const;
  // The whole spectator count of `table` as its owner last said; 0 if no
  // fresh part has it.
  int spectators(const std::string& table, std::int64_t now_ms) const;

 private:
  struct Part {
    boost::json::array open;
    boost::json::array live;
    std::int64_t received_ms = 0;
    Counts watching;
    Counts spectators;
  };
  mutable std::mutex mu_;
  std::map<std::string, Part> parts_;
  Part from_store_;
};

}  // namespace ft::server
