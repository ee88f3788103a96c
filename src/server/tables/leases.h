// What the tables need to know of the other nodes, when there are several
// (cluster/cluster.h implements it; null on one node). An interface, so the
// tables wing stands below the cluster wing: the registry and the store
// writes ask it without knowing how leases are kept.
#pragma once

#include <string>

#include "store/store.h"

namespace ft::server {

class Leases {
 public:
  virtual ~Leases() = default;
  // Inside a store write of the table: throws (refusing the write) unless
  // this node holds the table's lease.
  virtual void check(store::Store& st, const std::string& table) const = 0;
  // Inside the write that creates the table: its lease, for this node.
  virtual void claim_new(store::Store& st, const std::string& table) const = 0;
  // The spectators other nodes serve of a table another node runs, as its
  // owner last published them (0 if unknown).
  virtual int spectators_elsewhere(const std::string& table) const = 0;
};

}  // namespace ft::server
