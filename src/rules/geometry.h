// The fixed facts of one board, computed once from a VariantSpec so that the
// per-move code does no arithmetic on the spec (see bitboard.h for the layout).
#pragma once

#include <array>

#include "rules/bitboard.h"
#include "rules/variant.h"

namespace ft::rules {

class Geometry {
 public:
  explicit Geometry(const VariantSpec& spec);

  const VariantSpec& spec() const { return spec_; }
  int width() const { return width_; }
  int height() const { return height_; }
  int stride() const { return height_ + 1; }
  int colours() const { return spec_.colours; }
  bool cylinder() const { return spec_.cylinder; }
  bool popout() const { return spec_.popout; }
  bool misere() const { return spec_.misere; }

  int index(int col, int row) const { return col * (height_ + 1) + row; }
  Bits playable() const { return playable_; }       // every cell, no sentinels
  Bits column(int col) const { return column_[col]; }
  Bits bottom_row() const { return bottom_; }
  Bits prefilled_columns() const { return prefilled_; }

  // True if `b` holds `line` cells in a row in any direction (with wrap on a
  // cylinder). Looks at the whole board, so it also judges pops.
  bool has_line(Bits b) const;
  // The cells of every line in `b` (for highlighting the winning line).
  Bits line_cells(Bits b) const;

 private:
  Bits shift(Bits b, int s) const;    // b >> s, rotating on a cylinder for s > 1
  Bits unshift(Bits b, int s) const;  // the inverse: b << s

  VariantSpec spec_;
  int width_;
  int height_;
  int nbits_;
  Bits playable_ = 0;
  Bits bottom_ = 0;
  Bits prefilled_ = 0;
  std::array<Bits, MAX_SIZE> column_{};
};

}  // namespace ft::rules
