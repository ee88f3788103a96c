// A four-in-a-row position: discs, blocks and the side to move, with the move
// generator and the end-of-game judgement of RULES.md A2, A6, A7, A10.
// It is a small value (copy it to explore); the Geometry it points to is
// shared and must outlive it. History (repetitions) lives in FourGame.
#pragma once

#include <array>
#include <cstdint>
#include <functional>

#include "rules/bitboard.h"
#include "rules/geometry.h"
#include "rules/outcome.h"
#include "rules/result.h"

namespace ft::rules {

// A drop into a column, or (PopOut) a pop of one's own bottom disc.
struct Move {
  std::int8_t col = 0;
  bool pop = false;
  friend bool operator==(const Move&, const Move&) = default;
};

inline constexpr int MAX_MOVES = 2 * MAX_SIZE;
inline constexpr int NO_PIECE = -1;
inline constexpr int BLOCK = 3;

// Identity of a position for repetition and perft: the discs of each colour
// and the side to move (blocks and pre-filled discs are fixed per game:
// blocks stand at the foot of their columns, below any disc, so no pop moves
// them).
struct PositionKey {
  Bits discs[3] = {0, 0, 0};
  std::uint8_t to_move = 0;
  friend bool operator==(const PositionKey&, const PositionKey&) = default;
};

struct PositionKeyHash {
  std::size_t operator()(const PositionKey& k) const;
};

class Position {
 public:
  explicit Position(const Geometry& geometry);

  const Geometry& geometry() const { return *geo_; }
  int to_move() const { return to_move_; }  // colour index: 0 red, 1 yellow, 2 green
  int ply() const { return ply_; }
  int height(int col) const { return height_[col]; }
  Bits discs(int colour) const { return discs_[colour]; }
  Bits blocks() const { return blocks_; }
  Bits occupied() const { return discs_[0] | discs_[1] | discs_[2] | blocks_; }
  // NO_PIECE, a colour index, or BLOCK.
  int at(int col, int row) const;
  PositionKey key() const;

  bool can_drop(int col) const { return height_[col] < geo_->height(); }
  bool can_pop(int col) const;
  // Why `m` is illegal here, or true. Does not know whether the game is over.
  Result<bool> check(Move m) const;
  // Legal moves, drops (left to right) before pops; returns how many.
  int legal_moves(Move* out) const;

  // Plays a legal move and judges it. Precondition: check(m) is ok and the
  // game is not over. A drop is inline: it is the hot path of every search
  // and playout, and inlined the caller keeps the Outcome in registers.
  Outcome play(Move m) { return m.pop ? play_pop(m.col) : play_drop(m.col); }

  // Set-up before play (RULES.md A6 five, A8 blocks): these do not change the
  // side to move or the ply.
  void put_block(int col);
  void put_disc(int col, int colour);
  // Starts the count at `ply` with the matching side to move (RULES.md A9).
  void set_ply(int ply);
  // Replaces every piece (perft rebuilds positions from compact keys). The
  // pieces must stand in columns from the bottom up; heights are recomputed.
  void set_pieces(const std::array<Bits, 3>& discs, Bits blocks);

 private:
  void pop_column(int col) {
    // Everything in the column, both colours and any block, falls one row.
    const Bits mask = geo_->column(col);
    const Bits bottom = bit(geo_->index(col, 0));
    auto drop_down = [&](Bits b) { return (b & ~mask) | (((b & mask) & ~bottom) >> 1); };
    for (Bits& d : discs_) d = drop_down(d);
    blocks_ = drop_down(blocks_);
    --height_[col];
  }

  Outcome play_pop(int col) {
    const int me = advance();
    pop_column(col);
    // RULES.md A7: a pop may complete lines for either player. Both at once,
    // or the popper's alone: the popper wins; the opponent's alone: the
    // opponent.
    const int other = 1 - me;
    if (geo_->has_line(discs_[me])) return line_by(me);
    if (geo_->has_line(discs_[other])) return line_by(other);
    if (occupied() == 0) return Outcome{Status::draw, -1, Reason::empty};
    return Outcome{};
  }

  // Passes the turn; returns the mover.
  int advance() {
    const int me = to_move_;
    to_move_ = static_cast<std::uint8_t>(me + 1 == geo_->colours() ? 0 : me + 1);
    ++ply_;
    return me;
  }

  Outcome line_by(int maker) const {
    // RULES.md A6 misère: the result the normal rules give is turned round.
    const int winner = geo_->misere() ? 1 - maker : maker;
    return Outcome{Status::win, winner, Reason::line};
  }

  Outcome play_drop(int col) {
    const int me = advance();
    const int row = height_[col]++;
    discs_[me] |= bit(geo_->index(col, row));
    if (geo_->has_line(discs_[me])) return line_by(me);
    // Only a drop that fills its column can fill the board.
    if (row + 1 == geo_->height() && occupied() == geo_->playable())
      return Outcome{Status::draw, -1, Reason::full};
    return Outcome{};
  }

  const Geometry* geo_;
  std::array<Bits, 3> discs_{};
  Bits blocks_ = 0;
  std::array<std::uint8_t, MAX_SIZE> height_{};
  std::int16_t ply_ = 0;
  std::uint8_t to_move_ = 0;
};

}  // namespace ft::rules
