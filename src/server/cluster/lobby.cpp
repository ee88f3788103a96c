#include "server/cluster/lobby.h"

#include <string>
#include <unordered_map>

#include "server/cluster/cluster.h"
#include "server/protocol/outgoing.h"

namespace ft::server {
namespace json = boost::json;
namespace {

// protocol.md 2.5: one player's open tables fill at most this many lines
// of the lobby, so nobody's tables crowd out everyone else's.
constexpr std::size_t LOBBY_OPEN_PER_PLAYER = 3;

// The player on seat 0 (who made the table) of a table summary; "" if none.
std::string creator_of(const json::object& summary) {
  const json::array& seats = summary.at("seats").as_array();
  if (seats.empty()) return {};
  const json::value& p = seats.front().as_object().at("player");
  return p.is_object() ? std::string(p.as_object().at("id").as_string()) : std::string();
}

// `tables` (newest first) with at most `n` of each creator: the newest.
json::array keep_per_creator(json::array tables, std::size_t n) {
  std::unordered_map<std::string, std::size_t> seen;
  json::array kept;
  for (json::value& t : tables) {
    const std::string who = creator_of(t.as_object());
    if (!who.empty() && ++seen[who] > n) continue;
    kept.push_back(std::move(t));
  }
  return kept;
}

bool same_or_gone(const std::weak_ptr<Peer>& w, const std::shared_ptr<Peer>& peer) {
  auto p = w.lock();
  return !p || p == peer;
}

}  // namespace

bool has_free_seat(const json::object& summary) {
  for (const json::value& seat : summary.at("seats").as_array()) {
    const json::object& s = seat.as_object();
    if (s.at("player").is_null() && s.at("computer").is_null()) return true;
  }
  return false;
}

json::object Lobby::lists(bool own_only) const {
  constexpr std::size_t LIMIT = 100;
  constexpr std::size_t LIVE_BOARDS = 12;
  const std::vector<std::shared_ptr<Room>> rooms = tables_.rooms();
  json::array open;
  json::array live;
  for (auto it = rooms.rbegin(); it != rooms.rend(); ++it) {
    const Room& room = **it;
    if (!room.listed()) continue;
    const std::string status = room.status();
    if (status == "waiting" && open.size() < LIMIT) {
      json::object summary = room.summary();
      if (has_free_seat(summary)) open.push_back(std::move(summary));
    } else if ((status == "playing" || status == "between_games") && live.size() < LIMIT) {
      json::object entry = room.summary();
      // The home page draws the newest matches as small boards.
      if (live.size() < LIVE_BOARDS) entry["board"] = room.live_board();
      live.push_back(std::move(entry));
    }
    if (open.size() >= LIMIT && live.size() >= LIMIT) break;
  }
  if (cluster_ && !own_only) cluster_->merge_lobby(open, live);
  return json::object{{"open", keep_per_creator(std::move(open), LOBBY_OPEN_PER_PLAYER)},
                      {"live", std::move(live)}};
}

std::string Lobby::lobby_frame() const {
  json::object both = lists();
  return encode(
      LobbyFrame{std::move(both.at("open").as_array()), std::move(both.at("live").as_array())});
}

void Lobby::subscribe(const std::shared_ptr<Peer>& peer) {
  if (!peer->context.lobby) {
    peer->context.lobby = true;
    std::lock_guard lock(mu_);
    subs_.push_back(peer);
  }
  peer->send(lobby_frame());
}

void Lobby::unsubscribe(const std::shared_ptr<Peer>& peer) {
  if (!peer->context.lobby) return;
  peer->context.lobby = false;
  std::lock_guard lock(mu_);
  std::erase_if(subs_, [&](const std::weak_ptr<Peer>& w) { return same_or_gone(w, peer); });
}

void Lobby::send_if_changed(std::int64_t now_ms) {
  if (!dirty_ || now_ms - sent_ms_ < 1000) return;
  sent_ms_ = now_ms;
  dirty_ = false;
  std::vector<std::shared_ptr<Peer>> subs;
  {
    std::lock_guard lock(mu_);
    std::erase_if(subs_, [](const std::weak_ptr<Peer>& w) { return w.expired(); });
    for (const auto& w : subs_)
      if (auto p = w.lock()) subs.push_back(std::move(p));
  }
  if (subs.empty()) return;
  auto frame = std::make_shared<const std::string>(lobby_frame());
  for (const auto& p : subs) p->send(frame);
}

void Lobby::clear() {
  std::lock_guard lock(mu_);
  subs_.clear();
}

}  // namespace ft::server
