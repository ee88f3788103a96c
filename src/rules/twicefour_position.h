// A twiceFour position (RULES.md part B): the 21 points, the 16 lines, steps
// and passes, points scored once per line per round, and the end of a round
// by two points, by 80 half-moves or when neither side can step.
//
// Points are bits of a 32-bit word, column by column (so that ascending bit
// order is the notation order a1, a2, ..., e5):
//
//   row 5:  .   9  14  19   .        bit index = column * 5 + row
//   row 4:  3   8  13  18  23        (row 0 is row 1 of the notation)
//   row 3:  2   7  12  17  22        the corners 0, 4, 20, 24 are not points
//   row 2:  1   6  11  16  21
//   row 1:  .   5  10  15   .
//           a   b   c   d   e
//
// It is a small value, cheap to copy, so a search explores by copying. The
// repetition rule of B5 needs the round's history and lives in TwiceFourGame.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "rules/outcome.h"
#include "rules/result.h"

namespace ft::rules {

inline constexpr int TF_CROSS = 0;
inline constexpr int TF_CIRCLE = 1;
inline constexpr int TF_POINTS = 21;
inline constexpr int TF_LINES = 16;
inline constexpr int TF_MOVE_LIMIT = 80;    // RULES.md B5: half-moves in a round
inline constexpr int TF_POINTS_TO_WIN = 2;  // RULES.md B3
inline constexpr int TF_PIECES = 5;         // RULES.md B2
// Five pieces with at most four neighbours each; at most 20 steps, or a pass.
inline constexpr int TF_MAX_MOVES = 20;

// RULES.md B2 has had two starts. A stored match names the one it began
// from, so that a match started before the change replays as it was played.
enum class TfStart : std::uint8_t {
  first = 1,  // until 2026-12-01: cross a2, b1, c1, d1, e2 (a forced round win)
  fair = 2,   // from 2026-12-01: cross b1, c1, d1, b2, d2
};
inline constexpr TfStart TF_START_CURRENT = TfStart::fair;
// 1 or 2 to a start; anything else is not one.
bool tf_start_known(int id);

using TfBits = std::uint32_t;

// Every point of the board: the 5x5 grid without its corners (RULES.md B1).
inline constexpr TfBits TF_BOARD = 0x1FFFFFFu & ~((1u << 0) | (1u << 4) | (1u << 20) | (1u << 24));

inline constexpr int tf_index(int col, int row) {
  return col * 5 + row;
}
inline constexpr bool tf_is_point(int index) {
  return index >= 0 && index < 25 && ((TF_BOARD >> index) & 1u) != 0;
}

// The 16 lines of RULES.md B1, in a fixed order (the bit order of counted()).
const std::array<TfBits, TF_LINES>& tf_lines();
// Lines through each point, as a 16-bit set of line numbers.
const std::array<std::uint16_t, 25>& tf_lines_through();
// Points orthogonally adjacent to each point (RULES.md B1: no diagonal steps).
const std::array<TfBits, 25>& tf_neighbours();

// A step from one point to an adjacent one, or a pass (from == to == -1).
struct TwiceFourMove {
  std::int8_t from = -1;
  std::int8_t to = -1;
  static TwiceFourMove pass() { return {}; }
  bool is_pass() const { return from < 0; }
  friend bool operator==(const TwiceFourMove&, const TwiceFourMove&) = default;
};

// Notation (RULES.md B4): a point is `d4`, a step `d4-e4`, a pass `pass`.
std::string tf_format_point(int index);
Result<int> tf_parse_point(std::string_view text);
std::string tf_format_move(TwiceFourMove m);
// Syntax only: both points exist and are adjacent, or it is `pass`.
Result<TwiceFourMove> tf_parse_move(std::string_view text);
// A line written by its end points, `d2-d5`; and back.
std::string tf_format_line(int line);
Result<int> tf_parse_line(std::string_view text);

std::string_view tf_side_name(int side);       // "cross", "circle"
int tf_side_from_name(std::string_view name);  // -1 if neither

class TwiceFourPosition {
 public:
  // RULES.md B2: cross b1, c1, d1, b2, d2; circle the same turned by 180
  // degrees (or the first start, for old matches); `first` moves first.
  static TwiceFourPosition start(int first = TF_CROSS, TfStart layout = TF_START_CURRENT);
  // Any arrangement, for worked examples and analysis. Checks that pieces are
  // on points, do not overlap, number at most five per side, that points and
  // counted lines agree (a line full of one side's pieces is counted), and
  // that the round is not already over by points or by the move limit.
  static Result<TwiceFourPosition> from_parts(TfBits cross, TfBits circle, std::uint16_t counted,
                                              int cross_points, int circle_points, int to_move,
                                              int ply);

  TfBits pieces(int side) const { return pieces_[side]; }
  TfBits empty() const { return TF_BOARD & ~(pieces_[0] | pieces_[1]); }
  int to_move() const { return to_move_; }
  int ply() const { return ply_; }  // half-moves played in the round, passes included
  int points(int side) const { return points_[side]; }
  std::uint16_t counted() const { return counted_; }  // lines already scored this round
  // NO piece: -1, else the side.
  int at(int index) const;

  // RULES.md B5 placement: over every line with no opposing piece and not yet
  // counted, the square of the number of own pieces on it.
  int placement(int side) const;
  bool can_step(int side) const;

  // Identity for repetition (RULES.md B5): all pieces and the side to move.
  std::uint64_t repetition_key() const {
    return std::uint64_t{pieces_[0]} | (std::uint64_t{pieces_[1]} << 25) |
           (std::uint64_t{to_move_} << 50);
  }
  // Everything that decides the rest of the round except the history:
  // pieces, side to move, counted lines and points (not the ply).
  struct StateKey {
    std::uint64_t pieces = 0;  // repetition_key()
    std::uint32_t score = 0;   // counted lines and points
    friend bool operator==(const StateKey&, const StateKey&) = default;
  };
  StateKey state_key() const {
    return {repetition_key(), std::uint32_t{counted_} | (std::uint32_t{points_[0]} << 16) |
                                  (std::uint32_t{points_[1]} << 20)};
  }

  // Legal moves: the steps of the side to move, or a single pass if it has
  // none (RULES.md B3). Returns how many. Does not know if the round is over.
  int legal_moves(TwiceFourMove* out) const;
  // Why `m` is illegal here, or true.
  Result<bool> check(TwiceFourMove m) const;
  // Plays a legal move and judges the round without its history: two points
  // (B3), 80 half-moves (B5), neither side can step (B3). Precondition:
  // check(m) is ok and the round is not over.
  Outcome play(TwiceFourMove m);
  // Lines the last play() scored, as a set of line numbers (for display).
  std::uint16_t last_scored() const { return last_scored_; }

  // RULES.md B5: the result when the round ends by a limit: more points
  // wins, then the better placement, then a draw.
  Outcome judge_by_limit(Reason reason) const;

 private:
  std::array<TfBits, 2> pieces_{};
  std::uint16_t counted_ = 0;
  std::uint16_t last_scored_ = 0;
  std::array<std::uint8_t, 2> points_{};
  std::uint8_t to_move_ = TF_CROSS;
  std::uint8_t ply_ = 0;
};

}  // namespace ft::rules
