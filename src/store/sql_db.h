// The small driver seam between the store's logic (sql_store.cpp, written
// once) and a database client library (SQLite, libpq). A driver runs
// parameterised SQL, caches its prepared statements, and turns the database's
// errors into StoreError codes. SQL is written with PostgreSQL placeholders
// ($1, $2, ...); the SQLite driver rewrites them to ?1, ?2, ... once per
// statement when it prepares it.
//
// Not thread-safe: SqlStore holds the one mutex in front of its driver.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace ft::store::sql {

// A parameter. string_view: the caller keeps the text alive during the call.
using Value = std::variant<std::nullptr_t, std::int64_t, double, std::string_view>;

// A result cell. Integers and doubles come typed from both drivers (the
// PostgreSQL driver parses its text results by column type).
using Cell = std::variant<std::monostate, std::int64_t, double, std::string>;

class Row {
 public:
  explicit Row(std::vector<Cell> cells) : cells_(std::move(cells)) {}
  std::size_t size() const { return cells_.size(); }
  bool is_null(std::size_t i) const;
  std::int64_t integer(std::size_t i) const;  // throws StoreError{internal} on a type mismatch
  double real(std::size_t i) const;           // accepts integers too
  const std::string& text(std::size_t i) const;

 private:
  const Cell& at(std::size_t i) const;
  std::vector<Cell> cells_;
};

class Db {
 public:
  virtual ~Db() = default;

  virtual std::string_view dialect() const = 0;  // "sqlite" or "postgres"
  // The migration files' @ID@ for this dialect.
  virtual std::string_view id_column() const = 0;

  // Runs several statements without parameters (migrations).
  virtual void exec_script(const std::string& sql) = 0;
  // Runs one statement (prepared once and cached by its text); returns the
  // rows it yields, if any.
  virtual std::vector<Row> query(const std::string& sql, std::span<const Value> params) = 0;

  // A write transaction. begin() takes the write lock up front (SQLite: BEGIN
  // IMMEDIATE) so two writers never deadlock upgrading a read lock.
  virtual void begin() = 0;
  // A read-only transaction: one consistent view for several SELECTs, ended
  // with rollback(). Takes no write lock.
  virtual void begin_read() = 0;
  virtual void commit() = 0;
  virtual void rollback() noexcept = 0;
  // Serialises migrations between processes sharing the database; called
  // inside a transaction (PostgreSQL: an advisory transaction lock; SQLite's
  // BEGIN IMMEDIATE already excludes other writers).
  virtual void lock_for_migration() = 0;
};

}  // namespace ft::store::sql
