// The reference for the small-board exactness tests: a
// plain memoised minimax over every move, no pruning, judging lines with the
// rules library (rules::Geometry), not with the solver's kernel. compare()
// checks the solver against it on every position up to a depth.
#pragma once

#include <gtest/gtest.h>
#include <sys/mman.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <ostream>
#include <string>

#include "engine/solver/solver.h"
#include "rules/geometry.h"

namespace ft::engine::solver::testing {

using rules::Bits;

// Plain minimax over every move, memoised in an open-addressing table keyed by
// the position (mover + occupied + bottom row identifies it uniquely). 6x4
// has 23 to 35 million positions (mirror images shared): the memo is probed
// at random in a table of hundreds of MiB, so a position fetches the slots of
// all its children at once before it visits them, instead of waiting on one
// memory access after another.
class Minimax {
 public:
  explicit Minimax(const Board& b) : b_(b), geo_(spec_of(b)) {
    for (int c = 0; c < b.width; ++c) bottom_ |= Bits{1} << (c * (b.height + 1));
    cells_ = b.width * b.height;
    capacity_ = cells_ - rules::popcount(b.blocks);
    // Mirror images have the same value when the blocks are symmetric; one
    // entry serves both (6x4 has about 70 million positions otherwise).
    mirror_ = mirror(b_.blocks) == b_.blocks;
    // At most about half full: 2^26 slots (512 MiB) hold 6x4's 35 million.
    table_bits_ = cells_ <= 16 ? 18 : (cells_ <= 20 ? 23 : 26);
    // Huge pages: the memo is probed at random, and TLB misses would dominate.
    const std::size_t bytes = (std::size_t{8} << table_bits_);
    memo_ = static_cast<std::uint64_t*>(std::aligned_alloc(std::size_t{2} << 20, bytes));
    madvise(memo_, bytes, MADV_HUGEPAGE);
    std::memset(memo_, 0, bytes);
  }
  ~Minimax() { std::free(memo_); }
  Minimax(const Minimax&) = delete;
  Minimax& operator=(const Minimax&) = delete;
  std::size_t capacity() const { return std::size_t{1} << table_bits_; }

  // Score for the side to move; `mover` and `other` are the two sides' discs.
  int value(Bits mover, Bits other) { return value(mover, other, key_of(mover, mover | other)); }

  // `key` is key_of(mover, mover | other).
  int value(Bits mover, Bits other, std::uint64_t key) {
    std::uint64_t* slot = find(key);
    if (*slot != 0) return static_cast<int>(*slot & 0xff) - 128;
    const Bits mask = mover | other | b_.blocks;
    const int n = rules::popcount(mover | other);
    int best = -1000;
    Bits next[16];  // children still to search: their new disc and key
    std::uint64_t next_key[16];
    int count = 0;
    for (int c = 0; c < b_.width; ++c) {
      const Bits top = Bits{1} << (c * (b_.height + 1) + b_.height - 1);
      if ((mask & top) != 0) continue;
      const Bits col = ((Bits{1} << b_.height) - 1) << (c * (b_.height + 1));
      const Bits cell = (mask + bottom_) & col;
      if (geo_.has_line(mover | cell)) {
        best = std::max(best, (b_.misere ? -1 : 1) * ((cells_ + 1 - n) / 2));
      } else if (n + 1 == capacity_) {
        best = std::max(best, 0);
      } else {
        next[count] = cell;
        next_key[count] = key_of(other, mover | other | cell);
        __builtin_prefetch(&memo_[home(next_key[count])]);
        ++count;
      }
    }
    for (int i = 0; i < count; ++i)
      best = std::max(best, -value(other, mover | next[i], next_key[i]));
    slot = find(key);  // the table may have been written meanwhile, not moved
    *slot = (key << 8) | static_cast<std::uint64_t>(best + 128);
    ++positions_;
    return best;
  }
  std::size_t positions() const { return positions_; }

