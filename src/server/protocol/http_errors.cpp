#include "server/protocol/http_errors.h"

#include <array>
#include <cstddef>

#include "common/name_table.h"

namespace ft::server {
namespace {

// One row per code: its name and its status, written once.
struct HttpErrorRow {
  HttpError code;
  std::string_view name;
  int status;
};

// clang-format off
constexpr std::array<HttpErrorRow, HTTP_ERROR_COUNT> HTTP_ERRORS{{
    {HttpError::bad_json, "bad_json", 400},
    {HttpError::bad_settings, "bad_settings", 400},
    {HttpError::bad_start, "bad_start", 400},
    {HttpError::bad_name, "bad_name", 400},
    {HttpError::bad_moves, "bad_moves", 400},
    {HttpError::bad_query, "bad_query", 400},
    {HttpError::bad_password, "bad_password", 400},
    {HttpError::bad_format, "bad_format", 400},
    {HttpError::bad_filter, "bad_filter", 400},
    {HttpError::bad_description, "bad_description", 400},
    {HttpError::bad_scopes, "bad_scopes", 400},
    {HttpError::illegal_move, "illegal_move", 400},
    {HttpError::cannot_challenge_self, "cannot_challenge_self", 400},
    {HttpError::bad_reason, "bad_reason", 400},
    {HttpError::wrong_login, "wrong_login", 401},
    {HttpError::wrong_password, "wrong_password", 401},
    {HttpError::not_logged_in, "not_logged_in", 401},
    {HttpError::no_token, "no_token", 401},
    {HttpError::bad_token, "bad_token", 401},
    {HttpError::cross_site, "cross_site", 403},
    {HttpError::origin_refused, "origin_refused", 403},
    {HttpError::session_only, "session_only", 403},
    {HttpError::missing_scope, "missing_scope", 403},
    {HttpError::not_bot, "not_bot", 403},
    {HttpError::not_your_table, "not_your_table", 403},
    {HttpError::not_yours, "not_yours", 403},
    {HttpError::not_found, "not_found", 404},
    {HttpError::not_played, "not_played", 404},
    {HttpError::unknown_pool, "unknown_pool", 404},
    {HttpError::unknown_variant, "unknown_variant", 404},
    {HttpError::unknown_theme, "unknown_theme", 404},
    {HttpError::unknown_puzzle, "unknown_puzzle", 404},
    {HttpError::method_not_allowed, "method_not_allowed", 405},
    {HttpError::has_password, "has_password", 409},
    {HttpError::no_password, "no_password", 409},
    {HttpError::name_taken, "name_taken", 409},
    {HttpError::too_many_tables, "too_many_tables", 409},
    {HttpError::too_many_tokens, "too_many_tokens", 409},
    {HttpError::already_bot, "already_bot", 409},
    {HttpError::has_games, "has_games", 409},
    {HttpError::bot_not_allowed, "bot_not_allowed", 403},
    {HttpError::already_waiting, "already_waiting", 409},
    {HttpError::already_paired, "already_paired", 409},
    {HttpError::not_your_turn, "not_your_turn", 409},
    {HttpError::not_now, "not_now", 409},
    {HttpError::no_free_seat, "no_free_seat", 409},
    {HttpError::too_many_challenges, "too_many_challenges", 409},
    {HttpError::challenge_accepted, "challenge_accepted", 409},
    {HttpError::challenge_declined, "challenge_declined", 409},
    {HttpError::challenge_canceled, "challenge_canceled", 409},
    {HttpError::challenge_expired, "challenge_expired", 409},
    {HttpError::body_too_large, "body_too_large", 413},
    {HttpError::unsupported_media_type, "unsupported_media_type", 415},
    {HttpError::guest_rate_limited, "guest_rate_limited", 429},
    {HttpError::login_rate_limited, "login_rate_limited", 429},
    {HttpError::rate_limited, "rate_limited", 429},
    {HttpError::too_many_sockets, "too_many_sockets", 429},
    {HttpError::too_many_streams, "too_many_streams", 429},
    {HttpError::headers_too_large, "headers_too_large", 431},
    {HttpError::server_error, "server_error", 500},
    {HttpError::unavailable, "unavailable", 503},
    {HttpError::table_busy, "table_busy", 503},
}};
// clang-format on

// Row i is the enum's value i, so a code's row is found by its number, and
// every status is an error's.
constexpr bool rows_in_order() {
  for (std::size_t i = 0; i < HTTP_ERRORS.size(); ++i) {
    if (static_cast<std::size_t>(HTTP_ERRORS[i].code) != i) return false;
    if (HTTP_ERRORS[i].status < 400 || HTTP_ERRORS[i].status > 599) return false;
  }
  return true;
}
static_assert(rows_in_order());

// The names read both ways through the project's name table, which also
// refuses (does not compile) a code or a name written twice.
constexpr auto HTTP_ERROR_NAMES = [] {
  std::array<EnumName<HttpError>, HTTP_ERROR_COUNT> names{};
  for (std::size_t i = 0; i < HTTP_ERRORS.size(); ++i) {
    names[i] = {HTTP_ERRORS[i].code, HTTP_ERRORS[i].name};
  }
  return NameTable<HttpError, HTTP_ERROR_COUNT>(names);
}();

// A value cast from a number that is no code is a fault: answered as one.
const HttpErrorRow& row(HttpError code) {
  const auto i = static_cast<std::size_t>(code);
  return i < HTTP_ERRORS.size() ? HTTP_ERRORS[i]
                                : HTTP_ERRORS[static_cast<std::size_t>(HttpError::server_error)];
}

}  // namespace

std::string_view http_error_name(HttpError code) {
  return row(code).name;
}

int http_error_status(HttpError code) {
  return row(code).status;
}

std::optional<HttpError> http_error_from_name(std::string_view name) {
  return HTTP_ERROR_NAMES.value(name);
}

}  // namespace ft::server
