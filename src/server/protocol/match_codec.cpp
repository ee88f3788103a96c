#include "server/protocol/match_codec.h"

#include <algorithm>
#include <boost/json.hpp>
#include <cmath>
#include <optional>

#include "match/match_json.h"

namespace ft::server {
namespace json = boost::json;
namespace {

// False if a number in `v` is not finite (1e999 and 0E01000001 parse as an
// infinity and a NaN): it would not write back as JSON. Found by
// match_record_fuzz in a result.
bool finite_numbers(const json::value& v) {
  if (const double* d = v.if_double()) return std::isfinite(*d);
  if (const json::array* a = v.if_array())
    return std::all_of(a->begin(), a->end(),
                       [](const json::value& e) { return finite_numbers(e); });
  if (const json::object* o = v.if_object())
    return std::all_of(o->begin(), o->end(),
                       [](const json::key_value_pair& kv) { return finite_numbers(kv.value()); });
  return true;
}

// The record as the match library reads it (match/json.h), from the one
// parse of the saved text: a walk over it, where the record was written out
// and parsed a second time before. Numbers as that library's parser reads
// them: a whole number beyond 64 bits is a double, one that is not finite
// is refused (nullopt).
std::optional<match::json::Value> library_value(const json::value& v) {
  switch (v.kind()) {
    case json::kind::null:
      return match::json::Value();
    case json::kind::bool_:
      return match::json::Value(v.get_bool());
    case json::kind::int64:
      return match::json::Value(v.get_int64());
    case json::kind::uint64:  // above the largest int64: not an integer to the library
      return match::json::Value(static_cast<double>(v.get_uint64()));
    case json::kind::double_:
      if (!std::isfinite(v.get_double())) return std::nullopt;
      return match::json::Value(v.get_double());
    case json::kind::string:
      return match::json::Value(std::string(v.get_string()));
    case json::kind::array: {
      match::json::Array out;
      out.reserve(v.get_array().size());
      for (const json::value& e : v.get_array()) {
        auto x = library_value(e);
        if (!x) return std::nullopt;
        out.push_back(std::move(*x));
      }
      return match::json::Value(std::move(out));
    }
    case json::kind::object: {
      match::json::Object out;
      for (const json::key_value_pair& kv : v.get_object()) {
        auto x = library_value(kv.value());
        if (!x) return std::nullopt;
        out.emplace(std::string(kv.key()), std::move(*x));
      }
      return match::json::Value(std::move(out));
    }
  }
  return std::nullopt;
}

}  // namespace

// {"version": <table version>, "record": <match::to_json(record)>, "result": {...}}:
// the record in the match library's own format (match_json.h), which checks
// every field when it is read back.
std::string encode_match(const match::MatchRecord& record, std::int64_t version,
                         const json::value& result) {
  std::string out =
      "{\"version\":" + std::to_string(version) + ",\"record\":" + match::to_json(record);
  if (!result.is_null()) out += ",\"result\":" + json::serialize(result);
  out += "}";
  return out;
}

Result<SavedMatch> decode_match(std::string_view text) {
  boost::system::error_code ec;
  const json::value v = json::parse(text, ec);
  const json::object* o = ec ? nullptr : v.if_object();
  const json::value* version = o ? o->if_contains("version") : nullptr;
  const json::value* record = o ? o->if_contains("record") : nullptr;
  if (!version || !version->is_int64() || !record || !record->is_object())
    return make_error(ErrorCode::bad_input,
                      "saved match is unreadable: not {\"version\": N, \"record\": {...}}");
  const std::optional<match::json::Value> as_read = library_value(*record);
  if (!as_read)
    return make_error(ErrorCode::bad_input,
                      "saved match is unreadable: its record holds a number out of range");
  auto parsed = match::record_from_json(*as_read);
  if (!parsed)
    return make_error(ErrorCode::bad_input, "saved match is unreadable: " + parsed.error().message);
  SavedMatch saved;
  saved.version = version->as_int64();
  saved.record = std::move(parsed).value();
  if (const json::value* result = o->if_contains("result")) {
    // The match_over body goes out to clients as it is: it must write back
    // as JSON.
    if (!finite_numbers(*result))
      return make_error(ErrorCode::bad_input,
                        "saved match is unreadable: its result does not write back as JSON");
    saved.result = *result;
  }
  return saved;
}

}  // namespace ft::server