 private:
  static rules::VariantSpec spec_of(const Board& b) {
    rules::VariantSpec s;
    s.width = b.width;
    s.height = b.height;
    s.line = b.line;
    s.cylinder = b.cylinder;
    return s;
  }

  Bits mirror(Bits x) const {
    const int stride = b_.height + 1;
    const Bits col = (Bits{1} << stride) - 1;
    Bits r = 0;
    for (int c = 0; c < b_.width; ++c)
      r |= ((x >> (c * stride)) & col) << ((b_.width - 1 - c) * stride);
    return r;
  }

  // The memo key of the position where `mover` is to move and `discs` are
  // all discs on the board.
  std::uint64_t key_of(Bits mover, Bits discs) const {
    const Bits mask = discs | b_.blocks;
    Bits full_key = mover + mask + bottom_;
    if (mirror_) full_key = std::min(full_key, mirror(full_key));
    return static_cast<std::uint64_t>(full_key);
  }

  std::size_t home(std::uint64_t key) const {
    return (key * 0x9E3779B97F4A7C15ULL) >> (64 - table_bits_);
  }

  // The slot holding `key`, or the empty slot where it belongs.
  std::uint64_t* find(std::uint64_t key) {
    const std::size_t m = capacity() - 1;
    std::size_t i = home(key);
    while (memo_[i] != 0 && (memo_[i] >> 8) != key) i = (i + 1) & m;
    return &memo_[i];
  }

  Board b_;
  rules::Geometry geo_;
  Bits bottom_ = 0;
  int cells_ = 0;
  int capacity_ = 0;
  bool mirror_ = false;
  std::size_t positions_ = 0;
  int table_bits_ = 0;
  std::uint64_t* memo_ = nullptr;
};

// Visits every position reachable in up to `depth` plies with the game still
// running and compares solver and minimax.
inline void compare(const Board& board, int depth) {
  Minimax ref(board);
  TranspositionTable table(std::size_t{8} << 20);
  Solver solver(table);
  int compared = 0;
  std::function<void(const Problem&, int, std::string)> walk = [&](const Problem& p, int d,
                                                                   std::string moves) {
    const int want = ref.value(p.mover, p.other);
    const auto got = solver.solve(p);
    ASSERT_TRUE(got.has_value());
    ASSERT_EQ(*got, want) << board.width << "x" << board.height << " misere=" << board.misere
                          << " cylinder=" << board.cylinder << " moves '" << moves << "'";
    ++compared;
    if (d == depth) return;
    for (int c = 0; c < board.width; ++c) {
      if (!can_play(p, c) || makes_line(p, c)) continue;
      const Problem child = play(p, c);
      if (child.discs() + rules::popcount(board.blocks) == board.width * board.height) continue;
      walk(child, d + 1, moves + char('1' + c));
    }
  };
  Problem start;
  start.board = board;
  walk(start, 0, "");
  EXPECT_GT(compared, 1);
  // The table must not have filled up (linear probing would slow to a crawl).
  EXPECT_LT(ref.positions(), ref.capacity() * 3 / 4);
  std::printf("%dx%d misere=%d cylinder=%d: %zu positions, %d compared\n", board.width,
              board.height, int(board.misere), int(board.cylinder), ref.positions(), compared);
}

inline Board board(int w, int h, bool misere, bool cylinder) {
  Board b;
  b.width = w;
  b.height = h;
  b.misere = misere;
  b.cylinder = cylinder;
  return b;
}

// One board and rule set of the small-board exactness tests: the solver's
// value of every position up to 4 plies deep against compare()'s minimax.
struct SmallBoard {
  const char* name;  // the test's name: rule set and size
  int width, height;
  bool misere, cylinder;
};

class SmallBoardMatchesMinimax : public ::testing::TestWithParam<SmallBoard> {};

inline std::string small_board_name(const ::testing::TestParamInfo<SmallBoard>& info) {
  return info.param.name;
}
// For gtest's messages and the test list: the name, not the struct's bytes.
inline void PrintTo(const SmallBoard& b, std::ostream* os) {
  *os << b.name;
}

}  // namespace ft::engine::solver::testing
