// The puzzle collection as the API serves it (docs/protocol.md 2.21): read
// once at start from the repository's data/puzzles/ (the hub's
// puzzle_collection.h turns the engine's puzzles into these, so this wing
// needs no engine header), indexed by id and by variant. Moves are in the
// site's notation (RULES.md A1: `d`, a pop `d^`). Also what the API needs of
// a puzzle without the store: its starting rating, the daily draw, and the
// check of a player's moves against the line.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ft::server {

struct ShelfPuzzle {
  std::string id;
  std::string variant;  // a key of rules/variant.h
  int width = 7;
  int height = 6;
  std::vector<std::string> moves;  // from the empty board to the puzzle
  // The solution: the solver's move, the defender's reply, ..., the
  // solver's last move (always an odd count).
  std::vector<std::string> line;
  std::vector<std::string> themes;
  // The solver's moves in the line (1..).
  int length() const { return static_cast<int>(line.size() + 1) / 2; }
};

class PuzzleShelf {
 public:
  PuzzleShelf() = default;
  explicit PuzzleShelf(std::vector<ShelfPuzzle> puzzles);

  std::size_t size() const { return puzzles_.size(); }
  const ShelfPuzzle* find(std::string_view id) const;
  // The variant's puzzles in the collection's order; empty for a variant
  // without puzzles.
  const std::vector<const ShelfPuzzle*>& of_variant(std::string_view variant) const;
  // The day's puzzle of a variant: the same for everyone on a UTC day
  // (`day` = ms since the epoch / one day), drawn by a hash of day and
  // variant; null for a variant without puzzles.
  const ShelfPuzzle* daily(std::string_view variant, std::int64_t day) const;

 private:
  std::vector<ShelfPuzzle> puzzles_;
  std::map<std::string, std::size_t, std::less<>> by_id_;
  std::map<std::string, std::vector<const ShelfPuzzle*>, std::less<>> by_variant_;
};

// A puzzle's rating before anyone tried it: 1000 for a one-move win, 200
// more for each further move of the solver (the collection's lines are 1 to
// 5 moves); its deviation is wide, so the first attempts move it fast.
inline constexpr double PUZZLE_START_DEVIATION = 350.0;
double puzzle_start_rating(const ShelfPuzzle& p);

// A player's moves of the line (the solver's side only) checked against it.
struct LineCheck {
  enum class State { solved, failed, going_on } state = State::failed;
  int right = 0;  // the player's moves that were right
  // going_on: the defender's reply to the last right move.
  std::string reply;
};
// `moves` are in the site's notation or the collection's (digits, `4^`);
// nullopt when one is neither (a malformed move). The first wrong move fails;
// right moves that stop before the end go on.
std::optional<LineCheck> check_line(const ShelfPuzzle& p, const std::vector<std::string>& moves);

}  // namespace ft::server
