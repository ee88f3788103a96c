#include "server/cluster/player_events.h"

#include <chrono>
#include <vector>

#include "server/protocol/log.h"
#include "server/protocol/plain_json.h"

namespace ft::server {
namespace {

std::string channel(std::int64_t player) {
  return "ft:player:" + std::to_string(player);
}

// Events waiting for the bus; past this the oldest are lost (logged), so a
// Redis that stops answering cannot eat memory.
constexpr std::size_t OUTBOX_LIMIT = 10000;

}  // namespace

PlayerEvents::PlayerEvents() = default;

PlayerEvents::~PlayerEvents() {
  close();
}

void PlayerEvents::close() {
  {
    std::lock_guard lock(mu_);
    stopping_ = true;
  }
  wake_.notify_all();
  if (bus_thread_.joinable()) bus_thread_.join();
  {
    std::lock_guard lock(out_mu_);
    out_stopping_ = true;
  }
  out_ready_.notify_all();
  if (publisher_.joinable()) publisher_.join();  // after a publish in flight
  for (const auto& [player, subscription] : bus_subs_) bus_->unsubscribe(subscription);
  bus_subs_.clear();
}

void PlayerEvents::use_bus(store::EventBus& bus) {
  bus_ = &bus;
  bus_thread_ = std::thread([this] { run_bus_thread(); });
  publisher_ = std::thread([this] { run_publisher(); });
}

void PlayerEvents::publish(std::int64_t player, const boost::json::object& event) {
  std::string text = json_text(event);
  if (bus_ == nullptr) return deliver(player, text);
  bool dropped = false;
  {
    std::lock_guard lock(out_mu_);
    if (out_stopping_) return;
    outbox_.emplace_back(player, std::move(text));
    if (outbox_.size() > OUTBOX_LIMIT) {
      outbox_.pop_front();
      dropped = true;
    }
  }
  out_ready_.notify_one();
  if (dropped) log::warn() << "player events: the bus is behind, the oldest waiting one is lost";
}

void PlayerEvents::run_publisher() {
  for (;;) {
    std::deque<std::pair<std::int64_t, std::string>> batch;
    {
      std::unique_lock lock(out_mu_);
      out_ready_.wait(lock, [this] { return out_stopping_ || !outbox_.empty(); });
      if (out_stopping_) return;
      batch.swap(outbox_);
    }
    for (const auto& [player, text] : batch) {
      try {
        bus_->publish(channel(player), text);
      } catch (const std::exception& e) {
        log::warn() << "player event for p_" << player << " lost: " << e.what();
      }
    }
  }
}

std::uint64_t PlayerEvents::subscribe(std::int64_t player, Handler handler) {
  std::lock_guard lock(mu_);
  const std::uint64_t handle = ++next_handle_;
  auto& handlers = players_[player];
  handlers.emplace(handle, std::move(handler));
  owner_.emplace(handle, player);
  if (bus_ != nullptr && handlers.size() == 1) {
    to_settle_.push_back(player);
    wake_.notify_all();
  }
  return handle;
}

void PlayerEvents::unsubscribe(std::uint64_t handle) {
  // Waits for a delivery under way (a handler may unsubscribe itself: the
  // lock is recursive).
  std::lock_guard delivering(delivering_);
  std::lock_guard lock(mu_);
  auto owner = owner_.find(handle);
  if (owner == owner_.end()) return;
  const std::int64_t player = owner->second;
  owner_.erase(owner);
  auto it = players_.find(player);
  if (it == players_.end()) return;
  it->second.erase(handle);
  if (!it->second.empty()) return;
  players_.erase(it);
  if (bus_ != nullptr) {
    to_settle_.push_back(player);
    wake_.notify_all();
  }
}

int PlayerEvents::subscribers(std::int64_t player) const {
  std::lock_guard lock(mu_);
  auto it = players_.find(player);
  return it == players_.end() ? 0 : static_cast<int>(it->second.size());
}

void PlayerEvents::deliver(std::int64_t player, const std::string& event) {
  std::lock_guard delivering(delivering_);
  std::vector<Handler> targets;
  {
    std::lock_guard lock(mu_);
    auto it = players_.find(player);
    if (it == players_.end()) return;
    for (const auto& [handle, handler] : it->second) targets.push_back(handler);
  }
  for (const Handler& h : targets) h(event);
}

void PlayerEvents::run_bus_thread() {
  for (;;) {
    std::int64_t player = 0;
    {
      std::unique_lock lock(mu_);
      wake_.wait(lock, [this] { return stopping_ || !to_settle_.empty(); });
      if (stopping_) return;
      player = to_settle_.front();
      to_settle_.pop_front();
    }
    settle(player);
  }
}

void PlayerEvents::settle(std::int64_t player) {
  bool wanted = false;
  {
    std::lock_guard lock(mu_);
    wanted = players_.contains(player);
  }
  // Outside mu_: the bus's thread may be delivering, which takes it.
  auto it = bus_subs_.find(player);
  if (!wanted && it != bus_subs_.end()) {
    bus_->unsubscribe(it->second);
    bus_subs_.erase(it);
  } else if (wanted && it == bus_subs_.end()) {
    try {
      bus_subs_[player] = bus_->subscribe(
          channel(player), [this, player](const std::string&, const std::string& payload) {
            deliver(player, payload);
          });
    } catch (const std::exception& e) {
      // The bus is away: try again in a second (its events meanwhile are lost).
      log::warn() << "player events of p_" << player << " not subscribed: " << e.what();
      std::unique_lock lock(mu_);
      wake_.wait_for(lock, std::chrono::seconds(1), [this] { return stopping_; });
      to_settle_.push_back(player);
    }
  }
}

}  // namespace ft::server
