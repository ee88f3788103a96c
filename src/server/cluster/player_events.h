// Events for one player (docs/protocol.md 4.10 and 5.11; bot-api.md): a node
// publishes a JSON object with a "type" (`challenge`, `challengeCanceled`,
// `challengeDeclined`, `gameStart`, ...) for a player id, and every
// subscriber of that player on every node receives its text: the site's
// pages through their `my_events` socket, and the bot event stream.
//
// One node: delivered inside the process, on the publisher's thread. Several
// nodes (use_bus): published on the bus channel `ft:player:<id>` and
// delivered from it, also to this node's own subscribers. The channel is
// subscribed once per player with subscribers here, on a thread of this
// class, so subscribe() never waits for Redis; an event published before
// that subscription is active is lost, as any bus message may be
// (event_bus.h): what a subscriber must not miss it reads from the store
// after subscribing (the pages' open challenges are sent that way).
// publish() never waits for the bus: the event is queued for a thread of
// this class, since it is called from request handlers and a Redis that
// stops answering holds its publisher until it answers again.
#pragma once

#include <boost/json/object.hpp>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <thread>

#include "store/event_bus.h"

namespace ft::server {

class PlayerEvents {
 public:
  // The event's JSON text. Runs on the publisher's thread or the bus's: keep
  // it short (Peer::send is).
  using Handler = std::function<void(const std::string& event)>;

  PlayerEvents();
  ~PlayerEvents();
  PlayerEvents(const PlayerEvents&) = delete;
  PlayerEvents& operator=(const PlayerEvents&) = delete;

  // Several nodes: the bus between them, set before anyone subscribes.
  void use_bus(store::EventBus& bus);
  // To every subscriber of `player`, on every node. Never throws: a bus
  // that is away loses the event (logged).
  void publish(std::int64_t player, const boost::json::object& event);
  // A handle for unsubscribe(); never 0.
  std::uint64_t subscribe(std::int64_t player, Handler handler);
  // No call of the handler starts after this returns.
  void unsubscribe(std::uint64_t handle);
  // Subscribers of `player` on this node.
  int subscribers(std::int64_t player) const;
  // Drops the bus subscriptions and stops the bus thread; before the bus
  // is destroyed (serve.cpp). Nothing is delivered from the bus after it.
  void close();

 private:
  void deliver(std::int64_t player, const std::string& event);
  void run_bus_thread();
  void run_publisher();
  // On the bus thread: the player's channel subscribed or dropped, as its
  // handlers now want.
  void settle(std::int64_t player);

  store::EventBus* bus_ = nullptr;
  mutable std::mutex mu_;
  std::map<std::int64_t, std::map<std::uint64_t, Handler>> players_;
  std::map<std::uint64_t, std::int64_t> owner_;  // handle -> player
  std::uint64_t next_handle_ = 0;
  // Players whose bus subscription may need to change (bus thread's work).
  std::deque<std::int64_t> to_settle_;
  std::map<std::int64_t, std::uint64_t> bus_subs_;  // the bus thread's alone
  std::condition_variable wake_;
  bool stopping_ = false;
  std::thread bus_thread_;
  // Events on their way to the bus, in order; the oldest go past a limit.
  std::mutex out_mu_;
  std::condition_variable out_ready_;
  std::deque<std::pair<std::int64_t, std::string>> outbox_;
  bool out_stopping_ = false;
  std::thread publisher_;
  // Handlers run under this (not mu_), so unsubscribe() can wait out a call.
  std::recursive_mutex delivering_;
};

}  // namespace ft::server
