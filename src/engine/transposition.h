// The heuristic search's transposition table: a view over pool memory (see
// table_pool.h), one entry per bucket, depth-preferred with the current
// search always replacing entries older searches left.
#pragma once

#include <cstddef>
#include <cstdint>

#include "engine/table_pool.h"
#include "engine/types.h"

namespace ft::engine {

enum class Bound : std::uint8_t { none, lower, upper, exact };

struct TableEntry {
  std::uint64_t key = 0;
  std::int16_t score = 0;
  std::uint16_t generation = 0;
  std::int8_t depth = 0;
  Bound bound = Bound::none;
  std::uint8_t move = 0xff;  // index of the best move, 0xff for none
  std::uint8_t spare = 0;
};
static_assert(sizeof(TableEntry) == 16);

class TranspositionTable {
 public:
  // An empty lease gives a table that stores nothing.
  explicit TranspositionTable(const TableLease& lease)
      : entries_(static_cast<TableEntry*>(lease.data())),
        mask_(lease.bytes() / sizeof(TableEntry) == 0 ? 0 : lease.bytes() / sizeof(TableEntry) - 1),
        generation_(static_cast<std::uint16_t>(lease.generation())) {
    if (lease.empty()) entries_ = nullptr;
  }

  // Entries written by earlier searches count as empty: each search starts
  // from a clean table without paying to clear it, and plays the same move
  // for the same seed whatever searched on the buffer before.
  const TableEntry* probe(std::uint64_t key) const {
    if (entries_ == nullptr) return nullptr;
    const TableEntry& e = entries_[key & mask_];
    if (e.key != key || e.generation != generation_ || e.bound == Bound::none) return nullptr;
    return &e;
  }

  void store(std::uint64_t key, int score, int depth, Bound bound, int move) {
    if (entries_ == nullptr) return;
    TableEntry& e = entries_[key & mask_];
    if (e.generation == generation_ && e.key != key && e.depth > depth + 2) return;
    e.key = key;
    e.score = static_cast<std::int16_t>(score);
    e.generation = generation_;
    e.depth = static_cast<std::int8_t>(depth);
    e.bound = bound;
    e.move = static_cast<std::uint8_t>(move < 0 ? 0xff : move);
  }

  std::size_t capacity() const { return entries_ == nullptr ? 0 : mask_ + 1; }

  // What an alpha-beta search takes from the entry of `key`: the move to try
  // first (-1 for none) and, when the entry was searched `depth` deep or more
  // and its bound settles the window (alpha, beta), the score to return.
  struct Hit {
    int move = -1;
    bool cutoff = false;
    int score = 0;
  };
  Hit hit(std::uint64_t key, int depth, int ply, int alpha, int beta) const {
    Hit h;
    const TableEntry* e = probe(key);
    if (e == nullptr) return h;
    h.move = e->move == 0xff ? -1 : e->move;
    if (e->depth < depth) return h;
    h.score = from_table_score(e->score, ply);
    h.cutoff = e->bound == Bound::exact || (e->bound == Bound::lower && h.score >= beta) ||
               (e->bound == Bound::upper && h.score <= alpha);
    return h;
  }

 private:
  TableEntry* entries_;
  std::size_t mask_;
  std::uint16_t generation_;
};

}  // namespace ft::engine
