#include "store/redis_bus.h"

#include <fcntl.h>
#include <hiredis/hiredis.h>
#include <poll.h>
#include <unistd.h>

#include <atomic>
#include <charconv>
#include <chrono>
#include <vector>

#include "store/store.h"

namespace ft::store {
namespace {

constexpr int CONNECT_TIMEOUT_S = 2;
constexpr int RECONNECT_EVERY_MS = 200;
constexpr auto SUBSCRIBE_TIMEOUT = std::chrono::seconds(5);

StoreError unavailable(const std::string& what) {
  return StoreError(StoreErrc::unavailable, "Redis: " + what);
}

std::string reply_text(const redisReply* r) {
  return r && r->str ? std::string(r->str, r->len) : std::string();
}

}  // namespace

RedisAddress parse_redis_url(std::string_view url) {
  const auto bad = [&](const std::string& why) {
    return StoreError(StoreErrc::bad_input, "Redis URL '" + std::string(url) + "': " + why);
  };
  RedisAddress a;
  if (url.starts_with("redis+unix://")) {
    a.unix_path = std::string(url.substr(13));
    if (a.unix_path.empty() || a.unix_path[0] != '/') throw bad("expected redis+unix:///PATH");
    return a;
  }
  if (!url.starts_with("redis://")) throw bad("expected redis://HOST:PORT or redis+unix:///PATH");
  std::string_view rest = url.substr(8);
  if (rest.ends_with('/')) rest.remove_suffix(1);
  if (auto colon = rest.rfind(':'); colon != std::string_view::npos) {
    std::string_view port = rest.substr(colon + 1);
    auto [end, ec] = std::from_chars(port.data(), port.data() + port.size(), a.port);
    if (ec != std::errc() || end != port.data() + port.size() || a.port <= 0 || a.port > 65535) {
      throw bad("bad port");
    }
    rest = rest.substr(0, colon);
  }
  if (rest.empty()) throw bad("no host");
  a.host = std::string(rest);
  return a;
}

namespace {
std::string next_bus_name() {
  static std::atomic<int> count{0};
  return "ft-bus-" + std::to_string(::getpid()) + "-" + std::to_string(++count);
}
}  // namespace

RedisBus::RedisBus(RedisAddress address) : address_(std::move(address)), name_(next_bus_name()) {
  publisher_ = connect();
  if (!publisher_) {
    throw unavailable("cannot connect to " +
                      (address_.unix_path.empty()
                           ? address_.host + ":" + std::to_string(address_.port)
                           : address_.unix_path));
  }
  if (::pipe2(wake_pipe_, O_CLOEXEC | O_NONBLOCK) != 0) {
    redisFree(publisher_);
    throw unavailable("cannot create a pipe");
  }
  thread_ = std::thread([this] { run(); });
}

RedisBus::~RedisBus() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake();
  thread_.join();
  ::close(wake_pipe_[0]);
  ::close(wake_pipe_[1]);
  if (publisher_) redisFree(publisher_);
}

redisContext* RedisBus::connect() const {
  const timeval tv{CONNECT_TIMEOUT_S, 0};
  redisContext* c = address_.unix_path.empty()
                        ? redisConnectWithTimeout(address_.host.c_str(), address_.port, tv)
                        : redisConnectUnixWithTimeout(address_.unix_path.c_str(), tv);
  if (c && c->err) {
    redisFree(c);
    return nullptr;
  }
  return c;
}

void RedisBus::wake() {
  const char byte = 1;
  // A full pipe already guarantees a wake-up; nothing to do on EAGAIN.
  [[maybe_unused]] auto n = ::write(wake_pipe_[1], &byte, 1);
}

void RedisBus::publish(std::string_view channel, std::string_view payload) {
  std::lock_guard lock(publish_mutex_);
  for (int attempt = 0; attempt < 2; ++attempt) {
    if (!publisher_) publisher_ = connect();
    if (!publisher_) break;
    auto* r =
        static_cast<redisReply*>(redisCommand(publisher_, "PUBLISH %b %b", channel.data(),
                                              channel.size(), payload.data(), payload.size()));
    if (r) {
      const bool error = r->type == REDIS_REPLY_ERROR;
      const std::string text = reply_text(r);
      freeReplyObject(r);
      if (error) throw StoreError(StoreErrc::internal, "Redis: PUBLISH: " + text);
      return;
    }
    redisFree(publisher_);  // the connection broke: one fresh try
    publisher_ = nullptr;
  }
  throw unavailable("cannot publish on " + std::string(channel));
}

bool RedisBus::has_handlers(const std::string& channel) const {
  for (const auto& [id, sub] : subs_) {
    if (sub.channel == channel) return true;
  }
  return false;
}

