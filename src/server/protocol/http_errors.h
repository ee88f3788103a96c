// The error codes of the HTTP API (docs/protocol.md 2, the list after "HTTP
// error codes:"; origin_refused is section 3's): one enum, each code with its
// one name on the wire and its one status, so that a handler names the kind
// of refusal and never writes a code or a status by hand. The WebSocket
// codes are errors.h's.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace ft::server {

enum class HttpError : std::uint8_t {
  bad_json,                // 400: the body is not a JSON object
  bad_settings,            // 400
  bad_start,               // 400: a `start` move that cannot be played (2.3)
  bad_name,                // 400
  bad_moves,               // 400: a move of the analysis board (2.17)
  bad_query,               // 400: a query parameter out of its form or range
  bad_password,            // 400 (2.12)
  bad_format,              // 400: export (2.7, 2.13)
  bad_filter,              // 400: export (2.13)
  bad_description,         // 400: a token's description (bot-api.md)
  bad_scopes,              // 400: a token's scopes (bot-api.md)
  illegal_move,            // 400: a bot's move the rules refuse (bot-api.md)
  cannot_challenge_self,   // 400: a challenge to oneself (bot-api.md)
  bad_reason,              // 400: a decline's reason is not one of the keys (bot-api.md)
  wrong_login,             // 401 (2.12)
  wrong_password,          // 401 (2.12)
  not_logged_in,           // 401 (2.12)
  no_token,                // 401: a route that takes only a token, called without one (bot-api.md)
  bad_token,               // 401: Authorization not a Bearer token, or one unknown or revoked
  cross_site,              // 403: a state-changing request from another site
  origin_refused,          // 403: a WebSocket handshake from another origin (3)
  session_only,            // 403: a route a token may not call (bot-api.md)
  missing_scope,           // 403: the token lacks the scope the route needs (bot-api.md)
  not_bot,                 // 403: a Bot API game endpoint for an account that is no bot
  not_your_table,          // 403: a bot's command at a table where it holds no seat
  not_yours,               // 403: the wrong side's answer to a challenge (bot-api.md)
  not_found,               // 404
  not_played,              // 404: a game lost unplayed with its match (2.7)
  unknown_pool,            // 404: no pool of that id (2.19)
  unknown_variant,         // 404: a variant the puzzle collection has none of (2.21)
  unknown_theme,           // 404: a theme no puzzle of the variant has (2.21)
  unknown_puzzle,          // 404: an id the puzzle collection does not hold (2.21)
  method_not_allowed,      // 405, with Allow
  has_password,            // 409 (2.12)
  no_password,             // 409 (2.12)
  name_taken,              // 409
  too_many_tables,         // 409 (2.3)
  too_many_tokens,         // 409: the account holds the most tokens it may (bot-api.md)
  already_bot,             // 409: upgrade of a bot (bot-api.md)
  has_games,               // 409: upgrade of an account that sat at a table (bot-api.md)
  bot_not_allowed,         // 403: a bot asking to wait in a pool (protocol.md 2.19)
  already_waiting,         // 409: the player waits in another pool (2.19)
  already_paired,          // 409: a cancel after the pairing; the body names the table (2.19)
  not_your_turn,           // 409: a bot's move while another seat is to move
  not_now,                 // 409: a bot's command the match does not take now (game over, ...)
  no_free_seat,            // 409: a bot's join of a table without a free seat
  too_many_challenges,     // 409: the challenger has the most open challenges (bot-api.md)
  challenge_accepted,      // 409: an answer to a challenge that ended so (bot-api.md)
  challenge_declined,      // 409
  challenge_canceled,      // 409
  challenge_expired,       // 409
  body_too_large,          // 413
  unsupported_media_type,  // 415
  guest_rate_limited,      // 429 (section 1)
  login_rate_limited,      // 429 (2.12)
  rate_limited,            // 429: the per-address bucket of /api/ and WebSocket opens
  too_many_sockets,        // 429: the address holds --ws-per-address sockets (3)
  too_many_streams,        // 429: the bot holds the most game streams it may (bot-api.md)
  headers_too_large,       // 431
  server_error,            // 500
  unavailable,             // 503: the store is not reachable just now
  table_busy,              // 503: a bot's command the table did not answer in time (moving nodes)
};
inline constexpr int HTTP_ERROR_COUNT = 62;

// "bad_json", ...: the code as the body's error.code carries it.
std::string_view http_error_name(HttpError code);
// 400, ...: the status every answer with this code has.
int http_error_status(HttpError code);
std::optional<HttpError> http_error_from_name(std::string_view name);

}  // namespace ft::server
