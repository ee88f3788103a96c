// Contract: a name to keep (sessions, accounts) and the export of a player's
// games (migration 006), on every backend (store_fixture.h).
#include "store/ids.h"
#include "store/sql_store.h"
#include "store_fixture.h"

namespace ft::store::test {
namespace {

TEST_P(StoreContract, SessionsAddMoreTokensForOnePlayerAndEndOneByOne) {
  Player p = store().create_player("first", "Ann", 1000);
  store().add_session("second", p.id, 2000);
  EXPECT_EQ(store().find_player_by_token("first"), p);
  EXPECT_EQ(store().find_player_by_token("second"), p);
  EXPECT_STORE_ERROR(store().add_session("second", p.id, 2100), StoreErrc::conflict);
  EXPECT_STORE_ERROR(store().add_session("first", p.id, 2100), StoreErrc::conflict);
  EXPECT_STORE_ERROR(store().add_session("third", p.id + 99, 2100), StoreErrc::not_found);
  EXPECT_STORE_ERROR(store().add_session("", p.id, 2100), StoreErrc::bad_input);

  store().end_session("first");
  EXPECT_EQ(store().find_player_by_token("first"), std::nullopt);
  EXPECT_EQ(store().find_player_by_token("second"), p);
  store().end_session("never-issued");  // nothing to end: no error

  store().add_session("third", p.id, 3000);
  store().add_session("fourth", p.id, 3000);
  EXPECT_EQ(store().end_other_sessions(p.id, "third"), 2);
  EXPECT_EQ(store().find_player_by_token("third"), p);
  EXPECT_EQ(store().find_player_by_token("second"), std::nullopt);
  EXPECT_EQ(store().find_player_by_token("fourth"), std::nullopt);
}

// Failed logins (migrations 008, 010): the newest first, only those after the
// window's start, at most `limit`, by name, by address and by both; a
// success forgets the name's from that address only; a new failure deletes
// those at or before the window's start.
TEST_P(StoreContract, LoginFailuresCountInTheWindowAndASuccessClearsTheNameAtItsAddress) {
  for (int i = 0; i < 4; ++i) store().add_login_failure("ann", "10.0.0.1", 1000 + i, 0);
  store().add_login_failure("bob", "10.0.0.1", 1010, 0);
  store().add_login_failure("ann", "10.0.0.2", 1020, 0);
  auto f = store().login_failures("ann", "10.0.0.1", 1001, 10);
  EXPECT_EQ(f.by_name, (std::vector<Millis>{1020, 1003, 1002}));
  EXPECT_EQ(f.by_address, (std::vector<Millis>{1010, 1003, 1002}));
  EXPECT_EQ(f.by_name_and_address, (std::vector<Millis>{1003, 1002}));
  f = store().login_failures("ann", "10.0.0.1", 0, 2);
  EXPECT_EQ(f.by_name, (std::vector<Millis>{1020, 1003}));
  EXPECT_EQ(f.by_address, (std::vector<Millis>{1010, 1003}));
  EXPECT_EQ(f.by_name_and_address, (std::vector<Millis>{1003, 1002}));

  store().clear_login_failures("ann", "10.0.0.1");
  f = store().login_failures("ann", "10.0.0.1", 0, 10);
  EXPECT_EQ(f.by_name, (std::vector<Millis>{1020}));     // from 10.0.0.2: stays
  EXPECT_EQ(f.by_address, (std::vector<Millis>{1010}));  // bob's stays
  EXPECT_TRUE(f.by_name_and_address.empty());
  EXPECT_EQ(store().login_failures("bob", "x", 0, 10).by_name, (std::vector<Millis>{1010}));

  // Forgetting up to 1010 leaves only the new one.
  store().add_login_failure("bob", "10.0.0.3", 2000, 1010);
  EXPECT_EQ(store().login_failures("bob", "10.0.0.1", 0, 10).by_name, (std::vector<Millis>{2000}));
  EXPECT_TRUE(store().login_failures("bob", "10.0.0.1", 0, 10).by_address.empty());
  EXPECT_EQ(store().login_failures("bob", "10.0.0.3", 0, 10).by_name_and_address,
            (std::vector<Millis>{2000}));
}

// Where a player's logins succeeded (010): known after `since`, a later
// success moves the time on, old ones are forgotten as new ones come in.
TEST_P(StoreContract, LoginAddressesAreKnownPerPlayerForAWhile) {
  Player ann = store().create_player("a", "Ann", 1000);
  Player bob = store().create_player("b", "Bob", 1000);
  EXPECT_FALSE(store().login_address_known(ann.id, "10.0.0.1", 0));
  store().add_login_address(ann.id, "10.0.0.1", 2000, 0);
  EXPECT_TRUE(store().login_address_known(ann.id, "10.0.0.1", 1999));
  EXPECT_FALSE(store().login_address_known(ann.id, "10.0.0.1", 2000));  // not after `since`
  EXPECT_FALSE(store().login_address_known(ann.id, "10.0.0.2", 0));
  EXPECT_FALSE(store().login_address_known(bob.id, "10.0.0.1", 0));
  store().add_login_address(ann.id, "10.0.0.1", 3000, 0);  // again: a later time
  EXPECT_TRUE(store().login_address_known(ann.id, "10.0.0.1", 2500));
  store().add_login_address(bob.id, "10.0.0.2", 2100, 0);
  // Bob's new address forgets everything noted at or before 2100.
  store().add_login_address(bob.id, "10.0.0.3", 5000, 2100);
  EXPECT_FALSE(store().login_address_known(bob.id, "10.0.0.2", 0));
  EXPECT_TRUE(store().login_address_known(ann.id, "10.0.0.1", 0));
  EXPECT_STORE_ERROR(store().add_login_address(bob.id + 99, "10.0.0.1", 1, 0),
                     StoreErrc::not_found);
}

// Wrong old passwords (010) by session token, kept as the token's hash.
TEST_P(StoreContract, PasswordFailuresCountPerSessionTokenAndAreKeptHashed) {
  for (int i = 0; i < 3; ++i) store().add_password_failure("token-a", 1000 + i, 0);
  store().add_password_failure("token-b", 1005, 0);
  EXPECT_EQ(store().password_failures("token-a", 1000, 10), (std::vector<Millis>{1002, 1001}));
  EXPECT_EQ(store().password_failures("token-a", 0, 1), (std::vector<Millis>{1002}));
  EXPECT_EQ(store().password_failures("token-b", 0, 10), (std::vector<Millis>{1005}));
  EXPECT_TRUE(store().password_failures("token-c", 0, 10).empty());
  store().add_password_failure("token-b", 2000, 1002);
  EXPECT_TRUE(store().password_failures("token-a", 0, 10).empty());
  EXPECT_EQ(store().password_failures("token-b", 0, 10), (std::vector<Millis>{2000, 1005}));
  auto& db = dynamic_cast<SqlStore&>(store()).db();
  auto rows = db.query("SELECT DISTINCT token_hash FROM password_failures", {});
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0].text(0), token_hash("token-b"));
}

