// The level ladder behind `fourtable bench levels`: match structure of
// RULES.md A3 (two games, sides swapped) and A10 (three games, every seat
// once), and pairwise scoring as the rating counts it (RULES.md A5).
#include "engine/level_ladder.h"

#include <gtest/gtest.h>

#include <set>

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

namespace ft::engine {
namespace {

// `fourtable bench levels --level-settings`: a list of name=value changes.
TEST(LevelSettingsOverride, ChangesTheNamedSettingsOnly) {
  LevelSettings s = level_settings(6, 3);
  const LevelSettings before = s;
  std::string error;
  ASSERT_TRUE(apply_level_settings(
      "depth=3,nodes=1000000,eval=simple,noise=8,blunders=100,exact-nodes=0,exact-empty=0,"
      "playouts=5000,explore=700,oversights=250",
      s, error))
      << error;
  EXPECT_EQ(s.max_depth, 3);
  EXPECT_EQ(s.max_nodes, 1'000'000u);
  EXPECT_EQ(s.eval, EvalKind::simple);
  EXPECT_EQ(s.noise, 8);
  EXPECT_EQ(s.blunder_permille, 100);
  EXPECT_EQ(s.exact_nodes, 0u);
  EXPECT_EQ(s.exact_empty, 0);
  EXPECT_EQ(s.playouts, 5000u);
  EXPECT_EQ(s.explore_permille, 700);
  EXPECT_EQ(s.oversight_permille, 250);
  EXPECT_EQ(s.time_cap, before.time_cap);
  EXPECT_EQ(s.table_bytes, before.table_bytes);
}

TEST(LevelSettingsOverride, RefusesBadPartsAndKeepsTheSettings) {
  for (const char* bad : {"depth", "depth=", "depth=x", "depth=-1", "depth=200", "speed=3",
                          "eval=clever", "blunders=1001", "solver=2", "nodes=5,noise",
                          "playouts=-3", "explore=100001", "oversights=1001"}) {
    LevelSettings s = level_settings(4, 2);
    const int depth = s.max_depth;
    const std::uint64_t nodes = s.max_nodes;
    std::string error;
    EXPECT_FALSE(apply_level_settings(bad, s, error)) << bad;
    EXPECT_FALSE(error.empty()) << bad;
    EXPECT_EQ(s.max_depth, depth) << bad;
    EXPECT_EQ(s.max_nodes, nodes) << bad;
  }
}

// A request that carries settings plays with them, not with its level's:
// level 7 cut down to one ply of search without the solver.
TEST(LevelSettingsOverride, ARequestWithSettingsPlaysWithThem) {
  auto g = testing::new_game("classic");
  testing::play_moves(g, {"d", "d", "c"});
  ComputerRequest r;
  r.level = 7;
  r.budget = std::chrono::milliseconds(300);
  const ComputerMove full = choose_move(g, r);
  LevelSettings s = level_settings(7, 2);
  std::string error;
  ASSERT_TRUE(apply_level_settings("depth=1,nodes=200,solver=0", s, error)) << error;
  r.settings = s;
  const ComputerMove cut = choose_move(g, r);
  EXPECT_TRUE(full.error.empty() && cut.error.empty());
  EXPECT_GT(full.depth, 1);
  EXPECT_LE(cut.depth, 1);
  EXPECT_LE(cut.nodes, 200u + 10u);
  EXPECT_FALSE(cut.exact);
}

// A level that always lapses plays at random (many columns over many seeds)
// but still completes its own line in one (RULES.md A10: Red's a1 a2 a3).
TEST(LevelSettingsOverride, ALapsePlaysAtRandomButTakesItsOwnLine) {
  LevelSettings s = level_settings(6, 3);
  std::string error;
  ASSERT_TRUE(apply_level_settings("oversights=1000", s, error)) << error;
  ComputerRequest r;
  r.level = 6;
  r.budget = std::chrono::milliseconds(1000);
  r.settings = s;
  auto quiet = testing::new_game("three-players");
  testing::play_moves(quiet, {"d", "e", "f"});
  auto won = testing::new_game("three-players");
  testing::play_moves(won, {"a", "i", "h", "a", "i", "h", "a", "e", "e"});
  std::set<std::string> columns;
  for (std::uint64_t seed = 0; seed < 30; ++seed) {
    r.seed = seed;
    columns.insert(choose_move(quiet, r).move);
    EXPECT_EQ(choose_move(won, r).move, "a") << "seed " << seed;
  }
  EXPECT_GE(columns.size(), 5U);
}

}  // namespace
}  // namespace ft::engine
