// Notifications between the nodes of a multi-node deployment
// (docs/operations.md): lobby changes on `ft:lobby`, a table's events on
// `ft:table:<id>` for spectators connected to another node. Only
// notifications travel here: the database stays the truth, and a listener
// that misses a message (Redis restarting) recovers from the store or by
// asking for the full state, as a reconnecting client does.
//
//   local                         one process: delivery inside it (single node)
//   redis://HOST:PORT             Redis pub/sub over TCP (hiredis)
//   redis+unix:///PATH/TO/SOCKET  Redis over a unix socket
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

namespace ft::store {

class EventBus {
 public:
  // Runs on the bus's delivery thread (Redis) or the publisher's thread
  // (local): keep it short and post real work to your own executor.
  using Handler = std::function<void(const std::string& channel, const std::string& payload)>;

  virtual ~EventBus() = default;
  // Throws StoreError{unavailable} when the broker cannot be reached.
  virtual void publish(std::string_view channel, std::string_view payload) = 0;
  // Returns once the subscription is active: anything published after that
  // reaches `handler`. Throws StoreError{unavailable} when it cannot be made.
  virtual std::uint64_t subscribe(const std::string& channel, Handler handler) = 0;
  virtual void unsubscribe(std::uint64_t subscription) = 0;
  // How many times the listening connection was made: when it changes,
  // messages published in between were lost (a listener that keeps state,
  // like a spectator's feed, asks for it again). "local" never loses any.
  virtual std::uint64_t connections() const { return 1; }
};

// Throws StoreError{bad_input} for an unknown URL, {unavailable} when Redis
// cannot be reached.
std::unique_ptr<EventBus> open_event_bus(std::string_view url);

}  // namespace ft::store
