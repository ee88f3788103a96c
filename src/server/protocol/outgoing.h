// Every frame the server sends on a WebSocket (docs/protocol.md section 5),
// one type each, and the one encoder that writes them: the only place a
// frame's "type" is written. web/src/protocol.ts is the mirror on the
// client's side (its serverMessage reader lists the same frames and
// fields); the golden frames under tests/server/golden/s2c are checked
// against both (tests/server/outgoing_test.cpp here, protocol.test.ts
// there). The views inside a frame (a table summary, a game, a match, the
// clocks, an event) are built by the tables wing and carried as JSON.
#pragma once

#include <boost/json.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "server/protocol/errors.h"

namespace ft::server {

inline constexpr int PROTOCOL_VERSION = 1;  // protocol.md: version 1

// A person as frames name them (protocol.md 5.1): "p_<number>" and the name.
struct WirePlayer {
  std::string id;
  std::string name;
};

// 5.1: the first frame on every socket.
struct WelcomeFrame {
  WirePlayer you;
  std::int64_t server_time = 0;
};

// 5.9: the answer to a ping, echoing its `t`.
struct PongFrame {
  std::int64_t t = 0;
  std::int64_t server_time = 0;
};

// 5.4: a move was played at `version`.
struct AckFrame {
  std::string id;
  std::int64_t version = 0;
};

// 5.7: an error is a ProtocolError (errors.h): its code, its words, the
// move's id and the table's version when it has them.
using ErrorFrame = ProtocolError;

// 5.6: who is connected, who watches, whether the absent may be claimed
// against. Also the state frame's "presence" (without "type").
struct Presence {
  std::vector<bool> connected;  // per seat: a socket open, or a computer
  std::int64_t spectators = 0;
  bool claimable = false;
  std::optional<std::int64_t> claim_at;  // null outside a game
};
using PresenceFrame = Presence;

// 5.2: the whole table for a client that joins or has missed too much.
struct StateFrame {
  std::int64_t version = 0;
  std::int64_t server_time = 0;
  boost::json::object table;  // the table summary (2.4)
  std::optional<int> seat;    // "you": the client's seat; none: it watches
  boost::json::object match;
  boost::json::value game;  // the current game (5.3), or null
  boost::json::object clocks;
  Presence presence;
};

// 5.5: one versioned event of the table; `event` is one of 5.3's kinds.
struct EventFrame {
  std::int64_t version = 0;
  std::int64_t server_time = 0;
  boost::json::object event;
};

// 5.8: the lobby's lists of table summaries.
struct LobbyFrame {
  boost::json::array open;
  boost::json::array live;
};

// 5.10: where a rematch offer stands (not versioned).
enum class RematchState : std::uint8_t { offered, declined, accepted };
struct RematchFrame {
  RematchState state = RematchState::offered;
  int by = 0;                        // the seat that acted last
  std::vector<bool> agreed;          // per seat
  std::optional<std::string> table;  // the new table once it is made
};

// 5.11: one of the player's own events (cluster/player_events.h), the
// event object's JSON text as it was published.
struct MyEventFrame {
  std::string event;
};

// The frame's text, as it goes on the wire (numbers by json_text). The
// frames holding views are taken by value: their views move into the text.
std::string encode(const WelcomeFrame& f);
std::string encode(const PongFrame& f);
std::string encode(const AckFrame& f);
std::string encode(const ErrorFrame& f);
std::string encode(const PresenceFrame& f);
std::string encode(StateFrame f);
std::string encode(EventFrame f);
std::string encode(LobbyFrame f);
std::string encode(const RematchFrame& f);
std::string encode(const MyEventFrame& f);

}  // namespace ft::server
