// The error codes of docs/protocol.md 5.7: one stable name per kind of bad
// input, so that clients and tests branch on the code, never on the message.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace ft::match {
enum class Refusal : std::uint8_t;  // match/match.h: why the match refused a call
}

namespace ft::server {

enum class WsError : std::uint8_t {
  malformed_json,
  unknown_type,
  bad_message,
  frame_too_large,
  rate_limited,
  not_joined,
  no_such_table,
  not_seated,
  not_your_turn,
  illegal_move,
  stale_version,
  not_now,
  server_error,
  table_unavailable,  // a stored table that could not be replayed: read-only (protocol.md 6)
  // Rematch (protocol.md 4.9): each refusal its own code, so a client can say why.
  match_not_over,    // a rematch while the match is still on
  rematch_offered,   // this seat has offered (or accepted) already
  no_rematch_offer,  // accept or decline with no offer from another seat
  rematch_declined,  // the rematch of this table was declined
};
inline constexpr int WS_ERROR_COUNT = 18;

const char* ws_error_name(WsError code);  // "malformed_json", ...
std::optional<WsError> ws_error_from_name(std::string_view name);

// The code of a command the match refused, by the match's reason: the one
// place the room turns a match::Refusal into what the client is told.
WsError ws_error_of(match::Refusal refusal);

// One error frame's content.
struct ProtocolError {
  WsError code = WsError::bad_message;
  std::string message;
  std::string id;                       // the move's id, when there was one
  std::optional<std::int64_t> version;  // the table's version, for stale_version
};

}  // namespace ft::server
