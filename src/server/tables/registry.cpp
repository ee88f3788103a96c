#include "server/tables/registry.h"

#include <algorithm>

#include "server/protocol/log.h"
#include "store/ids.h"

namespace ft::server {

Registry::Registry(store::Store& store, store::GroupCommitter& committer, RoomHost& host,
                   Clock& clock)
    : store_(store), committer_(committer), host_(host), clock_(clock) {}

std::shared_ptr<Room> Registry::find(const std::string& id) const {
  std::lock_guard lock(mu_);
  auto it = rooms_.find(id);
  return it == rooms_.end() ? nullptr : it->second;
}

std::vector<std::shared_ptr<Room>> Registry::rooms() const {
  std::lock_guard lock(mu_);
  return order_;
}

std::vector<std::shared_ptr<Room>> Registry::due(std::int64_t now) const {
  std::vector<std::shared_ptr<Room>> due;
  std::lock_guard lock(mu_);
  for (const auto& room : order_)
    if (room->due(now)) due.push_back(room);
  return due;
}

Result<std::shared_ptr<Room>> Registry::restored(const store::LiveTable& t) {
  std::vector<store::Player> seated(t.table.seats.size());
  for (const auto& seat : t.table.seats) {
    if (!seat.player || seat.index < 0 || std::size_t(seat.index) >= seated.size()) continue;
    if (auto p = store_.find_player(*seat.player)) seated[std::size_t(seat.index)] = *p;
  }
  return Room::restore(host_, t, seated, clock_.now_ms());
}

Result<std::shared_ptr<Room>> Registry::adopt(const store::LiveTable& t) {
  auto room = restored(t);
  if (!room) return room.error();
  if (!(*room)->read_only_reason().empty())
    log::alarm() << "table " << t.table.id
                 << " is read-only, its match does not replay: " << (*room)->read_only_reason();
  std::lock_guard lock(mu_);
  auto [it, added] = rooms_.try_emplace(t.table.id, *room);
  if (added) order_.push_back(*room);
  return it->second;
}

int Registry::restore_all() {
  int restored = 0;
  for (const store::LiveTable& t : store_.load_live_tables()) {
    auto room = adopt(t);
    if (!room) {
      log::warn() << "table " << t.table.id << " not restored: " << room.error().message;
      continue;
    }
    ++restored;
  }
  return restored;
}

std::shared_ptr<Room> Registry::find_or_load(const std::string& id) {
  if (auto room = find(id)) return room;
  if (id.empty() || id.size() > 64) return nullptr;
  return load(id);
}

std::shared_ptr<Room> Registry::read(const std::string& id) {
  if (!leases_) return find_or_load(id);
  if (auto room = find(id)) return room;
  if (id.empty() || id.size() > 64) return nullptr;
  // Several nodes: replayed from the store as a restore would, without its
  // lease (as "your games" does). Taking the table would close its
  // players' sockets on its owner for a mere read.
  return from_store(id, false);
}

std::shared_ptr<Room> Registry::load(const std::string& id) {
  if (auto room = find(id)) return room;
  return from_store(id, true);
}

std::optional<store::LiveTable> Registry::live_table(const std::string& id) {
  std::optional<store::TableRecord> table = store_.find_table(id);
  if (!table) return std::nullopt;
  store::LiveTable live;
  live.table = std::move(*table);
  std::vector<store::MatchRecord> matches = store_.matches_of_table(id);
  if (!matches.empty()) {
    live.match = std::move(matches.back());
    live.games = store_.games_of_match(live.match->id);
    for (const store::GameRecord& g : live.games) {
      for (store::MoveRecord& m : store_.moves_of_game(live.match->id, g.number))
        live.moves.push_back(std::move(m));
    }
  }
  return live;
}

std::shared_ptr<Room> Registry::from_store(const std::string& id, bool keep) {
  std::optional<store::LiveTable> live = live_table(id);
  if (!live) return nullptr;
  auto room = keep ? adopt(*live) : restored(*live);
  if (!room) {
    log::warn() << "table " << id << (keep ? " cannot be loaded: " : " cannot be read: ")
                << room.error().message;
    return nullptr;
  }
  return *room;
}

std::shared_ptr<Room> Registry::open(const MakeRoom& make,
                                     const std::function<bool(store::Store&)>& check,
                                     const std::string& address) {
  const std::uint64_t seed = clock_.table_seed();
  std::shared_ptr<Room> room;
  bool refused = false;
  for (int attempt = 0; attempt < 5; ++attempt) {
    const std::string id = store::new_table_id();
    if (find(id)) continue;
    room = make(id, seed);
    try {
      committer_.write(
          [record = room->record(), leases = leases_, &check, &refused](store::Store& st) {
            if (check && !check(st)) {
              refused = true;
              return;
            }
            st.create_table(record);
            if (leases) leases->claim_new(st, record.id);  // created here, run here
          });
    } catch (const store::StoreError& e) {
      if (e.code() == store::StoreErrc::conflict) {
        room.reset();
        continue;
      }
      throw;
    }
    break;
  }
  if (!room || refused) return nullptr;
  {
    std::lock_guard lock(mu_);
    rooms_[room->id()] = room;
    order_.push_back(room);
    if (!address.empty()) opened_by_[room->id()] = address;
  }
  host_.table_changed();
  return room;
}

int Registry::open_from(const std::string& address) {
  // The rooms are asked outside mu_ (a room takes its own lock).
  std::vector<std::pair<std::string, std::shared_ptr<Room>>> made_here;
  {
    std::lock_guard lock(mu_);
    for (const auto& [table, by] : opened_by_) {
      auto it = rooms_.find(table);
      made_here.emplace_back(table, it == rooms_.end() ? nullptr : it->second);
    }
  }
  std::vector<std::string> gone;  // started, ended or left memory: not open any more
  std::vector<std::string> open;
  for (const auto& [table, room] : made_here)
    (!room || room->status() != "waiting" ? gone : open).push_back(table);
  std::lock_guard lock(mu_);
  for (const auto& table : gone) opened_by_.erase(table);
  return static_cast<int>(std::count_if(open.begin(), open.end(), [&](const std::string& table) {
    auto it = opened_by_.find(table);
    return it != opened_by_.end() && it->second == address;
  }));
}

void Registry::drop(const std::shared_ptr<Room>& room) {
  {
    std::lock_guard lock(mu_);
    auto it = rooms_.find(room->id());
    if (it != rooms_.end() && it->second == room) rooms_.erase(it);
    std::erase(order_, room);
  }
  host_.table_changed();
}

void Registry::sweep(std::int64_t now, std::int64_t keep_ms) {
  std::vector<std::shared_ptr<Room>> dropped;  // released outside the lock
  std::lock_guard lock(mu_);
  std::erase_if(order_, [&](const std::shared_ptr<Room>& room) {
    const std::int64_t over = room->finished_at();
    if (over == 0 || now - over < keep_ms || room->watchers() > 0) return false;
    rooms_.erase(room->id());
    dropped.push_back(room);
    return true;
  });
}

void Registry::renamed(std::int64_t player, const std::string& name) {
  for (const auto& room : rooms()) room->rename(player, name);
}

std::vector<std::shared_ptr<Room>> Registry::take_all() {
  std::vector<std::shared_ptr<Room>> rooms;
  std::lock_guard lock(mu_);
  rooms.swap(order_);
  rooms_.clear();
  opened_by_.clear();
  return rooms;
}

}  // namespace ft::server
