// The table's events on the wire (docs/protocol.md 5.3, 5.5): what each of
// the match library's events becomes, and the one envelope every event
// frame goes out in. Pure: the room decides when a frame is logged and sent.
#pragma once

#include <boost/json.hpp>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "server/tables/table_state.h"

namespace ft::server {

// The event frame of `event` at `version` (protocol.md 5.5), encoded once
// for every socket and the catch-up log.
std::shared_ptr<const std::string> event_frame(std::int64_t version, std::int64_t now,
                                               const boost::json::object& event);

// What the table draws from a match event before it is encoded: the game's
// sides and plies, its outcome and winning line. Call it, then event_json.
void follow(TableState& t, const match::EventBody& ev);

// The protocol event of a match event as the table now stands; nullopt for
// those that are no table event (clock updates; connection changes, which
// go out as presence frames). A match_over comes with "ratings": [] (see
// with_ratings).
std::optional<boost::json::object> event_json(const TableState& t, const match::EventBody& ev,
                                              std::int64_t now);

// The match_over body of protocol.md 5.3 with its rating changes.
boost::json::object with_ratings(boost::json::object match_over, boost::json::array ratings);

// The table's own events: it was created; a person sat down.
boost::json::object created_event(const TableState& t);
boost::json::object seated_event(const TableState& t, int seat);

// The four in a row game's winning line, as cell names (protocol.md 5.3);
// empty for other games and games without one.
boost::json::array winning_cells_json(const match::Match& m);

}  // namespace ft::server
