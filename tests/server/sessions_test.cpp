// Sessions through the real server (docs/protocol.md 1 and 2.12): the cookie
// is Secure and __Host- over https (and only then), every change of standing
// (password set, login, password changed) gives the browser a new token and
// ends the old one, and the failed-login policy stops guessing without
// letting a stranger lock the owner out.
#include <gtest/gtest.h>

#include "support/table_helpers.h"
#include "support/test_client.h"

namespace ft::test {
namespace {

namespace json = boost::json;

constexpr const char* TEST_CLOCK = "--test-clock 1764487000000";

using Headers = std::vector<std::pair<std::string, std::string>>;

// A request as a trusted proxy (127.0.0.1 with --trusted-proxy) forwards it
// for a browser at `address`.
Headers from(const std::string& address) {
  return {{"X-Forwarded-For", address}};
}

HttpResult set_password(int port, const std::string& cookie, const std::string& name,
                        const std::string& password, const Headers& headers = {}) {
  return http(port, "POST", "/api/account/password",
              json::serialize(json::object{{"password", password}, {"name", name}}), cookie, {},
              headers);
}

HttpResult login(int port, const std::string& name, const std::string& password,
                 const Headers& headers = {}, const std::string& cookie = {}) {
  return http(port, "POST", "/api/account/login",
              json::serialize(json::object{{"name", name}, {"password", password}}), cookie, {},
              headers);
}

HttpResult change_password(int port, const std::string& cookie, const std::string& from,
                           const std::string& to, const Headers& headers = {}) {
  return http(port, "POST", "/api/account/change-password",
              json::serialize(json::object{{"old_password", from}, {"new_password", to}}), cookie,
              {}, headers);
}

// Who a token is now: the player's id (a token that ends is a new guest).
std::string me_id(int port, const std::string& cookie) {
  return std::string(http(port, "GET", "/api/me", "", cookie).json().at("id").as_string());
}

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// A cookie meant for https: the __Host- name, Secure, Path=/, no Domain.
void expect_https_cookie(const std::string& set_cookie) {
  EXPECT_TRUE(set_cookie.starts_with("__Host-ft_guest=")) << set_cookie;
  EXPECT_TRUE(has(set_cookie, "; Secure")) << set_cookie;
  EXPECT_TRUE(has(set_cookie, "Path=/;")) << set_cookie;
  EXPECT_TRUE(has(set_cookie, "HttpOnly")) << set_cookie;
  EXPECT_FALSE(has(set_cookie, "Domain")) << set_cookie;
}

// A cookie over plain http: the plain name and not Secure (a browser would
// refuse a Secure cookie from an http answer).
void expect_http_cookie(const std::string& set_cookie) {
  EXPECT_TRUE(set_cookie.starts_with("ft_guest=")) << set_cookie;
  EXPECT_FALSE(has(set_cookie, "Secure")) << set_cookie;
}

TEST(Sessions, AnHttpsPublicOriginMakesEveryCookieSecureWithTheHostPrefix) {
  ServerProcess server(temp_db("sessions_https_origin"),
                       "--public-origin https://fourtable.example");
  const int port = server.port();
  // A guest made by an API call.
  HttpResult made = http(port, "GET", "/api/me");
  ASSERT_EQ(made.status, 200) << made.body;
  ASSERT_EQ(made.set_cookies.size(), 1u);
  expect_https_cookie(made.set_cookies[0]);
  const std::string token = made.set_cookie;
  const std::string id = std::string(made.json().at("id").as_string());
  // The browser sends it back under that name; no new cookie is needed.
  HttpResult again =
      http(port, "GET", "/api/me", "", "", "", {{"Cookie", "__Host-ft_guest=" + token}});
  EXPECT_EQ(again.json().at("id").as_string(), id);
  EXPECT_TRUE(again.set_cookies.empty());

  // A guest made by a WebSocket handshake.
  HttpResult ws = ws_handshake(port, "", "");
  ASSERT_EQ(ws.status, 101);
  ASSERT_EQ(ws.set_cookies.size(), 1u);
  expect_https_cookie(ws.set_cookies[0]);

  // Setting a password, logging in and out: each cookie is the https one.
  HttpResult set =
      set_password(port, "", "Ann", "correct horse", {{"Cookie", "__Host-ft_guest=" + token}});
  ASSERT_EQ(set.status, 200) << set.body;
  ASSERT_EQ(set.set_cookies.size(), 1u);
  expect_https_cookie(set.set_cookies[0]);
  HttpResult in = login(port, "Ann", "correct horse");
  ASSERT_EQ(in.status, 200) << in.body;
  ASSERT_EQ(in.set_cookies.size(), 1u);
  expect_https_cookie(in.set_cookies[0]);
  HttpResult out = http(port, "POST", "/api/account/logout", "", "", "",
                        {{"Cookie", "__Host-ft_guest=" + in.set_cookie}});
  ASSERT_EQ(out.status, 200) << out.body;
  ASSERT_EQ(out.set_cookies.size(), 1u);
  expect_https_cookie(out.set_cookies[0]);
  EXPECT_TRUE(has(out.set_cookies[0], "Max-Age=0")) << out.set_cookies[0];
}

// A site that moved from http to https: the browser still holds the plain
// cookie. It is accepted (the guest is not lost) and moved to the __Host-
// name, the plain one cleared.
TEST(Sessions, APlainCookieFromBeforeHttpsIsAcceptedAndMoved) {
  const std::string db = temp_db("sessions_moved");
  Guest ann;
  {
    ServerProcess plain(db);
    ann = new_guest(plain.port());
  }
  ServerProcess server(db, "--public-origin https://fourtable.example");
  HttpResult r = http(server.port(), "GET", "/api/me", "", ann.cookie);
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(r.json().at("id").as_string(), ann.id);
  ASSERT_EQ(r.set_cookies.size(), 2u);
  expect_https_cookie(r.set_cookies[0]);
  EXPECT_EQ(r.set_cookie, ann.cookie);
  EXPECT_TRUE(r.set_cookies[1].starts_with("ft_guest=;")) << r.set_cookies[1];
  EXPECT_TRUE(has(r.set_cookies[1], "Max-Age=0")) << r.set_cookies[1];
  // When both arrive the __Host- one counts: a plain cookie is the one a
  // page over http (or a sibling subdomain) could have planted.
  Guest other = new_guest(server.port());
  HttpResult both =
      http(server.port(), "GET", "/api/me", "", "", "",
           {{"Cookie", "ft_guest=" + ann.cookie + "; __Host-ft_guest=" + other.cookie}});
  EXPECT_EQ(both.json().at("id").as_string(), other.id);
}

TEST(Sessions, XForwardedProtoMakesTheCookieSecureOnlyFromATrustedProxy) {
  {
    ServerProcess server(temp_db("sessions_trusted_proto"), "--trusted-proxy 127.0.0.1");
    HttpResult https =
        http(server.port(), "GET", "/api/me", "", "", "", {{"X-Forwarded-Proto", "https"}});
    ASSERT_EQ(https.status, 200) << https.body;
    ASSERT_EQ(https.set_cookies.size(), 1u);
    expect_https_cookie(https.set_cookies[0]);
    HttpResult plain =
        http(server.port(), "GET", "/api/me", "", "", "", {{"X-Forwarded-Proto", "http"}});
    ASSERT_EQ(plain.set_cookies.size(), 1u);
    expect_http_cookie(plain.set_cookies[0]);
  }
  // The same header from a peer that is not a trusted proxy is anybody's
  // word: the answer went over plain http.
  ServerProcess server(temp_db("sessions_untrusted_proto"), "--trusted-proxy 10.9.9.9");
  HttpResult r =
      http(server.port(), "GET", "/api/me", "", "", "", {{"X-Forwarded-Proto", "https"}});
  ASSERT_EQ(r.status, 200) << r.body;
  ASSERT_EQ(r.set_cookies.size(), 1u);
  expect_http_cookie(r.set_cookies[0]);
  HttpResult ws = ws_handshake(server.port(), "", "", "/ws", "https");
  ASSERT_EQ(ws.status, 101);
  ASSERT_EQ(ws.set_cookies.size(), 1u);
  expect_http_cookie(ws.set_cookies[0]);
}

// Before: the guest's token became the account's session, so a token copied
// from the browser while it was a guest logged its holder into the account.
TEST(Sessions, SettingAPasswordEndsTheGuestToken) {
  ServerProcess server(temp_db("sessions_set_password"));
  const int port = server.port();
  Guest ann = new_guest(port);
  HttpResult set = set_password(port, ann.cookie, "Ann", "correct horse");
  ASSERT_EQ(set.status, 200) << set.body;
  // The old token is nobody's: it makes a new guest without a password.
  HttpResult old = http(port, "GET", "/api/me", "", ann.cookie);
  EXPECT_NE(old.json().at("id").as_string(), ann.id);
  EXPECT_FALSE(old.json().at("account").as_bool());
  WsClient ws(port, ann.cookie);
  EXPECT_NE(ws.expect("welcome").at("you").at("id").as_string(), ann.id);
  // The browser has a new one.
  const std::string fresh = set.set_cookie;
  ASSERT_FALSE(fresh.empty()) << "no new token";
  EXPECT_NE(fresh, ann.cookie);
  expect_http_cookie(set.set_cookies.at(0));
  EXPECT_EQ(me_id(port, fresh), ann.id);
}

TEST(Sessions, LoginAndChangeOfPasswordEachEndTheTokenBefore) {
  ServerProcess server(temp_db("sessions_rotate"));
  const int port = server.port();
  Guest ann = new_guest(port);
  ASSERT_EQ(set_password(port, ann.cookie, "Ann", "correct horse").status, 200);
  const std::string home = login(port, "Ann", "correct horse").set_cookie;
  ASSERT_EQ(me_id(port, home), ann.id);

  // Another browser logs in twice: the second login replaces its token.
  const std::string first = login(port, "Ann", "correct horse").set_cookie;
  ASSERT_EQ(me_id(port, first), ann.id);
  HttpResult second = login(port, "Ann", "correct horse", {}, first);
  ASSERT_EQ(second.status, 200) << second.body;
  EXPECT_NE(second.set_cookie, first);
  EXPECT_EQ(me_id(port, second.set_cookie), ann.id);
  EXPECT_NE(me_id(port, first), ann.id);

  // The change of password: this browser gets a new token, its old one and
  // every other browser's end.
  HttpResult changed = change_password(port, home, "correct horse", "battery staple");
  ASSERT_EQ(changed.status, 200) << changed.body;
  EXPECT_NE(me_id(port, home), ann.id);
  EXPECT_NE(me_id(port, second.set_cookie), ann.id);
  const std::string renewed = changed.set_cookie;
  ASSERT_FALSE(renewed.empty()) << "no new token";
  EXPECT_NE(renewed, home);
  // The others: the token the password was set with, and the second login's.
  EXPECT_EQ(changed.json().at("sessions_ended").as_int64(), 2);
  EXPECT_EQ(me_id(port, renewed), ann.id);
}

// Two nodes on one store: a token ended on one node is refused on the other
// too, even though that node had already seen it.
TEST(Sessions, ATokenEndedOnOneNodeIsEndedOnTheOthers) {
  const std::string db = temp_db("sessions_nodes");
  ServerProcess one(db, "--node one --bus local");
  ServerProcess two(db, "--node two --bus local");
  Guest ann = new_guest(one.port());
  ASSERT_EQ(set_password(one.port(), ann.cookie, "Ann", "correct horse").status, 200);
  const std::string home = login(one.port(), "Ann", "correct horse").set_cookie;
  const std::string away = login(two.port(), "Ann", "correct horse").set_cookie;
  ASSERT_EQ(me_id(two.port(), away), ann.id);
  ASSERT_EQ(me_id(one.port(), away), ann.id);
  ASSERT_EQ(change_password(one.port(), home, "correct horse", "battery staple").status, 200);
  EXPECT_NE(me_id(two.port(), away), ann.id);
  EXPECT_NE(me_id(one.port(), away), ann.id);
}

// Before: five wrong logins by anyone closed the name for 15 minutes, to its
// owner too, and even a change of password from the owner's own session.
TEST(Sessions, AStrangerCannotLockTheOwnerOut) {
  ServerProcess server(temp_db("sessions_lockout"),
                       std::string("--trusted-proxy 127.0.0.1 ") + TEST_CLOCK);
  const int port = server.port();
  const Headers home = from("10.0.0.1");
  const Headers stranger = from("10.6.6.6");
  Guest ann = new_guest(port);
  ASSERT_EQ(set_password(port, ann.cookie, "Ann", "correct horse", home).status, 200);
  std::string session = login(port, "Ann", "correct horse", home).set_cookie;
  ASSERT_EQ(me_id(port, session), ann.id);

  // Guessing from one address is stopped after five.
  for (int i = 0; i < 5; ++i)
    EXPECT_EQ(error_code(login(port, "Ann", "guess " + std::to_string(i), stranger)),
              "wrong_login");
  HttpResult stopped = login(port, "Ann", "correct horse", stranger);
  EXPECT_EQ(stopped.status, 429);
  EXPECT_EQ(error_code(stopped), "login_rate_limited");
  EXPECT_EQ(stopped.header("retry-after"), "900");

  // The owner logs in from home all the same, and changes the password from
  // the session it has.
  HttpResult in = login(port, "Ann", "correct horse", home);
  ASSERT_EQ(in.status, 200) << in.body;
  HttpResult changed = change_password(port, session, "correct horse", "battery staple", stranger);
  ASSERT_EQ(changed.status, 200) << changed.body;
  session = changed.set_cookie.empty() ? session : changed.set_cookie;

  // Guessing from many addresses, four or five guesses each: once the name
  // has 30 failures in the window (the stranger's 5 and 25 more), addresses
  // the owner never logged in from are refused too...
  for (int i = 0; i < 25; ++i)
    EXPECT_EQ(login(port, "Ann", "guess", from("10.1.0." + std::to_string(i / 4))).status, 401)
        << i;
  HttpResult elsewhere = login(port, "Ann", "battery staple", from("10.2.0.1"));
  EXPECT_EQ(elsewhere.status, 429);
  EXPECT_EQ(error_code(elsewhere), "login_rate_limited");
  // ...but the owner's own address is not, nor a change from its session.
  EXPECT_EQ(login(port, "Ann", "battery staple", home).status, 200);
  EXPECT_EQ(change_password(port, session, "battery staple", "correct horse", home).status, 200);
}

// Wrong old passwords in a change count against that browser's session
// alone: five close it for the window, the owner's other session may still.
TEST(Sessions, WrongOldPasswordsCountAgainstTheirSessionOnly) {
  ServerProcess server(temp_db("sessions_change_limit"), TEST_CLOCK);
  const int port = server.port();
  Guest ann = new_guest(port);
  ASSERT_EQ(set_password(port, ann.cookie, "Ann", "correct horse").status, 200);
  const std::string taken = login(port, "Ann", "correct horse").set_cookie;
  const std::string home = login(port, "Ann", "correct horse").set_cookie;
  for (int i = 0; i < 5; ++i)
    EXPECT_EQ(error_code(change_password(port, taken, "guess", "battery staple")),
              "wrong_password");
  HttpResult stopped = change_password(port, taken, "correct horse", "battery staple");
  EXPECT_EQ(stopped.status, 429);
  EXPECT_EQ(error_code(stopped), "login_rate_limited");
  EXPECT_EQ(stopped.header("retry-after"), "900");
  // Neither the name nor the address is closed by them.
  EXPECT_EQ(login(port, "Ann", "correct horse").status, 200);
  EXPECT_EQ(change_password(port, home, "correct horse", "battery staple").status, 200);
}

}  // namespace
}  // namespace ft::test
