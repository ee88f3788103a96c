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
// passed on as they come, from whichever node published them.
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
  // `poll_ms`: how often the store is read for each stream. `events`: the
  // players' own events (challenges, ...), each passed on as a line to its
  // player's stream; it outlives this.
  BotEvents(store::Store& store, PlayerEvents& events, int poll_ms);
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
  // Whether `player` has an event stream open that declared `variant` (or
  // declared none); false with no stream open.
  bool plays(std::int64_t player, const std::string& variant) const;
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

  store::Store& store_;
  PlayerEvents& events_;
  const int poll_ms_;
  mutable std::mutex mu_;
  std::condition_variable wake_;
  std::map<std::int64_t, std::shared_ptr<Open>> by_token_;
  std::uint64_t next_serial_ = 1;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace ft::server
