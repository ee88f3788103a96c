// The table pool: all tables of all searches together stay
// within the configured total, buffers are reused between searches, and a
// search that finds the pool exhausted still plays.
#include "engine/table_pool.h"

#include <gtest/gtest.h>

#include <atomic>
#include <thread>
#include <vector>

#include "engine/computer.h"
#include "test_games.h"

namespace ft::engine {
namespace {

TEST(TablePool, SlotsShareTheTotal) {
  TablePool pool(8 << 20);
  const TableLease a = pool.acquire();
  EXPECT_FALSE(a.empty());
  EXPECT_EQ(a.bytes(), std::size_t{1} << 20);  // 8 MiB over 8 slots
  EXPECT_EQ(pool.stats().allocated, std::size_t{1} << 20);
}

TEST(TablePool, BuffersAreReusedNotReallocated) {
  TablePool pool(8 << 20);
  void* first = nullptr;
  std::uint32_t generation = 0;
  {
    const TableLease a = pool.acquire();
    first = a.data();
    generation = a.generation();
  }
  const TableLease b = pool.acquire();
  EXPECT_EQ(b.data(), first);
  EXPECT_GT(b.generation(), generation);  // a new search sees an empty table
  EXPECT_EQ(pool.stats().allocated, std::size_t{1} << 20);
  EXPECT_EQ(pool.stats().leases, 2u);
}

TEST(TablePool, AFullPoolDeniesInsteadOfGrowing) {
  TablePool pool(4 << 20);
  std::vector<TableLease> held;
  for (int i = 0; i < TablePool::SLOTS; ++i) held.push_back(pool.acquire());
  for (const auto& l : held) EXPECT_FALSE(l.empty());
  const TableLease extra = pool.acquire();
  EXPECT_TRUE(extra.empty());
  EXPECT_EQ(pool.stats().denied, 1u);
  EXPECT_LE(pool.stats().peak_allocated, std::size_t{4} << 20);
}

TEST(TablePool, ASmallRequestTakesPartOfASlot) {
  TablePool pool(64 << 20);
  const TableLease l = pool.acquire(1 << 16);
  EXPECT_EQ(l.bytes(), std::size_t{1} << 16);
}

// Shrinking while tables are leased: the old buffers go when they come back
// and new ones only fit within the new total.
TEST(TablePool, ShrinkingNeverExceedsTheNewTotal) {
  TablePool pool(64 << 20);
  TableLease a = pool.acquire();
  TableLease b = pool.acquire();
  pool.configure(16 << 20);
  // 16 MiB held by the two old leases already: nothing new fits.
  EXPECT_TRUE(pool.acquire().empty());
  a = TableLease();
  b = TableLease();
  EXPECT_EQ(pool.stats().allocated, 0u);
  const TableLease c = pool.acquire();
  EXPECT_EQ(c.bytes(), std::size_t{2} << 20);
  EXPECT_LE(pool.stats().allocated, std::size_t{16} << 20);
}

TEST(TablePool, TooSmallATotalMeansNoTables) {
  TablePool pool(4000);
  EXPECT_TRUE(pool.acquire().empty());
}

// Concurrent choose_move calls from several threads: the shared pool never
// holds more than the configured total, and every call plays a legal move.
TEST(TablePool, ConcurrentSearchesRespectTheTotal) {
  const std::size_t total = 6 << 20;
  configure_table_memory(total);
  std::atomic<int> bad{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 12; ++t) {
    threads.emplace_back([t, &bad] {
      auto g = testing::new_game(t % 2 == 0 ? "classic" : "popout");
      for (int i = 0; i < 6 && !g.outcome().over(); ++i) {
        ComputerRequest r;
        r.level = 6 + (t % 2);
        r.seed = static_cast<std::uint64_t>(t);
        r.budget = std::chrono::milliseconds(15);
        const ComputerMove m = choose_move(g, r);
        if (!testing::is_legal(g, m.move) || !g.play(m.move).ok()) ++bad;
      }
    });
  }
  for (auto& th : threads) th.join();
  const TableMemoryStats st = table_memory_stats();
  EXPECT_EQ(bad.load(), 0);
  EXPECT_EQ(st.total, total);
  EXPECT_LE(st.peak_allocated, total);
  EXPECT_LE(st.peak_leased, static_cast<std::size_t>(TablePool::SLOTS));
  EXPECT_GT(st.leases, 0u);
  EXPECT_EQ(st.leased, 0u);
  configure_table_memory(DEFAULT_TABLE_MEMORY);
}

}  // namespace
}  // namespace ft::engine
