// The heuristic search on its own: limits stop it, it proves small boards
// exactly (RULES.md part D known results), and repetitions count as draws.
#include "engine/heuristic_search.h"

#include <gtest/gtest.h>

#include "test_games.h"

namespace ft::engine {
namespace {

using testing::sized_game;

struct Searcher {
  explicit Searcher(const rules::FourGame& g, std::size_t table_bytes = 4 << 20)
      : pool(table_bytes * TablePool::SLOTS),
        lease(pool.acquire()),
        table(lease),
        search(g.position(), rules::popcount(g.position().geometry().playable()), history, table) {}
  std::unordered_map<std::uint64_t, int> history;
  TablePool pool;
  TableLease lease;
  TranspositionTable table;
  HeuristicSearch search;
};

TEST(HeuristicSearch, ANodeLimitStopsTheSearch) {
  auto g = testing::new_game("three-players");
  Searcher s(g);
  SearchOptions o;
  o.max_nodes = 3000;
  const SearchResult r = s.search.run(o);
  EXPECT_TRUE(r.stopped);
  EXPECT_LE(r.nodes, 3000u);
  EXPECT_TRUE(g.position().check(r.best).ok());
}

TEST(HeuristicSearch, APassedDeadlineStillGivesALegalMove) {
  auto g = testing::new_game("five");
  Searcher s(g);
  SearchOptions o;
  o.deadline = std::chrono::steady_clock::now();
  const SearchResult r = s.search.run(o);
  EXPECT_TRUE(r.stopped);
  EXPECT_TRUE(g.position().check(r.best).ok());
}

// RULES.md part D: 4x4 and 5x4 are draws. The search finishes these trees,
// so it must say so exactly.
TEST(HeuristicSearch, ProvesSmallBoardsKnownResults) {
  struct Case {
    int w, h;
    int sign;  // of the value for the first player
  };
  for (Case c : {Case{4, 4, 0}, Case{5, 4, 0}}) {
    auto g = sized_game("classic", c.w, c.h);
    Searcher s(g);
    const SearchResult r = s.search.run(SearchOptions{});
    EXPECT_TRUE(r.exact) << c.w << "x" << c.h;
    EXPECT_FALSE(r.stopped);
    EXPECT_EQ((r.score > 0) - (r.score < 0), c.sign) << c.w << "x" << c.h << " score " << r.score;
  }
}

// RULES.md A7: a position that already arose in the game scores as a draw
// (whoever wants the draw can repeat it into the third time).
TEST(HeuristicSearch, PopOutRepetitionCountsAsADraw) {
  auto g = testing::new_game("popout");
  testing::play_moves(g, {"d", "d"});
  // Red to move; mark the position after Red's pop d^ as seen before.
  rules::Position after = g.position();
  after.play(rules::Move{3, true});
  Searcher s(g);
  s.history[HeuristicSearch::hash(after)] = 1;
  SearchOptions o;
  o.max_depth = 3;
  o.all_root_scores = true;
  const SearchResult r = s.search.run(o);
  bool found = false;
  for (const RootScore& rs : r.root_scores) {
    if (rs.move == rules::Move{3, true}) {
      found = true;
      EXPECT_EQ(rs.score, 0);
    }
  }
  EXPECT_TRUE(found);
}

}  // namespace
}  // namespace ft::engine
