// What a table is at one moment: its seats, its match and what the room has
// drawn from the match's events so far (the current game's sides, plies and
// outcome, the match's result). The room owns one and changes it only while
// it handles a command; the event encoder (room_events.h), the table's views
// (table_json.h) and its store writes (table_writes.h) read it.
#pragma once

#include <boost/json.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "match/match.h"
#include "server/protocol/settings.h"

namespace ft::server {

struct SeatInfo {
  std::int64_t player = 0;  // 0: empty or a computer
  std::string name;
  bool bot = false;          // a bot account's seat (protocol.md 2.4): shown as BOT
  int computer = 0;          // level for a computer seat, else 0
  bool joined = false;       // the person has opened the table (the first game waits for it)
  int sockets = 0;           // connected sockets playing this seat
  std::string last_move_id;  // protocol 4.2: a resent move id is acknowledged again
  std::int64_t last_move_version = 0;
  bool taken() const { return player != 0 || computer != 0; }
};

struct TableState {
  std::string id;
  TableSettings settings;
  std::int64_t created_ms = 0;
  std::string read_only;  // why the table takes no action ("" when it does)
  std::vector<SeatInfo> seats;
  std::optional<match::Match> match;
  std::vector<int> side_team;        // current game: team of each side
  int plies = 0;                     // moves played in the current game
  boost::json::value game_outcome;   // current game's outcome once over, else null
  boost::json::array winning_cells;  // current game's winning line, if any
  boost::json::value match_result;   // match_over body once over, else null
  std::int64_t version = 0;          // the last event's number (protocol.md 5.5)
};

}  // namespace ft::server
