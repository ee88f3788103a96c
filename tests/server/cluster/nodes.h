// The cluster's nodes as the cluster test sees them: which ones live (the
// test kills and starts them and says so here), which one runs a table (the
// store's table_owners) and where a spectator that must not be on the
// table's owner connects directly, past nginx.
#pragma once

#include <array>
#include <atomic>
#include <memory>
#include <mutex>
#include <string>

#include "store/store.h"

namespace ft::test::cluster {

class Nodes {
 public:
  static constexpr int MAX = 8;
  // Node n (1..count) listens on nginx_port + n (scripts/cluster.sh) and is
  // called "node<n>".
  Nodes(int nginx_port, int count, const std::string& store_url);
  int count() const { return count_; }
  int port(int n) const { return nginx_port_ + n; }
  void set_alive(int n, bool alive) {
    alive_[std::size_t(n)] = alive;
    ++changes_;
  }
  // How many times a node died or came back: a spectator left on a table's
  // owner looks again for another node when this changes.
  int changes() const { return changes_.load(); }
  bool alive(int n) const { return alive_[std::size_t(n)].load(); }
  // The node holding the table's lease now; 0 if none does (any thread).
  int owner(const std::string& table);
  // A living node other than the table's owner, chosen by `turn` among
  // them; the owner if no other lives, 0 if no node does.
  int watcher_node(const std::string& table, int turn);

 private:
  int nginx_port_;
  int count_;
  std::array<std::atomic<bool>, MAX + 1> alive_{};
  std::atomic<int> changes_{0};
  std::mutex mu_;  // the store's connection, shared by the matches' threads
  std::unique_ptr<store::Store> store_;
};

}  // namespace ft::test::cluster
