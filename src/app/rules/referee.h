// `fourtable referee`: one JSON request per input line, one JSON reply per
// output line. The line processing lives in the library ft_referee so
// that the command and the fuzz target (fuzz/referee_fuzz.cpp) run the same code.
//
// Request (four in a row; "game" may be left out):
//   {"game":"four","variant":"popout","width":7,"height":6,"popout":true,
//    "blocks":["c1"],"opening":["d","c"],"seed":7,"moves":["d","d","d^"]}
// Reply:
//   {"status":"ongoing"|"win"|"draw","winner":"red"|...|null,
//    "reason":"line"|"full"|"empty"|"repetition"|...|null,"ply":N,
//    "to_move":"red"|...|null,"legal":[...],"board":[rows top to bottom],
//    "warning":null|"repetition"}
// or {"error":"..."} naming the ply (where there is one) and the reason.
// "ply" counts from the empty board, so a drawn opening's plies are included.
//
// Games: judge() dispatches on "game" ("four" when absent) to judge_four()
// (referee_four.cpp) and judge_twicefour() (referee_twicefour.cpp); an
// unknown game is an error. A further game adds its judge_<game>() in its own
// referee_<game>.cpp (app.cmake builds every referee*.cpp into ft_referee)
// and one line in judge(). A judge usually builds its rules::GameState from
// the request and hands it to play_and_report().
#pragma once

#include <boost/json.hpp>
#include <string>
#include <string_view>

#include "rules/game_state.h"

namespace ft::app::referee {

using Reply = boost::json::object;

// The whole command for one line: parse, dispatch on "game", serialise.
// Returns the reply without a newline. Throws nothing for any input; only
// std::bad_alloc could escape.
std::string process_line(std::string_view line);

// Dispatch of a parsed request object on its "game" field.
Reply judge(const boost::json::object& request);

// The judges of the two games.
Reply judge_four(const boost::json::object& request);
Reply judge_twicefour(const boost::json::object& request);

// {"error": message}.
Reply error_reply(std::string_view message);

// Plays `moves` (a JSON array of move strings, in the game's notation) on
// `game` and reports the final state; the first bad move gives an error reply
// "ply N: move 'x': reason", where N is the ply the move would have been.
Reply play_and_report(rules::GameState& game, const boost::json::value* moves);

// The reply for a game's current state (status, winner, ..., warning).
Reply state_reply(const rules::GameState& game);

// Checks that `request` has only the listed keys; returns an error message
// naming the first unknown key, or "" when all are known.
std::string unknown_key(const boost::json::object& request,
                        std::initializer_list<std::string_view> known);

}  // namespace ft::app::referee
