// A table's frames across nodes (docs/operations.md, "Several nodes"): how a
// spectator connected to a node that does not run the table watches it
// there, without moving the table.
//
// - For each table another node watches (it asked for the state, or its
//   lobby part counts spectators of it: `want`), the owner publishes every
//   frame the room sends to all its sockets (the versioned events, the
//   presence frames and the rematch offer) on `ft:table:<id>`, from one
//   thread in the order the room made them (`publish`), so the channel
//   carries them in version order. A node asked for the table's state (on
//   its node channel) publishes a spectator's `state` frame on the same
//   channel, from the room's queue: it holds every event before it and none
//   after it.
// - A node with spectators of a table it does not run subscribes to that
//   channel (`watch`), asks the owner for the state, sends it to them and
//   then forwards each event whose version follows the last one sent. A
//   version that skips (a message lost: Redis restarted, the table moved to
//   a node whose restore numbers events differently), or the bus's listening
//   connection made again (a lost last frame shows no skip), makes it ask
//   for the state again; the spectators get the new state, as after a reconnect
//   (protocol.md 4.1). Older or repeated versions are dropped.
//
// What must stay true: a spectator is sent a state before any event, and
// then only events with version = the last one it got + 1.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "server/edge/net.h"
#include "store/event_bus.h"

namespace ft::server {

class TableFeed {
 public:
  using Frame = std::shared_ptr<const std::string>;

  explicit TableFeed(store::EventBus& bus);
  ~TableFeed();  // stops the publisher, drops the subscriptions
  TableFeed(const TableFeed&) = delete;
  TableFeed& operator=(const TableFeed&) = delete;

  static std::string channel(const std::string& table) { return "ft:table:" + table; }

  // ---- the owner's side ----
  // Queues the room's frames for the bus (never blocks; called under the
  // room's lock, which keeps one table's frames in order). Only a table
  // another node watches is published (want); the others' frames go nowhere.
  void publish(const std::string& table, const std::vector<Frame>& frames);
  // Another node watches `table` (it asked for its state, or its lobby part
  // counts spectators of it): its frames are published for WANT_MS from
  // `now_ms` (steady clock). True if they were not published just before:
  // the watchers may have missed frames, a state should follow.
  bool want(const std::string& table, std::int64_t now_ms);
  static constexpr std::int64_t WANT_MS = 10000;

  // ---- the watching node's side ----
  // A spectator's socket for a table another node runs (never blocks); true
  // if the table has no subscription yet: then call subscribe().
  bool watch(const std::shared_ptr<Peer>& peer, const std::string& table);
  // Subscribes to the table's channel unless done, on the feed's own
  // thread (never blocks: while Redis is away a SUBSCRIBE waits up to 5 s
  // for its confirmation, and the cluster's thread must go on renewing the
  // node's leases). Without the bus its spectators are closed: they
  // reconnect and try again.
  void subscribe(const std::string& table);
  // The socket left or closed (any thread).
  void leave(const std::shared_ptr<Peer>& peer);
  // Tables whose watchers wait for a state not asked for in the last
  // `every_ms` (marked as asked now). After the bus reconnected (frames may
  // be lost, and a lost last frame shows no version skip), every table's.
  std::vector<std::string> states_to_ask(std::int64_t now_ms, std::int64_t every_ms);
  // The spectators of `table` (they stop being watched here): the table
  // came to this node, they reconnect and find its room.
  std::vector<std::shared_ptr<Peer>> hand_back(const std::string& table);
  // Tables watched here, and the subscriptions nobody needs any more are
  // dropped (the cluster's thread only).
  std::vector<std::string> tidy();
  // The spectators watched here, per table (those with any), for the
  // owners' counts (cluster_lobby.h).
  std::map<std::string, int> counts();
  // Shutdown: forgets every socket (they belong to the network).
  void close();

 private:
  struct Watched {
    std::vector<std::shared_ptr<Peer>> synced;   // got a state: get the events after it
    std::vector<std::shared_ptr<Peer>> waiting;  // wait for the next state
    std::int64_t version = 0;                    // the last version sent to `synced`
    std::int64_t asked_ms = 0;                   // 0: no state asked for yet
    std::uint64_t subscription = 0;
  };
  void receive(const std::string& table, const std::string& payload);
  void run_publisher();
  void run_subscriber();
  void subscribe_now(const std::string& table);

  store::EventBus& bus_;

  std::mutex mu_;  // tables_
  std::map<std::string, Watched> tables_;
  std::uint64_t connections_ = 0;  // the bus's, when states_to_ask last looked

  std::mutex out_mu_;
  std::condition_variable out_ready_;
  std::deque<std::pair<std::string, Frame>> outbox_;  // channel, frame
  std::map<std::string, std::int64_t> wanted_;        // table -> published until (steady ms)
  bool stopping_ = false;
  bool failing_ = false;  // the bus refused the last publish (logged once)
  std::thread publisher_;

  std::mutex sub_mu_;
  std::condition_variable sub_ready_;
  std::deque<std::string> to_subscribe_;
  bool sub_stopping_ = false;
  std::thread subscriber_;
};

}  // namespace ft::server
