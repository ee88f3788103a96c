// What the reference bot (`fourtable bot`) knows of a game from its stream
// (docs/bot-api.md, `gameFull` and `gameState`): the position rebuilt from
// the table's settings and the moves, checked against the board the server
// sent, so the engine thinks about exactly the game the table plays.
#pragma once

#include <boost/json.hpp>
#include <memory>
#include <string>
#include <vector>

#include "rules/game_state.h"

namespace ft::app {

// The game of `state` (a gameState object) under `settings` (gameFull's),
// or null with `why`: a position the bot cannot rebuild (a drawn opening
// under PopOut's pops), or moves that do not replay to the board the
// server shows. A drawn opening is read off the board.
std::unique_ptr<rules::GameState> rebuild_position(const boost::json::object& settings,
                                                   const boost::json::object& state,
                                                   std::string& why);

// The engine's thinking cap for `seat` as the server's computer seats take
// it: a twentieth of the time left, within 50 ms .. 2 s.
int move_budget_ms(const boost::json::object& state, int seat);

// Every variant the bot plays: the four in a row variants and twiceFour.
std::vector<std::string> playable_variants();
// "classic, popout" -> {"classic", "popout"}.
std::vector<std::string> split_list(const std::string& text);

}  // namespace ft::app
