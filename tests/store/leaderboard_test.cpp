// Contract: the profile and leaderboard reads of migration 004 on every
// backend (store_fixture.h): matches paged by a cursor that survives equal
// times, the rating history, the lines for win/draw/loss counts, and a pool's
// best players with the deviation and recency filters and a player's place.
#include "store_fixture.h"

namespace ft::store::test {
namespace {

// Finishes `match` with a's and b's lines; ratings only when rated.
void finish(Store& st, MatchId match, Millis at, const Player& a, const Player& b,
            const std::string& result, double sa, double sb, double before, double after) {
  MatchFinish f;
  f.result = result;
  f.snapshot = MatchSnapshot{"{}", {0, 0}, at};
  f.finished_ms = at;
  f.players = {MatchPlayerResult{a.id, 0, sa, before, after},
               MatchPlayerResult{b.id, 1, sb, before, 2 * before - after}};
  st.finish_match(match, f);
}

std::vector<MatchId> ids(const std::vector<FinishedMatch>& ms) {
  std::vector<MatchId> out;
  for (const auto& m : ms) out.push_back(m.match_id);
  return out;
}

TEST_P(StoreContract, MatchPagesHistoryAndResultLines) {
  Player a = store().create_player("ta", "Ann", 1);
  Player b = store().create_player("tb", "Bob", 1);
  store().create_table(table("t"));
  // Three matches end in the same millisecond, a fourth later.
  const MatchId m1 = start_match("t", 1, 4000);
  finish(store(), m1, 5000, a, b, "2:0", 2, 0, 1500, 1600);
  const MatchId m2 = start_match("t", 1, 4100);
  finish(store(), m2, 5000, a, b, "1:1", 1, 1, 1600, 1600);
  const MatchId m3 = start_match("t", 1, 4200);
  // A rated match whose rating could not be computed stores 0 -> 0.
  finish(store(), m3, 5000, a, b, "0:2", 0, 2, 0, 0);
  const MatchId m4 = start_match("t", 1, 5500);
  finish(store(), m4, 6000, a, b, "½:1½", 0.5, 1.5, 1600, 1550);

  auto first = store().finished_matches_page(a.id, 2, MatchCursor{});
  EXPECT_EQ(ids(first), (std::vector<MatchId>{m4, m3}));
  auto second = store().finished_matches_page(a.id, 2, MatchCursor{5000, m3});
  EXPECT_EQ(ids(second), (std::vector<MatchId>{m2, m1}));
  EXPECT_EQ(second[0].opponents.at(0).display_name, "Bob");
  EXPECT_TRUE(store().finished_matches_page(a.id, 2, MatchCursor{5000, m1}).empty());
  // Without a match id the cursor keeps what finished strictly before it.
  EXPECT_TRUE(store().finished_matches_page(a.id, 5, MatchCursor{5000, 0}).empty());
  EXPECT_EQ(ids(store().finished_matches(a.id, 5, 6000)), (std::vector<MatchId>{m3, m2, m1}));

  const auto history = store().rating_history(a.id);
  ASSERT_EQ(history.size(), 3u);  // m3 changed no rating
  EXPECT_EQ(history[0], (RatingPoint{"classic", 4000, 5000, 1500, 1600}));
  EXPECT_EQ(history[1], (RatingPoint{"classic", 4100, 5000, 1600, 1600}));
  EXPECT_EQ(history[2], (RatingPoint{"classic", 5500, 6000, 1600, 1550}));

  const auto lines = store().match_results(b.id);
  EXPECT_EQ(ids(lines), (std::vector<MatchId>{m1, m2, m3, m4}));  // oldest first
  EXPECT_EQ(lines[3].self.seat, 1);
  EXPECT_DOUBLE_EQ(lines[3].self.score, 1.5);
  EXPECT_EQ(lines[3].result, "½:1½");
  ASSERT_EQ(lines[3].opponents.size(), 1u);
  EXPECT_EQ(lines[3].opponents[0].line.player, a.id);
  EXPECT_DOUBLE_EQ(lines[3].opponents[0].line.score, 0.5);
  EXPECT_TRUE(store().match_results(b.id + 100).empty());
}

TEST_P(StoreContract, LeaderboardOrdersFiltersAndPlaces) {
  std::vector<Player> p;
  for (const char* name : {"P1", "P2", "P3", "P4", "P5"})
    p.push_back(store().create_player(std::string("t") + name, name, 1));
  store().create_table(table("t"));
  MatchFinish f;
  f.result = "2:0";
  f.snapshot = MatchSnapshot{"{}", {0, 0}, 10000};
  f.finished_ms = 10000;
  f.ratings = {
      Rating{p[0].id, "classic", 1700, 60, 0.06, 10000, 9},
      Rating{p[1].id, "classic", 1800, 200, 0.06, 10000, 2},  // deviation too high
      Rating{p[2].id, "classic", 1650, 80, 0.06, 1000, 12},   // last rated long ago
      Rating{p[3].id, "classic", 1700, 70, 0.06, 9000, 8},    // ties with P1: id decides
      Rating{p[4].id, "popout", 1900, 50, 0.06, 10000, 20},   // another pool
  };
  store().finish_match(start_match("t"), f);

  LeaderboardQuery q{"classic", 110, 5000, 100};
  const auto board = store().leaderboard(q);
  ASSERT_EQ(board.size(), 2u);
  EXPECT_EQ(board[0], (LeaderboardEntry{f.ratings[0], "P1"}));
  EXPECT_EQ(board[1], (LeaderboardEntry{f.ratings[3], "P4"}));
  EXPECT_EQ(store().leaderboard_place(q, p[0].id), 1);
  EXPECT_EQ(store().leaderboard_place(q, p[3].id), 2);
  for (const int outside : {1, 2, 4})
    EXPECT_EQ(store().leaderboard_place(q, p[std::size_t(outside)].id), std::nullopt);

  q.limit = 1;  // the place ignores the limit
  EXPECT_EQ(store().leaderboard(q).size(), 1u);
  EXPECT_EQ(store().leaderboard_place(q, p[3].id), 2);
  q.limit = 100;
  q.rated_since = 0;
  const auto all = store().leaderboard(q);
  ASSERT_EQ(all.size(), 3u);
  EXPECT_EQ(all[2].display_name, "P3");
  EXPECT_EQ(store().leaderboard_place(q, p[2].id), 3);
  q.max_deviation = 1000;
  EXPECT_EQ(store().leaderboard(q).at(0).display_name, "P2");
  EXPECT_EQ(store().leaderboard_place(q, p[0].id), 2);
  q.variant = "popout";
  EXPECT_EQ(store().leaderboard(q).size(), 1u);
  q.limit = 0;
  EXPECT_TRUE(store().leaderboard(q).empty());
}

}  // namespace
}  // namespace ft::store::test
