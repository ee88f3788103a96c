// RULES.md A8 (obstacles) and A9 (drawn opening): set-ups drawn from a seed.
#include <gtest/gtest.h>

#include <set>

#include "rules/setup_draw.h"
#include "rules_test_util.h"

namespace ft::rules {
namespace {

using namespace testing;  // rules_test_util.h

VariantSpec obstacles(int width, int height, int blocks) {
  VariantOptions o;
  o.width = width;
  o.height = height;
  o.blocks = blocks;
  auto spec = make_variant("obstacles", o);
  EXPECT_TRUE(spec.ok()) << width << "x" << height << " K=" << blocks;
  return spec.value();
}

// RULES.md A8: default 4 blocks on 7x6; the table setting is 2..8.
TEST(RulesA8Obstacles, BlockCountDefaultAndRange) {
  EXPECT_EQ(find_variant("obstacles")->blocks, 4);
  for (int k = 0; k <= 10; ++k) {
    VariantOptions o;
    o.blocks = k;
    EXPECT_EQ(make_variant("obstacles", o).ok(), k >= 2 && k <= 8) << k;
  }
  // An odd count puts one block in the middle column, which needs one.
  VariantOptions odd;
  odd.blocks = 3;
  odd.width = 8;
  EXPECT_FALSE(make_variant("obstacles", odd).ok());
  // Blocks belong to the obstacles variant.
  VariantOptions classic;
  classic.blocks = 4;
  EXPECT_FALSE(make_variant("classic", classic).ok());
}

// RULES.md A8: mirror-symmetric about the middle column, an odd K puts one
// in the middle; dropped, so never floating; the same seed, the same blocks.
TEST(RulesA8Obstacles, SymmetricStandingAndDeterministic) {
  for (int w : {5, 7, 9}) {
    for (int h : {4, 6, 10}) {
      for (int k = 2; k <= 8; ++k) {
        const VariantSpec spec = obstacles(w, h, k);
        std::set<std::vector<std::pair<int, int>>> layouts;
        for (std::uint64_t seed = 0; seed < 40; ++seed) {
          const auto cells = draw_obstacles(spec, seed);
          ASSERT_EQ(cells.size(), static_cast<std::size_t>(k));
          std::set<std::pair<int, int>> set;
          for (const Cell& c : cells) set.insert({c.col, c.row});
          EXPECT_EQ(set.size(), cells.size()) << "two blocks on one cell";
          for (const Cell& c : cells) {
            EXPECT_EQ(set.count({w - 1 - c.col, c.row}), 1u)
                << "mirror of " << c.col << "," << c.row;
            // Never floating: every cell below a block holds a block.
            for (int r = 0; r < c.row; ++r) EXPECT_EQ(set.count({c.col, r}), 1u);
          }
          const int middle = static_cast<int>(set.count({w / 2, 0}));
          EXPECT_EQ(middle, k % 2) << "odd K: one in the middle column";
          // The layout stands on the board as a game's set-up.
          auto g = FourGame::create(spec, rules::Setup{cells, {}});
          ASSERT_TRUE(g.ok()) << g.error().message;
          EXPECT_EQ(draw_obstacles(spec, seed), cells) << "same seed, same layout";
          layouts.insert(std::vector<std::pair<int, int>>(set.begin(), set.end()));
        }
        // The seed must matter, unless the count leaves one layout (8 blocks
        // on 5 columns fill the two outer pairs with two each).
        const bool forced = k / 2 == 2 * (w / 2);
        EXPECT_EQ(layouts.size() > 1, !forced) << w << "x" << h << " K=" << k;
      }
    }
  }
}

// RULES.md A8: a block fills its cell like a disc, belongs to nobody and is
// never part of a line.
TEST(RulesA8Obstacles, BlockFillsACellAndIsNoPartOfALine) {
  const VariantSpec spec = find_variant("obstacles").value();
  auto g =
      FourGame::create(spec, rules::Setup{{Cell{3, 0}, Cell{3, 1}, Cell{2, 0}, Cell{4, 0}}, {}})
          .value();
  EXPECT_EQ(g.board_rows()[5], "..###..");
  EXPECT_EQ(g.board_rows()[4], "...#...");
  // A disc dropped on a block rests on it.
  play_letters(g, "d");
  EXPECT_EQ(g.position().at(3, 2), 0);
  EXPECT_EQ(g.position().at(3, 1), BLOCK);
  auto h =
      FourGame::create(spec, rules::Setup{{Cell{0, 0}, Cell{6, 0}, Cell{3, 0}, Cell{3, 1}}, {}})
          .value();
  // Red b1 c1 e1 f1 with the block d1 between them: not a line.
  EXPECT_EQ(play_letters(h, "bbccee"), Outcome{});
  EXPECT_EQ(play_letters(h, "f"), Outcome{});
  // Discs on top of blocks do make lines: yellow d3-d6 over the blocks d1 d2.
  EXPECT_EQ(play_letters(h, "dbdbdgd"), win_by(1));
  EXPECT_EQ(h.winning_cells(), (std::vector<Cell>{{3, 2}, {3, 3}, {3, 4}, {3, 5}}));
  EXPECT_EQ(h.position().at(3, 0), BLOCK);
}

// RULES.md A2 with A8: the board is full when every cell holds a disc or a block.
TEST(RulesA8Obstacles, FullBoardCountsBlocks) {
  const VariantSpec spec = obstacles(5, 4, 2);
  auto g = FourGame::create(spec, rules::Setup{{Cell{0, 0}, Cell{4, 0}}, {}}).value();
  EXPECT_EQ(play_letters(g, "ddaceddcecbbcaaebb"), (Outcome{Status::draw, -1, Reason::full}));
  EXPECT_EQ(g.ply(), 18);  // 20 cells, 2 of them blocks
}

// RULES.md A9: the opening has P plies (default 2, setting 2..6), never a
// line, never a win in one for the player to move, who continues from there.
TEST(RulesA9DrawnOpening, LengthRange) {
  EXPECT_EQ(find_variant("drawn-opening")->opening_plies, 2);
  for (int p = 0; p <= 8; ++p) {
    VariantOptions o;
    o.opening_plies = p;
    EXPECT_EQ(make_variant("drawn-opening", o).ok(), p >= 2 && p <= 6) << p;
  }
}

TEST(RulesA9DrawnOpening, NoLineNoWinInOneDeterministic) {
  for (int plies = 2; plies <= 6; ++plies) {
    for (auto [w, h] : {std::pair{7, 6}, {4, 4}, {10, 10}}) {
      VariantOptions o;
      o.opening_plies = plies;
      o.width = w;
      o.height = h;
      const VariantSpec spec = make_variant("drawn-opening", o).value();
      std::set<std::vector<int>> openings;
      for (std::uint64_t seed = 0; seed < 60; ++seed) {
        const auto cols = draw_opening(spec, seed);
        ASSERT_EQ(cols.size(), static_cast<std::size_t>(plies));
        EXPECT_EQ(draw_opening(spec, seed), cols);
        openings.insert(cols);
        auto g = FourGame::create(spec, rules::Setup{{}, cols});
        ASSERT_TRUE(g.ok()) << g.error().message;  // create refuses an opening with a line
        EXPECT_FALSE(g->outcome().over());
        EXPECT_EQ(g->ply(), plies);
        EXPECT_EQ(g->side_to_move(), plies % 2);
        EXPECT_TRUE(g->moves().empty());
        // No move wins at once for the player to move.
        for (const auto& m : g->legal_moves()) {
          FourGame next = g.value();
          const Outcome out = next.play(m).value();
          EXPECT_FALSE(out.status == Status::win && out.winner == g->side_to_move())
              << "seed " << seed << " move " << m;
        }
      }
      EXPECT_GT(openings.size(), 5u);
    }
  }
}

TEST(RulesA9DrawnOpening, AnOpeningWithALineIsRefused) {
  const VariantSpec spec = find_variant("drawn-opening").value();
  auto g = FourGame::create(spec, rules::Setup{{}, {0, 1, 0, 1, 0, 1, 0}});
  ASSERT_FALSE(g.ok());
  EXPECT_EQ(g.error().code, ErrorCode::bad_setup);
}

// RULES.md A8, A9: the whole set-up comes from the seed, so both games of a
// match (and a replay) get the same one.
TEST(RulesA8A9, DrawSetupIsAFunctionOfTheSeed) {
  for (auto key : {"obstacles", "drawn-opening"}) {
    const VariantSpec spec = find_variant(key).value();
    for (std::uint64_t seed : {0ULL, 1ULL, 99ULL, 0xFFFFFFFFFFFFFFFFULL}) {
      const rules::Setup a = draw_setup(spec, seed);
      const rules::Setup b = draw_setup(spec, seed);
      EXPECT_EQ(a.blocks, b.blocks);
      EXPECT_EQ(a.opening, b.opening);
      EXPECT_EQ(a.blocks.empty(), spec.blocks == 0);
      EXPECT_EQ(a.opening.empty(), spec.opening_plies == 0);
    }
  }
  EXPECT_TRUE(draw_setup(find_variant("classic").value(), 5).blocks.empty());
}

}  // namespace
}  // namespace ft::rules
