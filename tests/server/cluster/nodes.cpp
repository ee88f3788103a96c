#include "cluster/nodes.h"

#include <chrono>
#include <stdexcept>
#include <vector>

namespace ft::test::cluster {

Nodes::Nodes(int nginx_port, int count, const std::string& store_url)
    : nginx_port_(nginx_port), count_(count), store_(store::open_store(store_url)) {
  if (count < 1 || count > MAX) throw std::invalid_argument("cluster test: 1..8 nodes");
  for (int n = 1; n <= count; ++n) alive_[std::size_t(n)] = true;
}

int Nodes::owner(const std::string& table) {
  // Leases compare wall clocks (server/cluster/cluster.h).
  const std::int64_t now = std::chrono::duration_cast<std::chrono::milliseconds>(
                               std::chrono::system_clock::now().time_since_epoch())
                               .count();
  std::optional<std::string> node;
  {
    std::lock_guard lock(mu_);
    node = store_->table_owner(table, now);
  }
  if (!node || node->rfind("node", 0) != 0) return 0;
  return std::stoi(node->substr(4));
}

int Nodes::watcher_node(const std::string& table, int turn) {
  const int own = owner(table);
  std::vector<int> others;
  for (int n = 1; n <= count_; ++n)
    if (alive(n) && n != own) others.push_back(n);
  if (!others.empty()) return others[std::size_t(turn) % others.size()];
  return own != 0 && alive(own) ? own : 0;
}

}  // namespace ft::test::cluster
