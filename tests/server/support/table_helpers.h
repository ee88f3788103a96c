// Helpers for tests that play at a table through the real server: guests,
// tables, seated clients that follow the version, and moves played by
// whoever is to move.
#pragma once

#include <boost/json.hpp>
#include <memory>
#include <string>
#include <vector>

#include "support/test_client.h"

namespace ft::test {

struct Guest {
  std::string cookie;
  std::string id;
};

Guest new_guest(int port);
std::string create_table(int port, const Guest& who, const std::string& settings);
std::string str(const boost::json::value& v);

// A seated client that follows the table's version.
struct Player {
  std::unique_ptr<WsClient> ws;
  boost::json::object state;
  int seat = -1;
  std::int64_t version = 0;
};

// Joins `table` and reads frames up to the state (or catch-up) the hello gets.
Player join(int port, const Guest& g, const std::string& table, bool watch = false);

// Two guests at a new table with `settings`; game 1 has started.
struct Duel {
  Guest a;
  Guest b;
  std::string table;
  Player pa;
  Player pb;
};
Duel duel(int port, const std::string& settings);

// The seat to move in an event body with a `game` snapshot, -1 if none.
int to_move_of(const boost::json::object& event_body);

// Plays `moves` in order: each by whoever is to move. Every client must see
// each `moved` event; the mover gets its ack first. Returns the last event.
boost::json::object play(std::vector<Player*> players, int to_move,
                         const std::vector<std::string>& moves, int& counter);

}  // namespace ft::test
