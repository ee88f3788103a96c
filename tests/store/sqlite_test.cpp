// SQLite-only checks: the settings the durability argument rests on
// (sqlite_db.h), that the raw cookie token never reaches the file, and the
// placeholder rewrite.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iterator>

#include "store/ids.h"
#include "store/sql_store.h"
#include "store/sqlite_db.h"
#include "store/store.h"

namespace ft::store {
namespace {

class SqliteFile : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string templ = (std::filesystem::temp_directory_path() / "ft_sqlite_XXXXXX").string();
    ASSERT_NE(::mkdtemp(templ.data()), nullptr);
    dir_ = templ;
  }
  void TearDown() override {
    std::error_code ec;
    std::filesystem::remove_all(dir_, ec);
  }
  std::string path(const std::string& name = "t.db") const { return dir_ + "/" + name; }
  static sql::SqliteDb& driver(Store& s) {
    return static_cast<sql::SqliteDb&>(dynamic_cast<SqlStore&>(s).db());
  }
  std::string dir_;
};

TEST_F(SqliteFile, DefaultIsWalWithFullSyncForeignKeysAndBusyTimeout) {
  auto s = open_store("sqlite:" + path());
  EXPECT_EQ(driver(*s).pragma("journal_mode"), "wal");
  EXPECT_EQ(driver(*s).pragma("synchronous"), "2");  // FULL
  EXPECT_EQ(driver(*s).pragma("foreign_keys"), "1");
  EXPECT_EQ(driver(*s).pragma("busy_timeout"), "5000");
}

TEST_F(SqliteFile, SynchronousNormalOnRequest) {
  auto s = open_store("sqlite:" + path() + "?synchronous=normal");
  EXPECT_EQ(driver(*s).pragma("synchronous"), "1");  // NORMAL
  EXPECT_EQ(driver(*s).pragma("journal_mode"), "wal");
}

TEST_F(SqliteFile, RelativePathIsRelativeToTheWorkingDirectory) {
  const auto old = std::filesystem::current_path();
  std::filesystem::current_path(dir_);
  { auto s = open_store("sqlite:./rel.db"); }
  std::filesystem::current_path(old);
  EXPECT_TRUE(std::filesystem::exists(path("rel.db")));
}

TEST_F(SqliteFile, RawTokenNeverReachesTheFile) {
  const std::string token = new_guest_token();
  {
    auto s = open_store("sqlite:" + path());
    s->create_player(token, "Ann", 1);
    // Checkpoint so the main file holds the data too, then read every file.
    driver(*s).exec_script("PRAGMA wal_checkpoint(FULL)");
  }
  std::string all;
  for (const auto& entry : std::filesystem::directory_iterator(dir_)) {
    std::ifstream in(entry.path(), std::ios::binary);
    all.append(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  EXPECT_EQ(all.find(token), std::string::npos);
  EXPECT_NE(all.find(token_hash(token)), std::string::npos);
}

TEST_F(SqliteFile, NotADatabaseIsASchemaError) {
  {
    std::ofstream out(path("junk.db"));
    out << std::string(4096, 'x');
  }
  try {
    open_store("sqlite:" + path("junk.db"));
    ADD_FAILURE() << "opened a file that is not a database";
  } catch (const StoreError& e) {
    EXPECT_EQ(e.code(), StoreErrc::schema) << e.what();
  }
}

TEST(SqlitePlaceholders, DollarNumbersBecomeQuestionNumbers) {
  EXPECT_EQ(sql::sqlite_placeholders("SELECT $1, $12 WHERE a = $2"), "SELECT ?1, ?12 WHERE a = ?2");
  EXPECT_EQ(sql::sqlite_placeholders("SELECT '$' || x$"), "SELECT '$' || x$");
}

}  // namespace
}  // namespace ft::store
