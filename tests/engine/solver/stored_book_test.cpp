// The opening book kept in the repository (data/book/classic-7x6.book, built by
// `fourtable book build`): every entry above the deepest is the best of its
// children's entries, the empty board is the known first-player win with the
// 41st disc (Allis 1988; score (43 - 40) / 2 = 1) by the centre column, and
// the first moves have their published scores.
#include <gtest/gtest.h>

#include <algorithm>

#include "engine/solver/book.h"
#include "engine/solver/book_builder.h"

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
    ASSERT_TRUE(again.has_value()) << "a child missing";
    EXPECT_EQ(OpeningBook::score(*again), OpeningBook::score(e));
    EXPECT_EQ(OpeningBook::column(*again), OpeningBook::column(e));
    ++checked;
  }
  EXPECT_GT(checked, 0);
}

// The searched entries of this book are the seven first moves; the
// published analysis of the empty board (Pons, "Solving Connect 4", whose
// solver the public 7x6 test sets come from) scores them -2 -1 0 1 0 -1 -2 for
// the first player. A fresh solve of each takes minutes (docs/engine-levels.md),
// too long for a test; book_test.cpp checks the builder against fresh solves.
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
