// The one interface through which the match, the store and the server drive
// any game of the site: four in a row (FourGame) and twiceFour. Moves travel
// as notation strings so that nothing outside `rules` needs to know a board.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "rules/outcome.h"
#include "rules/result.h"

namespace ft::rules {

class GameState {
 public:
  virtual ~GameState() = default;

  virtual std::unique_ptr<GameState> clone() const = 0;
  virtual std::string_view game() const = 0;     // "four" or "twicefour"
  virtual std::string_view variant() const = 0;  // a variant key, or "twicefour"

  // Sides are colours (red, yellow, green) or pieces (cross, circle).
  virtual int sides() const = 0;
  virtual std::string_view side_name(int side) const = 0;
  virtual int side_to_move() const = 0;
  virtual int ply() const = 0;

  // Legal moves in notation, empty once the game is over.
  virtual std::vector<std::string> legal_moves() const = 0;
  // Plays one move in notation; an error leaves the state unchanged.
  virtual Result<Outcome> play(std::string_view move) = 0;
  virtual const Outcome& outcome() const = 0;
  // RULES.md A7, B5: the position just arose for the second time.
  virtual bool repetition_warning() const = 0;

  // The board as text, top row first (see the implementation for symbols).
  virtual std::vector<std::string> board_rows() const = 0;
  // Moves played so far, in notation.
  virtual std::vector<std::string> moves() const = 0;
};

}  // namespace ft::rules
