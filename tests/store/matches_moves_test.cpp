// Contract: matches, games, moves, ratings, profiles and the restart load, on
// every backend (store_fixture.h).
#include <limits>

#include "store_fixture.h"

namespace ft::store::test {
namespace {

TEST_P(StoreContract, MatchRoundTripsWithFullSeedAndClocks) {
  store().create_table(table("t"));
  NewMatch m;
  m.table_id = "t";
  m.format = "match";
  m.variant = "popout";
  m.rated = true;
  m.seed =
      std::numeric_limits<std::uint64_t>::max() - 5;  // high bit set: stored as its bit pattern
  m.snapshot = MatchSnapshot{R"({"phase":"playing","score":[0,0]})", {300000, 299500}, 7000};
  m.started_ms = 7000;
  const MatchId id = store().create_match(m);
  auto found = store().find_match(id);
  ASSERT_TRUE(found);
  EXPECT_EQ(found->id, id);
  EXPECT_EQ(found->table_id, "t");
  EXPECT_EQ(found->format, "match");
  EXPECT_EQ(found->variant, "popout");
  EXPECT_TRUE(found->rated);
  EXPECT_EQ(found->seed, m.seed);
  EXPECT_EQ(found->snapshot, m.snapshot);
  EXPECT_FALSE(found->finished);
  EXPECT_EQ(found->result, "");
  EXPECT_EQ(found->started_ms, 7000);
  EXPECT_EQ(store().find_match(id + 100), std::nullopt);

  const MatchId second = start_match("t");
  auto list = store().matches_of_table("t");
  ASSERT_EQ(list.size(), 2u);
  EXPECT_EQ(list[0].id, id);
  EXPECT_EQ(list[1].id, second);
  EXPECT_TRUE(store().matches_of_table("other").empty());
}

TEST_P(StoreContract, MatchForUnknownTableIsNotFound) {
  NewMatch m;
  m.table_id = "missing";
  EXPECT_STORE_ERROR(store().create_match(m), StoreErrc::not_found);
}

TEST_P(StoreContract, SnapshotSavedAndRefusedAfterFinish) {
  store().create_table(table("t"));
  const MatchId id = start_match("t");
  MatchSnapshot s{R"({"ready":[true,false]})", {120000, 118000}, 9000};
  store().save_snapshot(id, s);
  EXPECT_EQ(store().find_match(id)->snapshot, s);
  EXPECT_STORE_ERROR(store().save_snapshot(id + 50, s), StoreErrc::not_found);

  MatchFinish f;
  f.result = "2:0";
  f.snapshot = MatchSnapshot{R"({"over":true})", {100000, 90000}, 9500};
  f.finished_ms = 9500;
  store().finish_match(id, f);
  EXPECT_STORE_ERROR(store().save_snapshot(id, s), StoreErrc::conflict);
  EXPECT_STORE_ERROR(store().finish_match(id, f), StoreErrc::conflict);
  EXPECT_STORE_ERROR(store().finish_match(id + 50, f), StoreErrc::not_found);
  auto done = store().find_match(id);
  EXPECT_TRUE(done->finished);
  EXPECT_EQ(done->result, "2:0");
  EXPECT_EQ(done->finished_ms, 9500);
  EXPECT_EQ(done->snapshot, f.snapshot);
}

TEST_P(StoreContract, GamesStartFinishAndRefuseDuplicates) {
  store().create_table(table("t"));
  const MatchId id = start_match("t", 1);
  GameRecord g2;
  g2.match_id = id;
  g2.number = 2;
  g2.variant = "classic";
  g2.setup = "blocks: c1 e1";
  g2.started_ms = 8000;
  store().start_game(g2);
  EXPECT_STORE_ERROR(store().start_game(g2), StoreErrc::conflict);
  GameRecord bad = g2;
  bad.number = 0;
  EXPECT_STORE_ERROR(store().start_game(bad), StoreErrc::bad_input);
  bad.number = 3;
  bad.match_id = id + 40;
  EXPECT_STORE_ERROR(store().start_game(bad), StoreErrc::not_found);
  EXPECT_EQ(store().find_game(id, 2), g2);
  EXPECT_EQ(store().find_game(id, 9), std::nullopt);

  MatchSnapshot between{R"({"between_games":true})", {250000, 260000}, 8800};
  const std::string record = "[Variant \"classic\"]\n1. ● d 2. ○ d\n";
  store().finish_game(id, 2, "1-0", record, 8800, between);
  auto g = store().find_game(id, 2);
  ASSERT_TRUE(g);
  EXPECT_TRUE(g->finished);
  EXPECT_EQ(g->result, "1-0");
  EXPECT_EQ(g->record, record);
  EXPECT_EQ(g->finished_ms, 8800);
  EXPECT_EQ(store().find_match(id)->snapshot, between);
  EXPECT_STORE_ERROR(store().finish_game(id, 2, "0-1", "", 9000, std::nullopt),
                     StoreErrc::conflict);
  EXPECT_STORE_ERROR(store().finish_game(id, 7, "0-1", "", 9000, std::nullopt),
                     StoreErrc::not_found);
  auto games = store().games_of_match(id);
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(games[0].number, 1);
  EXPECT_EQ(games[1].number, 2);
}

TEST_P(StoreContract, MovesAppendInOrderWithSnapshot) {
  store().create_table(table("t"));
  const MatchId id = start_match("t");
  std::vector<MoveRecord> expected;
  for (int ply = 1; ply <= 5; ++ply) {
    MoveWrite w = move(id, 1, ply, ply == 5 ? "c^" : std::string(1, static_cast<char>('a' + ply)));
    w.snapshot =
        MatchSnapshot{"{\"ply\":" + std::to_string(ply) + "}", {1000 * ply, 2000}, 100 + ply};
    store().append_move(w);
    expected.push_back(w.move);
  }
  EXPECT_EQ(store().moves_of_game(id, 1), expected);
  EXPECT_EQ(store().find_match(id)->snapshot.state_json, "{\"ply\":5}");
  EXPECT_TRUE(store().moves_of_game(id, 2).empty());
}

// Migration 003: the server's reading and the client's id come back as
// written, so a restart replays exactly and acknowledges a resend.
TEST_P(StoreContract, MovesKeepTheirTurnLengthClocksIdAndVersion) {
  store().create_table(table("t"));
  const MatchId id = start_match("t");
  MoveWrite w = move(id, 1, 1, "d");
  w.move.elapsed_ms = 4321;
  w.move.clocks_ms = {295679, 300000, 12};
  w.move.client_id = "m-7f3a";
  w.move.version = 42;
  store().append_move(w);
  MoveWrite bare = move(id, 1, 2, "d");
  store().append_move(bare);
  const auto back = store().moves_of_game(id, 1);
  ASSERT_EQ(back.size(), 2u);
  EXPECT_EQ(back[0], w.move);
  EXPECT_EQ(back[1].elapsed_ms, -1);
  EXPECT_TRUE(back[1].clocks_ms.empty());
  EXPECT_EQ(back[1].client_id, "");
  EXPECT_EQ(back[1].version, 0);
  const auto live = store().load_live_tables();
  ASSERT_EQ(live.size(), 1u);
  ASSERT_EQ(live[0].moves.size(), 2u);
  EXPECT_EQ(live[0].moves[0], w.move);
}

TEST_P(StoreContract, MoveBadInputIsRefusedWithASpecificCode) {
  store().create_table(table("t"));
  const MatchId id = start_match("t");
  store().append_move(move(id, 1, 1));
  EXPECT_STORE_ERROR(store().append_move(move(id, 1, 1)), StoreErrc::conflict);   // replayed
  EXPECT_STORE_ERROR(store().append_move(move(id, 1, 3)), StoreErrc::bad_input);  // gap
  EXPECT_STORE_ERROR(store().append_move(move(id, 2, 1)), StoreErrc::not_found);  // no game 2
  EXPECT_STORE_ERROR(store().append_move(move(id + 9, 1, 1)), StoreErrc::not_found);
  EXPECT_STORE_ERROR(store().append_move(move(id, 1, 0)), StoreErrc::bad_input);
  EXPECT_STORE_ERROR(store().append_move(move(id, 1, 2, "")), StoreErrc::bad_input);
  store().append_move(move(id, 1, 2));
  store().finish_game(id, 1, "½-½", "record", 5000, std::nullopt);
  EXPECT_STORE_ERROR(store().append_move(move(id, 1, 3)), StoreErrc::conflict);  // game over
  EXPECT_EQ(store().moves_of_game(id, 1).size(), 2u);
}

TEST_P(StoreContract, MoveBatchIsAllOrNothing) {
  store().create_table(table("a"));
  store().create_table(table("b"));
  const MatchId ma = start_match("a");
  const MatchId mb = start_match("b");
  std::vector<MoveWrite> batch{move(ma, 1, 1), move(mb, 1, 1), move(ma, 1, 2), move(mb, 1, 2)};
  store().append_moves(batch);
  EXPECT_EQ(store().moves_of_game(ma, 1).size(), 2u);
  EXPECT_EQ(store().moves_of_game(mb, 1).size(), 2u);

  // The last move of this batch is a duplicate: none of the batch is written.
  std::vector<MoveWrite> bad{move(ma, 1, 3), move(mb, 1, 3), move(ma, 1, 2)};
  bad[0].snapshot = MatchSnapshot{"{\"lost\":true}", {1}, 1};
  EXPECT_STORE_ERROR(store().append_moves(bad), StoreErrc::conflict);
  EXPECT_EQ(store().moves_of_game(ma, 1).size(), 2u);
  EXPECT_EQ(store().moves_of_game(mb, 1).size(), 2u);
  EXPECT_NE(store().find_match(ma)->snapshot.state_json, "{\"lost\":true}");
  store().append_moves({});  // an empty batch is a no-op
}

TEST_P(StoreContract, FinishMatchWritesResultsRatingsAndProfile) {
  Player a = store().create_player("ta", "Ann", 1);
  Player b = store().create_player("tb", "Bob", 1);
  store().create_table(table("t"));
  const MatchId first = start_match("t", 2, 2000);

  MatchFinish f;
  f.result = "1½:½";
  f.snapshot = MatchSnapshot{"{}", {0, 0}, 3000};
  f.finished_ms = 3000;
  f.players = {MatchPlayerResult{a.id, 0, 1.5, 1500, 1562.25},
               MatchPlayerResult{b.id, 1, 0.5, 1500, 1437.75}};
  f.ratings = {Rating{a.id, "classic", 1562.25, 231.5, 0.0599993, 3000, 1},
               Rating{b.id, "classic", 1437.75, 231.5, 0.0599993, 3000, 1}};
  store().finish_match(first, f);

  EXPECT_EQ(store().find_rating(a.id, "classic"), f.ratings[0]);
  EXPECT_EQ(store().find_rating(a.id, "popout"), std::nullopt);
  EXPECT_EQ(store().ratings_of(b.id), std::vector<Rating>{f.ratings[1]});

  // A second match updates the rating in place (one row per player and variant).
  const MatchId second = start_match("t", 1, 4000);
  MatchFinish g = f;
  g.result = "0:2";
  g.finished_ms = 5000;
  g.players = {MatchPlayerResult{a.id, 0, 0, 1562.25, 1500.5},
               MatchPlayerResult{b.id, 1, 2, 1437.75, 1499.5}};
  g.ratings = {Rating{a.id, "classic", 1500.5, 200, 0.06, 5000, 2},
               Rating{b.id, "classic", 1499.5, 200, 0.06, 5000, 2},
               Rating{b.id, "popout", 1600, 300, 0.06, 5000, 1}};
  store().finish_match(second, g);
  EXPECT_EQ(store().find_rating(a.id, "classic")->games, 2);
  auto bs = store().ratings_of(b.id);
  ASSERT_EQ(bs.size(), 2u);
  EXPECT_EQ(bs[0].variant, "classic");
  EXPECT_EQ(bs[1].variant, "popout");

  auto profile = store().finished_matches(a.id, 10);
  ASSERT_EQ(profile.size(), 2u);
  EXPECT_EQ(profile[0].match_id, second);  // newest first
  EXPECT_EQ(profile[0].result, "0:2");
  EXPECT_EQ(profile[0].table_id, "t");
  EXPECT_EQ(profile[0].self, g.players[0]);
  ASSERT_EQ(profile[0].opponents.size(), 1u);
  EXPECT_EQ(profile[0].opponents[0].display_name, "Bob");
  EXPECT_EQ(profile[0].opponents[0].line, g.players[1]);
  EXPECT_EQ(profile[1].match_id, first);
  EXPECT_DOUBLE_EQ(profile[1].self.score, 1.5);

  auto older = store().finished_matches(a.id, 10, profile[0].finished_ms);
  ASSERT_EQ(older.size(), 1u);
  EXPECT_EQ(older[0].match_id, first);
  EXPECT_EQ(store().finished_matches(a.id, 1).size(), 1u);
  EXPECT_TRUE(store().finished_matches(b.id + 100, 10).empty());
}

TEST_P(StoreContract, FinishMatchWithUnknownPlayerWritesNothing) {
  Player a = store().create_player("ta", "Ann", 1);
  store().create_table(table("t"));
  const MatchId id = start_match("t");
  MatchFinish f;
  f.result = "2:0";
  f.finished_ms = 10;
  f.players = {MatchPlayerResult{a.id, 0, 2, 1500, 1600}, MatchPlayerResult{a.id + 77, 1, 0, 0, 0}};
  f.ratings = {Rating{a.id, "classic", 1600, 250, 0.06, 10, 1}};
  EXPECT_STORE_ERROR(store().finish_match(id, f), StoreErrc::not_found);
  EXPECT_FALSE(store().find_match(id)->finished);
  EXPECT_EQ(store().find_rating(a.id, "classic"), std::nullopt);
  EXPECT_TRUE(store().finished_matches(a.id, 10).empty());
}

TEST_P(StoreContract, LiveTablesBringBackUnfinishedMatchesWithEveryMove) {
  Player a = store().create_player("ta", "Ann", 1);
  // An open table waiting for a second player.
  TableRecord waiting = table("waiting", 2, 100);
  waiting.seats[0].player = a.id;
  store().create_table(waiting);
  // A table in game 2 of its second match (the first match is finished).
  store().create_table(table("busy", 2, 200));
  store().set_table_status("busy", TableStatus::playing, 210);
  const MatchId old = start_match("busy", 1, 220);
  MatchFinish f;
  f.result = "2:0";
  f.finished_ms = 230;
  store().finish_match(old, f);
  const MatchId cur = start_match("busy", 2, 300);
  store().append_moves(std::vector<MoveWrite>{move(cur, 1, 1), move(cur, 1, 2)});
  store().finish_game(cur, 1, "0-1", "rec", 400, std::nullopt);
  MoveWrite last = move(cur, 2, 1, "g");
  last.snapshot = MatchSnapshot{"{\"game\":2}", {5000, 6000}, 450};
  store().append_move(last);
  // Finished and abandoned tables do not come back.
  store().create_table(table("over", 2, 300));
  store().set_table_status("over", TableStatus::finished, 310);
  store().create_table(table("gone", 2, 300));
  store().set_table_status("gone", TableStatus::abandoned, 310);

  reopen();  // as after a restart
  auto live = store().load_live_tables();
  ASSERT_EQ(live.size(), 2u);
  EXPECT_EQ(live[0].table, waiting);
  EXPECT_FALSE(live[0].match);
  EXPECT_TRUE(live[0].moves.empty());

  EXPECT_EQ(live[1].table.id, "busy");
  EXPECT_EQ(live[1].table.status, TableStatus::playing);
  ASSERT_TRUE(live[1].match);
  EXPECT_EQ(live[1].match->id, cur);
  EXPECT_EQ(live[1].match->snapshot, last.snapshot);
  ASSERT_EQ(live[1].games.size(), 2u);
  EXPECT_TRUE(live[1].games[0].finished);
  EXPECT_FALSE(live[1].games[1].finished);
  ASSERT_EQ(live[1].moves.size(), 3u);
  EXPECT_EQ(live[1].moves[0], move(cur, 1, 1).move);
  EXPECT_EQ(live[1].moves[1], move(cur, 1, 2).move);
  EXPECT_EQ(live[1].moves[2], last.move);
}

}  // namespace
}  // namespace ft::store::test
