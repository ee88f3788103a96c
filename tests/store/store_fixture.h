// The contract suite's fixture: each test gets a fresh, empty store on every
// backend in backends() — SQLite in a temp file always, PostgreSQL in a
// private schema when FT_TEST_POSTGRES_URL is set (a set URL that cannot be
// reached fails the tests rather than skipping them: CI sets it only after
// starting a server).
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "store/store.h"

// Expects `stmt` to throw StoreError with code `errc`.
#define EXPECT_STORE_ERROR(stmt, errc)                                                      \
  do {                                                                                      \
    try {                                                                                   \
      stmt;                                                                                 \
      ADD_FAILURE() << #stmt " did not throw";                                              \
    } catch (const StoreError& e) {                                                         \
      EXPECT_EQ(store_errc_name(e.code()), std::string(store_errc_name(errc))) << e.what(); \
    }                                                                                       \
  } while (0)

namespace ft::store::test {

// "sqlite", "sqlite_normal" (?synchronous=normal), and "postgres" when configured.
std::vector<std::string> backends();

class StoreContract : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override;
  void TearDown() override;

  // The URL of this test's database: open_store(url()) again reopens it.
  const std::string& url() const { return url_; }
  Store& store() { return *store_; }
  void reopen();  // closes and opens the same database
  void close() { store_.reset(); }
  // The URL of a second, empty database (nothing opened yet), removed at
  // TearDown like the first.
  std::string fresh_url();

  // Small builders of valid records.
  TableRecord table(const std::string& id, int seats = 2, Millis created = 1000);
  MatchId start_match(const std::string& table_id, int games = 1, Millis at = 2000);
  MoveWrite move(MatchId match, int game, int ply, const std::string& text = "d");

 private:
  std::string sqlite_options() const;
  std::string url_;
  std::string dir_;     // SQLite temp dir
  std::string schema_;  // PostgreSQL schema
  std::vector<std::string> extra_schemas_;
  std::unique_ptr<Store> store_;
};

}  // namespace ft::store::test
