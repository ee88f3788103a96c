#include "store/store.h"

#include "store/pg_db.h"
#include "store/sql_store.h"
#include "store/sqlite_db.h"
#include "store/store_url.h"

namespace ft::store {

std::unique_ptr<Store> open_store(std::string_view url) {
  const StoreUrl parsed = parse_store_url(url);
  if (parsed.kind == StoreUrl::Kind::postgres) {
    return std::make_unique<SqlStore>(std::make_unique<sql::PgDb>(parsed.target));
  }
  return std::make_unique<SqlStore>(std::make_unique<sql::SqliteDb>(
      parsed.target, parsed.sqlite_sync_full ? sql::SqliteSync::full : sql::SqliteSync::normal));
}

}  // namespace ft::store
