#include "store/sqlite_db.h"

#include <sqlite3.h>

#include <cctype>
#include <chrono>
#include <thread>

#include "store/store.h"

namespace ft::store::sql {
namespace {

constexpr int BUSY_TIMEOUT_MS = 5000;

StoreErrc code_for(int extended_rc) {
  switch (extended_rc) {
    case SQLITE_CONSTRAINT_UNIQUE:
    case SQLITE_CONSTRAINT_PRIMARYKEY:
      return StoreErrc::conflict;
    case SQLITE_CONSTRAINT_FOREIGNKEY:
      return StoreErrc::not_found;
    case SQLITE_CONSTRAINT_CHECK:
    case SQLITE_CONSTRAINT_NOTNULL:
    case SQLITE_MISMATCH:
    case SQLITE_TOOBIG:
      return StoreErrc::bad_input;
    default:
      break;
  }
  switch (extended_rc & 0xff) {
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
    case SQLITE_IOERR:
    case SQLITE_FULL:
    case SQLITE_CANTOPEN:
    case SQLITE_READONLY:
    case SQLITE_NOMEM:
      return StoreErrc::unavailable;
    case SQLITE_CORRUPT:
    case SQLITE_NOTADB:
      return StoreErrc::schema;
    default:
      return StoreErrc::internal;
  }
}

// Resets a statement on every exit path so a failed step never leaves a read
// transaction open.
struct ResetOnExit {
  sqlite3_stmt* stmt;
  ~ResetOnExit() {
    sqlite3_reset(stmt);
    sqlite3_clear_bindings(stmt);
  }
};

}  // namespace

std::string sqlite_placeholders(std::string_view sql) {
  std::string out(sql);
  for (std::size_t i = 0; i + 1 < out.size(); ++i) {
    if (out[i] == '$' && std::isdigit(static_cast<unsigned char>(out[i + 1]))) out[i] = '?';
  }
  return out;
}

SqliteDb::SqliteDb(const std::string& path, SqliteSync sync) {
  // NOMUTEX: SqlStore serialises every call with its own mutex.
  int rc =
      sqlite3_open_v2(path.c_str(), &db_,
                      SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nullptr);
  if (rc != SQLITE_OK) {
    std::string msg = db_ ? sqlite3_errmsg(db_) : sqlite3_errstr(rc);
    sqlite3_close(db_);
    db_ = nullptr;
    throw StoreError(StoreErrc::unavailable, "cannot open SQLite database '" + path + "': " + msg);
  }
  try {
    sqlite3_extended_result_codes(db_, 1);
    sqlite3_busy_timeout(db_, BUSY_TIMEOUT_MS);
    if (path != ":memory:") {
      std::string mode = switch_to_wal();
      if (mode != "wal") {
        throw StoreError(
            StoreErrc::unavailable,
            "SQLite database '" + path + "' cannot use WAL (journal_mode=" + mode + ")");
      }
    }
    exec_script(sync == SqliteSync::full ? "PRAGMA synchronous=FULL" : "PRAGMA synchronous=NORMAL");
    exec_script("PRAGMA foreign_keys=ON");
  } catch (...) {
    sqlite3_close(db_);
    db_ = nullptr;
    throw;
  }
}

SqliteDb::~SqliteDb() {
  for (auto& [sql, stmt] : cache_) sqlite3_finalize(stmt);
  sqlite3_close(db_);
}

void SqliteDb::fail(int rc, const std::string& what) {
  int ext = db_ ? sqlite3_extended_errcode(db_) : rc;
  if ((ext & 0xff) != (rc & 0xff)) ext = rc;
  std::string msg = db_ ? sqlite3_errmsg(db_) : sqlite3_errstr(rc);
  throw StoreError(code_for(ext), "SQLite: " + what + ": " + msg);
}

// Switching a fresh file to WAL needs an exclusive lock, and SQLite answers
// SQLITE_BUSY at once, without calling the busy handler, when another
// connection is switching the same file at that moment (three servers or
// test threads opening a new database together). So this waits here, as the
// busy timeout would for any other statement.
std::string SqliteDb::switch_to_wal() {
  const auto deadline =
      std::chrono::steady_clock::now() + std::chrono::milliseconds(BUSY_TIMEOUT_MS);
  for (;;) {
    try {
      return pragma("journal_mode=WAL");
    } catch (const StoreError&) {
      if ((sqlite3_extended_errcode(db_) & 0xff) != SQLITE_BUSY ||
          std::chrono::steady_clock::now() >= deadline) {
        throw;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
  }
}

std::string SqliteDb::pragma(const std::string& name) {
  auto rows = query("PRAGMA " + name, {});
  if (rows.empty() || rows[0].size() == 0) return "";
  if (rows[0].is_null(0)) return "";
  try {
    return rows[0].text(0);
  } catch (const StoreError&) {
    return std::to_string(rows[0].integer(0));
  }
}

void SqliteDb::exec_script(const std::string& sql) {
  char* err = nullptr;
  int rc = sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &err);
  if (rc != SQLITE_OK) {
    std::string msg = err ? err : sqlite3_errstr(rc);
    sqlite3_free(err);
    throw StoreError(code_for(sqlite3_extended_errcode(db_)), "SQLite: " + msg);
  }
}

sqlite3_stmt* SqliteDb::prepare(const std::string& sql) {
  auto it = cache_.find(sql);
  if (it != cache_.end()) return it->second;
  sqlite3_stmt* stmt = nullptr;
  std::string text = sqlite_placeholders(sql);
  int rc = sqlite3_prepare_v3(db_, text.c_str(), static_cast<int>(text.size()),
                              SQLITE_PREPARE_PERSISTENT, &stmt, nullptr);
  if (rc != SQLITE_OK) fail(rc, "prepare '" + sql + "'");
  cache_.emplace(sql, stmt);
  return stmt;
}

std::vector<Row> SqliteDb::query(const std::string& sql, std::span<const Value> params) {
  sqlite3_stmt* stmt = prepare(sql);
  ResetOnExit guard{stmt};
  if (static_cast<int>(params.size()) != sqlite3_bind_parameter_count(stmt)) {
    throw StoreError(StoreErrc::internal, "SQLite: wrong parameter count for '" + sql + "'");
  }
  for (std::size_t i = 0; i < params.size(); ++i) {
    const int index = static_cast<int>(i + 1);
    int rc = std::visit(
        [&](const auto& v) -> int {
          using T = std::decay_t<decltype(v)>;
          if constexpr (std::is_same_v<T, std::nullptr_t>) {
            return sqlite3_bind_null(stmt, index);
          } else if constexpr (std::is_same_v<T, std::int64_t>) {
            return sqlite3_bind_int64(stmt, index, v);
          } else if constexpr (std::is_same_v<T, double>) {
            return sqlite3_bind_double(stmt, index, v);
          } else {
            return sqlite3_bind_text64(stmt, index, v.data(), v.size(), SQLITE_TRANSIENT,
                                       SQLITE_UTF8);
          }
        },
        params[i]);
    if (rc != SQLITE_OK) fail(rc, "bind");
  }
  std::vector<Row> rows;
  for (;;) {
    int rc = sqlite3_step(stmt);
    if (rc == SQLITE_DONE) break;
    if (rc != SQLITE_ROW) fail(rc, "step '" + sql + "'");
    const int n = sqlite3_column_count(stmt);
    std::vector<Cell> cells;
    cells.reserve(static_cast<std::size_t>(n));
    for (int c = 0; c < n; ++c) {
      switch (sqlite3_column_type(stmt, c)) {
        case SQLITE_INTEGER:
          cells.emplace_back(static_cast<std::int64_t>(sqlite3_column_int64(stmt, c)));
          break;
        case SQLITE_FLOAT:
          cells.emplace_back(sqlite3_column_double(stmt, c));
          break;
        case SQLITE_NULL:
          cells.emplace_back(std::monostate{});
          break;
        default: {
          const auto* text = reinterpret_cast<const char*>(sqlite3_column_text(stmt, c));
          const int bytes = sqlite3_column_bytes(stmt, c);
          cells.emplace_back(std::string(text ? text : "", static_cast<std::size_t>(bytes)));
        }
      }
    }
    rows.emplace_back(std::move(cells));
  }
  return rows;
}

void SqliteDb::begin() {
  query("BEGIN IMMEDIATE", {});
}
// WAL gives a deferred transaction a snapshot at its first read, without
// blocking or being blocked by the writer.
void SqliteDb::begin_read() {
  query("BEGIN DEFERRED", {});
}
void SqliteDb::commit() {
  query("COMMIT", {});
}
void SqliteDb::rollback() noexcept {
  if (sqlite3_get_autocommit(db_) == 0) sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
}

}  // namespace ft::store::sql
