#include "store/pg_db.h"

#include <libpq-fe.h>

#include <charconv>
#include <memory>

#include "store/store.h"

namespace ft::store::sql {
namespace {

// Type OIDs from PostgreSQL's pg_type.h (stable across versions).
constexpr Oid INT8_OID = 20;
constexpr Oid INT2_OID = 21;
constexpr Oid INT4_OID = 23;
constexpr Oid FLOAT4_OID = 700;
constexpr Oid FLOAT8_OID = 701;
constexpr Oid NUMERIC_OID = 1700;
// Any 64-bit key for pg_advisory_xact_lock: "fourtable migrations".
constexpr long long MIGRATION_LOCK_KEY = 0x66745f6d696772LL;

struct ResultDeleter {
  void operator()(PGresult* r) const { PQclear(r); }
};
using ResultPtr = std::unique_ptr<PGresult, ResultDeleter>;

StoreErrc code_for_sqlstate(const char* state) {
  if (!state) return StoreErrc::unavailable;  // no SQLSTATE: the connection failed
  std::string_view s(state);
  if (s == "23505") return StoreErrc::conflict;   // unique_violation
  if (s == "23503") return StoreErrc::not_found;  // foreign_key_violation
  if (s == "23514" || s == "23502" || s.starts_with("22")) return StoreErrc::bad_input;
  if (s.starts_with("08") || s.starts_with("57") || s.starts_with("53") || s == "40001" ||
      s == "40P01") {
    return StoreErrc::unavailable;  // connection, shutdown, resources, serialisation
  }
  return StoreErrc::internal;
}

void ignore_notice(void*, const char*) {}

}  // namespace

PgDb::PgDb(const std::string& url) : url_(url) {
  ensure_connected();
}

PgDb::~PgDb() {
  if (conn_) PQfinish(conn_);
}

void PgDb::ensure_connected() {
  if (conn_ && PQstatus(conn_) == CONNECTION_OK) return;
  if (in_transaction_) {
    throw StoreError(StoreErrc::unavailable, "PostgreSQL: connection lost inside a transaction");
  }
  if (conn_) PQfinish(conn_);
  prepared_.clear();  // prepared statements live and die with the session
  conn_ = PQconnectdb(url_.c_str());
  if (!conn_ || PQstatus(conn_) != CONNECTION_OK) {
    std::string msg = conn_ ? PQerrorMessage(conn_) : "out of memory";
    if (conn_) PQfinish(conn_);
    conn_ = nullptr;
    while (!msg.empty() && (msg.back() == '\n' || msg.back() == ' ')) msg.pop_back();
    throw StoreError(StoreErrc::unavailable, "PostgreSQL: cannot connect: " + msg);
  }
  PQsetNoticeProcessor(conn_, ignore_notice, nullptr);
}

namespace {
[[noreturn]] void throw_result(PGconn* conn, PGresult* res, const std::string& what) {
  const char* state = res ? PQresultErrorField(res, PG_DIAG_SQLSTATE) : nullptr;
  std::string msg = res ? PQresultErrorMessage(res) : PQerrorMessage(conn);
  while (!msg.empty() && (msg.back() == '\n' || msg.back() == ' ')) msg.pop_back();
  throw StoreError(code_for_sqlstate(state), "PostgreSQL: " + what + ": " + msg);
}
}  // namespace

void PgDb::exec_script(const std::string& sql) {
  ensure_connected();
  ResultPtr res(PQexec(conn_, sql.c_str()));
  const auto st = res ? PQresultStatus(res.get()) : PGRES_FATAL_ERROR;
  if (st != PGRES_COMMAND_OK && st != PGRES_TUPLES_OK) throw_result(conn_, res.get(), "script");
}

std::vector<Row> PgDb::query(const std::string& sql, std::span<const Value> params) {
  try {
    return query_once(sql, params);
  } catch (const StoreError&) {
    // Outside a transaction a statement is a read (every write runs inside
    // begin/commit), so after a dead idle connection it is safe to retry once.
    if (in_transaction_ || !conn_ || PQstatus(conn_) == CONNECTION_OK) throw;
    return query_once(sql, params);
  }
}

std::vector<Row> PgDb::query_once(const std::string& sql, std::span<const Value> params) {
  ensure_connected();
  auto it = prepared_.find(sql);
  if (it == prepared_.end()) {
    std::string name = "ft" + std::to_string(prepared_.size() + 1);
    ResultPtr res(PQprepare(conn_, name.c_str(), sql.c_str(), 0, nullptr));
    if (!res || PQresultStatus(res.get()) != PGRES_COMMAND_OK) {
      throw_result(conn_, res.get(), "prepare '" + sql + "'");
    }
    it = prepared_.emplace(sql, std::move(name)).first;
  }
  std::vector<std::string> texts(params.size());
  std::vector<const char*> values(params.size(), nullptr);
  for (std::size_t i = 0; i < params.size(); ++i) {
    std::visit(
        [&](const auto& v) {
          using T = std::decay_t<decltype(v)>;
          if constexpr (std::is_same_v<T, std::nullptr_t>) {
            return;
          } else if constexpr (std::is_same_v<T, std::int64_t>) {
            texts[i] = std::to_string(v);
          } else if constexpr (std::is_same_v<T, double>) {
            char buf[32];
            // Shortest text that parses back to the same double.
            auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);
            texts[i].assign(buf, end);
          } else {
            texts[i].assign(v.data(), v.size());
          }
          values[i] = texts[i].c_str();
        },
        params[i]);
  }
  ResultPtr res(PQexecPrepared(conn_, it->second.c_str(), static_cast<int>(params.size()),
                               values.data(), nullptr, nullptr, 0));
  const auto st = res ? PQresultStatus(res.get()) : PGRES_FATAL_ERROR;
  if (st != PGRES_COMMAND_OK && st != PGRES_TUPLES_OK) throw_result(conn_, res.get(), "query");
  std::vector<Row> rows;
  const int n = PQntuples(res.get());
  const int m = PQnfields(res.get());
  rows.reserve(static_cast<std::size_t>(n));
  for (int r = 0; r < n; ++r) {
    std::vector<Cell> cells;
    cells.reserve(static_cast<std::size_t>(m));
    for (int c = 0; c < m; ++c) {
      if (PQgetisnull(res.get(), r, c)) {
        cells.emplace_back(std::monostate{});
        continue;
      }
      const char* text = PQgetvalue(res.get(), r, c);
      const auto len = static_cast<std::size_t>(PQgetlength(res.get(), r, c));
      const Oid type = PQftype(res.get(), c);
      if (type == INT8_OID || type == INT4_OID || type == INT2_OID) {
        std::int64_t v = 0;
        auto [end, ec] = std::from_chars(text, text + len, v);
        if (ec != std::errc() || end != text + len) {
          throw StoreError(StoreErrc::internal,
                           "PostgreSQL: bad integer '" + std::string(text) + "'");
        }
        cells.emplace_back(v);
      } else if (type == FLOAT8_OID || type == FLOAT4_OID || type == NUMERIC_OID) {
        double v = 0;
        auto [end, ec] = std::from_chars(text, text + len, v);
        if (ec != std::errc() || end != text + len) {
          throw StoreError(StoreErrc::internal,
                           "PostgreSQL: bad number '" + std::string(text) + "'");
        }
        cells.emplace_back(v);
      } else {
        cells.emplace_back(std::string(text, len));
      }
    }
    rows.emplace_back(std::move(cells));
  }
  return rows;
}

void PgDb::begin() {
  begin_with("BEGIN");
}
void PgDb::begin_read() {
  begin_with("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
}

void PgDb::begin_with(const std::string& sql) {
  try {
    exec_script(sql);
  } catch (const StoreError&) {
    // A connection that died while idle (server restart, idle timeout) is
    // only noticed by the next command. Nothing of this transaction has been
    // sent yet, so reconnecting and beginning again is safe.
    if (!conn_ || PQstatus(conn_) == CONNECTION_OK) throw;
    exec_script(sql);  // ensure_connected() reconnects first
  }
  in_transaction_ = true;
}

void PgDb::commit() {
  in_transaction_ = false;
  exec_script("COMMIT");
}

void PgDb::rollback() noexcept {
  in_transaction_ = false;
  if (conn_ && PQstatus(conn_) == CONNECTION_OK) {
    PGresult* res = PQexec(conn_, "ROLLBACK");
    PQclear(res);
  }
}

void PgDb::lock_for_migration() {
  exec_script("SELECT pg_advisory_xact_lock(" + std::to_string(MIGRATION_LOCK_KEY) + ")");
}

}  // namespace ft::store::sql
