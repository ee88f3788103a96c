// How a table looks on the wire (docs/protocol.md 2.4, 2.7, 5.2-5.6): its
// summary, its game, its clocks, its match, its presence and the state frame
// a client gets on joining. Pure functions of the table's state; the room
// calls them under its lock.
#pragma once

#include <boost/json.hpp>
#include <cstdint>
#include <string>
#include <vector>

#include "server/protocol/outgoing.h"
#include "server/tables/table_state.h"

namespace ft::server {

std::string table_status(const TableState& t);  // waiting, playing, between_games, finished
// A match_over's "reason" (protocol.md 5.3): completed, timeout,
// resign_match, abandon, claim.
std::string match_over_reason(match::MatchEnd end);
boost::json::value player_json(const TableState& t, int seat);          // null for no person
boost::json::array score_json(const TableState& t);                     // match points per seat
boost::json::object summary_json(const TableState& t, int spectators);  // protocol.md 2.4

// The side (colour / piece) seat `seat` plays in a game whose sides belong
// to `side_team`; -1 if none.
int side_of_seat(const match::Match& m, const std::vector<int>& side_team, int seat);

// A finished game's outcome object (protocol.md 5.3).
boost::json::value outcome_json(const TableState& t, match::GameEnd end,
                                const rules::Outcome& outcome, int loser_team,
                                const std::vector<int>& side_team);
// The current game: board, sides, legal moves, outcome (protocol.md 5.3).
boost::json::object game_json(const TableState& t, bool with_moves);
boost::json::object clocks_json(const TableState& t, std::int64_t now);
boost::json::object match_json(const TableState& t, std::int64_t now);
// Who is connected and watching (protocol.md 5.6), for the presence frame
// and the state frame's "presence".
Presence presence_of(const TableState& t, std::int64_t now, int spectators);
// The whole table for a joining client (protocol.md 5.2); seat -1 watches.
StateFrame state_frame(const TableState& t, int seat, std::int64_t now, int spectators);
// Players (with sides) and outcome of game `number` (1-based) for
// protocol.md 2.7; null when there is no such finished game.
boost::json::value game_players_json(const TableState& t, int number, std::int64_t now);

}  // namespace ft::server
