#include "server/cluster/table_feed.h"

#include <algorithm>
#include <boost/json.hpp>
#include <chrono>

#include "server/protocol/log.h"
#include "store/store.h"

namespace ft::server {
namespace json = boost::json;
namespace {

// Frames waiting for the bus; past this the oldest go (their watchers see a
// version skip and ask for the state), so a slow Redis cannot eat memory.
constexpr std::size_t OUTBOX_LIMIT = 20000;

void send_all(const std::vector<std::shared_ptr<Peer>>& peers, const TableFeed::Frame& frame) {
  for (const auto& p : peers) p->send(frame);
}

}  // namespace

TableFeed::TableFeed(store::EventBus& bus) : bus_(bus) {
  publisher_ = std::thread([this] { run_publisher(); });
  subscriber_ = std::thread([this] { run_subscriber(); });
}

TableFeed::~TableFeed() {
  {
    std::lock_guard lock(sub_mu_);
    sub_stopping_ = true;
  }
  sub_ready_.notify_all();
  subscriber_.join();  // after a SUBSCRIBE in flight (up to 5 s without Redis)
  {
    std::lock_guard lock(out_mu_);
    stopping_ = true;
  }
  out_ready_.notify_all();
  publisher_.join();
  std::vector<std::uint64_t> subscriptions;
  {
    std::lock_guard lock(mu_);
    for (const auto& [table, w] : tables_)
      if (w.subscription != 0) subscriptions.push_back(w.subscription);
    tables_.clear();
  }
  for (std::uint64_t s : subscriptions) bus_.unsubscribe(s);
}

// ---- the owner's side ---------------------------------------------------------

bool TableFeed::want(const std::string& table, std::int64_t now_ms) {
  std::lock_guard lock(out_mu_);
  // Tables that left this node are never published again: forget them.
  if (wanted_.size() > 1000)
    std::erase_if(wanted_, [&](const auto& w) { return w.second < now_ms; });
  std::int64_t& until = wanted_[table];
  const bool fresh = until < now_ms;
  until = now_ms + WANT_MS;
  return fresh;
}

void TableFeed::publish(const std::string& table, const std::vector<Frame>& frames) {
  if (frames.empty()) return;
  const std::int64_t now = std::chrono::duration_cast<std::chrono::milliseconds>(
                               std::chrono::steady_clock::now().time_since_epoch())
                               .count();
  {
    std::lock_guard lock(out_mu_);
    auto it = wanted_.find(table);
    if (it == wanted_.end()) return;
    if (it->second < now) {
      wanted_.erase(it);  // nobody watches any more
      return;
    }
    for (const Frame& f : frames) outbox_.emplace_back(channel(table), f);
    while (outbox_.size() > OUTBOX_LIMIT) outbox_.pop_front();
  }
  out_ready_.notify_one();
}

void TableFeed::run_publisher() {
  for (;;) {
    std::deque<std::pair<std::string, Frame>> batch;
    {
      std::unique_lock lock(out_mu_);
      out_ready_.wait(lock, [this] { return stopping_ || !outbox_.empty(); });
      if (stopping_) return;
      batch.swap(outbox_);
    }
    // One thread, one connection: Redis delivers them in this order.
    for (const auto& [chan, frame] : batch) {
      try {
        bus_.publish(chan, *frame);
        failing_ = false;
      } catch (const store::StoreError& e) {
        // Lost frames are repaired by the watchers (a version skip asks for
        // the state); say it once per outage.
        if (!failing_) log::warn() << "table frames not published: " << e.what();
        failing_ = true;
      }
    }
  }
}

// ---- the watching node's side ---------------------------------------------------

bool TableFeed::watch(const std::shared_ptr<Peer>& peer, const std::string& table) {
  std::lock_guard lock(mu_);
  Watched& w = tables_[table];
  w.waiting.push_back(peer);
  return w.subscription == 0;
}

void TableFeed::subscribe(const std::string& table) {
  {
    std::lock_guard lock(sub_mu_);
    to_subscribe_.push_back(table);
  }
  sub_ready_.notify_one();
}

void TableFeed::run_subscriber() {
  for (;;) {
    std::string table;
    {
      std::unique_lock lock(sub_mu_);
      sub_ready_.wait(lock, [this] { return sub_stopping_ || !to_subscribe_.empty(); });
      if (sub_stopping_) return;
      table = std::move(to_subscribe_.front());
      to_subscribe_.pop_front();
    }
    subscribe_now(table);
  }
}

void TableFeed::subscribe_now(const std::string& table) {
  {
    std::lock_guard lock(mu_);
    auto it = tables_.find(table);
    if (it == tables_.end() || it->second.subscription != 0) return;
  }
  // Outside the lock: the bus's thread may be delivering to receive().
  std::uint64_t subscription = 0;
  try {
    subscription = bus_.subscribe(
        channel(table),
        [this, table](const std::string&, const std::string& payload) { receive(table, payload); });
  } catch (const store::StoreError& e) {
    log::warn() << "cannot watch table " << table << " on the bus: " << e.what();
    for (const auto& p : hand_back(table)) p->close_soon();
    return;
  }
  std::lock_guard lock(mu_);
  tables_[table].subscription = subscription;
}

void TableFeed::leave(const std::shared_ptr<Peer>& peer) {
  std::lock_guard lock(mu_);
  for (auto& [table, w] : tables_) {
    std::erase(w.synced, peer);
    std::erase(w.waiting, peer);
  }
}

void TableFeed::receive(const std::string& table, const std::string& payload) {
  json::error_code ec;
  const json::value v = json::parse(payload, ec);
  if (ec || !v.is_object()) return;
  const json::object& o = v.as_object();
  const json::value* type = o.if_contains("type");
  const json::value* version = o.if_contains("version");
  if (type == nullptr || !type->is_string()) return;
  const bool versioned = version != nullptr && version->is_int64();
  const auto frame = std::make_shared<const std::string>(payload);

  std::lock_guard lock(mu_);
  auto it = tables_.find(table);
  if (it == tables_.end()) return;
  Watched& w = it->second;
  if (*type == "state" && versioned) {
    const std::int64_t at = version->as_int64();
    // The channel carries a state after every event it holds, so it is never
    // older than what was forwarded; one that is (a stale answer) is skipped
    // and the state asked for again. One nobody asked for (the owner began
    // publishing the table again) matters only if it is newer.
    if (at < w.version || (w.waiting.empty() && at == w.version)) return;
    if (at > w.version) send_all(w.synced, frame);  // they missed something too
    send_all(w.waiting, frame);
    w.synced.insert(w.synced.end(), w.waiting.begin(), w.waiting.end());
    w.waiting.clear();
    w.version = at;
    w.asked_ms = 0;
  } else if (*type == "event" && versioned) {
    const std::int64_t at = version->as_int64();
    if (w.version == 0 || at <= w.version) return;  // before the first state, or seen
    if (at == w.version + 1) {
      send_all(w.synced, frame);
      w.version = at;
      return;
    }
    // A skip: the missing events are lost; everyone waits for a new state.
    w.waiting.insert(w.waiting.end(), w.synced.begin(), w.synced.end());
    w.synced.clear();
    w.asked_ms = 0;
  } else if (*type == "presence" || *type == "rematch") {
    // Unnumbered, as the owner sends them to its own sockets; a watcher
    // that waits for a state gets the rematch offer after it (publish_state).
    send_all(w.synced, frame);
  }
}

std::vector<std::string> TableFeed::states_to_ask(std::int64_t now_ms, std::int64_t every_ms) {
  std::vector<std::string> out;
  const std::uint64_t connections = bus_.connections();
  std::lock_guard lock(mu_);
  const bool reconnected = connections_ != 0 && connections != connections_;
  connections_ = connections;
  for (auto& [table, w] : tables_) {
    if (reconnected) {
      w.waiting.insert(w.waiting.end(), w.synced.begin(), w.synced.end());
      w.synced.clear();
      w.asked_ms = 0;
    }
    if (w.waiting.empty() || w.subscription == 0) continue;
    if (w.asked_ms != 0 && now_ms - w.asked_ms < every_ms) continue;
    w.asked_ms = now_ms;
    out.push_back(table);
  }
  return out;
}

std::vector<std::shared_ptr<Peer>> TableFeed::hand_back(const std::string& table) {
  std::lock_guard lock(mu_);
  auto it = tables_.find(table);
  if (it == tables_.end()) return {};
  std::vector<std::shared_ptr<Peer>> peers;
  peers.swap(it->second.synced);
  peers.insert(peers.end(), it->second.waiting.begin(), it->second.waiting.end());
  it->second.waiting.clear();
  return peers;
}

std::vector<std::string> TableFeed::tidy() {
  std::vector<std::string> watched;
  std::vector<std::uint64_t> unused;
  {
    std::lock_guard lock(mu_);
    for (auto it = tables_.begin(); it != tables_.end();) {
      if (it->second.synced.empty() && it->second.waiting.empty()) {
        if (it->second.subscription != 0) unused.push_back(it->second.subscription);
        it = tables_.erase(it);
      } else {
        watched.push_back(it->first);
        ++it;
      }
    }
  }
  for (std::uint64_t s : unused) bus_.unsubscribe(s);
  return watched;
}

std::map<std::string, int> TableFeed::counts() {
  std::lock_guard lock(mu_);
  std::map<std::string, int> out;
  for (const auto& [table, w] : tables_) {
    const std::size_t n = w.synced.size() + w.waiting.size();
    if (n > 0) out[table] = static_cast<int>(n);
  }
  return out;
}

void TableFeed::close() {
  std::lock_guard lock(mu_);
  for (auto& [table, w] : tables_) {
    w.synced.clear();
    w.waiting.clear();
  }
}

}  // namespace ft::server
