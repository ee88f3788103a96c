// Names that cannot be faked, through the real server (docs/protocol.md 1,
// 2.2, 2.12): an account keeps "Ada Lovelace"; another player asking for a
// look-alike of it (invisible or non-ASCII spaces, a C1 control, fullwidth
// or Cyrillic letters, a bidi override, a soft hyphen) is refused with
// 400 bad_name or 409 name_taken, never 200; the owner renames itself and
// logs in by the new name however it types it.
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "common/text.h"
#include "server/http/guest_names.h"
#include "store/names.h"
#include "support/table_helpers.h"
#include "support/test_client.h"

namespace ft::test {
namespace {

namespace json = boost::json;

// The UTF-8 of one code point, so that each case names the code point.
std::string cp(char32_t c) {
  return utf8_of(c);
}

constexpr const char* PASSWORD = "correct horse";

std::string code_of(const HttpResult& r) {
  return std::string(r.json().at("error").at("code").as_string());
}

HttpResult rename(int port, const Guest& g, const std::string& name) {
  return http(port, "POST", "/api/me", json::serialize(json::object{{"name", name}}), g.cookie);
}

HttpResult set_password(int port, const Guest& g, const std::string& name) {
  return http(port, "POST", "/api/account/password",
              json::serialize(json::object{{"password", PASSWORD}, {"name", name}}), g.cookie);
}

HttpResult login(int port, const std::string& name, const std::string& password = PASSWORD) {
  return http(port, "POST", "/api/account/login",
              json::serialize(json::object{{"name", name}, {"password", password}}));
}

std::string name_of(int port, const Guest& g) {
  return std::string(http(port, "GET", "/api/me", "", g.cookie).json().at("name").as_string());
}

// A look-alike of "Ada Lovelace", the code it must get and what the message
// must name.
struct LookAlike {
  std::string what;
  std::string name;
  const char* code;
  const char* names;
};

const std::vector<LookAlike>& look_alikes() {
  static const std::vector<LookAlike> list = {
      {"no-break space", "Ada" + cp(0x00A0) + "Lovelace", "bad_name", "U+00A0"},
      {"zero-width space", "Ada" + cp(0x200B) + " Lovelace", "bad_name", "U+200B"},
      {"C1 control NEL", "Ada" + cp(0x0085) + "Lovelace", "bad_name", "U+0085"},
      {"right-to-left override", "Ada Lovelace" + cp(0x202E), "bad_name", "U+202E"},
      {"soft hyphen", "Ada Love" + cp(0x00AD) + "lace", "bad_name", "U+00AD"},
      {"line separator", "Ada" + cp(0x2028) + "Lovelace", "bad_name", "U+2028"},
      {"ideographic space", "Ada" + cp(0x3000) + "Lovelace", "bad_name", "U+3000"},
      {"fullwidth A U+FF21", cp(0xFF21) + "da Lovelace", "name_taken", "kept"},
      {"Cyrillic U+0410, U+0430", cp(0x0410) + "d" + cp(0x0430) + " Lovelace", "name_taken",
       "kept"},
      {"upper case", "ADA LOVELACE", "name_taken", "kept"},
      {"capital I for l", "Ada Iovelace", "name_taken", "kept"},
      {"two spaces", "Ada  Lovelace", "name_taken", "kept"},
  };
  return list;
}

TEST(Names, ALookAlikeOfAKeptNameIsRefusedToAGuest) {
  ServerProcess server(temp_db("names_guest"));
  const int port = server.port();
  Guest ada = new_guest(port);
  ASSERT_EQ(set_password(port, ada, "Ada Lovelace").status, 200);
  Guest eve = new_guest(port);
  const std::string eve_name = name_of(port, eve);
  for (const LookAlike& l : look_alikes()) {
    HttpResult r = rename(port, eve, l.name);
    ASSERT_NE(r.status, 200) << l.what << " was accepted: " << r.body;
    EXPECT_EQ(r.status, std::string(l.code) == "bad_name" ? 400 : 409) << l.what << ": " << r.body;
    EXPECT_EQ(code_of(r), l.code) << l.what;
    EXPECT_NE(r.json().at("error").at("message").as_string().find(l.names), std::string::npos)
        << l.what << ": " << r.body;
  }
  EXPECT_EQ(name_of(port, eve), eve_name);  // nothing changed
}

TEST(Names, ALookAlikeOfAKeptNameCannotBeKeptByAnotherAccount) {
  ServerProcess server(temp_db("names_account"));
  const int port = server.port();
  Guest ada = new_guest(port);
  ASSERT_EQ(set_password(port, ada, "Ada Lovelace").status, 200);
  for (const LookAlike& l : look_alikes()) {
    Guest eve = new_guest(port);
    HttpResult r = set_password(port, eve, l.name);
    ASSERT_NE(r.status, 200) << l.what << " was kept: " << r.body;
    EXPECT_EQ(code_of(r), l.code) << l.what << ": " << r.body;
  }
  // Typed in any of those ways, the name is Ada's at login: one account.
  HttpResult in = login(port, cp(0x0410) + "d" + cp(0x0430) + " Lovelace");
  ASSERT_EQ(in.status, 200) << in.body;
  EXPECT_EQ(in.json().at("id").as_string(), ada.id);
}

TEST(Names, AnAccountRenamedLogsInByItsNewNameTypedAnyWay) {
  ServerProcess server(temp_db("names_rename"));
  const int port = server.port();
  Guest ada = new_guest(port);
  HttpResult kept = set_password(port, ada, "Ada Lovelace");
  ASSERT_EQ(kept.status, 200);
  ada.cookie = kept.set_cookie;  // setting a password gives a new token (Sessions.*)
  HttpResult renamed = rename(port, ada, "  Ada   King ");
  ASSERT_EQ(renamed.status, 200) << renamed.body;
  EXPECT_EQ(renamed.json().at("name").as_string(), "Ada King");
  for (const std::string& typed :
       {std::string("Ada King"), std::string("ada king"), cp(0xFF21) + "da King",
        cp(0x0410) + "da King", "Ada" + cp(0x00A0) + "King", "Ada King" + cp(0x200B)}) {
    HttpResult in = login(port, typed);
    ASSERT_EQ(in.status, 200) << typed << ": " << in.body;
    EXPECT_EQ(in.json().at("id").as_string(), ada.id);
    EXPECT_EQ(in.json().at("name").as_string(), "Ada King");
  }
  // The old name logs in no more and is free for another player.
  EXPECT_EQ(code_of(login(port, "Ada Lovelace")), "wrong_login");
  Guest eve = new_guest(port);
  EXPECT_EQ(rename(port, eve, "Ada Lovelace").status, 200);
  EXPECT_EQ(code_of(rename(port, eve, cp(0x0410) + "da King")), "name_taken");
}

TEST(Names, ANameIsShownNormalisedAndCountedInCodePoints) {
  ServerProcess server(temp_db("names_normal"));
  const int port = server.port();
  Guest g = new_guest(port);
  HttpResult r = rename(port, g, "  " + cp(0xFF21) + cp(0xFF44) + cp(0xFF41) + "   B ");
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(r.json().at("name").as_string(), "Ada B");
  EXPECT_EQ(name_of(port, g), "Ada B");
  std::string cjk;
  for (int i = 0; i < 24; ++i) cjk += cp(0x674E);
  EXPECT_EQ(rename(port, g, cjk).status, 200);
  EXPECT_EQ(code_of(rename(port, g, std::string(25, 'a'))), "bad_name");
  // One code point that NFKC makes eighteen: two of them are too long.
  EXPECT_EQ(code_of(rename(port, g, cp(0xFDFA) + cp(0xFDFA))), "bad_name");
  EXPECT_EQ(code_of(rename(port, g, cp(0x3164))), "bad_name");  // Hangul filler: blank
}

TEST(Names, GeneratedGuestNamesPassTheRule) {
  ServerProcess server(temp_db("names_generated"));
  const int port = server.port();
  for (int i = 0; i < 10; ++i) {
    Guest g = new_guest(port);
    const std::string name = name_of(port, g);
    EXPECT_EQ(store::clean_name(name).name, name) << store::clean_name(name).problem;
    // And a guest keeps its generated name as it is.
    if (i == 0) {
      HttpResult kept = http(port, "POST", "/api/account/password",
                             json::serialize(json::object{{"password", PASSWORD}}), g.cookie);
      ASSERT_EQ(kept.status, 200) << kept.body;
      EXPECT_EQ(kept.json().at("name").as_string(), name);
    }
  }
}

TEST(GuestNames, AGeneratedNameIsNotOneThatIsKept) {
  int asked = 0;
  const std::string name = server::guest_name([&](const std::string&) { return ++asked <= 10; });
  EXPECT_EQ(asked, 11);
  EXPECT_EQ(store::clean_name(name).name, name);
  EXPECT_EQ(store::clean_name(name).problem, "");
  int all = 0;
  server::guest_name([&](const std::string&) {
    ++all;
    return true;
  });
  EXPECT_EQ(all, 16);  // gives up after sixteen draws rather than loop forever
}

}  // namespace
}  // namespace ft::test