TEST_P(StoreContract, SessionTokensAreStoredOnlyAsHashes) {
  Player p = store().create_player("guest-token-1", "Ann", 1000);
  store().add_session("login-token-2", p.id, 2000);
  auto& db = dynamic_cast<SqlStore&>(store()).db();
  auto rows = db.query("SELECT token_hash FROM sessions ORDER BY created_ms", {});
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0].text(0), token_hash("guest-token-1"));
  EXPECT_EQ(rows[1].text(0), token_hash("login-token-2"));
  // Presenting the hash as a token finds nobody.
  EXPECT_EQ(store().find_player_by_token(token_hash("login-token-2")), std::nullopt);
}

TEST_P(StoreContract, AccountKeepsANameUniqueAmongAccounts) {
  Player ann = store().create_player("a", "Amber Otter", 1000);
  Player bob = store().create_player("b", "Blue Heron", 1000);
  EXPECT_EQ(store().find_account(ann.id), std::nullopt);
  store().set_account(ann.id, "Ann", "hash-1", 5000);
  EXPECT_EQ(store().find_player(ann.id)->display_name, "Ann");
  Account a{ann.id, "Ann", "hash-1", 5000, 5000};
  EXPECT_EQ(store().find_account(ann.id), a);
  // The name is compared folded: case and extra spaces do not make another.
  EXPECT_EQ(store().find_account_by_name("  aNN "), a);
  EXPECT_EQ(store().find_account_by_name("Anna"), std::nullopt);
  EXPECT_STORE_ERROR(store().set_account(bob.id, "ANN", "hash-2", 6000), StoreErrc::conflict);
  EXPECT_EQ(store().find_player(bob.id)->display_name, "Blue Heron");  // nothing written
  EXPECT_STORE_ERROR(store().rename_player(bob.id, "ann"), StoreErrc::conflict);
  EXPECT_STORE_ERROR(store().set_account(ann.id + 99, "Zed", "h", 1), StoreErrc::not_found);
  EXPECT_STORE_ERROR(store().set_account(bob.id, "", "h", 1), StoreErrc::bad_input);
  EXPECT_STORE_ERROR(store().set_account(bob.id, "Bob", "", 1), StoreErrc::bad_input);

  // A new password keeps the creation time; renaming moves the kept name.
  store().set_account(ann.id, "Ann", "hash-3", 7000);
  EXPECT_EQ(store().find_account(ann.id), (Account{ann.id, "Ann", "hash-3", 5000, 7000}));
  store().rename_player(ann.id, "Annie");
  EXPECT_EQ(store().find_account_by_name("annie")->player, ann.id);
  EXPECT_EQ(store().find_account_by_name("ann"), std::nullopt);
  store().set_account(bob.id, "Ann", "hash-2", 8000);  // free again
  EXPECT_EQ(store().find_account_by_name("ann")->player, bob.id);
}

