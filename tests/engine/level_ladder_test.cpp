// The level ladder behind `fourtable bench levels`: match structure of
// RULES.md A3 (two games, sides swapped) and A10 (three games, every seat
// once), and pairwise scoring as the rating counts it (RULES.md A5).
#include "engine/level_ladder.h"

#include <gtest/gtest.h>

#include "test_games.h"

namespace ft::engine {
namespace {

LadderConfig config_for(const char* variant, int matches) {
  LadderConfig cfg;
  const rules::VariantSpec spec = rules::find_variant(variant).value();
  cfg.new_game = [spec](std::uint64_t seed) -> std::unique_ptr<rules::GameState> {
    return std::make_unique<rules::FourGame>(
        rules::FourGame::create(spec, rules::draw_setup(spec, seed)).value());
  };
  cfg.matches = matches;
  cfg.level_from = 1;
  cfg.level_to = 3;
  cfg.budget = std::chrono::milliseconds(20);
  cfg.opening_plies = 2;
  return cfg;
}

void expect_consistent(const PairResult& p, int matches, int games_per_match, int sides) {
  EXPECT_EQ(p.matches, matches);
  EXPECT_EQ(p.games, matches * games_per_match);
  EXPECT_EQ(p.upper_wins + p.draws + p.upper_losses, p.games);
  EXPECT_DOUBLE_EQ(p.possible, p.games * (sides - 1));
  EXPECT_GE(p.points, 0);
  EXPECT_LE(p.points, p.possible);
}

// RULES.md A3: a match is two games with the sides swapped.
TEST(LevelLadderA3, TwoSidedMatchesHaveTwoGames) {
  std::vector<int> finished;
  const LadderResult r =
      run_ladder(config_for("small", 3), [&](const PairResult& p) { finished.push_back(p.upper); });
  ASSERT_TRUE(r.error.empty()) << r.error;
  ASSERT_EQ(r.pairs.size(), 2u);
  for (const PairResult& p : r.pairs) {
    expect_consistent(p, 3, 2, 2);
    EXPECT_EQ(p.match_wins + p.match_draws + p.match_losses, 3);
    // Two-sided pairwise points are plain game points.
    EXPECT_DOUBLE_EQ(p.points, p.upper_wins + 0.5 * p.draws);
  }
  EXPECT_EQ(finished, (std::vector<int>{2, 3}));
  EXPECT_FALSE(r.times.at(1).ms.empty());
  EXPECT_FALSE(r.times.at(3).ms.empty());
}

// RULES.md A10 and A5: three games per match; a game lost to one lower copy
// scores 0 against it and 1/2 against the other loser.
TEST(LevelLadderA10, ThreePlayerMatchesHaveThreeGamesAndPairwisePoints) {
  LadderConfig cfg = config_for("three-players", 1);
  cfg.level_to = 2;
  const LadderResult r = run_ladder(cfg);
  ASSERT_TRUE(r.error.empty()) << r.error;
  ASSERT_EQ(r.pairs.size(), 1u);
  const PairResult& p = r.pairs[0];
  expect_consistent(p, 1, 3, 3);
  EXPECT_DOUBLE_EQ(p.points, 2.0 * p.upper_wins + 1.0 * p.draws + 0.5 * p.upper_losses);
  EXPECT_EQ(p.match_wins + p.match_draws + p.match_losses, 0);  // no match points with three
}

TEST(LevelLadder, AGameThatCannotBeMadeIsAnError) {
  LadderConfig cfg = config_for("small", 1);
  cfg.new_game = [](std::uint64_t) -> std::unique_ptr<rules::GameState> { return nullptr; };
  const LadderResult r = run_ladder(cfg);
  EXPECT_FALSE(r.error.empty());
}

}  // namespace
}  // namespace ft::engine
