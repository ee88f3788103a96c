// BotEvents (bot_events.h): the event streams and the thread that reads
// the store for them.
#include "server/http/bot_events.h"

#include <algorithm>
#include <boost/json.hpp>
#include <chrono>

#include "server/protocol/log.h"
#include "server/protocol/plain_json.h"

namespace ft::server {
namespace json = boost::json;
namespace {

json::object game_json(const store::TableRecord& t, std::int64_t player) {
  json::array seats;
  int mine = -1;
  for (std::size_t i = 0; i < t.seats.size(); ++i) {
    const store::Seat& s = t.seats[i];
    if (s.player == player) mine = int(i);
    json::object seat{{"seat", int(i)}};
    seat["player"] = s.player ? json::value("p_" + std::to_string(*s.player)) : nullptr;
    seat["computer"] = s.bot_level > 0 ? json::value(s.bot_level) : nullptr;
    seats.push_back(std::move(seat));
  }
  return json::object{{"id", t.id},       {"variant", t.variant},
                      {"rated", t.rated}, {"seat", mine},
                      {"seats", seats},   {"stream", "/api/bot/game/stream/" + t.id}};
}

// The id of `event` when it is an open challenge to `caller` in a variant
// its stream did not declare (an empty list declares every one); "" else.
std::string unplayed_challenge(const std::string& event, const BotEvents::Caller& caller) {
  if (caller.variants.empty() || event.find("\"challenge\"") == std::string::npos) return {};
  boost::system::error_code ec;
  const json::value v = json::parse(event, ec);
  if (ec || !v.is_object() || v.as_object().if_contains("type") == nullptr ||
      v.at("type") != "challenge")
    return {};
  const json::value* c = v.as_object().if_contains("challenge");
  if (c == nullptr || !c->is_object()) return {};
  const json::object& o = c->as_object();
  const json::value* to = o.if_contains("destUser");
  const json::value* variant = o.if_contains("variant");
  const json::value* status = o.if_contains("status");
  if (to == nullptr || !to->is_object() || variant == nullptr || !variant->is_string() ||
      status == nullptr || *status != "open" || !o.contains("id"))
    return {};
  const json::value* dest = to->as_object().if_contains("id");
  if (dest == nullptr || !dest->is_string() ||
      dest->as_string() != "p_" + std::to_string(caller.player))
    return {};
  const auto& declared = caller.variants;
  if (std::find(declared.begin(), declared.end(), std::string(variant->as_string())) !=
      declared.end())
    return {};
  return std::string(o.at("id").as_string());
}

}  // namespace

BotEvents::BotEvents(store::Store& store, PlayerEvents& events, int poll_ms, Decline decline)
    : store_(store),
      events_(events),
      poll_ms_(poll_ms),
      decline_(std::move(decline)),
      thread_([this] { run(); }) {}

BotEvents::~BotEvents() {
  close_all();
  {
    std::lock_guard lock(mu_);
    stopping_ = true;
  }
  wake_.notify_all();
  thread_.join();
}

std::shared_ptr<StreamAnswer> BotEvents::answer(Caller caller) {
  auto open = std::make_shared<Open>();
  open->caller = std::move(caller);
  auto a = std::make_shared<StreamAnswer>();
  a->opened = [this, open](std::shared_ptr<LineStream> out) {
    std::shared_ptr<Open> before;
    {
      std::lock_guard lock(mu_);
      open->out = std::move(out);
      open->serial = next_serial_++;
      auto& slot = by_token_[open->caller.token_id];
      before = std::exchange(slot, open);
    }
    // One stream per token: the newer one wins, so a bot whose old
    // connection died unseen is never locked out by it.
    if (before && before->out) {
      before->out->send(json_text(json::object{
          {"type", "error"},
          {"error",
           json::object{{"code", "stream_replaced"},
                        {"message", "another event stream was opened with this token"}}}}));
      before->out->close();
    }
    wake_.notify_all();  // the first poll now: the games under way at once
    // The player's events, as lines; the handler holds the stream weakly.
    std::weak_ptr<Open> weak = open;
    const std::uint64_t sub =
        events_.subscribe(open->caller.player, [this, weak](const std::string& event) {
          if (auto o = weak.lock(); o && o->out) on_event(o, event);
        });
    std::lock_guard lock(mu_);
    open->subscription = sub;
  };
  a->closed = [this, open] {
    std::uint64_t sub = 0;
    {
      std::lock_guard lock(mu_);
      sub = std::exchange(open->subscription, 0);
      auto it = by_token_.find(open->caller.token_id);
      if (it != by_token_.end() && it->second == open) by_token_.erase(it);
    }
    if (sub != 0) events_.unsubscribe(sub);
  };
  return a;
}

void BotEvents::on_event(const std::shared_ptr<Open>& s, const std::string& event) {
  std::string id = unplayed_challenge(event, s->caller);
  if (id.empty()) {
    s->out->send(event);
    return;
  }
  // Declined on this class's thread: the handler runs on the publisher's
  // (or the bus's) and must stay short (player_events.h).
  {
    std::lock_guard lock(mu_);
    to_decline_.emplace_back(s->caller.player, std::move(id));
  }
  wake_.notify_all();
}

void BotEvents::decline_waiting() {
  std::vector<std::pair<std::int64_t, std::string>> todo;
  {
    std::lock_guard lock(mu_);
    todo.swap(to_decline_);
  }
  for (const auto& [bot, id] : todo) {
    try {
      decline_(bot, id);
    } catch (const std::exception& e) {
      log::warn() << "declining " << id << " for p_" << bot << ": " << e.what();
    }
  }
}

void BotEvents::close_all() {
  std::map<std::int64_t, std::shared_ptr<Open>> all;
  {
    std::lock_guard lock(mu_);
    all.swap(by_token_);
  }
  for (auto& [token, s] : all)
    if (s->out) s->out->close();
}

void BotEvents::run() {
  std::unique_lock lock(mu_);
  while (!stopping_) {
    std::vector<std::shared_ptr<Open>> streams;
    for (const auto& [token, s] : by_token_) streams.push_back(s);
    lock.unlock();
    decline_waiting();
    for (const auto& s : streams) {
      try {
        poll(*s);
      } catch (const std::exception& e) {
        log::warn() << "event stream of p_" << s->caller.player << ": " << e.what();
      }
    }
    lock.lock();
    if (to_decline_.empty()) wake_.wait_for(lock, std::chrono::milliseconds(poll_ms_));
  }
}

void BotEvents::poll(Open& s) {
  if (!store_.find_api_token(s.caller.token)) {
    s.out->send(json_text(json::object{
        {"type", "error"},
        {"error", json::object{{"code", "bad_token"}, {"message", "this token was revoked"}}}}));
    s.out->close();
    return;
  }
  store::TableQuery mine;
  mine.listed_only = false;
  mine.statuses = {store::TableStatus::playing};
  mine.player = s.caller.player;
  mine.limit = 50;
  std::set<std::string> now;
  for (const store::TableRecord& t : store_.list_tables(mine)) {
    now.insert(t.id);
    if (s.started.insert(t.id).second)
      s.out->send(
          json_text(json::object{{"type", "gameStart"}, {"game", game_json(t, s.caller.player)}}));
  }
  for (auto it = s.started.begin(); it != s.started.end();) {
    if (now.contains(*it)) {
      ++it;
      continue;
    }
    s.out->send(
        json_text(json::object{{"type", "gameFinish"}, {"game", json::object{{"id", *it}}}}));
    it = s.started.erase(it);
  }
}

}  // namespace ft::server
