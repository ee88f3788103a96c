// A small JSON writer and reader for the match library's own values (views,
// records). The libraries must not depend on Boost, and these values
// are the only JSON they produce, so this covers RFC 8259 text with these
// limits: numbers are read as 64-bit integers when they have no fraction or
// exponent, else as doubles; nesting is limited to 64 levels; \u escapes
// outside the BMP need surrogate pairs, as the RFC says.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "rules/result.h"

namespace ft::match::json {

// Streaming writer: commas and quoting are handled; the caller keeps the
// nesting balanced (checked in debug builds by the tests, not at run time).
class Writer {
 public:
  Writer& begin_object();
  Writer& end_object();
  Writer& begin_array();
  Writer& end_array();
  Writer& key(std::string_view k);
  Writer& value(std::string_view s);
  Writer& value(const char* s) { return value(std::string_view(s)); }
  Writer& value(const std::string& s) { return value(std::string_view(s)); }
  Writer& value(std::int64_t n);
  Writer& value(int n) { return value(static_cast<std::int64_t>(n)); }
  Writer& value(double d);  // non-finite numbers are written as null
  Writer& value(bool b);
  Writer& null();
  template <typename T>
  Writer& value(const std::optional<T>& v) {
    return v ? value(*v) : null();
  }
  // A whole JSON text produced elsewhere (e.g. a nested to_json result).
  Writer& raw(std::string_view json);

  const std::string& str() const { return out_; }

 private:
  void before_value();
  std::string out_;
  std::vector<bool> first_;  // per open container: no element written yet
  bool after_key_ = false;
};

std::string quote(std::string_view s);

class Value;
using Array = std::vector<Value>;
using Object = std::map<std::string, Value, std::less<>>;

class Value {
 public:
  Value() = default;
  explicit Value(bool b) : v_(b) {}
  explicit Value(std::int64_t n) : v_(n) {}
  explicit Value(double d) : v_(d) {}
  explicit Value(std::string s) : v_(std::move(s)) {}
  explicit Value(Array a) : v_(std::make_shared<Array>(std::move(a))) {}
  explicit Value(Object o) : v_(std::make_shared<Object>(std::move(o))) {}

  static Result<Value> parse(std::string_view text);

  bool is_null() const { return v_.index() == 0; }
  bool is_bool() const { return v_.index() == 1; }
  bool is_int() const { return v_.index() == 2; }
  bool is_number() const { return v_.index() == 2 || v_.index() == 3; }
  bool is_string() const { return v_.index() == 4; }
  bool is_array() const { return v_.index() == 5; }
  bool is_object() const { return v_.index() == 6; }

  bool as_bool() const { return std::get<bool>(v_); }
  std::int64_t as_int() const { return std::get<std::int64_t>(v_); }
  double as_double() const {
    return is_int() ? static_cast<double>(as_int()) : std::get<double>(v_);
  }
  const std::string& as_string() const { return std::get<std::string>(v_); }
  const Array& as_array() const { return *std::get<std::shared_ptr<Array>>(v_); }
  const Object& as_object() const { return *std::get<std::shared_ptr<Object>>(v_); }

  // The member `key` of an object, or null when absent or not an object.
  const Value* find(std::string_view key) const;

 private:
  std::variant<std::monostate, bool, std::int64_t, double, std::string, std::shared_ptr<Array>,
               std::shared_ptr<Object>>
      v_;
};

}  // namespace ft::match::json
