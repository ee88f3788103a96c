// Only the site may change state (docs/security.md, "Forged requests";
// protocol.md 2): a page of another origin, a sibling site on another port,
// or a form or text/plain body cannot rename a visitor, open tables, log
// them out or set a password on their guest, through the real server. The
// site's own pages and programs without an Origin still can.
#include <gtest/gtest.h>

#include "support/table_helpers.h"
#include "support/test_client.h"

namespace ft::test {
namespace {

namespace json = boost::json;

std::string name_of(int port, const std::string& cookie) {
  return str(http(port, "GET", "/api/me", {}, cookie).json().at("name"));
}

// Every state-changing endpoint with a body a real client would send.
const std::vector<std::pair<std::string, std::string>>& state_changes() {
  static const std::vector<std::pair<std::string, std::string>> calls = {
      {"/api/me", R"({"name":"Pwned"})"},
      {"/api/tables", R"({"game":"four"})"},
      {"/api/account/password", R"({"name":"Victim Kept","password":"attacker-pass-1"})"},
      {"/api/account/logout", ""},
      {"/api/account/login", R"({"name":"Victim Kept","password":"attacker-pass-1"})"},
      {"/api/analysis", R"({"game":"four","moves":["d"]})"},
      {"/api/pools/classic-3-2-rated", ""},
      {"/api/puzzles/2d55633992/attempt", R"({"moves":["f"]})"},
  };
  return calls;
}

std::size_t my_tables(int port, const std::string& cookie) {
  return http(port, "GET", "/api/me/tables", {}, cookie).json().at("tables").as_array().size();
}

TEST(ForgedRequests, AnotherOriginChangesNothing) {
  ServerProcess server(temp_db("forged_origin"));
  const int port = server.port();
  const Guest victim = new_guest(port);
  const std::string before = name_of(port, victim.cookie);
  const std::vector<std::string> origins = {"http://evil.example", "null", "http://127.0.0.1:1",
                                            "https://127.0.0.1:" + std::to_string(port)};
  for (const std::string& origin : origins) {
    for (const auto& [path, body] : state_changes()) {
      HttpResult r = http(port, "POST", path, body, victim.cookie, origin);
      EXPECT_EQ(r.status, 403) << origin << " " << path << ": " << r.body;
      if (r.status == 403) {
        EXPECT_EQ(error_code(r), "cross_site") << path;
      }
    }
  }
  // Nothing happened: the name, no table, no password (the attacker's
  // login fails), the session alive.
  EXPECT_EQ(name_of(port, victim.cookie), before);
  EXPECT_EQ(my_tables(port, victim.cookie), 0u);
  EXPECT_TRUE(http(port, "GET", "/api/pools", {}, victim.cookie).json().at("wait").is_null());
  EXPECT_EQ(http(port, "POST", "/api/account/login",
                 R"({"name":"Victim Kept","password":"attacker-pass-1"})")
                .status,
            401);
}

TEST(ForgedRequests, FormsAndPlainTextAreRefusedWithoutAnOrigin) {
  // An old browser sends no Origin with a form; it cannot send JSON to
  // another site without a preflight, so the content type decides.
  ServerProcess server(temp_db("forged_form"));
  const int port = server.port();
  const Guest victim = new_guest(port);
  const std::string before = name_of(port, victim.cookie);
  for (const std::string type :
       {"text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", ""}) {
    for (const auto& [path, body] : state_changes()) {
      HttpResult r = http(port, "POST", path, body, victim.cookie, {}, {{"Content-Type", type}});
      EXPECT_EQ(r.status, 415) << "'" << type << "' " << path << ": " << r.body;
      if (r.status == 415) {
        EXPECT_EQ(error_code(r), "unsupported_media_type");
      }
    }
  }
  EXPECT_EQ(name_of(port, victim.cookie), before);
  EXPECT_EQ(my_tables(port, victim.cookie), 0u);
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
