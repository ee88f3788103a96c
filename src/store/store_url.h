// Parsing of store URLs (store.h open_store): which driver, which file or
// server, which options.
#pragma once

#include <string>
#include <string_view>

namespace ft::store {

struct StoreUrl {
  enum class Kind { sqlite, postgres } kind = Kind::sqlite;
  std::string target;  // SQLite: the file path or ":memory:"; PostgreSQL: the URL as given
  bool sqlite_sync_full = true;  // sqlite ?synchronous=full (default) | normal
};

// Throws StoreError{bad_input} with the reason for a URL it does not accept.
StoreUrl parse_store_url(std::string_view url);

}  // namespace ft::store
