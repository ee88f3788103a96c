// EventBus over Redis pub/sub with hiredis's synchronous API: one connection
// publishes (under a mutex), another, owned by a delivery thread, subscribes.
// The delivery thread waits with poll(2) on the Redis socket and a wake-up
// pipe, so SUBSCRIBE/UNSUBSCRIBE requests from other threads never touch the
// connection while it reads. When the connection drops, the thread reconnects
// (every 200 ms) and subscribes again to every channel that has handlers;
// messages published meanwhile are lost, which the protocol tolerates
// (event_bus.h).
#pragma once

#include <atomic>
#include <condition_variable>
#include <deque>
#include <map>
#include <mutex>
#include <set>
#include <string>
#include <thread>

#include "store/event_bus.h"

struct redisContext;
struct redisReply;

namespace ft::store {

struct RedisAddress {
  std::string host;  // TCP, when unix_path is empty
  int port = 6379;
  std::string unix_path;  // unix socket
};
// redis://HOST[:PORT][/] or redis+unix:///PATH. Throws StoreError{bad_input}.
RedisAddress parse_redis_url(std::string_view url);

class RedisBus final : public EventBus {
 public:
  // Connects the publisher at once: StoreError{unavailable} if Redis is not there.
  explicit RedisBus(RedisAddress address);
  ~RedisBus() override;
  RedisBus(const RedisBus&) = delete;
  RedisBus& operator=(const RedisBus&) = delete;

  void publish(std::string_view channel, std::string_view payload) override;
  std::uint64_t subscribe(const std::string& channel, Handler handler) override;
  void unsubscribe(std::uint64_t subscription) override;
  std::uint64_t connections() const override { return connections_.load(); }

  // The CLIENT SETNAME of the subscriber connection ("ft-bus-<pid>-<n>"), so
  // an operator (or a test) can find it in CLIENT LIST.
  const std::string& subscriber_name() const { return name_; }

 private:
  struct Sub {
    std::string channel;
    Handler handler;
  };
  redisContext* connect() const;  // nullptr on failure
  void run();
  void serve(redisContext* c);  // until the connection fails or we stop
  void on_reply(const redisReply* r);
  void wake();
  bool has_handlers(const std::string& channel) const;  // mutex_ held

  const RedisAddress address_;
  const std::string name_;
  std::mutex publish_mutex_;
  redisContext* publisher_ = nullptr;

  mutable std::mutex mutex_;
  std::condition_variable changed_;
  std::map<std::uint64_t, Sub> subs_;
  std::uint64_t next_id_ = 0;
  std::set<std::string> active_;                  // confirmed on the current connection
  std::deque<std::pair<bool, std::string>> ops_;  // true: SUBSCRIBE, false: UNSUBSCRIBE
  bool stopping_ = false;
  int wake_pipe_[2] = {-1, -1};
  std::atomic<std::uint64_t> connections_{0};
  std::thread thread_;
};

}  // namespace ft::store
