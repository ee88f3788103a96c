#include "store/sql_db.h"

#include "store/store.h"

namespace ft::store::sql {

const Cell& Row::at(std::size_t i) const {
  if (i >= cells_.size()) {
    throw StoreError(StoreErrc::internal, "row has " + std::to_string(cells_.size()) +
                                              " columns, asked for column " + std::to_string(i));
  }
  return cells_[i];
}

bool Row::is_null(std::size_t i) const {
  return std::holds_alternative<std::monostate>(at(i));
}

std::int64_t Row::integer(std::size_t i) const {
  if (const auto* v = std::get_if<std::int64_t>(&at(i))) return *v;
  throw StoreError(StoreErrc::internal, "column " + std::to_string(i) + " is not an integer");
}

double Row::real(std::size_t i) const {
  const Cell& c = at(i);
  if (const auto* v = std::get_if<double>(&c)) return *v;
  if (const auto* v = std::get_if<std::int64_t>(&c)) return static_cast<double>(*v);
  throw StoreError(StoreErrc::internal, "column " + std::to_string(i) + " is not a number");
}

const std::string& Row::text(std::size_t i) const {
  if (const auto* v = std::get_if<std::string>(&at(i))) return *v;
  throw StoreError(StoreErrc::internal, "column " + std::to_string(i) + " is not text");
}

}  // namespace ft::store::sql
