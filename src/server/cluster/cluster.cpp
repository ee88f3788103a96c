#include "server/cluster/cluster.h"

#include <chrono>
#include <set>

#include "server/cluster/lobby.h"
#include "server/protocol/log.h"
#include "server/protocol/outgoing.h"
#include "server/tables/room.h"

namespace ft::server {
namespace json = boost::json;
namespace {

std::string node_channel(const std::string& node) {
  return "ft:node:" + node;
}

bool is_not_found(const store::StoreError& e) {
  return e.code() == store::StoreErrc::not_found;
}

// A hello that takes no seat, only watches (protocol.md 4.1): its socket
// may be served on a node that does not run the table (table_feed.h).
bool only_watches(const store::TableRecord& t, std::int64_t player, const HelloMsg& msg) {
  bool free = false;
  for (const store::Seat& s : t.seats) {
    if (s.player == player) return false;
    if (!s.player && s.bot_level == 0) free = true;
  }
  return msg.watch || !free || t.status != store::TableStatus::open;
}

}  // namespace

Cluster::Cluster(Registry& tables, Lobby& listing, store::Store& store, store::Store& lease_store,
                 store::EventBus& bus, ClusterOptions options, Metrics& metrics)
    : tables_(tables),
      listing_(listing),
      store_(store),
      bus_(bus),
      options_(std::move(options)),
      metrics_(metrics),
      keeper_(lease_store, options_.node, options_.lease_ms, metrics),
      feed_(bus) {}

Cluster::~Cluster() {
  keeper_.stop();
  {
    std::lock_guard lock(mu_);
    stopping_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
  for (std::uint64_t s : subscriptions_) bus_.unsubscribe(s);
}

std::int64_t Cluster::wall_ms() {
  // Leases compare the nodes' clocks (kept in sync by NTP), never the test clock.
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

std::int64_t Cluster::now_steady_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

int Cluster::start() {
  auto handler = [this](const std::string& channel, const std::string& payload) {
    on_message(channel, payload);
  };
  subscriptions_.push_back(bus_.subscribe(LOBBY_CHANNEL, handler));
  subscriptions_.push_back(bus_.subscribe(node_channel(options_.node), handler));
  // A restart within the lease: the tables this node still holds come back
  // here at once (the others would wait for the lease to run out).
  int restored = 0;
  for (const std::string& id : store_.renew_tables(options_.node, wall_ms(), options_.lease_ms)) {
    if (tables_.load(id)) ++restored;
  }
  read_lobby_from_store();  // the others' parts come within a second; until then
  keeper_.start();
  thread_ = std::thread([this] { run(); });
  return restored;
}

void Cluster::release_all() {
  keeper_.stop();  // no renewal after the release
  {
    std::lock_guard lock(mu_);
    stopping_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
  store_.release_tables(options_.node, wall_ms());
}

void Cluster::on_message(const std::string& channel, const std::string& payload) {
  if (channel == LOBBY_CHANNEL) {
    if (lobby_.receive(options_.node, payload, now_steady_ms())) listing_.changed();
    return;
  }
  // ft:node:<this node>: another node asks for a table ({"release": id}) or
  // for a table's state for its spectators ({"state": id}).
  json::error_code ec;
  json::value v = json::parse(payload, ec);
  if (ec || !v.is_object()) return;
  const json::value* release = v.as_object().if_contains("release");
  const json::value* state = v.as_object().if_contains("state");
  {
    std::lock_guard lock(mu_);
    if (release != nullptr && release->is_string()) {
      handovers_.emplace_back(release->as_string());
    } else if (state != nullptr && state->is_string()) {
      state_asks_.emplace_back(state->as_string());
    } else {
      return;
    }
  }
  wake_.notify_all();
}

void Cluster::hello(const std::shared_ptr<Peer>& peer, const HelloMsg& msg) {
  {
    std::lock_guard lock(mu_);
    Waiting& w = waiting_[msg.table];
    w.peers.emplace_back(peer, msg);
    w.sorted = false;
  }
  wake_.notify_all();
}

void Cluster::forget(const std::shared_ptr<Peer>& peer) {
  std::lock_guard lock(mu_);
  feed_.leave(peer);  // under mu_: serve_waiting moves sockets to the feed under it
  for (auto it = waiting_.begin(); it != waiting_.end();) {
    std::erase_if(it->second.peers, [&](const auto& w) { return w.first == peer; });
    it = it->second.peers.empty() ? waiting_.erase(it) : std::next(it);
  }
}

void Cluster::check(store::Store& st, const std::string& table) const {
  st.check_lease(table, options_.node, wall_ms());
}

void Cluster::claim_new(store::Store& st, const std::string& table) const {
  if (!st.claim_table(table, options_.node, wall_ms(), options_.lease_ms))
    throw store::StoreError(store::StoreErrc::conflict, "new table " + table + " has an owner");
}

void Cluster::ask_owner(const std::string& table, std::int64_t now) {
  const std::optional<std::string> owner = store_.table_owner(table, now);
  log::info() << "node " << options_.node << ": table " << table << " is held by "
              << owner.value_or("nobody") << "; asking for it\n";
  if (!owner || *owner == options_.node) return;
  try {
    bus_.publish(node_channel(*owner),
                 json::serialize(json::object{{"release", table}, {"for", options_.node}}));
  } catch (const store::StoreError& e) {
    // Without the bus the owner keeps the table; the client waits and retries.
    log::warn() << "cannot ask node " << *owner << " for table " << table << ": " << e.what();
  }
}

// ---- the node's thread ------------------------------------------------------

void Cluster::run() {
  std::int64_t adopted = now_steady_ms();
  std::int64_t published = 0;
  std::int64_t read_lobby = now_steady_ms();
  for (;;) {
    {
      std::unique_lock lock(mu_);
      wake_.wait_for(lock, std::chrono::milliseconds(100));
      if (stopping_) return;
    }
    // The store or the bus may be away for a while: log and go on, the next
    // round tries again. The leases do not wait for this thread (the keeper's).
    try {
      serve_waiting();
      hand_over_requested();
      serve_watchers();
      drop_retired();
      const LeaseKeeper::Held held = keeper_.held();
      if (held.round != leases_seen_) follow_leases(held);
      const std::int64_t now = now_steady_ms();
      if (now - adopted >= options_.lease_ms / 3) {
        adopted = now;
        adopt_orphans();
      }
      if (now - published >= options_.lobby_every_ms) {
        published = now;
        count_remote_spectators(now);
        publish_lobby();
      }
      if (lobby_.nodes(now) == 0 && now - read_lobby >= ClusterLobby::STALE_MS) {
        read_lobby = now;
        read_lobby_from_store();
      }
    } catch (const std::exception& e) {
      log::warn() << "node " << options_.node << ": " << e.what();
    }
  }
}

void Cluster::drop_retired() {
  std::vector<std::pair<std::shared_ptr<Room>, bool>> retired;
  {
    std::lock_guard lock(retired_mu_);
    retired.assign(retired_.begin(), retired_.end());
    retired_.clear();
  }
  for (auto& [room, release] : retired) {
    tables_.drop(room);
    if (release) store_.release_table(room->id(), options_.node);
  }
}

void Cluster::serve_waiting() {
  std::vector<std::string> tables;
  {
    std::lock_guard lock(mu_);
    for (const auto& [table, w] : waiting_) tables.push_back(table);
  }
  for (const std::string& table : tables) {
    const std::int64_t now = wall_ms();
    std::shared_ptr<Room> room = tables_.find(table);
    bool missing = false;
    if (!room) {
      try {
        if (store_.claim_table(table, options_.node, now, options_.lease_ms)) {
          room = tables_.load(table);
          log::info() << "node " << options_.node << ": took table " << table;
        }
        missing = !room && !store_.find_table(table);
      } catch (const store::StoreError& e) {
        if (!is_not_found(e)) throw;
        missing = true;
      }
    }
    // Held by another node: its spectators watch it from here (once per
    // batch of hellos: a store read), its players wait for the hand-over.
    std::optional<store::TableRecord> record;
    if (!room && !missing) {
      bool sorted = true;
      {
        std::lock_guard lock(mu_);
        auto it = waiting_.find(table);
        sorted = it == waiting_.end() || it->second.sorted;
      }
      if (!sorted) record = store_.find_table(table);
    }
    bool ask = false;
    bool subscribe = false;
    {
      std::lock_guard lock(mu_);
      auto it = waiting_.find(table);
      if (it == waiting_.end()) continue;
      if (record) {
        std::erase_if(it->second.peers, [&](const auto& w) {
          if (!only_watches(*record, w.first->identity().player, w.second)) return false;
          subscribe = feed_.watch(w.first, table) || subscribe;
          return true;
        });
        it->second.sorted = true;
      }
      if (it->second.peers.empty()) {
        waiting_.erase(it);  // only spectators: no hand-over to ask for
      } else if (room) {
        // Under mu_: a socket that closes meanwhile is either forgotten before
        // this or leaves the room after its hello.
        for (const auto& [peer, msg] : it->second.peers) room->hello(peer, msg);
        waiting_.erase(it);
      } else if (missing) {
        for (const auto& [peer, msg] : it->second.peers)
          peer->send(encode(ErrorFrame{
              WsError::no_such_table, "no table '" + table.substr(0, 16) + "'", {}, std::nullopt}));
        waiting_.erase(it);
      } else if (now_steady_ms() - it->second.asked_ms >= 1000) {
        it->second.asked_ms = now_steady_ms();
        ask = true;
      }
    }
    if (subscribe) feed_.subscribe(table);  // queued: the feed subscribes on its thread
    if (ask) ask_owner(table, now);
  }
}

void Cluster::hand_over_requested() {
  std::deque<std::string> tables;
  {
    std::lock_guard lock(mu_);
    tables.swap(handovers_);
  }
  for (const std::string& table : tables) {
    std::shared_ptr<Room> room = tables_.find(table);
    log::info() << "node " << options_.node << ": asked for table " << table
                << (room ? ", handing it over" : ", not running it: lease released");
    if (room) {
      retire(room, true);
    } else {
      store_.release_table(table, options_.node);
    }
  }
}

void Cluster::serve_watchers() {
  std::deque<std::string> asked;
  {
    std::lock_guard lock(mu_);
    asked.swap(state_asks_);
  }
  for (const std::string& table : asked) {
    if (auto room = tables_.find(table)) {
      feed_.want(table, now_steady_ms());  // its frames from now on, the state first
      room->publish_state();
    }
  }
  // A table watched from here that came here (a player's hello took it):
  // its spectators reconnect and join its room.
  for (const std::string& table : feed_.tidy()) {
    if (!tables_.find(table)) continue;
    for (const auto& peer : feed_.hand_back(table)) peer->close_soon();
  }
  for (const std::string& table : feed_.states_to_ask(now_steady_ms(), 1000)) ask_state(table);
}

void Cluster::ask_state(const std::string& table) {
  const std::int64_t now = wall_ms();
  const std::optional<std::string> owner = store_.table_owner(table, now);
  if (!owner) {
    // Nobody runs it (its node died): a free lease is taken as for any
    // hello, and the spectators are handed to the room at the next round.
    if (store_.claim_table(table, options_.node, now, options_.lease_ms)) tables_.load(table);
    return;
  }
  if (*owner == options_.node) return;  // being loaded here: handed back next round
  try {
    bus_.publish(node_channel(*owner),
                 json::serialize(json::object{{"state", table}, {"for", options_.node}}));
  } catch (const store::StoreError&) {
    // Without the bus no state comes; it is asked for again in a second.
  }
}

void Cluster::retire(const std::shared_ptr<Room>& room, bool release) {
  // The room finishes what it stored, then tells this thread (under its own
  // lock: only a note here) to drop it from the hub and give the lease up.
  room->retire([this, room, release] {
    {
      std::lock_guard lock(retired_mu_);
      retired_.emplace_back(room, release);
    }
    wake_.notify_all();
  });
}

void Cluster::follow_leases(const LeaseKeeper::Held& held) {
  leases_seen_ = held.round;
  const std::set<std::string> kept(held.tables.begin(), held.tables.end());
  const std::vector<std::shared_ptr<Room>> rooms = tables_.rooms();
  std::set<std::string> running;
  for (const auto& room : rooms) {
    running.insert(room->id());
    if (kept.contains(room->id())) continue;
    // Taken here after the renewal began (a hello, a new table): still ours.
    if (store_.table_owner(room->id(), wall_ms()) == options_.node) continue;
    log::warn() << "node " << options_.node << " lost the lease of table " << room->id()
                << "; its clients reconnect to the new owner";
    metrics_.leases_lost(1);
    retire(room, false);
  }
  // Leases of tables no longer in memory (a finished table swept out) go,
  // once two renewals in a row found them idle: a table being made or
  // loaded holds its lease a moment before its room is in memory.
  std::set<std::string> idle;
  for (const std::string& id : kept) {
    if (running.contains(id)) continue;
    if (idle_leases_.contains(id)) {
      store_.release_table(id, options_.node);
    } else {
      idle.insert(id);
    }
  }
  idle_leases_ = std::move(idle);
}

void Cluster::adopt_orphans() {
  const std::int64_t now = wall_ms();
  for (const std::string& id : store_.unleased_tables(now - options_.lease_ms, 50)) {
    if (tables_.find(id)) continue;
    if (store_.claim_table(id, options_.node, now, options_.lease_ms)) tables_.load(id);
  }
}

void Cluster::read_lobby_from_store() {
  std::set<std::string> here;
  for (const auto& room : tables_.rooms()) here.insert(room->id());
  store::TableQuery listed;  // listed, open or playing
  listed.limit = static_cast<int>(2 * ClusterLobby::LIMIT);
  json::array open;
  json::array live;
  for (const store::TableRecord& t : store_.list_tables(listed)) {
    if (here.contains(t.id)) continue;
    // Replayed as a restore would, without taking the lease (as "your games").
    std::optional<store::LiveTable> table = tables_.live_table(t.id);
    if (!table) continue;
    auto room = tables_.restored(*table);
    if (!room || !(*room)->read_only_reason().empty()) continue;
    const std::string status = (*room)->status();
    if (status == "waiting") {
      json::object summary = (*room)->summary();
      if (has_free_seat(summary)) open.push_back(std::move(summary));
    } else if (status == "playing" || status == "between_games") {
      json::object entry = (*room)->summary();
      entry["board"] = (*room)->live_board();
      live.push_back(std::move(entry));
    }
  }
  lobby_.set_from_store(std::move(open), std::move(live), now_steady_ms());
  listing_.changed();
}

void Cluster::count_remote_spectators(std::int64_t now) {
  // Once a lobby round: a node's part that went stale (it died, or Redis is
  // away) drops its spectators out here without a message.
  for (const auto& room : tables_.rooms()) {
    const int watching = lobby_.watching(room->id(), now);
    room->set_remote_spectators(watching);
    // Watched elsewhere: its frames go on the bus; if they did not until now
    // (the table has just come here), a state first, for what was missed.
    if (watching > 0 && feed_.want(room->id(), now)) room->publish_state();
  }
}

void Cluster::publish_lobby() {
  const json::object mine = listing_.lists(true);
  // The spectator counts (cluster_lobby.h): the other nodes' tables watched
  // here, and the whole count of this node's tables that have spectators.
  ClusterLobby::Counts spectators;
  for (const auto& room : tables_.rooms())
    if (const int n = room->spectator_count(); n > 0) spectators[room->id()] = n;
  try {
    bus_.publish(LOBBY_CHANNEL,
                 ClusterLobby::encode(options_.node, mine.at("open").as_array(),
                                      mine.at("live").as_array(), feed_.counts(), spectators));
  } catch (const store::StoreError&) {
    // Redis is away: the next part, a second later, says it all again.
  }
}

}  // namespace ft::server
