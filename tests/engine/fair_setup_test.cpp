// The server's set-up seed for drawn openings (RULES.md A9):
// the match's own draw (rules::draw_setup) must produce exactly the opening
// the engine vetted.
#include "engine/fair_setup.h"

#include <gtest/gtest.h>

#include "engine/solver/solver.h"
#include "rules/setup_draw.h"

namespace ft::engine {
namespace {

rules::VariantSpec drawn(int plies) {
  return rules::make_variant("drawn-opening", rules::VariantOptions{0, 0, -1, -1, plies}).value();
}

// Whether either side has a forced win whose winning disc falls within
// `plies` plies of the opening (the policy's test, re-derived here).
bool early_win(const std::vector<int>& opening, int plies, std::uint64_t max_nodes) {
  solver::TranspositionTable table(std::size_t{8} << 20);
  solver::Problem p;
  p.board = solver::Board{};
  for (int c : opening) p = solver::play(p, c);
  const int t = (42 + 1 - (p.discs() + plies - 1)) / 2;
  solver::Solver s(table);
  solver::Limits limits;
  limits.max_nodes = max_nodes;
  return s.score_at_least(p, t, limits) == std::optional<bool>(true) ||
         s.score_at_most(p, -t, limits) == std::optional<bool>(true);
}

TEST(FairSetup, VariantsWithoutAnOpeningKeepTheirSeed) {
  for (const char* key : {"classic", "obstacles", "popout"}) {
    auto spec = rules::make_variant(key, rules::VariantOptions{}).value();
    const FairSetup f = fair_setup_seed(spec, 12345);
    EXPECT_EQ(f.seed, 12345u) << key;
    EXPECT_FALSE(f.vetted) << key;
  }
}

TEST(FairSetup, TheMatchDrawsTheVettedOpening) {
  const auto spec = drawn(4);
  solver::OpeningPolicy policy = table_opening_policy();
  policy.max_nodes = 200'000;
  solver::TranspositionTable table(std::size_t{8} << 20);
  for (std::uint64_t seed : {1ull, 7ull, 99ull, 0xdeadbeefull}) {
    const FairSetup f = fair_setup_seed(spec, seed, policy);
    auto choice = solver::choose_opening(spec, rules::opening_seed(seed), table, policy);
    ASSERT_TRUE(choice.ok());
    EXPECT_EQ(rules::draw_setup(spec, f.seed).opening, choice->columns) << seed;
    EXPECT_EQ(f.candidate, choice->candidate);
    if (f.candidate == 0) {
      EXPECT_EQ(f.seed, seed);
    }
    // Deterministic: a restarted server recomputes the same set-up.
    EXPECT_EQ(fair_setup_seed(spec, seed, policy).seed, f.seed);
  }
}

// A seed whose own draw hands a side an early win gets another one, and the
// replacement has none (as far as the bounded proofs reach).
TEST(FairSetup, ReplacesAnOpeningWithAnEarlyForcedWin) {
  const auto spec = drawn(6);
  solver::OpeningPolicy policy = table_opening_policy();
  policy.early_plies = 14;
  policy.max_nodes = 200'000;
  int replaced = 0;
  for (std::uint64_t seed = 1; seed <= 60 && replaced < 2; ++seed) {
    const FairSetup f = fair_setup_seed(spec, seed, policy);
    if (f.candidate == 0) continue;
    ++replaced;
    EXPECT_NE(f.seed, seed);
    EXPECT_TRUE(
        early_win(rules::draw_setup(spec, seed).opening, policy.early_plies, policy.max_nodes));
    if (f.vetted) {
      EXPECT_FALSE(
          early_win(rules::draw_setup(spec, f.seed).opening, policy.early_plies, policy.max_nodes));
    }
  }
  EXPECT_GT(replaced, 0) << "no seed in 1..60 drew an unfair 6-ply opening";
}

}  // namespace
}  // namespace ft::engine
