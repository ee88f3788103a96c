// The tables this node has in memory (architecture.md, "The server's wings"): one
// Room each, by id and in creation order (the lobby lists the newest
// first). It opens new tables, brings stored ones back (after a restart, or
// when a finished table is asked for again) and lets finished ones nobody
// watches go. On one node of several (`Leases`), a table another node runs
// is read from the store without being kept here.
//
// Calls that read the store block: blocking pool or loader thread only.
#pragma once

#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "server/tables/clock.h"
#include "server/tables/leases.h"
#include "server/tables/room.h"
#include "store/group_commit.h"
#include "store/store.h"

namespace ft::server {

class Registry {
 public:
  Registry(store::Store& store, store::GroupCommitter& committer, RoomHost& host, Clock& clock);

  // Several nodes: set before the network starts; null for one node.
  void set_leases(const Leases* leases) { leases_ = leases; }
  const Leases* leases() const { return leases_; }

  std::shared_ptr<Room> find(const std::string& id) const;
  // Every room, in creation order.
  std::vector<std::shared_ptr<Room>> rooms() const;
  // Rooms whose deadline (a flag, a Ready timeout) is due at `now`.
  std::vector<std::shared_ptr<Room>> due(std::int64_t now) const;

  // Brings back every unfinished table of the store (after a restart).
  // Returns how many came back; reports tables it could not restore.
  int restore_all();
  // find(), else the table from the store (a finished one, or one dropped
  // from memory), kept in memory again. Null if there is no such table.
  std::shared_ptr<Room> find_or_load(const std::string& id);
  // A table to read (a GET): find_or_load() on one node; on one node of
  // several, a table it does not run is replayed from the store and not
  // kept (its lease stays with its owner).
  std::shared_ptr<Room> read(const std::string& id);
  // The table from the store, in memory from now on (the lease, on several
  // nodes, is the caller's); null if there is no such table.
  std::shared_ptr<Room> load(const std::string& id);
  // A table as the store has it (its last match, games and moves); nullopt
  // if there is no such table.
  std::optional<store::LiveTable> live_table(const std::string& id);
  // A room made from a table of the store, as after a restart, not (yet) in
  // memory: adopt() keeps it, "your games" only reads its summary.
  Result<std::shared_ptr<Room>> restored(const store::LiveTable& table);
  // A room for a table of the store, in memory from now on (or the one a
  // concurrent load put there first).
  Result<std::shared_ptr<Room>> adopt(const store::LiveTable& table);

  using MakeRoom = std::function<std::shared_ptr<Room>(const std::string& id, std::uint64_t seed)>;
  // A new table from `make` (given a free id and a seed), stored and listed;
  // null if no free id was found, or if `check`, run in the same store
  // write before the table is created, said no. `address`: who asked (the
  // bound per address counts it while the table is open).
  std::shared_ptr<Room> open(const MakeRoom& make,
                             const std::function<bool(store::Store&)>& check = {},
                             const std::string& address = {});
  // How many open tables (a seat still free) this node made for `address`.
  int open_from(const std::string& address);

  // Several nodes: a retired room leaves memory.
  void drop(const std::shared_ptr<Room>& room);
  // Drops finished tables nobody watched for `keep_ms`.
  void sweep(std::int64_t now, std::int64_t keep_ms);
  // The player's name changed: every room shows the new one.
  void renamed(std::int64_t player, const std::string& name);
  // Shutdown: every room leaves the registry; the caller closes them.
  std::vector<std::shared_ptr<Room>> take_all();

 private:
  std::shared_ptr<Room> from_store(const std::string& id, bool keep);

  store::Store& store_;
  store::GroupCommitter& committer_;
  RoomHost& host_;
  Clock& clock_;
  const Leases* leases_ = nullptr;

  mutable std::mutex mu_;
  std::unordered_map<std::string, std::shared_ptr<Room>> rooms_;
  std::vector<std::shared_ptr<Room>> order_;  // creation order, for the lobby
  // Open tables this node made, by table id: the client address that made
  // each (in memory only; counted by open_from).
  std::unordered_map<std::string, std::string> opened_by_;
};

}  // namespace ft::server
