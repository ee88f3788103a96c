#include "engine/solver/transposition_table.h"

#include <sys/mman.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <new>
#include <thread>
#include <vector>

namespace ft::engine::solver {
namespace {

bool is_prime(std::size_t n) {
  if (n < 2) return false;
  for (std::size_t d = 2; d * d <= n; ++d) {
    if (n % d == 0) return false;
  }
  return true;
}

// The largest prime not above n (n >= 2).
std::size_t prime_at_most(std::size_t n) {
  while (n > 2 && !is_prime(n)) --n;
  return n;
}

// 2^19 words = 2^18 buckets: with the 32-bit check, every key of up to 49 bits
// (7x6) is told apart exactly even in the smallest table.
constexpr std::size_t MIN_WORDS = std::size_t{1} << 19;

}  // namespace

void TranspositionTable::Free::operator()(std::uint64_t* p) const {
  std::free(p);
}

TranspositionTable::TranspositionTable(std::size_t bytes) {
  // Random probes into a large table miss the TLB on nearly every node; 2 MiB
  // pages (where the kernel grants them) cut that cost.
  constexpr std::size_t HUGE_PAGE = std::size_t{2} << 20;
  std::size_t words = std::max(MIN_WORDS, bytes / sizeof(std::uint64_t));
  const std::size_t size = (words * sizeof(std::uint64_t) + HUGE_PAGE - 1) / HUGE_PAGE * HUGE_PAGE;
  auto* memory = static_cast<std::uint64_t*>(std::aligned_alloc(HUGE_PAGE, size));
  if (memory == nullptr) throw std::bad_alloc();
#ifdef MADV_HUGEPAGE
  madvise(memory, size, MADV_HUGEPAGE);
#endif
  owned_.reset(memory);
  init(memory, words);
}

TranspositionTable::TranspositionTable(std::span<std::uint64_t> memory) {
  init(memory.data(), memory.size());
}

void TranspositionTable::init(std::uint64_t* memory, std::size_t words) {
  slots_ = memory;
  buckets_ = words >= 4 ? prime_at_most(words / 2) : 0;
  index_ = BucketIndex(buckets_);
  clear();
}

void TranspositionTable::clear() {
  // A large table's first clear is mostly page faults (the kernel zeroing
  // fresh pages): about 1.5-3 s for 1 GiB on one thread here, a tenth of the
  // empty board's solve. Every core takes a share of a large table.
  constexpr std::size_t PARALLEL_WORDS = std::size_t{32} << 20;  // 256 MiB
  const std::size_t words = 2 * buckets_;
  const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
  if (words < PARALLEL_WORDS || cores == 1) {
    std::fill(slots_, slots_ + words, std::uint64_t{0});
  } else {
    std::vector<std::thread> helpers;
    const std::size_t share = (words + cores - 1) / cores;
    for (unsigned i = 1; i < cores; ++i) {
      std::uint64_t* from = slots_ + std::min(words, i * share);
      std::uint64_t* to = slots_ + std::min(words, (i + 1) * share);
      helpers.emplace_back([from, to] { std::fill(from, to, std::uint64_t{0}); });
    }
    std::fill(slots_, slots_ + std::min(words, share), std::uint64_t{0});
    for (auto& t : helpers) t.join();
  }
  owner_ = 0;
}

bool TranspositionTable::exact_for(int key_bits) const {
  if (key_bits <= 32) return true;
  if (key_bits >= 96) return false;
  return std::log2(static_cast<double>(buckets_)) + 32.0 >= static_cast<double>(key_bits);
}

}  // namespace ft::engine::solver
