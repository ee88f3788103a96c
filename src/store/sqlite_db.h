// SQLite driver (sql_db.h) on the sqlite3 C API.
//
// Durability argument (docs/operations.md has the long form): the database is
// in WAL mode. A COMMIT appends the transaction's pages to the -wal file with
// write(2) before sqlite3_step returns, so once append_moves returns the move
// is in the kernel's page cache and survives the process being SIGKILLed with
// either setting below. synchronous=FULL (the default here) also fsyncs the
// WAL at every commit, so an acknowledged move survives a power loss or a
// kernel crash too; synchronous=NORMAL skips that fsync (only checkpoints
// sync) and may lose the last transactions on power loss, never corrupting the
// file. The server's group commit (append_moves with many moves) pays one
// fsync for a whole batch.
#pragma once

#include <string>
#include <unordered_map>

#include "store/sql_db.h"

struct sqlite3;
struct sqlite3_stmt;

namespace ft::store::sql {

enum class SqliteSync { full, normal };

class SqliteDb final : public Db {
 public:
  // `path` may be ":memory:". Throws StoreError{unavailable} if it cannot be
  // opened.
  SqliteDb(const std::string& path, SqliteSync sync);
  ~SqliteDb() override;
  SqliteDb(const SqliteDb&) = delete;
  SqliteDb& operator=(const SqliteDb&) = delete;

  std::string_view dialect() const override { return "sqlite"; }
  std::string_view id_column() const override { return "INTEGER PRIMARY KEY"; }
  void exec_script(const std::string& sql) override;
  std::vector<Row> query(const std::string& sql, std::span<const Value> params) override;
  void begin() override;
  void begin_read() override;
  void commit() override;
  void rollback() noexcept override;
  void lock_for_migration() override {}

  // For tests and operations: the PRAGMA values in force.
  std::string pragma(const std::string& name);

 private:
  std::string switch_to_wal();
  sqlite3_stmt* prepare(const std::string& sql);
  [[noreturn]] void fail(int rc, const std::string& what);

  sqlite3* db_ = nullptr;
  std::unordered_map<std::string, sqlite3_stmt*> cache_;
};

// $1 -> ?1: the store's SQL is written with PostgreSQL placeholders.
std::string sqlite_placeholders(std::string_view sql);

}  // namespace ft::store::sql
