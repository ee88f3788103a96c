#include "rules/geometry.h"

namespace ft::rules {

Geometry::Geometry(const VariantSpec& spec)
    : spec_(spec),
      width_(spec.width),
      height_(spec.height),
      nbits_(spec.width * (spec.height + 1)) {
  const Bits one_column = (Bits{1} << height_) - 1;
  for (int c = 0; c < width_; ++c) {
    column_[c] = one_column << (c * stride());
    playable_ |= column_[c];
    bottom_ |= bit(index(c, 0));
  }
  if (spec.prefilled_outer) prefilled_ = column_[0] | column_[width_ - 1];
  steps_ = {1, stride(), stride() - 1, stride() + 1};
  if (nbits_ <= 64 && spec.line == 4) {
    used64_ = nbits_ == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << nbits_) - 1;
    kernel_ = spec.cylinder ? Kernel::four64_cylinder : Kernel::four64;
  }
}

Bits Geometry::shift(Bits b, int s) const {
  if (!spec_.cylinder || s == 1) return b >> s;
  const Bits all = (nbits_ == 128) ? ~Bits{0} : (Bits{1} << nbits_) - 1;
  return ((b >> s) | (b << (nbits_ - s))) & all;
}

bool Geometry::has_line_general(Bits b) const {
  const int steps[4] = {1, stride(), stride() - 1, stride() + 1};
  const int n = spec_.line;
  for (int s : steps) {
    Bits m = b & shift(b, s);  // runs of 2
    if (n == 4) {
      if ((m & shift(m, 2 * s)) != 0) return true;
      continue;
    }
    Bits acc = m;  // runs of k, extended one at a time
    for (int k = 2; k < n; ++k) acc &= shift(b, k * s);
    if (acc != 0) return true;
  }
  return false;
}

Bits Geometry::unshift(Bits b, int s) const {
  if (!spec_.cylinder || s == 1) return (b << s) & playable_;
  return shift(b, nbits_ - s);
}

Bits Geometry::line_cells(Bits b) const {
  const int steps[4] = {1, stride(), stride() - 1, stride() + 1};
  Bits cells = 0;
  for (int s : steps) {
    Bits starts = b;
    for (int k = 1; k < spec_.line; ++k) starts &= shift(b, k * s);
    // Spread each start over the cells of its line.
    Bits spread = starts;
    for (int k = 0; k < spec_.line; ++k) {
      cells |= spread;
      spread = unshift(spread, s);
    }
  }
  return cells & b & playable_;
}

}  // namespace ft::rules
