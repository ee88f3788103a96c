#include "server/errors.h"

namespace ft::server {

const char* ws_error_name(WsError code) {
  switch (code) {
    case WsError::malformed_json:
      return "malformed_json";
    case WsError::unknown_type:
      return "unknown_type";
    case WsError::bad_message:
      return "bad_message";
    case WsError::frame_too_large:
      return "frame_too_large";
    case WsError::rate_limited:
      return "rate_limited";
    case WsError::not_joined:
      return "not_joined";
    case WsError::no_such_table:
      return "no_such_table";
    case WsError::not_seated:
      return "not_seated";
    case WsError::not_your_turn:
      return "not_your_turn";
    case WsError::illegal_move:
      return "illegal_move";
    case WsError::stale_version:
      return "stale_version";
    case WsError::not_now:
      return "not_now";
    case WsError::server_error:
      return "server_error";
    case WsError::table_unavailable:
      return "table_unavailable";
    case WsError::match_not_over:
      return "match_not_over";
    case WsError::rematch_offered:
      return "rematch_offered";
    case WsError::no_rematch_offer:
      return "no_rematch_offer";
    case WsError::rematch_declined:
      return "rematch_declined";
  }
  return "server_error";
}

}  // namespace ft::server
