// The opening book kept in the repository (data/book/classic-7x6.book, built by
// `fourtable book build`): every entry above the deepest is the best of its
// children's entries, a sample of 500 of the deepest (the searched ones, from
// which all the others follow) equals a fresh solve, the empty board is the
// known first-player win with the 41st disc (Allis 1988; score (43 - 40) / 2
// = 1) by the centre column, and the first moves have their published scores.
#include <gtest/gtest.h>

#include <algorithm>
#include <iostream>

#include "engine/solver/book.h"
#include "engine/solver/book_builder.h"
#include "rules/setup_draw.h"

namespace ft::engine::solver {
namespace {

OpeningBook stored() {
  auto book = OpeningBook::load(FT_REPO_BOOK);
  EXPECT_TRUE(book.ok()) << FT_REPO_BOOK;
  return book.ok() ? *book : OpeningBook{};
}

TEST(StoredBook, EmptyBoardIsAWinByTheCentre) {
  const OpeningBook book = stored();
  const auto empty = book.find(Problem{});
  ASSERT_TRUE(empty.has_value());
  EXPECT_EQ(empty->score, 1);
  EXPECT_EQ(empty->column, 3);
}

TEST(StoredBook, ShallowEntriesAreTheBestOfTheirChildren) {
  const OpeningBook book = stored();
  ASSERT_FALSE(book.empty());
  const auto find = [&book](const Problem& child) -> std::optional<int> {
    const auto m = book.find(child);
    return m ? std::optional<int>(m->score) : std::nullopt;
  };
  int checked = 0;
  for (std::uint64_t e : book.entries()) {
    const Problem p = OpeningBook::problem_of(OpeningBook::key(e));
    if (p.discs() == book.max_discs()) continue;  // the searched ones, below
    const auto again = backed_up_entry(OpeningBook::key(e), find);
    // A missing child is a book built part of the way (`book build --partial`).
    ASSERT_TRUE(again.has_value()) << "a child missing: " << std::hex << OpeningBook::key(e);
    EXPECT_EQ(OpeningBook::score(*again), OpeningBook::score(e));
    EXPECT_EQ(OpeningBook::column(*again), OpeningBook::column(e));
    ++checked;
  }
  std::cout << checked << " entries backed up from their children\n";
  EXPECT_GT(checked, 0);
}

// Complete to its depth: every position of 0..max_discs discs reached by
// drops without a line has its entry (the perfect level answers them from
// the book alone: the search takes longer than a move's time there).
TEST(StoredBook, HoldsEveryPositionUpToItsDepth) {
  const OpeningBook book = stored();
  ASSERT_GE(book.max_discs(), 8);
  std::size_t positions = 0;
  for (int d = 0; d <= book.max_discs(); ++d) {
    for (std::uint64_t k : book_positions(Problem{}, d)) {
      EXPECT_TRUE(book.find(OpeningBook::problem_of(k)).has_value())
          << d << " discs: " << std::hex << k;
      ++positions;
    }
  }
  EXPECT_EQ(positions, book.size());
}

// Every shallower entry is the best of its children's (above), so the book is
// right when its deepest entries are: 500 of them drawn with a printed seed
// (all when fewer), each solved afresh without the book; the stored column
// keeps the score (its child scores at most the negative: one probe on the
// warm table, as Solver::best_move checks a column).
TEST(StoredBook, SampledSearchedEntriesEqualFreshSolves) {
  constexpr std::uint64_t SEED = 20261202;
  const OpeningBook book = stored();
  std::vector<std::uint64_t> deepest;
  for (std::uint64_t e : book.entries()) {
    if (OpeningBook::problem_of(OpeningBook::key(e)).discs() == book.max_discs())
      deepest.push_back(e);
  }
  ASSERT_FALSE(deepest.empty());
  rules::SeededRandom rng(SEED);
  for (std::size_t i = deepest.size(); i > 1; --i)
    std::swap(deepest[i - 1], deepest[static_cast<std::size_t>(rng.below(static_cast<int>(i)))]);
  deepest.resize(std::min<std::size_t>(deepest.size(), 500));
  // In key order the sample's neighbours share subtrees on the table.
  std::sort(deepest.begin(), deepest.end());
  std::cout << "book entries with " << book.max_discs() << " discs: " << deepest.size()
            << " sampled, seed " << SEED << "\n";
  TranspositionTable table(std::size_t{256} << 20);
  Solver solver(table);
  for (std::uint64_t e : deepest) {
    const Problem p = OpeningBook::problem_of(OpeningBook::key(e));
    const int score = OpeningBook::score(e);
    const int col = OpeningBook::column(e);
    EXPECT_EQ(solver.solve(p).value(), score) << std::hex << OpeningBook::key(e);
    ASSERT_TRUE(can_play(p, col));
    if (makes_line(p, col)) {
      EXPECT_EQ(score, win_now_score(p));
    } else {
      EXPECT_TRUE(solver.score_at_most(play(p, col), -score).value())
          << std::hex << OpeningBook::key(e) << " column " << col;
    }
  }
}

// The first moves: the published analysis of the empty board (Pons, "Solving Connect 4", whose
// solver the public 7x6 test sets come from) scores them -2 -1 0 1 0 -1 -2 for
// the first player. A fresh solve of each takes minutes (docs/engine-levels.md),
// too long for a test: this checks the backed-up top of the book against
// published figures; book_test.cpp checks the builder against fresh solves.
TEST(StoredBook, FirstMovesHaveThePublishedScores) {
  const OpeningBook book = stored();
  const int published[7] = {-2, -1, 0, 1, 0, -1, -2};
  for (int col = 0; col < 7; ++col) {
    const auto after = book.find(play(Problem{}, col));
    ASSERT_TRUE(after.has_value()) << col;
    EXPECT_EQ(-after->score, published[col]) << "column " << col;
  }
  const auto scores = book.analyze(Problem{});
  ASSERT_TRUE(scores.has_value());
  for (int col = 0; col < 7; ++col) EXPECT_EQ((*scores)[col], published[col]) << col;
}

}  // namespace
}  // namespace ft::engine::solver
