// The table's bucket index must be exactly key % buckets: the exactness of
// the table (the bucket and the 32-bit check identify a key, see
// transposition_table.h) rests on it.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <vector>

#include "engine/solver/transposition_table.h"

namespace ft::engine::solver {
namespace {

TEST(SolverTable, BucketIndexIsTheRemainder) {
  const std::vector<std::uint64_t> divisors = {1,
                                               2,
                                               3,
                                               7,
                                               1024,
                                               262139,
                                               4194301,
                                               4194304,
                                               (std::uint64_t{1} << 32) - 5,
                                               (std::uint64_t{1} << 40) + 15,
                                               ~std::uint64_t{0}};
  std::mt19937_64 rng(20240611);
  for (const std::uint64_t d : divisors) {
    const BucketIndex index(d);
    std::vector<std::uint64_t> keys = {0,
                                       1,
                                       d - 1,
                                       d,
                                       d + 1,
                                       ~std::uint64_t{0},
                                       ~std::uint64_t{0} - 1,
                                       (std::uint64_t{1} << 49) - 1};
    // Multiples of d and their neighbours: where a quotient one too small shows.
    for (std::uint64_t q : {std::uint64_t{1}, std::uint64_t{12345}, ~std::uint64_t{0} / d}) {
      keys.push_back(q * d);
      keys.push_back(q * d - 1);
      if (q * d + 1 != 0) keys.push_back(q * d + 1);
    }
    for (int i = 0; i < 20000; ++i) {
      keys.push_back(rng());
      keys.push_back(rng() >> 15);  // 7x6 keys have 49 bits
    }
    for (const std::uint64_t k : keys) ASSERT_EQ(index(k), k % d) << "key " << k << " d " << d;
  }
}

TEST(SolverTable, IndexMatchesTheBucketCount) {
  TranspositionTable table(std::size_t{4} << 20);
  EXPECT_EQ(table.index().divisor(), table.buckets());
  for (std::uint64_t k = 0; k < 100000; k += 7) EXPECT_EQ(table.index()(k), k % table.buckets());
}

}  // namespace
}  // namespace ft::engine::solver
