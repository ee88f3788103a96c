// What one spectator of the cluster test saw, checked as it arrives
// (docs/protocol.md 4.1): a state, then only events whose version follows
// the last one (a gap only ever filled by a new state), each move seen at
// its ply, up to the match_over. The moves seen are compared with the
// players' acknowledged ones once the match is over.
#pragma once

#include <boost/json.hpp>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace ft::test::cluster {

struct Acked {
  int game = 0;  // 1-based, as stored
  int ply = 0;
  std::string move;
};

class SpectatorLog {
 public:
  // A frame the spectator received (any type; only state and event count).
  void frame(const boost::json::object& f);
  // The moves seen against the acknowledged ones: each seen move is the one
  // acknowledged at its ply, and the last game was seen whole.
  void check_moves(const std::vector<Acked>& acked);

  std::int64_t version() const { return version_; }
  bool saw_end() const { return saw_end_; }
  // The match_over came as an event (live), not in a state after a reconnect.
  bool saw_end_event() const { return end_event_; }
  bool ok() const { return ok_ && saw_end_; }
  std::string problem() const { return saw_end_ ? problem_ : problem_ + " no match_over seen;"; }
  int events() const { return events_; }  // taken in order
  int states() const { return states_; }
  int moves_by_event() const { return moved_; }
  // What came, for a failure's message: "s12" a state at version 12, "e13"
  // an event, "+" a new connection.
  const std::string& trace() const { return trace_; }
  void connected(int node, int owner) {
    trace_ += " +" + std::to_string(node) + "/" + std::to_string(owner);
  }

 private:
  void fail(const std::string& what);

  std::int64_t version_ = 0;
  bool ok_ = true;
  bool saw_end_ = false;
  bool end_event_ = false;
  int moved_ = 0;
  std::string problem_;
  std::string trace_;
  int events_ = 0;
  int states_ = 0;
  std::map<int, std::vector<std::string>> moves_;  // game number -> moves seen
};

}  // namespace ft::test::cluster
