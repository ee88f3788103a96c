// The opening book: keys under mirror symmetry, a book built
// by the project's builder against fresh solves of every entry, resuming
// from the progress file, the perfect level's best move, and the book kept in
// the repository checked entry by entry.
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "engine/solver/book.h"
#include "engine/solver/book_builder.h"
#include "engine/solver/move_check.h"
#include "engine/solver/random_positions.h"

namespace ft::engine::solver {
namespace {

Bits mirrored(Bits x) {
  Bits r = 0;
  for (int c = 0; c < 7; ++c) r |= ((x >> (c * 7)) & 0x7f) << ((6 - c) * 7);
  return r;
}

TEST(OpeningBook, KeysStandForThePositionOrItsMirror) {
  for (const std::string& moves : random_positions(Board{}, 200, 0, 30, 7)) {
    const Problem p = play_moves(Board{}, moves).value();
    bool flipped = false;
    const std::uint64_t k = OpeningBook::key_of(p, &flipped);
    const Problem back = OpeningBook::problem_of(k);
    const Bits mover = flipped ? mirrored(p.mover) : p.mover;
    const Bits other = flipped ? mirrored(p.other) : p.other;
    EXPECT_EQ(back.mover, mover) << moves;
    EXPECT_EQ(back.other, other) << moves;
    // The mirror image has the same key, flipped the other way (unless it
    // is its own mirror image).
    Problem m = p;
    m.mover = mirrored(p.mover);
    m.other = mirrored(p.other);
    bool m_flipped = false;
    EXPECT_EQ(OpeningBook::key_of(m, &m_flipped), k) << moves;
    if (m.mover != p.mover || m.other != p.other) {
      EXPECT_NE(m_flipped, flipped) << moves;
    }
  }
}

TEST(OpeningBook, PacksScoresAndColumns) {
  const std::uint64_t e = OpeningBook::pack(0x1234567890ULL, -21, 6);
  EXPECT_EQ(OpeningBook::key(e), 0x1234567890ULL);
  EXPECT_EQ(OpeningBook::score(e), -21);
  EXPECT_EQ(OpeningBook::column(e), 6);
  EXPECT_EQ(OpeningBook::score(OpeningBook::pack(1, 21, 0)), 21);
}

// A book from a late 7x6 position, three discs deep: every entry's score is
// the solver's, its column keeps it, and a second run finds everything in the
// progress file (nothing searched) and gives the same book.
TEST(OpeningBook, BuiltBookAgreesWithFreshSolves) {
  const auto tmp = std::filesystem::temp_directory_path() /
                   ("ft-book-test-" + std::to_string(::getpid()) + ".progress");
  std::filesystem::remove(tmp);
  for (const std::string& moves : random_positions(Board{}, 2, 24, 24, 11)) {
    BookBuildOptions o;
    o.root = play_moves(Board{}, moves).value();
    o.discs = 27;
    o.threads = 2;
    o.table_bytes = std::size_t{32} << 20;
    o.progress = tmp.string();
    std::size_t searched = 0;
    o.report = [&](std::size_t, std::size_t, std::uint64_t) { ++searched; };
    const OpeningBook book = build_book(o).value();
    EXPECT_EQ(searched, book_positions(o.root, 27).size()) << moves;
    EXPECT_GT(book.size(), searched) << moves;

    TranspositionTable table(std::size_t{32} << 20);
    Solver solver(table);
    const OpeningBook none;
    for (std::uint64_t e : book.entries()) {
      const Problem p = OpeningBook::problem_of(OpeningBook::key(e));
      EXPECT_EQ(OpeningBook::score(e), solver.solve(p).value()) << moves;
      const MoveCheck c = check_move(p, OpeningBook::column(e), solver, none);
      EXPECT_TRUE(c.exact()) << moves << ": column " << OpeningBook::column(e);
      // The book answers for the position as given too.
      ASSERT_TRUE(book.find(p).has_value());
    }

    searched = 0;
    const OpeningBook again = build_book(o).value();
    EXPECT_EQ(searched, 0u) << "resumed from the progress file";
    EXPECT_EQ(again.entries(), book.entries());
    std::filesystem::remove(tmp);
  }
}

// A build searches the deepest positions opening by opening: the order holds
// each position once, and a book written from a half-done progress file
// holds only entries of the finished book, the searched ones and the
// shallower ones whose children were all searched.
TEST(OpeningBook, PartialBookHoldsWhatItsProgressCompletes) {
  const Problem root = play_moves(Board{}, random_positions(Board{}, 1, 22, 22, 17)[0]).value();
  const int discs = 25;
  std::vector<std::uint64_t> order = search_order(root, discs);
  const std::vector<std::uint64_t> sorted = book_positions(root, discs);
  ASSERT_GT(order.size(), 8u);
  std::sort(order.begin(), order.end());
  EXPECT_EQ(order, sorted);

  const auto base =
      std::filesystem::temp_directory_path() / ("ft-book-partial-" + std::to_string(::getpid()));
  BookBuildOptions o;
  o.root = root;
  o.discs = discs;
  o.threads = 1;
  o.table_bytes = std::size_t{16} << 20;
  o.progress = base.string() + ".full";
  const OpeningBook full = build_book(o).value();

  // The first half of the search order, as a stopped build leaves it.
  const std::vector<std::uint64_t> first = search_order(root, discs);
  const std::size_t half = first.size() / 2;
  o.progress = base.string() + ".half";
  {
    std::ofstream half_file(o.progress);
    for (std::size_t i = 0; i < half; ++i) {
      const auto m = full.find(OpeningBook::problem_of(first[i]));
      ASSERT_TRUE(m.has_value());
      half_file << std::hex << OpeningBook::pack(first[i], m->score, m->column) << "\n";
    }
  }
  o.partial = true;
  std::size_t searched = 0;
  o.report = [&](std::size_t, std::size_t, std::uint64_t) { ++searched; };
  const OpeningBook partial = build_book(o).value();
  EXPECT_EQ(searched, 0u) << "a partial book searches nothing";
  EXPECT_GE(partial.size(), half);
  EXPECT_LT(partial.size(), full.size());
  for (std::uint64_t e : partial.entries()) {
    const Problem p = OpeningBook::problem_of(OpeningBook::key(e));
    const auto m = full.find(p);
    ASSERT_TRUE(m.has_value());
    EXPECT_EQ(OpeningBook::score(e), m->score);
  }
  std::filesystem::remove(base.string() + ".full");
  std::filesystem::remove(o.progress);
}

// A partial book with an earlier book's entries: its own stay as they are,
// the earlier book fills in only the positions it lacks.
TEST(OpeningBook, ABaseFillsInOnlyThePositionsTheBookLacks) {
  const std::uint64_t empty = OpeningBook::key_of(Problem{});
  const std::uint64_t centre = OpeningBook::key_of(play(Problem{}, 3));
  const std::uint64_t edge = OpeningBook::key_of(play(Problem{}, 0));
  const OpeningBook book({OpeningBook::pack(centre, -1, 3)});
  const OpeningBook base({OpeningBook::pack(empty, 1, 3), OpeningBook::pack(centre, 5, 0),
                          OpeningBook::pack(edge, 2, 3)});
  const OpeningBook both = with_base(book, base);
  EXPECT_EQ(both.size(), 3u);
  EXPECT_EQ(both.find(Problem{})->score, 1);
  EXPECT_EQ(both.find(play(Problem{}, 3))->score, -1);
  EXPECT_EQ(both.find(play(Problem{}, 3))->column, 3);
  EXPECT_EQ(both.find(play(Problem{}, 6))->score, 2);  // the mirror of the edge
}

TEST(OpeningBook, SavedBookLoadsTheSame) {
  BookBuildOptions o;
  o.root = play_moves(Board{}, random_positions(Board{}, 1, 30, 30, 5)[0]).value();
  o.discs = o.root.discs() + 1;
  o.threads = 1;
  o.table_bytes = std::size_t{8} << 20;
  const auto base =
      std::filesystem::temp_directory_path() / ("ft-book-save-" + std::to_string(::getpid()));
  o.progress = base.string() + ".progress";
  const OpeningBook book = build_book(o).value();
  ASSERT_TRUE(book.save(base.string() + ".book").ok());
  const OpeningBook loaded = OpeningBook::load(base.string() + ".book").value();
  EXPECT_EQ(loaded.entries(), book.entries());
  EXPECT_FALSE(OpeningBook::load(o.progress).ok()) << "a text file is not a book";
  std::filesystem::remove(base.string() + ".book");
  std::filesystem::remove(o.progress);
}

TEST(OpeningBook, BestMoveKeepsTheScore) {
  TranspositionTable table(std::size_t{32} << 20);
  Solver solver(table);
  const OpeningBook none;
  for (const std::string& moves : random_positions(Board{}, 40, 16, 30, 3)) {
    const Problem p = play_moves(Board{}, moves).value();
    const auto best = solver.best_move(p);
    ASSERT_TRUE(best.has_value()) << moves;
    const MoveCheck c = check_move(p, best->column, solver, none);
    EXPECT_EQ(best->score, c.best) << moves;
    EXPECT_TRUE(c.exact()) << moves << " column " << best->column;
  }
}

}  // namespace
}  // namespace ft::engine::solver
