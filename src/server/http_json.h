// The JSON answers of the HTTP API (docs/protocol.md 2), shared by the files
// that implement its endpoints (http_api.cpp, http_players.cpp).
#pragma once

#include <boost/json.hpp>
#include <cstdint>
#include <string>
#include <string_view>

#include "server/net.h"

namespace ft::server {

HttpResponse json_response(int status, const boost::json::value& body);
// {"error": {"code": ..., "message": ...}} with `status`.
HttpResponse error(int status, std::string_view code, std::string message);
// {"id": "p_17", "name": ...}
boost::json::object player_object(std::int64_t id, std::string_view name);
// "p_17" -> 17; 0 when it is not a player id.
std::int64_t parse_player_id(std::string_view id);

}  // namespace ft::server
