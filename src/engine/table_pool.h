// One pool owns the memory of every transposition table of every search that
// runs at once (the server may run many computer games together, so
// the tables stay within one configurable total and are reused, never
// allocated per move).
//
// The total is cut into SLOTS equal slots. A search leases one slot for its
// duration and gives it back; a slot's buffer is allocated on first use and
// then kept for the next search. When every slot is leased, the lease is empty
// and that search runs without a table: slower, but within the memory total
// and within its time budget (waiting for a slot could not promise either).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

namespace ft::engine {

inline constexpr std::size_t DEFAULT_TABLE_MEMORY = std::size_t{256} << 20;

struct TableMemoryStats {
  std::size_t total = 0;           // the configured limit
  std::size_t slot_bytes = 0;      // size of one table
  std::size_t allocated = 0;       // bytes held by the pool now (leased or idle)
  std::size_t peak_allocated = 0;  // most bytes ever held at once
  std::size_t leased = 0;          // tables in use now
  std::size_t peak_leased = 0;
  std::uint64_t leases = 0;  // tables handed out
  std::uint64_t denied = 0;  // searches that ran without a table
};

class TablePool;

// A leased buffer; returns itself to the pool when destroyed.
class TableLease {
 public:
  TableLease() = default;
  TableLease(TableLease&& other) noexcept;
  TableLease& operator=(TableLease&& other) noexcept;
  TableLease(const TableLease&) = delete;
  TableLease& operator=(const TableLease&) = delete;
  ~TableLease();

  bool empty() const { return bytes_ == 0; }
  void* data() const { return data_; }
  std::size_t bytes() const { return bytes_; }
  // Counts searches on this buffer, so a search can tell its own entries from
  // those a previous search left (see transposition.h).
  std::uint32_t generation() const { return generation_; }

 private:
  friend class TablePool;
  void release();

  TablePool* pool_ = nullptr;
  int slot_ = -1;
  void* data_ = nullptr;
  std::size_t bytes_ = 0;
  std::uint32_t generation_ = 0;
};

class TablePool {
 public:
  static constexpr int SLOTS = 8;

  explicit TablePool(std::size_t total_bytes = DEFAULT_TABLE_MEMORY);
  ~TablePool();
  TablePool(const TablePool&) = delete;
  TablePool& operator=(const TablePool&) = delete;

  // New limit for leases from now on. Idle buffers of the old size are freed
  // at once; leased ones when they come back, and until then count against
  // the new total, so the pool never holds more than the limit.
  void configure(std::size_t total_bytes);
  // `max_bytes` lets a small search (a low level) take less than a slot.
  TableLease acquire(std::size_t max_bytes = SIZE_MAX);
  TableMemoryStats stats() const;

  // The pool behind choose_move.
  static TablePool& shared();

 private:
  friend class TableLease;
  struct FreeDeleter {
    void operator()(void* p) const;
  };
  struct Slot {
    std::unique_ptr<void, FreeDeleter> buffer;
    std::size_t bytes = 0;
    bool leased = false;
    std::uint32_t generation = 0;
  };
  void give_back(int slot);
  std::size_t slot_size_locked() const;

  mutable std::mutex mutex_;
  std::size_t total_;
  std::vector<Slot> slots_;
  TableMemoryStats stats_;
};

}  // namespace ft::engine
