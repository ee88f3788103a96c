// Identifiers, token hashing and store URLs.
#include <gtest/gtest.h>

#include <set>

#include "store/ids.h"
#include "store/store.h"
#include "store/store_url.h"

namespace ft::store {
namespace {

TEST(Ids, TableIdsAreShortFromTheAlphabetAndDistinct) {
  std::set<std::string> seen;
  for (int i = 0; i < 2000; ++i) {
    std::string id = new_table_id();
    EXPECT_EQ(id.size(), TABLE_ID_LENGTH);
    EXPECT_TRUE(is_table_id(id)) << id;
    seen.insert(id);
  }
  EXPECT_EQ(seen.size(), 2000u);
  EXPECT_FALSE(is_table_id("abcdefghij"));  // 'i' is not in the alphabet
  EXPECT_FALSE(is_table_id("abc"));
  EXPECT_FALSE(is_table_id("ABCDEFGHJK"));
  EXPECT_FALSE(is_table_id("../../etc/"));
}

TEST(Ids, GuestTokensCarryAtLeast128Bits) {
  std::string t = new_guest_token();
  EXPECT_EQ(t.size(), 32u);  // 24 bytes = 192 bits in base64url
  for (char c : t) EXPECT_TRUE(std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_');
  EXPECT_NE(new_guest_token(), t);
}

TEST(Ids, TokenHashIsBlake2b256Hex) {
  // Reference values of BLAKE2b with a 32-byte digest (RFC 7693).
  EXPECT_EQ(token_hash(""), "0e5751c026e543b2e8ab2eb06099daa1d1e5df47778f7787faab45cdf12fe3a8");
  EXPECT_EQ(token_hash("fourtable"),
            "a50eb76d2844ddb295ab477223b3431463af8217383c06c6f94cf60534917e31");
}

TEST(StoreUrls, SqliteAndPostgresForms) {
  auto a = parse_store_url("sqlite:./fourtable.db");
  EXPECT_EQ(a.kind, StoreUrl::Kind::sqlite);
  EXPECT_EQ(a.target, "./fourtable.db");
  EXPECT_TRUE(a.sqlite_sync_full);
  auto b = parse_store_url("sqlite:///var/lib/ft.db?synchronous=normal");
  EXPECT_EQ(b.target, "/var/lib/ft.db");
  EXPECT_FALSE(b.sqlite_sync_full);
  EXPECT_EQ(parse_store_url("sqlite::memory:").target, ":memory:");
  auto c = parse_store_url("postgres://u:p@db:5432/ft?sslmode=disable");
  EXPECT_EQ(c.kind, StoreUrl::Kind::postgres);
  EXPECT_EQ(c.target, "postgres://u:p@db:5432/ft?sslmode=disable");
  EXPECT_EQ(parse_store_url("postgresql:///ft").kind, StoreUrl::Kind::postgres);
  EXPECT_EQ(parse_store_url(DEFAULT_STORE_URL).target, "./fourtable.db");
}

TEST(StoreUrls, BadUrlsSayWhy) {
  for (const char* url : {"", "mysql://x", "sqlite:", "sqlite:x.db?synchronous=off", "./x.db"}) {
    try {
      parse_store_url(url);
      ADD_FAILURE() << "accepted '" << url << "'";
    } catch (const StoreError& e) {
      EXPECT_EQ(e.code(), StoreErrc::bad_input);
      EXPECT_NE(std::string(e.what()).find("store URL"), std::string::npos) << e.what();
    }
  }
}

TEST(StoreUrls, InMemorySqliteWorks) {
  auto s = open_store("sqlite::memory:");
  EXPECT_EQ(s->backend(), "sqlite");
  Player p = s->create_player("t", "A", 1);
  EXPECT_EQ(s->find_player(p.id), p);
}

}  // namespace
}  // namespace ft::store