std::uint64_t RedisBus::subscribe(const std::string& channel, Handler handler) {
  std::unique_lock lock(mutex_);
  const bool first = !has_handlers(channel);
  const std::uint64_t id = ++next_id_;
  subs_.emplace(id, Sub{channel, std::move(handler)});
  if (first) {
    ops_.emplace_back(true, channel);
    wake();
  }
  if (!changed_.wait_for(lock, SUBSCRIBE_TIMEOUT,
                         [&] { return stopping_ || active_.count(channel) > 0; }) ||
      stopping_) {
    subs_.erase(id);
    throw unavailable("no confirmation of SUBSCRIBE " + channel);
  }
  return id;
}

void RedisBus::unsubscribe(std::uint64_t subscription) {
  std::lock_guard lock(mutex_);
  auto it = subs_.find(subscription);
  if (it == subs_.end()) return;
  const std::string channel = it->second.channel;
  subs_.erase(it);
  if (!has_handlers(channel)) {
    // Forget it now so that a new subscribe() waits for its own confirmation.
    active_.erase(channel);
    ops_.emplace_back(false, channel);
    wake();
  }
}

void RedisBus::run() {
  for (;;) {
    {
      std::lock_guard lock(mutex_);
      if (stopping_) return;
    }
    redisContext* c = connect();
    if (c) {
      // Before any SUBSCRIBE: a plain command on a fresh connection.
      if (auto* r = static_cast<redisReply*>(redisCommand(c, "CLIENT SETNAME %s", name_.c_str()))) {
        freeReplyObject(r);
      }
    }
    if (c && !c->err) {
      {
        // A fresh connection: subscribe to everything wanted, from scratch.
        std::lock_guard lock(mutex_);
        active_.clear();
        ops_.clear();
        std::set<std::string> wanted;
        for (const auto& [id, sub] : subs_) wanted.insert(sub.channel);
        for (const auto& ch : wanted) ops_.emplace_back(true, ch);
      }
      ++connections_;
      serve(c);
    }
    if (c) redisFree(c);
    {
      std::lock_guard lock(mutex_);
      if (stopping_) return;
    }
    pollfd pfd{wake_pipe_[0], POLLIN, 0};
    ::poll(&pfd, 1, RECONNECT_EVERY_MS);  // wait, but wake at once to stop
  }
}

void RedisBus::serve(redisContext* c) {
  for (;;) {
    std::deque<std::pair<bool, std::string>> ops;
    {
      std::lock_guard lock(mutex_);
      if (stopping_) return;
      ops.swap(ops_);
    }
    for (const auto& [sub, channel] : ops) {
      redisAppendCommand(c, sub ? "SUBSCRIBE %b" : "UNSUBSCRIBE %b", channel.data(),
                         channel.size());
    }
    if (!ops.empty()) {
      int done = 0;
      while (!done) {
        if (redisBufferWrite(c, &done) != REDIS_OK) return;
      }
    }
    pollfd fds[2] = {{c->fd, POLLIN, 0}, {wake_pipe_[0], POLLIN, 0}};
    if (::poll(fds, 2, -1) < 0) continue;  // EINTR
    if (fds[1].revents & POLLIN) {
      char buf[64];
      while (::read(wake_pipe_[0], buf, sizeof buf) > 0) {
      }
    }
    if (fds[0].revents & (POLLIN | POLLHUP | POLLERR)) {
      if (redisBufferRead(c) != REDIS_OK) return;
      void* reply = nullptr;
      while (redisGetReplyFromReader(c, &reply) == REDIS_OK && reply) {
        on_reply(static_cast<redisReply*>(reply));
        freeReplyObject(reply);
        reply = nullptr;
      }
      if (c->err) return;
    }
  }
}

void RedisBus::on_reply(const redisReply* r) {
  if (r->type != REDIS_REPLY_ARRAY || r->elements < 3) return;
  const std::string kind = reply_text(r->element[0]);
  const std::string channel = reply_text(r->element[1]);
  if (kind == "message") {
    const std::string payload = reply_text(r->element[2]);
    std::vector<Handler> targets;
    {
      std::lock_guard lock(mutex_);
      for (const auto& [id, sub] : subs_) {
        if (sub.channel == channel) targets.push_back(sub.handler);
      }
    }
    for (const auto& h : targets) h(channel, payload);
  } else if (kind == "subscribe") {
    std::lock_guard lock(mutex_);
    // Confirmed; unless every handler left while it was on its way.
    if (has_handlers(channel)) active_.insert(channel);
    changed_.notify_all();
  }
}

}  // namespace ft::store
