#include "engine/table_pool.h"

#include <algorithm>
#include <bit>
#include <cstdlib>

namespace ft::engine {

TableLease::TableLease(TableLease&& other) noexcept {
  *this = std::move(other);
}

TableLease& TableLease::operator=(TableLease&& other) noexcept {
  if (this != &other) {
    release();
    pool_ = other.pool_;
    slot_ = other.slot_;
    data_ = other.data_;
    bytes_ = other.bytes_;
    generation_ = other.generation_;
    other.pool_ = nullptr;
    other.slot_ = -1;
    other.data_ = nullptr;
    other.bytes_ = 0;
  }
  return *this;
}

TableLease::~TableLease() {
  release();
}

void TableLease::release() {
  if (pool_ != nullptr) pool_->give_back(slot_);
  pool_ = nullptr;
  slot_ = -1;
  data_ = nullptr;
  bytes_ = 0;
}

TablePool::TablePool(std::size_t total_bytes) : total_(total_bytes), slots_(SLOTS) {
  stats_.total = total_bytes;
}

TablePool::~TablePool() = default;

void TablePool::FreeDeleter::operator()(void* p) const {
  std::free(p);
}

TablePool& TablePool::shared() {
  static TablePool pool;
  return pool;
}

std::size_t TablePool::slot_size_locked() const {
  // A power of two so that a table indexes with a mask; 0 if the total is too
  // small for even a tiny table.
  const std::size_t share = total_ / SLOTS;
  if (share < 1024) return 0;
  return std::bit_floor(share);
}

void TablePool::configure(std::size_t total_bytes) {
  std::lock_guard lock(mutex_);
  total_ = total_bytes;
  stats_.total = total_bytes;
  stats_.slot_bytes = slot_size_locked();
  for (Slot& s : slots_) {
    if (!s.leased && s.buffer && s.bytes != stats_.slot_bytes) {
      stats_.allocated -= s.bytes;
      s.buffer.reset();
      s.bytes = 0;
    }
  }
  // Peaks restart with each limit, so they can be checked against it.
  stats_.peak_allocated = stats_.allocated;
  stats_.peak_leased = stats_.leased;
}

TableLease TablePool::acquire(std::size_t max_bytes) {
  std::lock_guard lock(mutex_);
  const std::size_t size = slot_size_locked();
  stats_.slot_bytes = size;
  TableLease lease;
  if (size == 0) {
    ++stats_.denied;
    return lease;
  }
  // Prefer an idle buffer of the right size, then an empty slot we may fill.
  int pick = -1;
  for (int i = 0; i < SLOTS && pick < 0; ++i) {
    if (!slots_[i].leased && slots_[i].bytes == size) pick = i;
  }
  for (int i = 0; i < SLOTS && pick < 0; ++i) {
    Slot& s = slots_[i];
    if (s.leased) continue;
    if (s.buffer) {  // idle, but of an old size
      stats_.allocated -= s.bytes;
      s.buffer.reset();
      s.bytes = 0;
    }
    if (stats_.allocated + size > total_) continue;
    // calloc: zeroed memory straight from the kernel for large sizes, with no
    // memset that would spend the first search's time budget.
    s.buffer.reset(std::calloc(size, 1));
    if (!s.buffer) continue;
    s.bytes = size;
    stats_.allocated += size;
    stats_.peak_allocated = std::max(stats_.peak_allocated, stats_.allocated);
    pick = i;
  }
  if (pick < 0) {
    ++stats_.denied;
    return lease;
  }
  Slot& s = slots_[pick];
  s.leased = true;
  ++s.generation;
  ++stats_.leases;
  ++stats_.leased;
  stats_.peak_leased = std::max(stats_.peak_leased, stats_.leased);
  lease.pool_ = this;
  lease.slot_ = pick;
  lease.data_ = s.buffer.get();
  lease.bytes_ = std::min(
      s.bytes, std::max<std::size_t>(1024, std::bit_floor(std::max<std::size_t>(max_bytes, 1))));
  lease.generation_ = s.generation;
  return lease;
}

void TablePool::give_back(int slot) {
  std::lock_guard lock(mutex_);
  Slot& s = slots_[slot];
  s.leased = false;
  --stats_.leased;
  if (s.bytes != slot_size_locked() || stats_.allocated > total_) {
    stats_.allocated -= s.bytes;
    s.buffer.reset();
    s.bytes = 0;
  }
}

TableMemoryStats TablePool::stats() const {
  std::lock_guard lock(mutex_);
  TableMemoryStats st = stats_;
  st.slot_bytes = slot_size_locked();
  return st;
}

}  // namespace ft::engine