class ExportContract : public StoreContract {
 protected:
  // A finished match at a new table with `games` finished games, the game
  // n finished at `at + n`; `people` sit at seats 0, 1, ...
  MatchId finished(const std::string& table_id, const std::string& variant, int games, Millis at,
                   const std::vector<PlayerId>& people) {
    store().create_table(table(table_id));
    NewMatch m;
    m.table_id = table_id;
    m.format = "match";
    m.variant = variant;
    m.rated = true;
    m.snapshot = MatchSnapshot{"{}", {1, 1}, at};
    m.started_ms = at;
    const MatchId id = store().create_match(m);
    for (int g = 1; g <= games; ++g) {
      GameRecord game;
      game.match_id = id;
      game.number = g;
      game.variant = variant;
      game.started_ms = at;
      store().start_game(game);
      store().finish_game(id, g, "1-0", "record " + std::to_string(g), at + g, std::nullopt);
    }
    MatchFinish f;
    f.result = "1:0";
    f.snapshot = m.snapshot;
    f.finished_ms = at + games;
    for (std::size_t s = 0; s < people.size(); ++s)
      f.players.push_back({people[s], static_cast<int>(s), s == 0 ? 1.0 : 0.0, 0, 0});
    store().finish_match(id, f);
    return id;
  }
};

TEST_P(ExportContract, GamesOfPlayerPageInFinishOrderWithFilters) {
  Player ann = store().create_player("a", "Ann", 1);
  Player bob = store().create_player("b", "Bob", 1);
  Player cy = store().create_player("c", "Cy", 1);
  const MatchId m1 = finished("t1", "classic", 3, 10000, {ann.id, bob.id});
  const MatchId m2 = finished("t2", "popout", 2, 20000, {bob.id, ann.id});
  finished("t3", "classic", 2, 30000, {bob.id, cy.id});  // not Ann's
  const MatchId m4 = finished("t4", "classic", 1, 40000, {cy.id, ann.id});
  // An unfinished game of a running match is not exported.
  store().create_table(table("t5"));
  start_match("t5", 1, 50000);

  GameQuery q;
  q.player = ann.id;
  q.limit = 4;
  auto page = store().games_of_player(q);
  ASSERT_EQ(page.size(), 4u);
  EXPECT_EQ(page[0].game.match_id, m1);
  EXPECT_EQ(page[0].game.number, 1);
  EXPECT_EQ(page[0].game.record, "record 1");
  EXPECT_EQ(page[0].table_id, "t1");
  EXPECT_TRUE(page[0].rated);
  ASSERT_EQ(page[0].people.size(), 2u);
  EXPECT_EQ(page[0].people[0], (PlayerGame::Person{0, ann.id, "Ann"}));
  EXPECT_EQ(page[0].people[1], (PlayerGame::Person{1, bob.id, "Bob"}));
  EXPECT_EQ(page[3].game.match_id, m2);
  EXPECT_EQ(page[3].game.number, 1);
  // The next page starts after the last one's cursor.
  q.after = {page[3].game.finished_ms, page[3].game.match_id, page[3].game.number};
  page = store().games_of_player(q);
  ASSERT_EQ(page.size(), 2u);
  EXPECT_EQ(page[0].game.match_id, m2);
  EXPECT_EQ(page[0].game.number, 2);
  EXPECT_EQ(page[1].game.match_id, m4);
  q.after = {page[1].game.finished_ms, page[1].game.match_id, page[1].game.number};
  EXPECT_TRUE(store().games_of_player(q).empty());

  // By pool, by date (since inclusive, until exclusive).
  GameQuery pool;
  pool.player = ann.id;
  pool.variant = "popout";
  page = store().games_of_player(pool);
  ASSERT_EQ(page.size(), 2u);
  EXPECT_EQ(page[1].game.match_id, m2);
  GameQuery dates;
  dates.player = ann.id;
  dates.since_ms = 10002;
  dates.until_ms = 20002;
  page = store().games_of_player(dates);
  ASSERT_EQ(page.size(), 3u);  // t1 games 2, 3 and t2 game 1
  EXPECT_EQ(page[0].game.finished_ms, 10002);
  EXPECT_EQ(page[2].game.finished_ms, 20001);

  GameQuery bad;
  bad.player = ann.id;
  bad.limit = 0;
  EXPECT_STORE_ERROR(store().games_of_player(bad), StoreErrc::bad_input);
}

TEST_P(ExportContract, GamesOfPlayerNeverReturnMoreThanOnePage) {
  Player ann = store().create_player("a", "Ann", 1);
  finished("big", "classic", Store::MAX_GAME_PAGE + 5, 1000, {ann.id});
  GameQuery q;
  q.player = ann.id;
  q.limit = 100000;
  EXPECT_EQ(store().games_of_player(q).size(), static_cast<std::size_t>(Store::MAX_GAME_PAGE));
}

INSTANTIATE_TEST_SUITE_P(Backends, ExportContract, ::testing::ValuesIn(backends()),
                         [](const ::testing::TestParamInfo<std::string>& param) {
                           return param.param;
                         });

}  // namespace
}  // namespace ft::store::test
