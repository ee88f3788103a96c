// The position of a table for the lobby's live boards (the home
// page shows small boards of the matches being played, protocol.md 5.8).
#include "server/tables/room.h"

namespace ft::server {
namespace json = boost::json;

json::value Room::live_board() const {
  std::lock_guard lock(mu_);
  if (!t_.match || t_.match->game() == nullptr) return nullptr;
  json::array rows;
  for (const std::string& row : t_.match->game()->board_rows()) rows.push_back(json::string(row));
  return rows;
}

}  // namespace ft::server
