// A named player on the wire (player_object.h).
#include "server/protocol/player_object.h"

#include <string>

namespace ft::server {

boost::json::object player_object(std::int64_t id, std::string_view name, bool bot) {
  return boost::json::object{{"id", "p_" + std::to_string(id)}, {"name", name}, {"bot", bot}};
}

}  // namespace ft::server
