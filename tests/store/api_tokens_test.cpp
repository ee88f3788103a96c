// Contract: personal API tokens and bot accounts (migration 014,
// docs/bot-api.md) on every backend: a token is kept only as its hash,
// found by the token, listed by its owner, capped per player, revoked by its
// owner alone; the last use is noted; a bot is made once, only of an account
// that never sat at a table.
#include <string>
#include <vector>

#include "store/ids.h"
#include "store/sql_store.h"
#include "store_fixture.h"

namespace ft::store::test {
namespace {

class ApiTokens : public StoreContract {
 protected:
  std::vector<sql::Row> sql(const std::string& text, std::vector<sql::Value> params = {}) {
    return dynamic_cast<SqlStore&>(store()).db().query(text, params);
  }
  // A player with a password.
  Player account(const std::string& cookie, const std::string& name) {
    Player p = store().create_player(cookie, name, 1000);
    store().set_account(p.id, name, "hash", 1500);
    return p;
  }
};

TEST_P(ApiTokens, ATokenIsKeptAsItsHashAndFoundByItself) {
  Player ann = account("ann-cookie", "Ann");
  auto made = store().add_api_token("ft_secret-one", ann.id, "my engine", "bot:play", 2000, 20);
  ASSERT_TRUE(made.has_value());
  EXPECT_GT(made->id, 0);
  EXPECT_EQ(made->player, ann.id);
  EXPECT_EQ(made->description, "my engine");
  EXPECT_EQ(made->scopes, "bot:play");
  EXPECT_EQ(made->created_ms, 2000);
  EXPECT_EQ(made->last_used_ms, 0);

  auto rows = sql("SELECT token_hash FROM api_tokens");
  ASSERT_EQ(rows.size(), 1U);
  EXPECT_EQ(rows[0].text(0), token_hash("ft_secret-one"));
  EXPECT_EQ(sql("SELECT id FROM api_tokens WHERE token_hash = $1", {"ft_secret-one"}).size(), 0U);

  EXPECT_EQ(store().find_api_token("ft_secret-one"), made);
  EXPECT_EQ(store().find_api_token("ft_secret-two"), std::nullopt);
  // A token is not a session, nor a session a token.
  EXPECT_EQ(store().find_player_by_token("ft_secret-one"), std::nullopt);
  EXPECT_EQ(store().find_api_token("ann-cookie"), std::nullopt);
  EXPECT_STORE_ERROR(store().add_api_token("ft_secret-one", ann.id, "again", "bot:play", 2100, 20),
                     StoreErrc::conflict);
  EXPECT_STORE_ERROR(store().add_api_token("ft_x", 999, "nobody", "bot:play", 2100, 20),
                     StoreErrc::not_found);
  EXPECT_STORE_ERROR(store().add_api_token("", ann.id, "empty", "bot:play", 2100, 20),
                     StoreErrc::bad_input);
  EXPECT_STORE_ERROR(store().add_api_token("ft_y", ann.id, "", "bot:play", 2100, 20),
                     StoreErrc::bad_input);
  EXPECT_STORE_ERROR(store().add_api_token("ft_z", ann.id, "no scopes", "", 2100, 20),
                     StoreErrc::bad_input);
}

TEST_P(ApiTokens, TheOwnerListsRevokesAndIsCapped) {
  Player ann = account("ann-cookie", "Ann");
  Player bob = account("bob-cookie", "Bob");
  auto first = store().add_api_token("ft_a1", ann.id, "first", "bot:play", 2000, 3);
  auto second =
      store().add_api_token("ft_a2", ann.id, "second", "bot:play challenge:write", 2100, 3);
  ASSERT_TRUE(first && second);
  ASSERT_TRUE(store().add_api_token("ft_b1", bob.id, "bob's", "challenge:write", 2200, 3));
  ASSERT_TRUE(store().add_api_token("ft_a3", ann.id, "third", "bot:play", 2300, 3));
  // The cap counts the player's own tokens; nothing is written past it.
  EXPECT_EQ(store().add_api_token("ft_a4", ann.id, "fourth", "bot:play", 2400, 3), std::nullopt);
  EXPECT_EQ(store().find_api_token("ft_a4"), std::nullopt);

  auto list = store().api_tokens_of(ann.id);
  ASSERT_EQ(list.size(), 3U);
  EXPECT_EQ(list[0], *first);  // oldest first
  EXPECT_EQ(list[1], *second);
  EXPECT_EQ(list[2].description, "third");
  EXPECT_EQ(store().api_tokens_of(bob.id).size(), 1U);

  // Bob cannot revoke Ann's token; Ann can, once.
  EXPECT_FALSE(store().revoke_api_token(bob.id, first->id));
  EXPECT_TRUE(store().find_api_token("ft_a1").has_value());
  EXPECT_TRUE(store().revoke_api_token(ann.id, first->id));
  EXPECT_FALSE(store().revoke_api_token(ann.id, first->id));
  EXPECT_EQ(store().find_api_token("ft_a1"), std::nullopt);
  EXPECT_EQ(store().api_tokens_of(ann.id).size(), 2U);
  // A revoked token frees its place under the cap.
  EXPECT_TRUE(store().add_api_token("ft_a4", ann.id, "fourth", "bot:play", 2500, 3));
}

TEST_P(ApiTokens, AUseIsNotedAndSurvivesAReopen) {
  Player ann = account("ann-cookie", "Ann");
  auto made = store().add_api_token("ft_a1", ann.id, "engine", "bot:play", 2000, 20);
  ASSERT_TRUE(made);
  store().touch_api_token(made->id, 5000);
  store().touch_api_token(12345, 5000);  // unknown: nothing
  reopen();
  EXPECT_EQ(store().find_api_token("ft_a1")->last_used_ms, 5000);
  EXPECT_EQ(store().api_tokens_of(ann.id).at(0).last_used_ms, 5000);
}

TEST_P(ApiTokens, ABotIsMadeOnceOfAnAccountThatNeverSat) {
  Player ann = account("ann-cookie", "Ann");
  Player guest = store().create_player("guest-cookie", "Quiet Otter 1", 1000);
  Player seated = account("sat-cookie", "Sat");
  TableRecord t = table("tbl0000001");
  t.seats[0].player = seated.id;
  store().create_table(t);

  EXPECT_EQ(store().find_player(ann.id)->bot_ms, 0);
  EXPECT_EQ(store().make_bot(guest.id, 3000), Store::BotUpgrade::no_account);
  EXPECT_EQ(store().make_bot(seated.id, 3000), Store::BotUpgrade::has_games);
  EXPECT_EQ(store().make_bot(ann.id, 3000), Store::BotUpgrade::done);
  EXPECT_EQ(store().make_bot(ann.id, 4000), Store::BotUpgrade::already_bot);
  EXPECT_STORE_ERROR(store().make_bot(999, 3000), StoreErrc::not_found);
  reopen();
  EXPECT_EQ(store().find_player(ann.id)->bot_ms, 3000);  // the first upgrade's time
  EXPECT_EQ(store().find_player_by_token("ann-cookie")->bot_ms, 3000);
  EXPECT_EQ(store().find_player(guest.id)->bot_ms, 0);
  EXPECT_EQ(store().find_player(seated.id)->bot_ms, 0);
}

INSTANTIATE_TEST_SUITE_P(Backends, ApiTokens, ::testing::ValuesIn(backends()),
                         [](const ::testing::TestParamInfo<std::string>& param) {
                           return param.param;
                         });

}  // namespace
}  // namespace ft::store::test
