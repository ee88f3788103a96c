// The one parse point of the WebSocket protocol (docs/protocol.md section 4):
// a text frame becomes exactly one typed client message or one ProtocolError.
// Nothing else in the server reads client JSON.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "server/protocol/errors.h"

namespace ft::server {

inline constexpr std::size_t MAX_FRAME_BYTES = 4096;  // protocol.md 3
inline constexpr std::size_t MAX_MOVE_ID = 32;

struct HelloMsg {
  std::string table;
  std::int64_t since = 0;
  bool watch = false;
};
struct LobbyMsg {};
struct MoveMsg {
  std::string id;
  std::string move;
  std::optional<std::int64_t> version;
  std::optional<std::int64_t> think_ms;
};
struct ReadyMsg {};
struct ResignGameMsg {};
struct ResignMatchMsg {};
struct ClaimMsg {};
struct ChoosePieceMsg {
  int piece = 0;  // RULES.md B2: 0 cross, 1 circle
};
// protocol.md 4.9: after a match, a new one with the same settings.
enum class RematchAction : std::uint8_t { offer, accept, decline };
struct RematchMsg {
  RematchAction action = RematchAction::offer;
};
struct PingMsg {
  std::int64_t t = 0;
};
// protocol.md 4.10: this socket also carries its player's own events
// (challenges, games starting), whatever table or lobby it shows.
struct MyEventsMsg {};

using ClientMessage =
    std::variant<HelloMsg, LobbyMsg, MoveMsg, ReadyMsg, ResignGameMsg, ResignMatchMsg, ClaimMsg,
                 PingMsg, ChoosePieceMsg, RematchMsg, MyEventsMsg>;

using Parsed = std::variant<ClientMessage, ProtocolError>;

Parsed parse_client_frame(std::string_view frame);

// The `id` of a frame that is a `move` with a readable id, else "": for an
// error answered before the frame is handled (rate_limited), so the client
// can tell which move was dropped (protocol.md 5.7).
std::string move_id_of(std::string_view frame);

// The `type` string of a message, as on the wire.
const char* message_type(const ClientMessage& message);

}  // namespace ft::server
