// The bots' event streams (docs/bot-api.md, "Event stream"): one open
// stream per token (a second one ends the first), each told `gameStart`
// when a table of its bot is under way and `gameFinish` when it is no
// longer. The store is the source, read once a second for every stream by
// one thread: it holds the tables of every node, so a stream on any node
// sees its bot's tables wherever they run, and a stream opened again (a
// reconnecting bot) is told of every table still under way. Each poll also
// looks the token up again, so a revoked token's stream ends within a poll.
// The player's own events (PlayerEvents: `challenge`, `challengeCanceled`,
// `challengeDeclined`, a `gameStart` as a challenge is accepted) are
// passed on as they come, from whichever node published them; but a
// challenge to the bot in a variant its stream did not declare is held
// back and declined for it (reason `variant`) on this class's thread, so
// the check runs on the node of the bot's stream, wherever the challenge
// was sent.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "server/cluster/player_events.h"
#include "server/edge/net.h"
#include "store/store.h"

namespace ft::server {

class BotEvents {
 public:
  // Declines the open challenge `id` ("c_12") to `bot` with the reason
  // `variant`; run on this class's thread.
  using Decline = std::function<void(std::int64_t bot, const std::string& id)>;
  // `poll_ms`: how often the store is read for each stream. `events`: the
  // players' own events (challenges, ...), each passed on as a line to its
  // player's stream; it outlives this.
  BotEvents(store::Store& store, PlayerEvents& events, int poll_ms, Decline decline);
  ~BotEvents();
  BotEvents(const BotEvents&) = delete;
  BotEvents& operator=(const BotEvents&) = delete;

  struct Caller {
    std::int64_t player = 0;
    std::int64_t token_id = 0;
    std::string token;                  // the secret, to look it up again
    std::vector<std::string> variants;  // declared (X-Fourtable-Variants); empty: every one
  };
  // The answer that opens a stream for `caller`.
  std::shared_ptr<StreamAnswer> answer(Caller caller);
  // Shutdown: every stream ends.
  void close_all();

 private:
  struct Open {
    Caller caller;
    std::shared_ptr<LineStream> out;
    std::set<std::string> started;  // tables announced with gameStart
    std::uint64_t serial = 0;
    std::uint64_t subscription = 0;  // in events_, 0: none
  };
  void run();
  void poll(Open& s);
  // A player event for `s`'s stream: passed on, or a challenge to decline.
  void on_event(const std::shared_ptr<Open>& s, const std::string& event);
  void decline_waiting();

  store::Store& store_;
  PlayerEvents& events_;
  const int poll_ms_;
  const Decline decline_;
  mutable std::mutex mu_;
  std::condition_variable wake_;
  std::map<std::int64_t, std::shared_ptr<Open>> by_token_;
  std::uint64_t next_serial_ = 1;
  std::vector<std::pair<std::int64_t, std::string>> to_decline_;  // bot, challenge id
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace ft::server
