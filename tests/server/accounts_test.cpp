// A name to keep through the real server (docs/protocol.md 2.12): set a
// password, log in from another browser, log out, change the password, the
// login limits, unique names, and tokens kept only as hashes.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "store/ids.h"
#include "support/table_helpers.h"
#include "support/test_client.h"

namespace ft::test {
namespace {

namespace json = boost::json;

constexpr const char* TEST_CLOCK = "--test-clock 1764487000000";

// On success the guest's browser holds the new token the answer gave it.
HttpResult set_password(int port, Guest& g, const std::string& name, const std::string& password) {
  json::object body{{"password", password}};
  if (!name.empty()) body["name"] = name;
  HttpResult r = http(port, "POST", "/api/account/password", json::serialize(body), g.cookie);
  if (r.status == 200) g.cookie = r.set_cookie;
  return r;
}

// A login from a browser with no cookie yet.
HttpResult login(int port, const std::string& name, const std::string& password) {
  return http(port, "POST", "/api/account/login",
              json::serialize(json::object{{"name", name}, {"password", password}}));
}

std::string me_id(int port, const std::string& cookie) {
  return std::string(http(port, "GET", "/api/me", "", cookie).json().at("id").as_string());
}

TEST(Accounts, PasswordKeepsTheIdentityForALoginFromAnotherBrowser) {
  ServerProcess server(temp_db("accounts_login"));
  const int port = server.port();
  Guest ann = new_guest(port);
  EXPECT_EQ(http(port, "GET", "/api/me", "", ann.cookie).json().at("account").as_bool(), false);
  HttpResult set = set_password(port, ann, "Ann Keeper", "correct horse");
  ASSERT_EQ(set.status, 200) << set.body;
  EXPECT_EQ(set.json().at("name").as_string(), "Ann Keeper");
  EXPECT_EQ(set.json().at("account").as_bool(), true);
  EXPECT_EQ(http(port, "GET", "/api/me", "", ann.cookie).json().at("account").as_bool(), true);

  // Another browser: the name is matched without regard to case or spacing.
  HttpResult in = login(port, "  ann   KEEPER ", "correct horse");
  ASSERT_EQ(in.status, 200) << in.body;
  EXPECT_EQ(in.json().at("id").as_string(), ann.id);
  const std::string second = in.set_cookie;
  ASSERT_FALSE(second.empty());
  EXPECT_NE(second, ann.cookie);  // a session of its own
  const std::string cookie = in.header("set-cookie");
  EXPECT_NE(cookie.find("HttpOnly"), std::string::npos) << cookie;
  EXPECT_NE(cookie.find("SameSite=Lax"), std::string::npos) << cookie;
  EXPECT_EQ(me_id(port, second), ann.id);
  // The WebSocket knows the second browser as the same player.
  WsClient ws(port, second);
  EXPECT_EQ(ws.expect("welcome").at("you").at("id").as_string(), ann.id);

  // Logging out ends that browser's session only.
  HttpResult out = http(port, "POST", "/api/account/logout", "", second);
  ASSERT_EQ(out.status, 200) << out.body;
  EXPECT_NE(out.header("set-cookie").find("Max-Age=0"), std::string::npos);
  EXPECT_NE(me_id(port, second), ann.id);  // the old token is a stranger now
  EXPECT_EQ(me_id(port, ann.cookie), ann.id);
  EXPECT_EQ(error_code(http(port, "POST", "/api/account/logout", "", second)), "not_logged_in");
  EXPECT_EQ(error_code(http(port, "POST", "/api/account/logout")), "not_logged_in");
}

TEST(Accounts, WrongPasswordsAndBadInputGetSpecificErrors) {
  ServerProcess server(temp_db("accounts_errors"));
  const int port = server.port();
  Guest ann = new_guest(port);
  ASSERT_EQ(set_password(port, ann, "Ann", "correct horse").status, 200);

  HttpResult wrong = login(port, "Ann", "wrong horse");
  EXPECT_EQ(wrong.status, 401);
  EXPECT_EQ(error_code(wrong), "wrong_login");
  EXPECT_TRUE(wrong.set_cookie.empty());
  HttpResult nobody = login(port, "Nobody", "correct horse");
  EXPECT_EQ(nobody.status, 401);
  EXPECT_EQ(error_code(nobody), "wrong_login");  // does not tell which names exist

  EXPECT_EQ(error_code(http(port, "POST", "/api/account/login", "not json")), "bad_json");
  EXPECT_EQ(error_code(http(port, "POST", "/api/account/login", R"({"password":"x"})")),
            "bad_name");
  EXPECT_EQ(error_code(http(port, "POST", "/api/account/login", R"({"name":"Ann"})")),
            "bad_password");
  EXPECT_EQ(http(port, "GET", "/api/account/login").status, 405);
  EXPECT_EQ(http(port, "POST", "/api/account/nothing", "{}", ann.cookie).status, 404);

  Guest bob = new_guest(port);
  EXPECT_EQ(error_code(set_password(port, bob, "Bob", "short")), "bad_password");
  EXPECT_EQ(error_code(set_password(port, bob, "Bob", std::string(129, 'x'))), "bad_password");
  EXPECT_EQ(error_code(set_password(port, bob, "Bob", "        ")), "bad_password");
  EXPECT_EQ(error_code(set_password(port, bob, "\x01", "long enough")), "bad_name");
  EXPECT_EQ(error_code(set_password(port, ann, "Ann", "another one")), "has_password");
  // A guest without a password would lose itself by logging out.
  EXPECT_EQ(error_code(http(port, "POST", "/api/account/logout", "", bob.cookie)), "no_password");
  EXPECT_EQ(error_code(http(port, "POST", "/api/account/change-password",
                            R"({"old_password":"x","new_password":"long enough"})", bob.cookie)),
            "no_password");
}

TEST(Accounts, AKeptNameIsUniqueAmongThoseWhoSetAPassword) {
  ServerProcess server(temp_db("accounts_unique"));
  const int port = server.port();
  Guest ann = new_guest(port);
  Guest bob = new_guest(port);
  ASSERT_EQ(set_password(port, ann, "Ann", "correct horse").status, 200);
  HttpResult taken = set_password(port, bob, "ANN", "battery staple");
  EXPECT_EQ(taken.status, 409);
  EXPECT_EQ(error_code(taken), "name_taken");
  // Nor may a guest take the kept name by renaming itself.
  HttpResult rename = http(port, "POST", "/api/me", R"({"name":"ann"})", bob.cookie);
  EXPECT_EQ(rename.status, 409);
  EXPECT_EQ(error_code(rename), "name_taken");
  // Another name is fine; and a kept name moves with its owner's rename.
  ASSERT_EQ(set_password(port, bob, "Bob", "battery staple").status, 200);
  ASSERT_EQ(http(port, "POST", "/api/me", R"({"name":"Annabel"})", ann.cookie).status, 200);
  EXPECT_EQ(login(port, "Annabel", "correct horse").status, 200);
  EXPECT_EQ(error_code(login(port, "Ann", "correct horse")), "wrong_login");
}

TEST(Accounts, ChangingThePasswordLogsTheOtherBrowsersOut) {
  ServerProcess server(temp_db("accounts_change"));
  const int port = server.port();
  Guest ann = new_guest(port);
  ASSERT_EQ(set_password(port, ann, "Ann", "correct horse").status, 200);
  const std::string elsewhere = login(port, "Ann", "correct horse").set_cookie;
  ASSERT_EQ(me_id(port, elsewhere), ann.id);

  auto change = [&](const std::string& from, const std::string& to) {
    return http(port, "POST", "/api/account/change-password",
                json::serialize(json::object{{"old_password", from}, {"new_password", to}}),
                ann.cookie);
  };
  HttpResult wrong = change("not the password", "battery staple");
  EXPECT_EQ(wrong.status, 401);
  EXPECT_EQ(error_code(wrong), "wrong_password");
  EXPECT_EQ(error_code(change("correct horse", "short")), "bad_password");
  HttpResult ok = change("correct horse", "battery staple");
  ASSERT_EQ(ok.status, 200) << ok.body;
  EXPECT_EQ(ok.json().at("sessions_ended").as_int64(), 1);
  EXPECT_EQ(me_id(port, ok.set_cookie), ann.id);  // this browser stays in, with a new token
  EXPECT_NE(me_id(port, elsewhere), ann.id);      // the other one is out
  EXPECT_EQ(error_code(login(port, "Ann", "correct horse")), "wrong_login");
  EXPECT_EQ(login(port, "Ann", "battery staple").json().at("id").as_string(), ann.id);
}

TEST(Accounts, LoginAttemptsAreLimitedPerNameAndPerAddress) {
  ServerProcess server(temp_db("accounts_limits"), TEST_CLOCK);
  const int port = server.port();
  Guest ann = new_guest(port);
  ASSERT_EQ(set_password(port, ann, "Ann", "correct horse").status, 200);
  for (int i = 0; i < 5; ++i)
    EXPECT_EQ(error_code(login(port, "Ann", "guess " + std::to_string(i))), "wrong_login");
  // The sixth attempt is refused before the password is looked at: even the
  // right one.
  HttpResult limited = login(port, "ann", "correct horse");
  EXPECT_EQ(limited.status, 429);
  EXPECT_EQ(error_code(limited), "login_rate_limited");
  EXPECT_NE(std::string(limited.json().at("error").at("message").as_string()).find("name"),
            std::string::npos);
  EXPECT_EQ(limited.header("retry-after"), "900");
  // Other names from this address still get through (5 failures < 20).
  EXPECT_EQ(error_code(login(port, "Bob", "guess")), "wrong_login");
  // After the window the name may try again.
  ASSERT_EQ(http(port, "POST", "/api/test/clock", R"({"advance_ms":900000})").status, 200);
  EXPECT_EQ(login(port, "Ann", "correct horse").status, 200);

  // 20 failures from one address, over any names, close it for all names.
  for (int i = 0; i < 20; ++i)
    EXPECT_EQ(login(port, "name" + std::to_string(i), "guess").status, 401) << i;
  HttpResult address = login(port, "Ann", "correct horse");
  EXPECT_EQ(address.status, 429);
  EXPECT_NE(std::string(address.json().at("error").at("message").as_string()).find("address"),
            std::string::npos);
  // A logged-in owner's change of password is not refused for them
  // (sessions_test.cpp: its wrong old passwords count against the session).
  HttpResult change = http(port, "POST", "/api/account/change-password",
                           R"({"old_password":"x","new_password":"long enough"})", ann.cookie);
  EXPECT_EQ(error_code(change), "wrong_password");
}

// The database holds neither a cookie token nor the password: only their
// hashes (BLAKE2b for tokens, argon2id for the password).
TEST(Accounts, TokensAndPasswordsAreStoredOnlyHashed) {
  const std::string db = temp_db("accounts_hashed");
  std::string first, second;
  {
    ServerProcess server(db);
    Guest ann = new_guest(server.port());
    first = ann.cookie;
    ASSERT_EQ(set_password(server.port(), ann, "Ann", "correct horse").status, 200);
    second = login(server.port(), "Ann", "correct horse").set_cookie;
    ASSERT_FALSE(second.empty());
  }  // stopped: the WAL is checkpointed into the file
  std::string bytes;
  for (const auto& entry :
       std::filesystem::directory_iterator(std::filesystem::path(db).parent_path())) {
    std::ifstream in(entry.path(), std::ios::binary);
    std::ostringstream all;
    all << in.rdbuf();
    bytes += all.str();
  }
  ASSERT_FALSE(bytes.empty());
  EXPECT_EQ(bytes.find(first), std::string::npos);
  EXPECT_EQ(bytes.find(second), std::string::npos);
  EXPECT_EQ(bytes.find("correct horse"), std::string::npos);
  EXPECT_NE(bytes.find(store::token_hash(first)), std::string::npos);
  EXPECT_NE(bytes.find(store::token_hash(second)), std::string::npos);
  EXPECT_NE(bytes.find("$argon2id$"), std::string::npos);
}

}  // namespace
}  // namespace ft::test
