#include "store/event_bus.h"

#include <map>
#include <mutex>
#include <vector>

#include "store/redis_bus.h"
#include "store/store.h"

namespace ft::store {
namespace {

// In-process delivery for a single node.
class LocalBus final : public EventBus {
 public:
  void publish(std::string_view channel, std::string_view payload) override {
    std::vector<Handler> targets;
    {
      std::lock_guard lock(mutex_);
      for (const auto& [id, sub] : subs_) {
        if (sub.channel == channel) targets.push_back(sub.handler);
      }
    }
    const std::string ch(channel);
    const std::string body(payload);
    for (const auto& h : targets) h(ch, body);
  }
  std::uint64_t subscribe(const std::string& channel, Handler handler) override {
    std::lock_guard lock(mutex_);
    subs_.emplace(++next_id_, Sub{channel, std::move(handler)});
    return next_id_;
  }
  void unsubscribe(std::uint64_t subscription) override {
    std::lock_guard lock(mutex_);
    subs_.erase(subscription);
  }

 private:
  struct Sub {
    std::string channel;
    Handler handler;
  };
  std::mutex mutex_;
  std::map<std::uint64_t, Sub> subs_;
  std::uint64_t next_id_ = 0;
};

}  // namespace

std::unique_ptr<EventBus> open_event_bus(std::string_view url) {
  if (url == "local") return std::make_unique<LocalBus>();
  if (url.starts_with("redis://") || url.starts_with("redis+unix://")) {
    return std::make_unique<RedisBus>(parse_redis_url(url));
  }
  throw StoreError(StoreErrc::bad_input, "event bus URL '" + std::string(url) +
                                             "': use local, redis://HOST:PORT or "
                                             "redis+unix:///PATH");
}

}  // namespace ft::store
