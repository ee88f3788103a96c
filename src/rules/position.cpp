#include "rules/position.h"

#include <string>

namespace ft::rules {

std::size_t PositionKeyHash::operator()(const PositionKey& k) const {
  std::uint64_t h = 0x9e3779b97f4a7c15ULL * (k.to_move + 1);
  for (const Bits& b : k.discs) {
    for (std::uint64_t half :
         {static_cast<std::uint64_t>(b), static_cast<std::uint64_t>(b >> 64)}) {
      h ^= half + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
      h *= 0xbf58476d1ce4e5b9ULL;
      h ^= h >> 31;
    }
  }
  return static_cast<std::size_t>(h);
}

Position::Position(const Geometry& geometry) : geo_(&geometry) {}

int Position::at(int col, int row) const {
  const int i = geo_->index(col, row);
  for (int c = 0; c < 3; ++c) {
    if (test(discs_[c], i)) return c;
  }
  return test(blocks_, i) ? BLOCK : NO_PIECE;
}

PositionKey Position::key() const {
  PositionKey k;
  for (int c = 0; c < 3; ++c) k.discs[c] = discs_[c];
  k.to_move = to_move_;
  return k;
}

bool Position::can_pop(int col) const {
  // RULES.md A7: only your own disc, from the bottom row; pre-filled columns
  // of five in a row never pop.
  if (!geo_->popout() || height_[col] == 0) return false;
  const Bits cell = bit(geo_->index(col, 0));
  return (discs_[to_move_] & cell) != 0 && (geo_->prefilled_columns() & cell) == 0;
}

Result<bool> Position::check(Move m) const {
  if (m.col < 0 || m.col >= geo_->width())
    return make_error(ErrorCode::no_such_column, "column does not exist");
  const std::string column = std::string("column ") + static_cast<char>('a' + m.col);
  if (!m.pop) {
    if (!can_drop(m.col)) return make_error(ErrorCode::column_full, column + " is full");
    return true;
  }
  if (!geo_->popout())
    return make_error(ErrorCode::pop_not_allowed, "pops are allowed in PopOut only (RULES.md A7)");
  if (height_[m.col] == 0) return make_error(ErrorCode::not_your_disc, column + " is empty");
  const Bits cell = bit(geo_->index(m.col, 0));
  if ((geo_->prefilled_columns() & cell) != 0)
    return make_error(ErrorCode::not_your_disc,
                      column + " is pre-filled and can never be popped (RULES.md A7)");
  if ((blocks_ & cell) != 0)
    return make_error(ErrorCode::not_your_disc, "the bottom of " + column + " is a block");
  if ((discs_[to_move_] & cell) == 0)
    return make_error(ErrorCode::not_your_disc, "the bottom disc of " + column + " is not yours");
  return true;
}

int Position::legal_moves(Move* out) const {
  // Locals, not members: the stores through `out` may alias *this as far as
  // the compiler knows, and would otherwise reload the geometry each column.
  int n = 0;
  const int w = geo_->width();
  const int h = geo_->height();
  for (int c = 0; c < w; ++c) {
    if (height_[c] < h) out[n++] = Move{static_cast<std::int8_t>(c), false};
  }
  if (geo_->popout()) {
    // RULES.md A7: own bottom discs, never a pre-filled one. Bit 0 of the
    // shifted word is the bottom cell of column c. Whether a column can pop
    // is a coin toss in play, so each slot is written and kept only if the
    // pop is legal, without a branch (at most 2 * width <= MAX_MOVES slots).
    const Bits own = discs_[to_move_] & geo_->bottom_row() & ~geo_->prefilled_columns();
    const int stride = geo_->stride();
    if ((own >> 64) == 0) {
      auto own64 = static_cast<std::uint64_t>(own);
      for (int c = 0; own64 != 0; ++c, own64 >>= stride) {
        out[n] = Move{static_cast<std::int8_t>(c), true};
        n += static_cast<int>(own64 & 1);
      }
    } else {
      Bits rest = own;
      for (int c = 0; rest != 0; ++c, rest >>= stride) {
        out[n] = Move{static_cast<std::int8_t>(c), true};
        n += static_cast<int>(rest & 1);
      }
    }
  }
  return n;
}

void Position::put_block(int col) {
  blocks_ |= bit(geo_->index(col, height_[col]++));
}

void Position::put_disc(int col, int colour) {
  discs_[colour] |= bit(geo_->index(col, height_[col]++));
}

void Position::set_pieces(const std::array<Bits, 3>& discs, Bits blocks) {
  discs_ = discs;
  blocks_ = blocks;
  const Bits all = occupied();
  for (int c = 0; c < geo_->width(); ++c)
    height_[c] = static_cast<std::uint8_t>(popcount(all & geo_->column(c)));
}

void Position::set_ply(int ply) {
  ply_ = static_cast<std::int16_t>(ply);
  to_move_ = static_cast<std::uint8_t>(ply % geo_->colours());
}

}  // namespace ft::rules
