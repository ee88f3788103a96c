#include "server/protocol/plain_json.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>

namespace ft::server {
namespace json = boost::json;
namespace {

void write_double(std::string& out, double d) {
  if (!std::isfinite(d)) {
    out += "null";
    return;
  }
  if (d == 0) d = 0;  // no "-0"
  // Fixed notation with the shortest digits that read back to `d`. Wide
  // enough for any double (a 308-digit integer part and a sign).
  std::array<char, 400> buf{};
  const auto r = std::to_chars(buf.data(), buf.data() + buf.size(), d, std::chars_format::fixed);
  out.append(buf.data(), r.ptr);
}

void write(std::string& out, const json::value& v) {
  switch (v.kind()) {
    case json::kind::null:
      out += "null";
      return;
    case json::kind::bool_:
      out += v.get_bool() ? "true" : "false";
      return;
    case json::kind::int64:
      out += std::to_string(v.get_int64());
      return;
    case json::kind::uint64:
      out += std::to_string(v.get_uint64());
      return;
    case json::kind::double_:
      write_double(out, v.get_double());
      return;
    case json::kind::string:
      out += json::serialize(v.get_string());
      return;
    case json::kind::array: {
      out += '[';
      bool first = true;
      for (const json::value& e : v.get_array()) {
        if (!first) out += ',';
        first = false;
        write(out, e);
      }
      out += ']';
      return;
    }
    case json::kind::object: {
      out += '{';
      bool first = true;
      for (const auto& [key, e] : v.get_object()) {
        if (!first) out += ',';
        first = false;
        out += json::serialize(key);
        out += ':';
        write(out, e);
      }
      out += '}';
      return;
    }
  }
}

bool has_double(const json::value& v) {
  if (v.is_double()) return true;
  if (const json::array* a = v.if_array())
    return std::any_of(a->begin(), a->end(), [](const json::value& e) { return has_double(e); });
  if (const json::object* o = v.if_object())
    return std::any_of(o->begin(), o->end(), [](const auto& kv) { return has_double(kv.value()); });
  return false;
}

}  // namespace

std::string json_text(const json::value& v) {
  // Most frames (moves, clocks) hold no double: Boost's writer, which is
  // about twice as fast as this one, writes them exactly the same.
  if (!has_double(v)) return json::serialize(v);
  std::string out;
  write(out, v);
  return out;
}

std::int64_t rating_number(double v) {
  if (!std::isfinite(v)) return 0;
  return static_cast<std::int64_t>(std::floor(v + 0.5));
}

double volatility_number(double v) {
  return std::round(v * 1e6) / 1e6;
}

}  // namespace ft::server
