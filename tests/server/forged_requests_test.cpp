// Only the site may change state (docs/security.md, "Forged requests";
// protocol.md 2): a page of another origin, a sibling site on another port,
// or a form or text/plain body cannot change anything of a visitor through
// the real server, at any endpoint that changes state: rename them, open
// tables, log them out, set or change a password, make or revoke a token,
// wait in or leave a pool, attempt a puzzle, send, accept, decline or
// cancel a challenge, make the account a bot. The site's own pages and
// programs without an Origin still can.
#include <gtest/gtest.h>

#include "support/table_helpers.h"
#include "support/test_client.h"

namespace ft::test {
namespace {

namespace json = boost::json;

std::string name_of(int port, const std::string& cookie) {
  return str(http(port, "GET", "/api/me", {}, cookie).json().at("name"));
}

std::size_t my_tables(int port, const std::string& cookie) {
  return http(port, "GET", "/api/me/tables", {}, cookie).json().at("tables").as_array().size();
}

// The victim: an account (a password kept, one token), with a challenge
// sent to another player and one received from them: every
// state-changing endpoint has something real to change.
struct Victim {
  Guest me;
  std::string other;     // the other player's id
  std::string sent;      // the victim's open challenge to them
  std::string received;  // theirs to the victim
  std::string token;     // the id of the victim's token ("t_1")
};

Victim victim(int port) {
  Victim v;
  v.me = new_guest(port);
  HttpResult kept = http(port, "POST", "/api/account/password",
                         R"({"name":"Victim Real","password":"victim-pass-1"})", v.me.cookie);
  EXPECT_EQ(kept.status, 200) << kept.body;
  v.me.cookie = kept.set_cookie;
  const Guest other = new_guest(port);
  v.other = str(http(port, "GET", "/api/me", {}, other.cookie).json().at("id"));
  const std::string me = str(http(port, "GET", "/api/me", {}, v.me.cookie).json().at("id"));
  const std::string settings = R"({"game":"four","rated":false})";
  v.sent =
      str(http(port, "POST", "/api/challenge/" + v.other, settings, v.me.cookie).json().at("id"));
  v.received =
      str(http(port, "POST", "/api/challenge/" + me, settings, other.cookie).json().at("id"));
  HttpResult token = http(port, "POST", "/api/account/tokens",
                          R"({"description":"mine","scopes":["bot:play"]})", v.me.cookie);
  EXPECT_EQ(token.status, 201) << token.body;
  v.token = str(token.json().at("id"));
  return v;
}

struct Call {
  std::string method;
  std::string path;
  std::string body;
  // A route that takes a token alone never reads a cookie: with one it is
  // refused before the same-site rule is asked (bot-api.md, "The Bearer
  // rule"), and so changes nothing either.
  bool token_only = false;
};

// Every state-changing endpoint (every POST and DELETE of protocol.md 2 but
// the test clock) with a body a real client would send.
std::vector<Call> state_changes(const Victim& v) {
  return {
      {"POST", "/api/me", R"({"name":"Pwned"})"},
      {"POST", "/api/tables", R"({"game":"four"})"},
      {"POST", "/api/account/password", R"({"name":"Victim Kept","password":"attacker-pass-1"})"},
      {"POST", "/api/account/change-password",
       R"({"old_password":"victim-pass-1","new_password":"attacker-pass-1"})"},
      {"POST", "/api/account/logout", ""},
      {"POST", "/api/account/login", R"({"name":"Victim Kept","password":"attacker-pass-1"})"},
      {"POST", "/api/account/tokens", R"({"description":"theirs","scopes":["bot:play"]})"},
      {"DELETE", "/api/account/tokens/" + v.token, ""},
      {"POST", "/api/analysis", R"({"game":"four","moves":["d"]})"},
      {"POST", "/api/pools/classic-3-2-rated", ""},
      {"DELETE", "/api/pools/classic-3-2-rated", ""},
      {"POST", "/api/puzzles/2d55633992/attempt", R"({"moves":["f"]})"},
      {"POST", "/api/challenge/" + v.other, R"({"game":"four","rated":false})"},
      {"POST", "/api/challenge/" + v.received + "/accept", ""},
      {"POST", "/api/challenge/" + v.received + "/decline", R"({"reason":"later"})"},
      {"POST", "/api/challenge/" + v.sent + "/cancel", ""},
      {"POST", "/api/bot/account/upgrade", "", true},
      {"POST", "/api/bot/game/nosuchtable/join", "", true},
      {"POST", "/api/bot/game/nosuchtable/move/d", "", true},
  };
}

// A refused call: 403 cross_site (or `want` for a bad content type), or
// for a token's route 401 no_token.
void expect_refused(const HttpResult& r, const Call& c, int status, const std::string& code,
                    const std::string& why) {
  const int want = c.token_only ? 401 : status;
  EXPECT_EQ(r.status, want) << why << " " << c.method << " " << c.path << ": " << r.body;
  if (r.status == want) {
    EXPECT_EQ(error_code(r), c.token_only ? "no_token" : code) << c.path;
  }
}

// Nothing of the victim changed: the name, no table, no wait, no puzzle
// attempt, both challenges open, the one token, still a person, the
// password theirs (the attacker's fails), the session alive.
void expect_untouched(int port, const Victim& v, const std::string& name) {
  EXPECT_EQ(name_of(port, v.me.cookie), name);
  EXPECT_EQ(my_tables(port, v.me.cookie), 0u);
  EXPECT_TRUE(http(port, "GET", "/api/pools", {}, v.me.cookie).json().at("wait").is_null());
  EXPECT_FALSE(http(port, "GET", "/api/puzzles/2d55633992", {}, v.me.cookie)
                   .json()
                   .at("attempted")
                   .as_bool());
  const json::value open = http(port, "GET", "/api/challenge", {}, v.me.cookie).json();
  ASSERT_EQ(open.at("out").as_array().size(), 1u);
  EXPECT_EQ(str(open.at("out").at(0).at("id")), v.sent);
  ASSERT_EQ(open.at("in").as_array().size(), 1u);
  EXPECT_EQ(str(open.at("in").at(0).at("id")), v.received);
  const json::value tokens = http(port, "GET", "/api/account/tokens", {}, v.me.cookie).json();
  EXPECT_EQ(tokens.at("tokens").as_array().size(), 1u);
  EXPECT_FALSE(http(port, "GET", "/api/me", {}, v.me.cookie).json().at("bot").as_bool());
  EXPECT_EQ(http(port, "POST", "/api/account/login",
                 R"({"name":"Victim Kept","password":"attacker-pass-1"})")
                .status,
            401);
  EXPECT_EQ(http(port, "POST", "/api/account/login",
                 R"({"name":"Victim Real","password":"attacker-pass-1"})")
                .status,
            401);
}

TEST(ForgedRequests, AnotherOriginChangesNothing) {
  ServerProcess server(temp_db("forged_origin"));
  const int port = server.port();
  const Victim v = victim(port);
  const std::string before = name_of(port, v.me.cookie);
  const std::vector<std::string> origins = {"http://evil.example", "null", "http://127.0.0.1:1",
                                            "https://127.0.0.1:" + std::to_string(port)};
  for (const std::string& origin : origins) {
    for (const Call& c : state_changes(v)) {
      HttpResult r = http(port, c.method, c.path, c.body, v.me.cookie, origin);
      expect_refused(r, c, 403, "cross_site", origin);
    }
  }
  expect_untouched(port, v, before);
}

TEST(ForgedRequests, FormsAndPlainTextAreRefusedWithoutAnOrigin) {
  // An old browser sends no Origin with a form; it cannot send JSON to
  // another site without a preflight, so the content type decides.
  ServerProcess server(temp_db("forged_form"));
  const int port = server.port();
  const Victim v = victim(port);
  const std::string before = name_of(port, v.me.cookie);
  for (const std::string type :
       {"text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", ""}) {
    for (const Call& c : state_changes(v)) {
      HttpResult r =
          http(port, c.method, c.path, c.body, v.me.cookie, {}, {{"Content-Type", type}});
      expect_refused(r, c, 415, "unsupported_media_type", "'" + type + "'");
    }
  }
  expect_untouched(port, v, before);
}

TEST(ForgedRequests, ASiblingSiteIsNotTheSite) {
  // Sec-Fetch-Site: same-site is another port or a sibling subdomain, where
  // SameSite=Lax cookies go too.
  ServerProcess server(temp_db("forged_same_site"));
  const int port = server.port();
  const Guest victim = new_guest(port);
  for (const std::string site : {"same-site", "cross-site"}) {
    HttpResult r = http(port, "POST", "/api/me", R"({"name":"Pwned"})", victim.cookie, {},
                        {{"Sec-Fetch-Site", site}});
    EXPECT_EQ(r.status, 403) << site;
  }
  EXPECT_NE(name_of(port, victim.cookie), "Pwned");
}

TEST(ForgedRequests, TheSiteAndProgramsStillChangeState) {
  ServerProcess server(temp_db("forged_own"), "--public-origin https://fourtable.example");
  const int port = server.port();
  const Guest g = new_guest(port);
  const std::string own = "http://127.0.0.1:" + std::to_string(port);
  EXPECT_EQ(http(port, "POST", "/api/me", R"({"name":"From The Page"})", g.cookie, own).status,
            200);
  EXPECT_EQ(http(port, "POST", "/api/me", R"({"name":"Behind The Proxy"})", g.cookie,
                 "https://fourtable.example")
                .status,
            200);
  EXPECT_EQ(http(port, "POST", "/api/me", R"({"name":"Fetch Metadata"})", g.cookie, {},
                 {{"Sec-Fetch-Site", "same-origin"}})
                .status,
            200);
  // A program: no Origin, JSON, charset allowed.
  EXPECT_EQ(http(port, "POST", "/api/me", R"({"name":"A Program"})", g.cookie, {},
                 {{"Content-Type", "Application/JSON; charset=utf-8"}})
                .status,
            200);
  EXPECT_EQ(name_of(port, g.cookie), "A Program");
  // Reading stays open to anyone (no state changes on GET).
  EXPECT_EQ(http(port, "GET", "/api/lobby", {}, g.cookie, "http://evil.example").status, 200);
}

}  // namespace
}  // namespace ft::test
