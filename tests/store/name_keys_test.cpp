// Contract: kept names are compared by their look-alike key (names.h
// name_key, accounts.name_skeleton, migration 012) on every backend: a
// look-alike is refused, found, freed by a rename; the unique index holds
// without the store's check; keys missing or made by another ICU are filled
// at open.
#include <string>
#include <vector>

#include "common/text.h"
#include "store/names.h"
#include "store/sql_store.h"
#include "store_fixture.h"

namespace ft::store::test {
namespace {

// The UTF-8 of one code point, so that each case names the code point.
std::string cp(char32_t c) {
  return utf8_of(c);
}

// "Ada Lovelace" written in ways that look the same or nearly.
std::vector<std::string> look_alikes() {
  return {
      "ada lovelace",
      "ADA LOVELACE",
      cp(0x0410) + "d" + cp(0x0430) + " Lovelace",  // Cyrillic А and а
      cp(0xFF21) + "da Lovelace",        // fullwidth A (the store is given it un-normalised)
      "Ada" + cp(0x00A0) + "Lovelace",   // no-break space
      "Ada " + cp(0x200B) + "Lovelace",  // zero-width space
      "Ada Iovelace",                    // capital I for l
  };
}

class NameKeys : public StoreContract {
 protected:
  std::vector<sql::Row> sql(const std::string& text, std::vector<sql::Value> params = {}) {
    return dynamic_cast<SqlStore&>(store()).db().query(text, params);
  }
  // accounts.name_skeleton of the player, "NULL" for none.
  std::string skeleton_of(PlayerId player) {
    auto rows = sql("SELECT name_skeleton FROM accounts WHERE player_id = $1", {player});
    if (rows.empty()) return "no account";
    return rows[0].is_null(0) ? "NULL" : rows[0].text(0);
  }
};

TEST_P(NameKeys, ALookAlikeOfAKeptNameIsTheKeptName) {
  Player ada = store().create_player("a", "Amber Otter", 1000);
  Player eve = store().create_player("e", "Eager Heron", 1000);
  store().set_account(ada.id, "Ada Lovelace", "hash-a", 2000);
  EXPECT_EQ(skeleton_of(ada.id), name_key("Ada Lovelace"));
  for (const std::string& like : look_alikes()) {
    EXPECT_STORE_ERROR(store().rename_player(eve.id, like), StoreErrc::conflict);
    EXPECT_STORE_ERROR(store().set_account(eve.id, like, "hash-e", 3000), StoreErrc::conflict);
    ASSERT_TRUE(store().find_account_by_name(like).has_value()) << like;
    EXPECT_EQ(store().find_account_by_name(like)->player, ada.id) << like;
  }
  EXPECT_EQ(store().find_player(eve.id)->display_name, "Eager Heron");  // nothing written
  EXPECT_EQ(store().find_account(eve.id), std::nullopt);
  EXPECT_EQ(store().find_account_by_name("Ada Lovelac"), std::nullopt);
  EXPECT_EQ(store().find_account_by_name(cp(0x200B)), std::nullopt);  // no key at all
  EXPECT_STORE_ERROR(store().rename_player(eve.id, cp(0x200B)), StoreErrc::bad_input);
  // The owner may write its own name in another way.
  store().rename_player(ada.id, "ADA LOVELACE");
  EXPECT_EQ(store().find_account_by_name("ada lovelace")->name, "ADA LOVELACE");
}

TEST_P(NameKeys, RenamingAnAccountMovesItsKeyAndFreesTheOldName) {
  Player ada = store().create_player("a", "Amber Otter", 1000);
  Player eve = store().create_player("e", "Eager Heron", 1000);
  store().set_account(ada.id, "Ada Lovelace", "hash-a", 2000);
  store().rename_player(ada.id, "Ada King");
  EXPECT_EQ(skeleton_of(ada.id), name_key("Ada King"));
  EXPECT_EQ(store().find_account_by_name(cp(0x0410) + "da king")->player, ada.id);
  EXPECT_EQ(store().find_account_by_name("Ada Lovelace"), std::nullopt);
  store().set_account(eve.id, cp(0x0410) + "d" + cp(0x0430) + " Lovelace", "hash-e",
                      3000);  // free again
  EXPECT_EQ(store().find_account_by_name("ada lovelace")->player, eve.id);
  EXPECT_STORE_ERROR(store().rename_player(ada.id, "Ada Lovelace"), StoreErrc::conflict);
}

TEST_P(NameKeys, TheUniqueIndexRefusesASecondAccountWithTheKey) {
  // Written past the store's own check, as a second node racing the first
  // would: the database itself refuses it.
  Player ada = store().create_player("a", "Ada", 1000);
  Player eve = store().create_player("e", "Eve", 1000);
  store().set_account(ada.id, "Ada", "hash-a", 2000);
  EXPECT_STORE_ERROR(sql("INSERT INTO accounts (player_id, name_key, name_skeleton, password_hash, "
                         "created_ms, changed_ms) VALUES ($1, 'other', $2, 'h', 1, 1)",
                         {eve.id, std::string_view(skeleton_of(ada.id))}),
                     StoreErrc::conflict);
  EXPECT_EQ(store().find_account(eve.id), std::nullopt);
}

TEST_P(NameKeys, KeysMissingOrMadeByAnotherIcuAreComputedAtOpen) {
  Player ada = store().create_player("a", "Ada", 1000);
  Player bob = store().create_player("b", "Bob", 1000);
  Player ida = store().create_player("i", "Ida", 1000);
  store().set_account(ada.id, "Ada", "hash-a", 2000);
  store().set_account(bob.id, "Bob", "hash-b", 2100);
  // As before migration 012: no skeletons, and a look-alike account (made
  // later than Ada's) that the 006 key let through.
  const std::string cyrillic = cp(0x0410) + "da";
  sql("UPDATE players SET display_name = $1 WHERE id = $2", {std::string_view(cyrillic), ida.id});
  sql("INSERT INTO accounts (player_id, name_key, password_hash, created_ms, changed_ms) "
      "VALUES ($1, $2, 'hash-i', 3000, 3000)",
      {ida.id, std::string_view(cyrillic)});
  sql("UPDATE accounts SET name_skeleton = NULL");
  reopen();
  EXPECT_EQ(skeleton_of(ada.id), name_key("Ada"));
  EXPECT_EQ(skeleton_of(bob.id), name_key("Bob"));
  EXPECT_EQ(skeleton_of(ida.id), "NULL");  // the older account keeps the name
  EXPECT_EQ(store().find_account_by_name("ADA")->player, ada.id);
  // The later look-alike still logs in by exactly its name, and keeps a
  // name again once it renames itself to a free one.
  EXPECT_EQ(store().find_account_by_name(cyrillic)->player, ida.id);
  store().rename_player(ida.id, "Ida");
  EXPECT_EQ(skeleton_of(ida.id), name_key("Ida"));

  // Keys made under another version of the rules or of ICU are made again.
  sql("UPDATE name_keys SET version = 'an older ICU'");
  sql("UPDATE accounts SET name_skeleton = 'stale' WHERE player_id = $1", {bob.id});
  reopen();
  EXPECT_EQ(skeleton_of(bob.id), name_key("Bob"));
  EXPECT_EQ(sql("SELECT version FROM name_keys")[0].text(0), name_key_version());
  EXPECT_EQ(store().find_account_by_name("bob")->player, bob.id);
}

INSTANTIATE_TEST_SUITE_P(Backends, NameKeys, ::testing::ValuesIn(backends()),
                         [](const ::testing::TestParamInfo<std::string>& param) {
                           return param.param;
                         });

}  // namespace
}  // namespace ft::store::test
