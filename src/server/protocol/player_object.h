// A player as every answer and frame names one (docs/protocol.md 2.4, "A
// player named"): {"id": "p_17", "name": ..., "bot": false}. One writer for
// the HTTP answers (lobby, profiles, records, leaderboard, challenges) and
// the table's views (summary, state, seated), so the name never goes out
// without the flag that says whether a bot account bears it.
#pragma once

#include <boost/json.hpp>
#include <cstdint>
#include <string_view>

namespace ft::server {

boost::json::object player_object(std::int64_t id, std::string_view name, bool bot);

}  // namespace ft::server
