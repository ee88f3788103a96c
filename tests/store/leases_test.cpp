// Contract: table leases for several nodes (migration 002), and the upgrade
// of a database that has only migration 001.
#include <thread>

#include "store/migrations.h"
#include "store/sql_store.h"
#include "store_fixture.h"

namespace ft::store::test {
namespace {

constexpr Millis LEASE = 30000;

TEST_P(StoreContract, LeaseIsHeldRenewedAndTakenOverWhenItRunsOut) {
  store().create_table(table("t"));
  EXPECT_EQ(store().table_owner("t", 1000), std::nullopt);
  EXPECT_TRUE(store().claim_table("t", "node-a", 1000, LEASE));
  EXPECT_EQ(store().table_owner("t", 1000), "node-a");
  EXPECT_FALSE(store().claim_table("t", "node-b", 2000, LEASE));  // a's lease runs
  EXPECT_EQ(store().table_owner("t", 2000), "node-a");
  EXPECT_TRUE(store().claim_table("t", "node-a", 20000, LEASE));  // renewed to 50000
  EXPECT_FALSE(store().claim_table("t", "node-b", 40000, LEASE));
  EXPECT_EQ(store().table_owner("t", 50000), std::nullopt);       // ran out
  EXPECT_TRUE(store().claim_table("t", "node-b", 50000, LEASE));  // b takes over
  EXPECT_EQ(store().table_owner("t", 50001), "node-b");
}

TEST_P(StoreContract, LeaseReleasedOnlyByItsHolder) {
  store().create_table(table("t"));
  ASSERT_TRUE(store().claim_table("t", "node-a", 1000, LEASE));
  store().release_table("t", "node-b");
  EXPECT_EQ(store().table_owner("t", 1000), "node-a");
  store().release_table("t", "node-a");
  EXPECT_EQ(store().table_owner("t", 1000), std::nullopt);
  EXPECT_TRUE(store().claim_table("t", "node-b", 1001, LEASE));
}

TEST_P(StoreContract, LeaseBadInput) {
  store().create_table(table("t"));
  EXPECT_STORE_ERROR(store().claim_table("nope", "node-a", 1, LEASE), StoreErrc::not_found);
  EXPECT_STORE_ERROR(store().claim_table("t", "", 1, LEASE), StoreErrc::bad_input);
  EXPECT_STORE_ERROR(store().claim_table("t", "node-a", 1, 0), StoreErrc::bad_input);
  EXPECT_EQ(store().table_owner("nope", 1), std::nullopt);
}

TEST_P(StoreContract, TwoNodesClaimingAtOnceNeverBothWin) {
  for (int t = 0; t < 10; ++t) store().create_table(table("race" + std::to_string(t)));
  auto other = open_store(url());  // the second node's own connection
  std::vector<int> wins_a(10), wins_b(10);
  std::thread b([&] {
    for (int t = 0; t < 10; ++t)
      wins_b[t] = other->claim_table("race" + std::to_string(t), "b", 100, LEASE);
  });
  for (int t = 0; t < 10; ++t)
    wins_a[t] = store().claim_table("race" + std::to_string(t), "a", 100, LEASE);
  b.join();
  for (int t = 0; t < 10; ++t) {
    EXPECT_EQ(wins_a[t] + wins_b[t], 1) << "table race" << t;
    EXPECT_EQ(store().table_owner("race" + std::to_string(t), 100), wins_a[t] ? "a" : "b");
  }
}

// A database that lacks a migration below its highest one (branches that
// landed out of their numbers' order) gets it at open: simulated by undoing
// 003 while the later ones stay.
TEST_P(StoreContract, AMissingMigrationBelowTheHighestIsApplied) {
  store().create_table(table("t"));
  const MatchId id = start_match("t");
  auto& db = dynamic_cast<SqlStore&>(store()).db();
  for (const char* column : {"elapsed_ms", "clocks_ms", "client_id", "version"})
    db.exec_script(std::string("ALTER TABLE moves DROP COLUMN ") + column);
  db.exec_script("DELETE FROM schema_version WHERE version = 3");
  reopen();
  EXPECT_EQ(store().schema_version(), migrations().back().version);
  MoveWrite w = move(id, 1, 1);
  w.move.elapsed_ms = 1500;
  w.move.clocks_ms = {298500, 300000};
  store().append_move(w);
  EXPECT_EQ(store().moves_of_game(id, 1).at(0).clocks_ms, w.move.clocks_ms);
}

// A database made by a build that knew only migration 001 (simulated by
// undoing 002) is upgraded at open and keeps its data.
TEST_P(StoreContract, OldDatabaseIsUpgradedAndKeepsItsData) {
  ASSERT_GE(migrations().size(), 2u);
  Player p = store().create_player("tok", "Ann", 1);
  store().create_table(table("t"));
  auto& db = dynamic_cast<SqlStore&>(store()).db();
  // Back to the schema of migration 1: undo 18 (an index that goes with
  // its table), 17 (pool waits), 16 (puzzle ratings), 15 (challenges), 14 (API tokens, bots), 13
  // (the analysis queue and seats), 12 (name keys; its column goes with accounts), 11 (the games'
  // unplayed and sides), 10 (login addresses, password failures), 8 (failed logins), 7 (the seats
  // index), 6 (sessions, accounts), 5 (the games' analyses), 4 (the leaderboard index), 3 (the move
  // columns), then 2.
  for (const char* t :
       {"pool_waits", "puzzle_attempts", "puzzle_scores", "puzzle_ratings", "challenges"})
    db.exec_script(std::string("DROP TABLE ") + t);
  db.exec_script("DROP TABLE api_tokens");
  db.exec_script("ALTER TABLE players DROP COLUMN bot_ms");
  db.exec_script("DROP TABLE analysis_seats");
  db.exec_script("DROP TABLE analysis_jobs");
  db.exec_script("DROP TABLE name_keys");
  for (const char* column : {"unplayed", "sides"})
    db.exec_script(std::string("ALTER TABLE games DROP COLUMN ") + column);
  db.exec_script("DROP TABLE password_failures");
  db.exec_script("DROP TABLE login_addresses");
  db.exec_script("DROP TABLE login_failures");
  db.exec_script("DROP INDEX seats_by_player");
  db.exec_script("DROP TABLE accounts");
  db.exec_script("DROP TABLE sessions");
  db.exec_script("DROP TABLE game_analyses");
  db.exec_script("DROP INDEX ratings_by_pool");
  for (const char* column : {"elapsed_ms", "clocks_ms", "client_id", "version"})
    db.exec_script(std::string("ALTER TABLE moves DROP COLUMN ") + column);
  db.exec_script("DROP TABLE table_owners");
  db.exec_script("DELETE FROM schema_version WHERE version >= 2");
  EXPECT_EQ(store().schema_version(), 1);
  reopen();
  EXPECT_EQ(store().schema_version(), migrations().back().version);
  EXPECT_EQ(store().find_player(p.id), p);
  // The guest made before migration 006 is still known by its token.
  EXPECT_EQ(store().find_player_by_token("tok"), p);
  EXPECT_TRUE(store().claim_table("t", "node-a", 1, LEASE));
  EXPECT_TRUE(store().leaderboard(LeaderboardQuery{"classic", 110, 0, 100}).empty());
}

}  // namespace
}  // namespace ft::store::test
