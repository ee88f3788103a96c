// Contract: players (guests) and tables, on every backend (store_fixture.h).
#include <algorithm>

#include "store/ids.h"
#include "store/migrations.h"
#include "store_fixture.h"

namespace ft::store::test {
namespace {

TEST_P(StoreContract, MigrationsAppliedAtOpenAndIdempotent) {
  EXPECT_TRUE(GetParam().starts_with(store().backend())) << store().backend();
  EXPECT_EQ(store().schema_version(), migrations().back().version);
  TableRecord t = table("tbl-migr");
  store().create_table(t);
  // Reopening runs the migration step again: nothing is applied twice and the
  // data stays.
  reopen();
  reopen();
  EXPECT_EQ(store().schema_version(), migrations().back().version);
  EXPECT_EQ(store().find_table("tbl-migr"), t);
}

TEST_P(StoreContract, PlayerCreatedAndFoundByIdAndToken) {
  const std::string token = new_guest_token();
  Player p = store().create_player(token, "Amber Otter", 5000);
  EXPECT_GT(p.id, 0);
  EXPECT_EQ(p.display_name, "Amber Otter");
  EXPECT_EQ(p.created_ms, 5000);
  EXPECT_EQ(p.seen_ms, 5000);
  EXPECT_EQ(store().find_player(p.id), p);
  EXPECT_EQ(store().find_player_by_token(token), p);
  // Only the hash is stored: presenting the hash as a token finds nobody.
  EXPECT_EQ(store().find_player_by_token(token_hash(token)), std::nullopt);
  EXPECT_EQ(store().find_player_by_token("not-a-token"), std::nullopt);
  EXPECT_EQ(store().find_player(p.id + 1000), std::nullopt);

  Player q = store().create_player(new_guest_token(), "Blue Heron", 6000);
  EXPECT_NE(q.id, p.id);
}

TEST_P(StoreContract, PlayerDuplicateTokenIsConflict) {
  store().create_player("token-1", "A", 1);
  EXPECT_STORE_ERROR(store().create_player("token-1", "B", 2), StoreErrc::conflict);
  EXPECT_STORE_ERROR(store().create_player("", "B", 2), StoreErrc::bad_input);
  EXPECT_STORE_ERROR(store().create_player("token-2", "", 2), StoreErrc::bad_input);
}

TEST_P(StoreContract, PlayerRenameAndTouch) {
  Player p = store().create_player("tok", "Old Name", 100);
  store().rename_player(p.id, "Nouveau Nom ◆");
  store().touch_player(p.id, 900);
  auto found = store().find_player(p.id);
  ASSERT_TRUE(found);
  EXPECT_EQ(found->display_name, "Nouveau Nom ◆");
  EXPECT_EQ(found->seen_ms, 900);
  EXPECT_EQ(found->created_ms, 100);
  EXPECT_STORE_ERROR(store().rename_player(p.id, ""), StoreErrc::bad_input);
  EXPECT_STORE_ERROR(store().rename_player(p.id, std::string(500, 'x')), StoreErrc::bad_input);
  EXPECT_STORE_ERROR(store().rename_player(p.id + 99, "X"), StoreErrc::not_found);
  EXPECT_STORE_ERROR(store().touch_player(p.id + 99, 1), StoreErrc::not_found);
  EXPECT_EQ(store().find_player(p.id)->display_name, "Nouveau Nom ◆");
}

TEST_P(StoreContract, TableRoundTripsWithSeats) {
  Player p = store().create_player("tok", "P", 1);
  TableRecord t = table(new_table_id(), 3);
  t.seats[0].player = p.id;
  t.seats[2].bot_level = 5;
  t.listed = false;
  t.rated = false;
  t.settings_json = R"({"quote":"it's \"quoted\"","unicode":"●○"})";
  store().create_table(t);
  EXPECT_EQ(store().find_table(t.id), t);
  EXPECT_EQ(store().find_table("no-such-table"), std::nullopt);
}

TEST_P(StoreContract, TableBadInputIsRefusedAndNothingWritten) {
  TableRecord t = table("dup");
  store().create_table(t);
  EXPECT_STORE_ERROR(store().create_table(t), StoreErrc::conflict);
  EXPECT_STORE_ERROR(store().create_table(table("")), StoreErrc::bad_input);
  TableRecord twice = table("twice");
  twice.seats[1].index = 0;
  EXPECT_STORE_ERROR(store().create_table(twice), StoreErrc::bad_input);
  TableRecord ghost = table("ghost");
  ghost.seats[0].player = 777;  // no such player
  EXPECT_STORE_ERROR(store().create_table(ghost), StoreErrc::not_found);
  // The failed create left no half-written table behind.
  EXPECT_EQ(store().find_table("ghost"), std::nullopt);
  EXPECT_EQ(store().find_table("twice"), std::nullopt);
}

TEST_P(StoreContract, SeatsAndStatusUpdates) {
  Player a = store().create_player("a", "A", 1);
  Player b = store().create_player("b", "B", 1);
  store().create_table(table("t1"));
  std::vector<Seat> seats{{0, a.id, 0}, {1, b.id, 0}};
  store().set_seats("t1", seats, 3000);
  store().set_table_status("t1", TableStatus::playing, 3100);
  auto t = store().find_table("t1");
  ASSERT_TRUE(t);
  EXPECT_EQ(t->seats, seats);
  EXPECT_EQ(t->status, TableStatus::playing);
  EXPECT_EQ(t->updated_ms, 3100);
  EXPECT_EQ(t->created_ms, 1000);

  EXPECT_STORE_ERROR(store().set_seats("nope", seats, 1), StoreErrc::not_found);
  EXPECT_STORE_ERROR(store().set_table_status("nope", TableStatus::finished, 1),
                     StoreErrc::not_found);
  std::vector<Seat> ghost{{0, a.id, 0}, {1, 9999, 0}};
  EXPECT_STORE_ERROR(store().set_seats("t1", ghost, 4000), StoreErrc::not_found);
  std::vector<Seat> both{{0, a.id, 3}};
  EXPECT_STORE_ERROR(store().set_seats("t1", both, 4000), StoreErrc::bad_input);
  // A refused change keeps the old seats.
  EXPECT_EQ(store().find_table("t1")->seats, seats);
}

TEST_P(StoreContract, LobbyListsListedOpenAndPlayingNewestFirst) {
  store().create_table(table("old-open", 2, 100));
  store().create_table(table("new-open", 2, 300));
  TableRecord hidden = table("hidden", 2, 200);
  hidden.listed = false;
  store().create_table(hidden);
  store().create_table(table("playing", 2, 250));
  store().set_table_status("playing", TableStatus::playing, 260);
  store().create_table(table("done", 2, 400));
  store().set_table_status("done", TableStatus::finished, 410);

  auto ids = [](const std::vector<TableRecord>& ts) {
    std::vector<std::string> out;
    for (const auto& t : ts) out.push_back(t.id);
    return out;
  };
  auto lobby = store().list_tables({});
  EXPECT_EQ(ids(lobby), (std::vector<std::string>{"new-open", "playing", "old-open"}));
  ASSERT_EQ(lobby.size(), 3u);
  EXPECT_EQ(lobby[0].seats.size(), 2u);

  TableQuery open_only;
  open_only.statuses = {TableStatus::open};
  open_only.listed_only = false;
  EXPECT_EQ(ids(store().list_tables(open_only)),
            (std::vector<std::string>{"new-open", "hidden", "old-open"}));
  TableQuery limited;
  limited.limit = 1;
  EXPECT_EQ(ids(store().list_tables(limited)), (std::vector<std::string>{"new-open"}));
  TableQuery finished;
  finished.statuses = {TableStatus::finished, TableStatus::abandoned};
  EXPECT_EQ(ids(store().list_tables(finished)), (std::vector<std::string>{"done"}));
}

// One node of several answers "your games" for tables that run on other
// nodes from the store: the tables where a player sits, whatever else.
TEST_P(StoreContract, TablesOfAPlayerAreListedByTheirSeats) {
  const Player ann = store().create_player("tok-ann", "Ann", 1);
  const Player bob = store().create_player("tok-bob", "Bob", 1);
  for (const auto& [id, created] : std::vector<std::pair<std::string, Millis>>{
           {"ann-old", 100}, {"ann-new", 300}, {"bob-only", 200}, {"ann-done", 400}})
    store().create_table(table(id, 2, created));
  std::vector<Seat> ann_seated{{0, ann.id, 0}, {1, std::nullopt, 0}};
  store().set_seats("ann-old", ann_seated, 110);
  std::vector<Seat> both{{0, bob.id, 0}, {1, ann.id, 0}};
  store().set_seats("ann-new", both, 310);
  std::vector<Seat> bob_seated{{0, bob.id, 0}, {1, std::nullopt, 0}};
  store().set_seats("bob-only", bob_seated, 210);
  store().set_seats("ann-done", ann_seated, 410);
  store().set_table_status("ann-done", TableStatus::finished, 420);

  TableQuery mine;
  mine.listed_only = false;
  mine.player = ann.id;
  auto tables = store().list_tables(mine);
  std::vector<std::string> ids;
  for (const auto& t : tables) ids.push_back(t.id);
  EXPECT_EQ(ids, (std::vector<std::string>{"ann-new", "ann-old"}));
  ASSERT_EQ(tables.size(), 2u);
  EXPECT_EQ(tables[0].seats, both);  // every seat of the table, not only the player's
  mine.player = bob.id;
  mine.limit = 1;
  tables = store().list_tables(mine);
  ASSERT_EQ(tables.size(), 1u);
  EXPECT_EQ(tables[0].id, "ann-new");
}

TEST_P(StoreContract, BadUrlsGiveClearErrors) {
  EXPECT_STORE_ERROR(open_store("mysql://x"), StoreErrc::bad_input);
  EXPECT_STORE_ERROR(open_store("sqlite:"), StoreErrc::bad_input);
  EXPECT_STORE_ERROR(open_store("sqlite:/tmp/x.db?journal=off"), StoreErrc::bad_input);
  EXPECT_STORE_ERROR(open_store("sqlite:/nonexistent-dir/sub/x.db"), StoreErrc::unavailable);
  EXPECT_STORE_ERROR(open_store("postgres://127.0.0.1:1/none?connect_timeout=2"),
                     StoreErrc::unavailable);
}

}  // namespace
}  // namespace ft::store::test
