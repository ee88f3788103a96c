// The fixed facts of one board, computed once from a VariantSpec so that the
// per-move code does no arithmetic on the spec (see bitboard.h for the layout).
#pragma once

#include <array>
#include <cstdint>

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
  Bits playable() const { return playable_; }  // every cell, no sentinels
  Bits column(int col) const { return column_[col]; }
  Bits bottom_row() const { return bottom_; }
  Bits prefilled_columns() const { return prefilled_; }

  // True if `b` holds `line` cells in a row in any direction (with wrap on a
  // cylinder). Looks at the whole board, so it also judges pops.
  bool has_line(Bits b) const {
    // The common boards (up to 9x6 / 8x7: W*(H+1) <= 64) take a 64-bit path;
    // this branch is on a per-board constant, so it predicts perfectly.
    switch (kernel_) {
      case Kernel::four64:
        return has_four64(static_cast<std::uint64_t>(b));
      case Kernel::four64_cylinder:
        return has_four64_cylinder(static_cast<std::uint64_t>(b));
      case Kernel::general:
        break;
    }
    return has_line_general(b);
  }
  // The cells of every line in `b` (for highlighting the winning line).
  Bits line_cells(Bits b) const;

 private:
  enum class Kernel : std::uint8_t { four64, four64_cylinder, general };

  Bits shift(Bits b, int s) const;    // b >> s, rotating on a cylinder for s > 1
  Bits unshift(Bits b, int s) const;  // the inverse: b << s
  bool has_line_general(Bits b) const;

  // Four in a row on a board that fits 64 bits. A run of four along step s is
  // a pair of pairs: m = b & b>>s marks pairs, m & m>>2s marks runs of four.
  // Sentinel bits are always 0, so a step off the top or bottom of a column
  // lands on a 0 and no run leaks from one column into the next.
  bool has_four64(std::uint64_t b) const {
    for (int s : steps_) {
      const std::uint64_t m = b & (b >> s);
      if ((m & (m >> (2 * s))) != 0) return true;
    }
    return false;
  }
  // The same on a cylinder: horizontal and diagonal steps rotate within the
  // W*(H+1) used bits, which joins the last column to the first.
  std::uint64_t rotate64(std::uint64_t b, int s) const {
    return ((b >> s) | (b << (nbits_ - s))) & used64_;
  }
  bool has_four64_cylinder(std::uint64_t b) const {
    std::uint64_t m = b & (b >> 1);
    if ((m & (m >> 2)) != 0) return true;
    for (int i = 1; i < 4; ++i) {
      const int s = steps_[i];
      m = b & rotate64(b, s);
      if ((m & rotate64(m, 2 * s)) != 0) return true;
    }
    return false;
  }

  VariantSpec spec_;
  int width_;
  int height_;
  int nbits_;
  Kernel kernel_ = Kernel::general;
  std::array<int, 4> steps_{};  // up, right, down-right, up-right
  std::uint64_t used64_ = 0;    // the W*(H+1) bits of a board that fits 64
  Bits playable_ = 0;
  Bits bottom_ = 0;
  Bits prefilled_ = 0;
  std::array<Bits, MAX_SIZE> column_{};
};

}  // namespace ft::rules
