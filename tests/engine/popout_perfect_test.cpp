// The perfect level in PopOut (RULES.md A7) plays the exact search's best
// move: on 4x4 games of random moves (seed printed), its value and the
// length of the win or loss are those of the retrograde analysis of every
// 4x4 position (solver/popout_retrograde.h), and after its move the opponent
// faces the same result one ply shorter (a quickest win, a longest loss).
#include <gtest/gtest.h>

#include <iostream>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "engine/computer.h"
#include "rules/notation.h"
#include "solver/popout_retrograde.h"
#include "test_games.h"

namespace ft::engine {
namespace {

using solver::reference::PopoutRetrograde;

struct KeyOrder {
  bool operator()(const rules::PositionKey& a, const rules::PositionKey& b) const {
    return std::tie(a.discs[0], a.discs[1], a.to_move) <
           std::tie(b.discs[0], b.discs[1], b.to_move);
  }
};

std::uint32_t reference_index(const PopoutRetrograde& r, const rules::Position& p) {
  std::vector<int> discs;
  std::vector<int> mine;
  for (int c = 0; c < p.geometry().width(); ++c) {
    int b = 0;
    for (int row = 0; row < p.height(c); ++row) b |= (p.at(c, row) == p.to_move() ? 1 : 0) << row;
    discs.push_back(p.height(c));
    mine.push_back(b);
  }
  return r.index(discs, mine);
}

TEST(PerfectLevel, PopoutPlaysTheQuickestWinAndTheLongestLoss4x4) {
  const PopoutRetrograde ref(4, 4);
  const std::uint64_t seed = 20261205;
  std::cout << "PopOut 4x4 games: seed " << seed << "\n";
  rules::SeededRandom rng(seed);
  // A 4x4 position takes milliseconds of CPU; the generous wall budget keeps
  // a loaded machine from turning a move into a fallback.
  ComputerRequest perfect = testing::at_level(PERFECT, 60000);
  int checked = 0;
  int counts[3] = {0, 0, 0};
  for (int game = 0; game < 120; ++game) {
    auto g = testing::sized_game("popout", 4, 4);
    const int plies = rng.below(20);
    // Moves to positions not seen before in the game: with a position twice
    // in its history the level does not claim exactness (popout_player.h).
    std::set<rules::PositionKey, KeyOrder> seen{g.position().key()};
    for (int i = 0; i < plies; ++i) {
      std::vector<std::string> quiet;
      for (const auto& m : g.legal_moves()) {
        auto probe = g;
        if (probe.play(m).ok() && !probe.outcome().over() && !seen.contains(probe.position().key()))
          quiet.push_back(m);
      }
      if (quiet.empty()) break;
      ASSERT_TRUE(g.play(quiet[rng.below(static_cast<int>(quiet.size()))]).ok());
      seen.insert(g.position().key());
    }
    if (g.outcome().over()) continue;
    const std::string where = "game " + std::to_string(game);
    const std::uint32_t s = reference_index(ref, g.position());
    const ComputerMove m = choose_move(g, perfect);
    ASSERT_TRUE(m.error.empty()) << where << ": " << m.error;
    ASSERT_TRUE(m.exact) << where << ": " << m.move;
    const int value = ref.value(s);
    EXPECT_EQ(m.score, value) << where;
    EXPECT_EQ(m.depth, ref.plies(s)) << where << " (plies to the end)";
    auto after = g;
    ASSERT_TRUE(after.play(m.move).ok()) << where << ": " << m.move;
    if (after.outcome().over()) {
      EXPECT_EQ(value, 1) << where << ": " << m.move << " ends the game";
      EXPECT_EQ(ref.plies(s), 1) << where;
    } else {
      const std::uint32_t next = reference_index(ref, after.position());
      EXPECT_EQ(-ref.value(next), value) << where << ": " << m.move;
      if (value != 0) {
        EXPECT_EQ(ref.plies(next), ref.plies(s) - 1) << where << ": " << m.move;
      }
    }
    ++counts[value + 1];
    ++checked;
  }
  std::cout << "checked " << checked << ": " << counts[2] << " wins, " << counts[1] << " draws, "
            << counts[0] << " losses\n";
  EXPECT_GE(checked, 110);
  EXPECT_GT(counts[0], 0);
  EXPECT_GT(counts[1], 0);
  EXPECT_GT(counts[2], 0);
}

}  // namespace
}  // namespace ft::engine
