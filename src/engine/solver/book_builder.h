// Builds the opening book (book.h) with this solver: every
// position of 7x6 classic up to `discs` discs, once under mirror symmetry.
// Only the deepest positions are searched (their score, then a best column by
// probes on the warm table); every shallower entry is the best of its
// children's, read back from the deeper entries. The searched entries go to a
// progress file as they are found, so a stopped build resumes where it was.
// They are searched opening by opening (the centre's first), so that a build
// stopped half-way already holds whole openings: a partial book of those can
// be written from the progress file at any time.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "engine/solver/book.h"
#include "rules/result.h"

namespace ft::engine::solver {

struct BookBuildOptions {
  // The book holds the positions reached from `root` (7x6 classic; the empty
  // board for the opening book) by drops that make no line, up to `discs`
  // discs on the board.
  Problem root;
  int discs = 8;                                   // the deepest positions stored
  int threads = 2;                                 // searchers, one position each
  std::size_t table_bytes = std::size_t{1} << 30;  // shared by the searchers
  std::string progress;                            // file of searched entries (resume)
  // Search nothing: write what the progress file completes, the searched
  // entries and every shallower one whose children are all known.
  bool partial = false;
  // Called after each searched position: done, total, and its nodes.
  std::function<void(std::size_t, std::size_t, std::uint64_t)> report;
};

// Keys (OpeningBook::key_of) of every position with exactly `discs` discs
// reached by drops from `root` without a line, sorted.
std::vector<std::uint64_t> book_positions(const Problem& root, int discs);
// The same keys in the order a build searches them: depth first from
// `root`, the centre column first, each at its first reaching.
std::vector<std::uint64_t> search_order(const Problem& root, int discs);

// The entry of a position from its children's entries (`find` gives a
// child's score), or nothing when a child has none.
std::optional<std::uint64_t> backed_up_entry(
    std::uint64_t key, const std::function<std::optional<int>(const Problem&)>& find);

Result<OpeningBook> build_book(const BookBuildOptions& options);

// `book` with the entries of `base` for the positions `book` lacks. A
// partial build completes its shallowest positions (the empty board, the
// first moves) only when its last opening is searched; an earlier, shallower
// book (whose entries cost minutes of search each) keeps them meanwhile.
OpeningBook with_base(const OpeningBook& book, const OpeningBook& base);

}  // namespace ft::engine::solver
