// One match of the cluster test, played through nginx by two players and
// watched by two spectators: one through nginx (so on the table's node) and
// one connected directly to a node that does not run the table (served
// there from the bus, server/cluster/table_feed.h). Each client reconnects (a
// player resends its unacknowledged move with the same id) whenever its
// socket closes; the direct spectator then picks another living node that
// does not run the table, if there is one.
#pragma once

#include <atomic>
#include <boost/json.hpp>
#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "cluster/nodes.h"
#include "cluster/spectator_log.h"
#include "support/test_client.h"

namespace ft::test::cluster {

using Clock = std::chrono::steady_clock;

struct Guest {
  std::string cookie;
  std::int64_t id = 0;
};

// Seen by a client between losing its table and having its state again.
struct Outage {
  Clock::time_point lost;     // the socket failed (or the frame did not come)
  Clock::time_point resumed;  // a state of the table arrived again
};

class MatchRun {
 public:
  // A new table through nginx on `port`, created by the first guest.
  MatchRun(Nodes& nodes, int port, int index, std::int64_t pause_ms);
  // Plays the match to its end (a thread of its own); false with `error` set
  // if it could not.
  bool play();

  const std::string& table() const { return table_; }
  const Guest& a() const { return a_; }
  const Guest& b() const { return b_; }
  const std::vector<Acked>& acked() const { return acked_; }
  const std::vector<Outage>& outages() const { return outages_; }
  const std::string& error() const { return error_; }
  bool over() const { return over_; }
  // Every client of the table has had its first state (set by play()).
  bool started() const { return started_.load(); }
  // What the spectator through nginx saw (spectator_log.h).
  const SpectatorLog& spectator() const { return spectator_log_; }
  // What the spectator on another node saw.
  const SpectatorLog& remote() const { return remote_log_; }
  // The direct spectator's connections that got a state, and how many of
  // them while another node ran the table (checked in the store after it).
  int remote_connections() const { return remote_connections_; }
  int remote_elsewhere() const { return remote_elsewhere_; }
  // Its first connection was to a node that did not run the table.
  bool remote_first_elsewhere() const { return remote_first_elsewhere_; }
  const std::string& remote_error() const { return remote_error_; }

 private:
  struct Client {
    Guest guest;
    bool watch = false;
    std::unique_ptr<WsClient> ws;
    std::int64_t version = 0;
  };
  // (Re)connects `c` and says hello; returns its state frame. Retries until
  // `deadline`; throws when it passes.
  boost::json::object connect(Client& c, Clock::time_point deadline);
  boost::json::object connect(Client& c, Clock::time_point deadline, int port);
  void reconnect_all(Clock::time_point lost);
  // Game `number` > 1 after Ready from both; its first mover's seat.
  int start_game(int number);
  void play_game(int number, int first_mover);
  // The spectators' frames that have arrived, checked for order.
  void follow_spectator(bool wait_for_end);
  // The direct spectator: (re)connected to a living node other than the
  // owner; its frames read, and a closed socket reconnected.
  // `previous`: the socket it leaves, still open (read up to the new one's
  // first frame).
  void connect_remote(Clock::time_point deadline, std::unique_ptr<WsClient> previous = nullptr);
  // The direct spectator's thread, until it has the match_over event (or
  // remote_until_ passed); it reconnects whenever its socket closes.
  void watch_remote();
  bool play_match();

  Nodes& nodes_;
  int port_;
  int index_;
  std::int64_t pause_ms_;
  std::string table_;
  Guest a_, b_;
  Client players_[2];
  Client spectator_;
  Client remote_;
  int remote_node_ = 0;
  std::vector<Acked> acked_;
  std::vector<Outage> outages_;
  std::string error_;
  bool over_ = false;
  std::atomic<bool> started_{false};
  SpectatorLog spectator_log_;
  SpectatorLog remote_log_;
  int remote_connections_ = 0;
  int remote_elsewhere_ = 0;
  bool remote_first_elsewhere_ = false;
  bool remote_on_owner_ = false;  // no other node lived when it connected
  int remote_seen_changes_ = 0;   // Nodes::changes() then
  std::thread remote_watch_;
  // Set by play() once the players are done; until then, no end.
  std::atomic<Clock::time_point> remote_until_{Clock::time_point::max()};
  std::string remote_error_;  // the watcher found no node to watch from
};

}  // namespace ft::test::cluster
