// The Bot API's first part through the real server, written from
// docs/bot-api.md alone: personal API tokens (made on the account page,
// shown once, listed without their secret, revoked), `Authorization:
// Bearer`, scopes, and the upgrade to a bot account.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "support/table_helpers.h"
#include "support/test_client.h"

namespace ft::test {
namespace {

namespace json = boost::json;

using Headers = std::vector<std::pair<std::string, std::string>>;

// A guest that set a password: an account.
Guest account(int port, const std::string& name) {
  Guest g = new_guest(port);
  HttpResult r =
      http(port, "POST", "/api/account/password",
           json::serialize(json::object{{"password", "correct horse"}, {"name", name}}), g.cookie);
  EXPECT_EQ(r.status, 200) << r.body;
  g.cookie = r.set_cookie;
  return g;
}

HttpResult make_token(int port, const Guest& g, const json::array& scopes,
                      const std::string& description = "my engine") {
  return http(port, "POST", "/api/account/tokens",
              json::serialize(json::object{{"description", description}, {"scopes", scopes}}),
              g.cookie);
}

// A request that carries a token and no cookie.
HttpResult bearer(int port, const std::string& method, const std::string& target,
                  const std::string& token, const std::string& origin = {},
                  const Headers& more = {}) {
  Headers h{{"Authorization", "Bearer " + token}};
  h.insert(h.end(), more.begin(), more.end());
  return http(port, method, target, "", "", origin, h);
}

// DELETE /api/account/tokens/<id> as the page sends it: JSON declared, no body.
HttpResult revoke(int port, const std::string& cookie, const std::string& id,
                  const std::string& origin = {}) {
  return http(port, "DELETE", "/api/account/tokens/" + id, "", cookie, origin,
              Headers{{"Content-Type", "application/json"}});
}

TEST(BotApi, ATokenIsShownOnceListedWithoutItsSecretAndNamesItsPlayer) {
  ServerProcess server(temp_db("bot_api_tokens"));
  const int port = server.port();
  Guest ann = account(port, "Ann Engine");
  HttpResult made = make_token(port, ann, json::array{"bot:play", "challenge:write"});
  ASSERT_EQ(made.status, 201) << made.body;
  const json::value body = made.json();
  const json::object& t = body.as_object();
  const std::string token = str(t.at("token"));
  EXPECT_TRUE(token.starts_with("ft_")) << token;
  EXPECT_EQ(token.size(), 46U);  // "ft_" and 32 bytes in base64url
  EXPECT_EQ(str(t.at("description")), "my engine");
  EXPECT_EQ(t.at("scopes"), (json::array{"bot:play", "challenge:write"}));
  EXPECT_TRUE(t.at("last_used_at").is_null());
  const std::string id = str(t.at("id"));

  HttpResult list = http(port, "GET", "/api/account/tokens", "", ann.cookie);
  ASSERT_EQ(list.status, 200) << list.body;
  EXPECT_EQ(list.body.find(token), std::string::npos);  // never shown again
  const json::value listed = list.json();
  const json::array& tokens = listed.at("tokens").as_array();
  ASSERT_EQ(tokens.size(), 1U);
  EXPECT_EQ(str(tokens[0].at("id")), id);
  EXPECT_FALSE(tokens[0].as_object().contains("token"));
  EXPECT_EQ(listed.at("max").as_int64(), 20);

  // The token is Ann, whatever cookie comes with it; no cookie is set.
  Guest bob = new_guest(port);
  HttpResult me = http(port, "GET", "/api/me", "", bob.cookie, "",
                       Headers{{"Authorization", "Bearer " + token}});
  ASSERT_EQ(me.status, 200) << me.body;
  EXPECT_EQ(str(me.json().at("id")), ann.id);
  EXPECT_EQ(me.json().at("bot"), false);
  EXPECT_TRUE(me.set_cookies.empty());
  HttpResult fresh = bearer(port, "GET", "/api/me", token);
  EXPECT_EQ(str(fresh.json().at("id")), ann.id);
  EXPECT_TRUE(fresh.set_cookies.empty());  // a token request makes no guest
  HttpResult used = http(port, "GET", "/api/account/tokens", "", ann.cookie);
  EXPECT_TRUE(used.json().at("tokens").at(0).at("last_used_at").is_int64()) << used.body;
}

TEST(BotApi, BadUnknownRevokedAndMissingTokensAreRefusedWithTheirCodes) {
  ServerProcess server(temp_db("bot_api_refusals"));
  const int port = server.port();
  Guest ann = account(port, "Ann Engine");
  const std::string challenger =
      str(make_token(port, ann, json::array{"challenge:write"}).json().at("token"));
  HttpResult made = make_token(port, ann, json::array{"bot:play"});
  const std::string token = str(made.json().at("token"));
  const std::string id = str(made.json().at("id"));

  EXPECT_EQ(error_code(bearer(port, "GET", "/api/me", "ft_no-such-token")), "bad_token");
  HttpResult basic =
      http(port, "GET", "/api/lobby", "", "", "", Headers{{"Authorization", "Basic YTpi"}});
  EXPECT_EQ(basic.status, 401);
  EXPECT_EQ(error_code(basic), "bad_token");
  // A session cookie's value is no token.
  EXPECT_EQ(error_code(bearer(port, "GET", "/api/me", ann.cookie)), "bad_token");

  HttpResult scope = bearer(port, "POST", "/api/bot/account/upgrade", challenger);
  EXPECT_EQ(scope.status, 403);
  EXPECT_EQ(error_code(scope), "missing_scope");
  HttpResult none = http(port, "POST", "/api/bot/account/upgrade", "", ann.cookie);
  EXPECT_EQ(none.status, 401);
  EXPECT_EQ(error_code(none), "no_token");
  // Tokens are the browser's business: no token makes, lists or revokes one.
  for (const auto& [method, target] :
       std::vector<std::pair<std::string, std::string>>{{"GET", "/api/account/tokens"},
                                                        {"POST", "/api/account/tokens"},
                                                        {"DELETE", "/api/account/tokens/" + id},
                                                        {"POST", "/api/account/change-password"},
                                                        {"POST", "/api/me"}}) {
    HttpResult r = bearer(port, method, target, token);
    EXPECT_EQ(r.status, 403) << method << ' ' << target;
    EXPECT_EQ(error_code(r), "session_only") << method << ' ' << target;
  }

  HttpResult revoked = revoke(port, ann.cookie, id);
  ASSERT_EQ(revoked.status, 200) << revoked.body;
  EXPECT_EQ(str(revoked.json().at("revoked")), id);
  HttpResult after = bearer(port, "GET", "/api/me", token);
  EXPECT_EQ(after.status, 401);
  EXPECT_EQ(error_code(after), "bad_token");
  EXPECT_EQ(error_code(revoke(port, ann.cookie, id)), "not_found");
  EXPECT_EQ(http(port, "GET", "/api/account/tokens", "", ann.cookie)
                .json()
                .at("tokens")
                .as_array()
                .size(),
            1U);
}

TEST(BotApi, OnlyAnAccountMakesTokensWithinItsLimits) {
  ServerProcess server(temp_db("bot_api_limits"));
  const int port = server.port();
  Guest guest = new_guest(port);
  EXPECT_EQ(error_code(make_token(port, guest, json::array{"bot:play"})), "no_password");
  EXPECT_EQ(error_code(make_token(port, Guest{}, json::array{"bot:play"})), "not_logged_in");
  Guest ann = account(port, "Ann Engine");
  Guest bob = account(port, "Bob Engine");
  EXPECT_EQ(error_code(make_token(port, ann, json::array{"bot:play"}, " ")), "bad_description");
  EXPECT_EQ(error_code(make_token(port, ann, json::array{"bot:play"}, std::string(101, 'x'))),
            "bad_description");
  EXPECT_EQ(error_code(make_token(port, ann, json::array{"bot:play"}, "a\tb")), "bad_description");
  EXPECT_EQ(error_code(make_token(port, ann, json::array{})), "bad_scopes");
  EXPECT_EQ(error_code(make_token(port, ann, json::array{"admin"})), "bad_scopes");
  EXPECT_EQ(error_code(make_token(port, ann, json::array{1})), "bad_scopes");
  for (int i = 0; i < 20; ++i)
    ASSERT_EQ(make_token(port, ann, json::array{"bot:play"}, "t" + std::to_string(i)).status, 201);
  HttpResult over = make_token(port, ann, json::array{"bot:play"});
  EXPECT_EQ(over.status, 409);
  EXPECT_EQ(error_code(over), "too_many_tokens");
  // Bob may not revoke Ann's tokens.
  const std::string first = str(
      http(port, "GET", "/api/account/tokens", "", ann.cookie).json().at("tokens").at(0).at("id"));
  EXPECT_EQ(error_code(revoke(port, bob.cookie, first)), "not_found");
  EXPECT_EQ(error_code(revoke(port, ann.cookie, "x")), "not_found");
  EXPECT_EQ(error_code(revoke(port, ann.cookie, "t_999")), "not_found");
}

TEST(BotApi, ATokenNeedsNoOriginWhileACookieFromAnotherSiteIsStillRefused) {
  ServerProcess server(temp_db("bot_api_origin"));
  const int port = server.port();
  Guest ann = account(port, "Ann Engine");
  const std::string token = str(make_token(port, ann, json::array{"bot:play"}).json().at("token"));
  // The cookie from another site's page: refused as before.
  HttpResult forged =
      http(port, "POST", "/api/account/tokens", R"({"description":"x","scopes":["bot:play"]})",
           ann.cookie, "https://evil.example");
  EXPECT_EQ(forged.status, 403);
  EXPECT_EQ(error_code(forged), "cross_site");
  EXPECT_EQ(error_code(revoke(port, ann.cookie, "t_1", "https://evil.example")), "cross_site");
  EXPECT_EQ(http(port, "GET", "/api/account/tokens", "", ann.cookie)
                .json()
                .at("tokens")
                .as_array()
                .size(),
            1U);
  // The token from anywhere, with any content type: it is no ambient credential.
  HttpResult upgrade = bearer(port, "POST", "/api/bot/account/upgrade", token,
                              "https://evil.example", Headers{{"Content-Type", "text/plain"}});
  ASSERT_EQ(upgrade.status, 200) << upgrade.body;
  EXPECT_EQ(upgrade.json().at("bot"), true);
}

TEST(BotApi, AnAccountBecomesABotOnceAndOnlyWithoutGames) {
  ServerProcess server(temp_db("bot_api_upgrade"));
  const int port = server.port();
  Guest ann = account(port, "Ann Engine");
  const std::string token = str(make_token(port, ann, json::array{"bot:play"}).json().at("token"));
  EXPECT_EQ(http(port, "GET", "/api/players/" + ann.id).json().at("bot"), false);
  HttpResult up = bearer(port, "POST", "/api/bot/account/upgrade", token);
  ASSERT_EQ(up.status, 200) << up.body;
  EXPECT_EQ(str(up.json().at("id")), ann.id);
  EXPECT_EQ(str(up.json().at("name")), "Ann Engine");
  EXPECT_EQ(up.json().at("bot"), true);
  HttpResult again = bearer(port, "POST", "/api/bot/account/upgrade", token);
  EXPECT_EQ(again.status, 409);
  EXPECT_EQ(error_code(again), "already_bot");
  EXPECT_EQ(http(port, "GET", "/api/players/" + ann.id).json().at("bot"), true);
  EXPECT_EQ(http(port, "GET", "/api/me", "", ann.cookie).json().at("bot"), true);

  // An account that sat at a table (here one it opened) stays a person.
  Guest cid = new_guest(port);
  create_table(port, cid, R"({"game":"four","opponent":{"kind":"computer","level":1}})");
  HttpResult set = http(port, "POST", "/api/account/password",
                        R"({"password":"correct horse","name":"Cid"})", cid.cookie);
  ASSERT_EQ(set.status, 200) << set.body;
  cid.cookie = set.set_cookie;
  const std::string cids = str(make_token(port, cid, json::array{"bot:play"}).json().at("token"));
  HttpResult games = bearer(port, "POST", "/api/bot/account/upgrade", cids);
  EXPECT_EQ(games.status, 409);
  EXPECT_EQ(error_code(games), "has_games");
  EXPECT_EQ(http(port, "GET", "/api/players/" + cid.id).json().at("bot"), false);
}

// A token buys no more requests than a person: the address's bucket counts
// them the same (--http-rate 2: bursts of 6, three of them spent on the
// account and its token).
TEST(BotApi, TokenRequestsAreRateLimitedAsPeoplesAre) {
  ServerProcess server(temp_db("bot_api_rate"), "--http-rate 2");
  const int port = server.port();
  Guest ann = account(port, "Ann Engine");
  HttpResult made = make_token(port, ann, json::array{"bot:play"});
  ASSERT_EQ(made.status, 201) << made.body;
  const std::string token = str(made.json().at("token"));
  int limited = 0;
  for (int i = 0; i < 12; ++i) {
    HttpResult r = bearer(port, "GET", "/api/me", token);
    if (r.status != 429) continue;
    ++limited;
    EXPECT_EQ(error_code(r), "rate_limited");
    EXPECT_FALSE(r.header("retry-after").empty());
  }
  EXPECT_GE(limited, 3);
}

}  // namespace
}  // namespace ft::test
