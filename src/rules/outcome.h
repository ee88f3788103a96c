// How a game (four in a row) or a round (twiceFour) stands. Shared by both
// games so that the match, the store and the server speak one vocabulary.
#pragma once

#include <cstdint>
#include <string_view>

namespace ft::rules {

enum class Status : std::uint8_t { ongoing, win, draw };

enum class Reason : std::uint8_t {
  none,
  line,        // RULES.md A2: a line was made (for misère: by the loser)
  full,        // RULES.md A2: the board is full
  empty,       // RULES.md A7: a pop emptied the board
  repetition,  // RULES.md A7, B5: third repetition
  points,      // RULES.md B3: two points
  move_limit,  // RULES.md B5: 80 half-moves
  no_moves,    // RULES.md B3: neither side can step
};

struct Outcome {
  Status status = Status::ongoing;
  int winner = -1;  // side index (colour or piece) for a win, else -1
  Reason reason = Reason::none;

  bool over() const { return status != Status::ongoing; }
  friend bool operator==(const Outcome&, const Outcome&) = default;
};

std::string_view status_name(Status s);
std::string_view reason_name(Reason r);  // "line", "move-limit", ...; "" for none

}  // namespace ft::rules
