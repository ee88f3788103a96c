// The opening book of 7x6 classic: the exact score and a
// best column of every position up to a number of plies, so that the perfect
// level, `solve`, `move` and the analysis answer early positions at once
// (the search cannot finish them within a move's time).
//
// Positions are stored once for a position and its mirror image: the key is
// the smaller of the two solver keys (mover + mask + bottom, 49 bits on
// 7x6), and the column is that of the stored orientation. One 64-bit word
// an entry, sorted by key: key << 15 | (score + 32) << 3 | column.
// Built by `fourtable book build` (book_builder.h) from this solver.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/solver/solver.h"
#include "rules/result.h"

namespace ft::engine::solver {

struct BookMove {
  int score = 0;   // the solver's convention, for the side to move
  int column = 0;  // a best drop (0-based) in the position as given
};

class OpeningBook {
 public:
  OpeningBook() = default;
  // Takes packed entries in any order (sorted here).
  explicit OpeningBook(std::vector<std::uint64_t> entries);

  static Result<OpeningBook> load(const std::string& path);
  Result<bool> save(const std::string& path) const;

  // The book is for 7x6, line of 4, no cylinder, misère or blocks.
  static bool covers(const Board& b);
  // The stored answer for `p`, or nothing (not covered, not stored).
  std::optional<BookMove> find(const Problem& p) const;
  // Scores of every column as Solver::analyze gives them, from the entries
  // of the children (and the position's own for a column it names), or
  // nothing when a child that needs one has none.
  std::optional<std::vector<std::optional<int>>> analyze(const Problem& p) const;

  std::size_t size() const { return entries_.size(); }
  bool empty() const { return entries_.empty(); }
  int max_discs() const { return max_discs_; }
  const std::vector<std::uint64_t>& entries() const { return entries_; }

  // The key of `p` under mirror symmetry; `flipped` says whether it is the
  // mirror image's.
  static std::uint64_t key_of(const Problem& p, bool* flipped = nullptr);
  static std::uint64_t pack(std::uint64_t key, int score, int column);
  static std::uint64_t key(std::uint64_t entry) { return entry >> 15; }
  static int score(std::uint64_t entry) { return static_cast<int>((entry >> 3) & 63) - 32; }
  static int column(std::uint64_t entry) { return static_cast<int>(entry & 7); }
  // The position a key stands for (in its stored orientation).
  static Problem problem_of(std::uint64_t key);

 private:
  std::vector<std::uint64_t> entries_;
  int max_discs_ = -1;
};

// The book the engine uses: loaded once, on first use, from the file named
// by the environment variable FOURTABLE_BOOK, else the repository's
// data/book/classic-7x6.book; empty when neither can be read (the search
// then does all the work).
const OpeningBook& shared_book();
// Where shared_book() looks (for messages).
std::string shared_book_path();
// Why shared_book() is empty (the file is missing, not a book, cut short), or
// empty when it was read.
const std::string& shared_book_error();

}  // namespace ft::engine::solver
