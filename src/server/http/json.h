// Pieces every file of the HTTP API uses (api.cpp and the one file per
// resource): JSON answers, the error shape of docs/protocol.md 2 (its codes
// are protocol/http_errors.h's), player ids and query parameters.
#pragma once

#include <boost/json.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "server/edge/net.h"
#include "server/protocol/http_errors.h"
#include "server/protocol/player_object.h"
#include "server/protocol/settings.h"
#include "store/records.h"

namespace ft::server {

HttpResponse json_response(int status, const boost::json::value& body);
// {"error": {"code": <code's name>, "message": message}} with the code's
// status (protocol/http_errors.h).
HttpResponse error(HttpError code, std::string message);
// "p_17" -> 17; 0 when it is not a player id.
std::int64_t parse_player_id(std::string_view id);

// The table settings of a request's JSON body (protocol.md 2.3), or the
// answer that refuses it: bad_json, bad_start (an illegal start move),
// bad_settings. A new table and a challenge read them alike.
std::variant<TableSettings, HttpResponse> settings_of(const HttpRequest& request);

// The parameters of a target's query string, percent-decoded ('+' is a
// space), in order; nullopt when an escape is malformed.
std::optional<std::vector<std::pair<std::string, std::string>>> query_params(
    std::string_view target);

// What a finished game's JSON (protocol.md 2.7, 2.13) says of its board and
// result besides the moves: `setup`, `result`, `result_by` (whose points
// `result` lists: "seat", or "team" for games stored before migration 011)
// and `colours` (each seat's side by name, null when not known).
void add_result_fields(boost::json::object& o, const store::GameRecord& g);

}  // namespace ft::server
