// One match of the cluster test, played through nginx by two players and
// watched by a spectator, each a client that reconnects (and resends its
// unacknowledged move with the same id) whenever its socket closes.
#pragma once

#include <atomic>
#include <boost/json.hpp>
#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

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

struct Acked {
  int game = 0;  // 1-based, as stored
  int ply = 0;
  std::string move;
};

class MatchRun {
 public:
  // A new table through nginx on `port`, created by the first guest.
  MatchRun(int port, int index, std::int64_t pause_ms);
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
  // The spectator saw every event once, in order (a gap only ever followed
  // by a full state), up to and with the match_over.
  bool spectator_in_order() const { return spectator_ok_ && spectator_saw_end_; }
  const std::string& spectator_problem() const { return spectator_problem_; }

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
  void reconnect_all(Clock::time_point lost);
  // Game `number` > 1 after Ready from both; its first mover's seat.
  int start_game(int number);
  void play_game(int number, int first_mover);
  // The spectator's frames that have arrived, checked for order.
  void follow_spectator(bool wait_for_end);
  void spectator_frame(const boost::json::object& f);

  int port_;
  int index_;
  std::int64_t pause_ms_;
  std::string table_;
  Guest a_, b_;
  Client players_[2];
  Client spectator_;
  std::vector<Acked> acked_;
  std::vector<Outage> outages_;
  std::string error_;
  bool over_ = false;
  std::atomic<bool> started_{false};
  bool spectator_ok_ = true;
  bool spectator_saw_end_ = false;
  std::string spectator_problem_;
};

}  // namespace ft::test::cluster
