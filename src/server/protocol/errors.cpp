#include "server/protocol/errors.h"

#include "common/name_table.h"
#include "match/match.h"

namespace ft::server {

// clang-format off
constexpr auto WS_ERROR_NAMES = name_table<WsError>({
    {WsError::malformed_json, "malformed_json"}, {WsError::unknown_type, "unknown_type"},
    {WsError::bad_message, "bad_message"}, {WsError::frame_too_large, "frame_too_large"},
    {WsError::rate_limited, "rate_limited"}, {WsError::not_joined, "not_joined"},
    {WsError::no_such_table, "no_such_table"}, {WsError::not_seated, "not_seated"},
    {WsError::not_your_turn, "not_your_turn"}, {WsError::illegal_move, "illegal_move"},
    {WsError::stale_version, "stale_version"}, {WsError::not_now, "not_now"},
    {WsError::server_error, "server_error"}, {WsError::table_unavailable, "table_unavailable"},
    {WsError::match_not_over, "match_not_over"}, {WsError::rematch_offered, "rematch_offered"},
    {WsError::no_rematch_offer, "no_rematch_offer"}, {WsError::rematch_declined, "rematch_declined"}});
// clang-format on
static_assert(WS_ERROR_NAMES.size() == WS_ERROR_COUNT);

// The table's texts are string literals, so .data() ends with a NUL.
const char* ws_error_name(WsError code) {
  return WS_ERROR_NAMES.text(code, "server_error").data();
}

std::optional<WsError> ws_error_from_name(std::string_view name) {
  return WS_ERROR_NAMES.value(name);
}

WsError ws_error_of(match::Refusal refusal) {
  switch (refusal) {
    case match::Refusal::not_your_turn:
      return WsError::not_your_turn;
    case match::Refusal::illegal_move:
      return WsError::illegal_move;
    case match::Refusal::not_now:
      return WsError::not_now;
    // No code of their own in protocol.md 5.7: a seat or a value the room
    // never sends (it sends only its seats; messages.cpp checks the piece),
    // and a next game the match could not set up. not_now, what clients
    // have always been told when the match refused.
    case match::Refusal::no_such_seat:
    case match::Refusal::bad_input:
    case match::Refusal::internal:
      return WsError::not_now;
    case match::Refusal::none:  // not a refusal: a fault if it reaches a client
      break;
  }
  return WsError::server_error;
}

}  // namespace ft::server
