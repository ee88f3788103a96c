// The solver's transposition table: bounds on the exact score of positions,
// kept between searches. The memory is either owned or borrowed from a pool
// (engine/table_pool.h: one shared budget, reused, never allocated per move).
//
// Layout: buckets of two 64-bit slots. A slot packs
//   [check: 32 bits][lower bound + 128: 8][upper bound + 128: 8][move + 1: 8][work: 8]
// `work` is log2 of the nodes the search of the entry cost; `move` the column
// that was best (or refuted the window), -1 for none, in the key's orientation.
// and is read and written as one word, so two threads may share a table
// without locks (a torn entry cannot happen; a lost update only costs time).
// The bucket is key % P for a prime P and the check is the key's low 32 bits:
// by the Chinese remainder theorem the pair identifies any key below
// P * 2^32 exactly, which covers every 7x6 key (49 bits) once P > 2^17.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>

namespace ft::engine::solver {

// The table size where the searches of the positions people play run fastest
// on this machine: more of a small table stays in the cache. Measured one
// thread, no book: Test_L2_R2 and Test_L1_R2 ran 17-20% faster in 16 MiB than
// in 64 (1-2% more nodes), positions of 40-50 M nodes too, and the perfect
// level's nine-disc positions faster than in its 32 MiB lease
// (docs/engine-levels.md). 8 MiB costs Test_L1_R2 12% more nodes. The empty
// board wants far more (1 GiB).
inline constexpr std::size_t CACHE_FRIENDLY_TABLE_BYTES = std::size_t{16} << 20;

// key % divisor without a division instruction (the division sat on the path of
// every table access, up to a dozen per node): q = floor(key * floor(2^64 / d)
// / 2^64) is the true quotient or one less, for any 64-bit key, so one
// conditional subtraction finishes the remainder. The result is exactly
// key % divisor: the bucket of every key is what it was with the division.
class BucketIndex {
 public:
  BucketIndex() = default;
  explicit BucketIndex(std::uint64_t divisor)
      : divisor_(divisor), inverse_(divisor != 0 ? ~std::uint64_t{0} / divisor : 0) {}
  std::uint64_t operator()(std::uint64_t key) const {
    __extension__ typedef unsigned __int128 u128;
    const auto q = static_cast<std::uint64_t>((static_cast<u128>(key) * inverse_) >> 64);
    const std::uint64_t r = key - q * divisor_;
    return r >= divisor_ ? r - divisor_ : r;
  }
  std::uint64_t divisor() const { return divisor_; }

 private:
  std::uint64_t divisor_ = 1;
  std::uint64_t inverse_ = ~std::uint64_t{0};
};

class TranspositionTable {
 public:
  // Owns `bytes` of memory (at least 4 MiB, see MIN_WORDS).
  explicit TranspositionTable(std::size_t bytes);
  // Borrows `memory` (8-byte aligned); the caller keeps it alive.
  explicit TranspositionTable(std::span<std::uint64_t> memory);
  TranspositionTable(const TranspositionTable&) = delete;
  TranspositionTable& operator=(const TranspositionTable&) = delete;

  void clear();
  std::size_t buckets() const { return buckets_; }
  // key % buckets(), fast.
  const BucketIndex& index() const { return index_; }
  std::size_t bytes() const { return (2 * buckets_) * sizeof(std::uint64_t); }
  // True when every key of `key_bits` bits is told apart exactly.
  bool exact_for(int key_bits) const;

  // What the solver last used the table for; entries of another game setup
  // are meaningless, so the solver clears the table when this changes.
  std::uint64_t owner() const { return owner_; }
  void set_owner(std::uint64_t tag) { owner_ = tag; }

  std::uint64_t* slots() { return slots_; }

 private:
  void init(std::uint64_t* memory, std::size_t words);

  struct Free {
    void operator()(std::uint64_t* p) const;
  };
  std::unique_ptr<std::uint64_t, Free> owned_;
  std::uint64_t* slots_ = nullptr;
  std::size_t buckets_ = 0;
  BucketIndex index_;
  std::uint64_t owner_ = 0;
};

// One slot, unpacked.
struct TableEntry {
  int lower = 0;
  int upper = 0;
  int work = 0;
};

// Slot packing, shared by the search kernel.
namespace slot {
inline constexpr std::uint64_t pack(std::uint32_t check, int lower, int upper, int work,
                                    int move = -1) {
  return (std::uint64_t{check} << 32) | (std::uint64_t(lower + 128) << 24) |
         (std::uint64_t(upper + 128) << 16) | (std::uint64_t((move + 1) & 0xff) << 8) |
         std::uint64_t(work & 0xff);
}
inline constexpr std::uint32_t check(std::uint64_t s) {
  return static_cast<std::uint32_t>(s >> 32);
}
inline constexpr int lower(std::uint64_t s) {
  return int((s >> 24) & 0xff) - 128;
}
inline constexpr int upper(std::uint64_t s) {
  return int((s >> 16) & 0xff) - 128;
}
inline constexpr int work(std::uint64_t s) {
  return int(s & 0xff);
}
inline constexpr int move(std::uint64_t s) {
  return int((s >> 8) & 0xff) - 1;
}
inline std::uint64_t load(std::uint64_t* p) {
  return std::atomic_ref<std::uint64_t>(*p).load(std::memory_order_relaxed);
}
inline void store(std::uint64_t* p, std::uint64_t v) {
  std::atomic_ref<std::uint64_t>(*p).store(v, std::memory_order_relaxed);
}
}  // namespace slot

}  // namespace ft::engine::solver
