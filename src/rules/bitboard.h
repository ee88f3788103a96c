// Bitboards for any board up to 10x10.
//
// Cells are stored column by column, each column with one spare "sentinel" bit
// above its top row, so that shifting a board by one column never carries a
// disc from the top of one column into the bottom of the next:
//
//   bit index = column * (H + 1) + row            (row 0 is the bottom)
//
//   7x6 (classic):      .  .  .  .  .  .  .    <- sentinel row (always 0)
//                       5 12 19 26 33 40 47
//                       4 11 18 25 32 39 46
//                       3 10 17 24 31 38 45
//                       2  9 16 23 30 37 44
//                       1  8 15 22 29 36 43
//                       0  7 14 21 28 35 42
//
// So a disc's neighbour upwards is +1, to the right +(H+1), up-right +(H+2)
// and down-right +H. The largest board, 10x10, needs 110 bits, hence 128-bit
// words. On a cylinder the horizontal and diagonal shifts rotate within the
// W*(H+1) used bits instead, which joins the last column to the first.
#pragma once

#include <cstdint>

namespace ft::rules {

__extension__ typedef unsigned __int128 Bits;

inline constexpr Bits bit(int index) {
  return Bits{1} << index;
}

inline int popcount(Bits b) {
  return __builtin_popcountll(static_cast<std::uint64_t>(b)) +
         __builtin_popcountll(static_cast<std::uint64_t>(b >> 64));
}

inline bool test(Bits b, int index) {
  return ((b >> index) & 1) != 0;
}

}  // namespace ft::rules
