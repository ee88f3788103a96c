// The Bot API's view of a table (docs/bot-api.md, "A game's stream"): a bot's
// connection to a table is a Peer like a browser's socket, joined through
// the same hello and sent the same frames (protocol.md 5); these classes
// turn those frames into what the Bot API says. GameFeed writes a game
// stream's `gameFull` and `gameState` lines; TableCall carries one command
// (a move, Ready, a resignation) and collects the room's answer to it.
#pragma once

#include <boost/json.hpp>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>

#include "server/edge/net.h"

namespace ft::server {

// Peer ids of the Bot API's connections: far above the edge's, which count up from 1.
std::uint64_t next_bot_peer_id();

// The table's frames as the game stream's NDJSON lines: `gameFull` for a
// `state` frame, a `gameState` for every event that changes the game, the
// match or the clocks. Ends the stream when the table moves to another node
// (close_soon), so the bot opens it again and reaches the table there.
class GameFeed final : public Peer {
 public:
  GameFeed(Identity who, std::string table, std::shared_ptr<LineStream> out);
  using Peer::send;
  void send(std::shared_ptr<const std::string> frame) override;
  void close_soon() override;

 private:
  void on_state(const boost::json::object& frame);
  void on_event(const boost::json::object& event);
  // Whether this game_over event ends the match (a match_over follows it).
  bool ends_match(const boost::json::object& game_over) const;

  std::mutex mu_;  // frames come from the room's and the hub's threads
  std::string table_;
  std::shared_ptr<LineStream> out_;
  bool full_sent_ = false;
  boost::json::object summary_;
  boost::json::value seat_;
  boost::json::object match_;
  boost::json::object game_;
  boost::json::object clocks_;
  boost::json::array moves_;
};

// The `gameState` line of a game snapshot, match and clocks (bot-api.md).
boost::json::object game_state_json(const boost::json::object& game,
                                    const boost::json::array& moves,
                                    const boost::json::object& match,
                                    const boost::json::object& clocks);

// One command's connection: it joins the table (hello), then the caller
// sends the command and waits for the answer the room gives this peer.
class TableCall final : public Peer {
 public:
  explicit TableCall(Identity who) : Peer(std::move(who), next_bot_peer_id()) {}
  using Peer::send;
  void send(std::shared_ptr<const std::string> frame) override;
  void close_soon() override;

  // Waits (at most `timeout_ms`) for the catch-up after the hello: the
  // seat this player holds (-1: none), or nullopt on timeout or an error
  // (its code in `error_code`).
  std::optional<int> wait_joined(int timeout_ms);
  // After a command: the first `ack` or `error` frame since the hello,
  // waited for until `done()` was called (the room ran every command before
  // it) or `timeout_ms`.
  struct Answer {
    bool acked = false;
    std::string error_code;  // "" when none came
    std::string message;
    bool timed_out = false;
  };
  void done();
  Answer wait_answer(int timeout_ms);
  bool moved_away() const;

 private:
  mutable std::mutex mu_;
  std::condition_variable cv_;
  bool joined_ = false;
  int seat_ = -1;
  bool finished_ = false;
  bool moved_away_ = false;
  Answer answer_;
  bool answered_ = false;
};

}  // namespace ft::server
