// The numbered SQL migrations of src/store/migrations/NNN_name.sql, embedded
// into the binary at build time (embed_migrations.cmake), so the server finds
// them from any working directory and a binary always carries the schema it
// was built for.
#pragma once

#include <span>
#include <string_view>

namespace ft::store {

struct Migration {
  int version = 0;        // NNN of the file name; increasing, gaps allowed
  std::string_view name;  // the file name without NNN_ and .sql
  std::string_view sql;   // may contain @ID@ (see 001_initial.sql)
};

// In version order.
std::span<const Migration> migrations();

}  // namespace ft::store
