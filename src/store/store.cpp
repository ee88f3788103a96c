#include "store/store.h"

#include "store/pg_db.h"
#include "store/sql_store.h"
#include "store/sqlite_db.h"
#include "store/store_url.h"

namespace ft::store {

std::unique_ptr<Store> open_store(std::string_view url) {
  const StoreUrl parsed = parse_store_url(url);
  if (parsed.kind == StoreUrl::Kind::postgres) {
    return std::make_unique<SqlStore>(std::make_unique<sql::PgDb>(parsed.target),
                                      std::make_unique<sql::PgDb>(parsed.target));
  }
  const auto sync = parsed.sqlite_sync_full ? sql::SqliteSync::full : sql::SqliteSync::normal;
  auto writer = std::make_unique<sql::SqliteDb>(parsed.target, sync);
  // A second connection to ":memory:" would be a second, empty database.
  std::unique_ptr<sql::SqliteDb> reader;
  if (parsed.target != ":memory:") reader = std::make_unique<sql::SqliteDb>(parsed.target, sync);
  return std::make_unique<SqlStore>(std::move(writer), std::move(reader));
}

}  // namespace ft::store
