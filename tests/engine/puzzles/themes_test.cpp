// Each theme of themes.h on a puzzle the builder found, and the obvious
// first move: the test reads the themes off positions whose lines are
// checked here too, so a theme never rests on a wrong line.
#include <gtest/gtest.h>

#include "engine/puzzles/line.h"
#include "engine/puzzles/themes.h"

namespace ft::engine::puzzles {
namespace {

struct Example {
  std::string variant;
  std::string moves;
  std::string line;
};

std::vector<std::string> themes(const Example& e, bool* obvious = nullptr) {
  auto spec = rules::make_variant(e.variant, {});
  EXPECT_TRUE(spec.ok());
  auto o = Oracle::create(*spec, std::size_t{16} << 20, 0);
  EXPECT_TRUE(o.ok());
  Oracle& oracle = **o;
  const Node n = *oracle.replay(*parse_moves(e.moves, spec->width));
  const std::vector<PuzzleMove> line = *parse_moves(e.line, spec->width);
  EXPECT_TRUE(check_line(oracle, n, line).ok()) << e.moves << " " << e.line;
  if (obvious) *obvious = obvious_start(oracle, n, line);
  return themes_of(oracle, n, line);
}

using Themes = std::vector<std::string>;

TEST(PuzzleThemes, WinNowThatAlsoBlocks) {
  bool obvious = false;
  EXPECT_EQ(themes({"classic", "37454431455541636774552222227771", "1"}, &obvious),
            (Themes{"win-now", "block-and-win"}));
  EXPECT_TRUE(obvious);
}

TEST(PuzzleThemes, BlockAndWinIsAnObviousStart) {
  // 7 blocks yellow's four in g: every other move loses at once.
  bool obvious = false;
  EXPECT_EQ(themes({"classic", "276466646444212274515571155236772115", "733"}, &obvious),
            (Themes{"block-and-win", "zugzwang"}));
  EXPECT_TRUE(obvious);
}

TEST(PuzzleThemes, Zugzwang) {
  // After 1, yellow has only moves that lose; 4 is the longest, and red's
  // four is made on top of it.
  bool obvious = true;
  EXPECT_EQ(themes({"classic", "76725356655615227762122115633333771", "144"}, &obvious),
            (Themes{"zugzwang"}));
  EXPECT_FALSE(obvious);
}

TEST(PuzzleThemes, StackedThreats) {
  EXPECT_EQ(themes({"classic", "33545262552336511366325122667", "777771144"}),
            (Themes{"stacked-threats"}));
}

TEST(PuzzleThemes, PopInPopOut) {
  EXPECT_EQ(themes({"popout", "514355674636", "22242^"}), (Themes{"pop"}));
}

TEST(PuzzleThemes, AvoidFourInMisere) {
  EXPECT_EQ(themes({"misere", "2612731577765773442415555242211134", "4"}), (Themes{"avoid-four"}));
  // No move at the start makes a line: no theme.
  EXPECT_EQ(themes({"misere", "313574235167111167757725556323366", "6"}), (Themes{}));
}

}  // namespace
}  // namespace ft::engine::puzzles
