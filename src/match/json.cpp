#include "match/json.h"

#include <charconv>
#include <cmath>
#include <cstdio>

#include "common/text.h"

namespace ft::match::json {

std::string quote(std::string_view s) {
  std::string out;
  out.reserve(s.size() + 2);
  out += '"';
  for (const char ch : s) {
    const auto c = static_cast<unsigned char>(ch);
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      case '\b':
        out += "\\b";
        break;
      case '\f':
        out += "\\f";
        break;
      default:
        if (c < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", c);
          out += buf;
        } else {
          out += ch;  // UTF-8 passes through unchanged
        }
    }
  }
  out += '"';
  return out;
}

void Writer::before_value() {
  if (after_key_) {
    after_key_ = false;
    return;
  }
  if (!first_.empty()) {
    if (!first_.back()) out_ += ',';
    first_.back() = false;
  }
}

Writer& Writer::begin_object() {
  before_value();
  out_ += '{';
  first_.push_back(true);
  return *this;
}

Writer& Writer::end_object() {
  out_ += '}';
  if (!first_.empty()) first_.pop_back();
  return *this;
}

Writer& Writer::begin_array() {
  before_value();
  out_ += '[';
  first_.push_back(true);
  return *this;
}

Writer& Writer::end_array() {
  out_ += ']';
  if (!first_.empty()) first_.pop_back();
  return *this;
}

Writer& Writer::key(std::string_view k) {
  before_value();
  out_ += quote(k);
  out_ += ':';
  after_key_ = true;
  return *this;
}

Writer& Writer::value(std::string_view s) {
  before_value();
  out_ += quote(s);
  return *this;
}

Writer& Writer::value(std::int64_t n) {
  before_value();
  out_ += std::to_string(n);
  return *this;
}

Writer& Writer::value(double d) {
  before_value();
  if (!std::isfinite(d)) {
    out_ += "null";
    return *this;
  }
  char buf[32];
  const auto r = std::to_chars(buf, buf + sizeof buf, d);
  std::string text(buf, r.ptr);
  // Keep it a JSON number that reads back as a double.
  if (text.find_first_of(".eE") == std::string::npos) text += ".0";
  out_ += text;
  return *this;
}

Writer& Writer::value(bool b) {
  before_value();
  out_ += b ? "true" : "false";
  return *this;
}

Writer& Writer::null() {
  before_value();
  out_ += "null";
  return *this;
}

Writer& Writer::raw(std::string_view text) {
  before_value();
  out_ += text;
  return *this;
}

const Value* Value::find(std::string_view key) const {
  if (!is_object()) return nullptr;
  const Object& o = as_object();
  auto it = o.find(key);
  return it == o.end() ? nullptr : &it->second;
}

namespace {

constexpr int MAX_DEPTH = 64;

class Parser {
 public:
  explicit Parser(std::string_view t) : t_(t) {}

  Result<Value> document() {
    auto v = value(0);
    if (!v) return v;
    skip_ws();
    if (i_ != t_.size()) return fail("unexpected text after the JSON value");
    return v;
  }

 private:
  Error fail(const std::string& what) const {
    return make_error(ErrorCode::bad_input, "JSON: " + what + " at offset " + std::to_string(i_));
  }

  void skip_ws() {
    while (i_ < t_.size() && (t_[i_] == ' ' || t_[i_] == '\t' || t_[i_] == '\n' || t_[i_] == '\r'))
      ++i_;
  }

  // Takes `c` if it is the next character.
  bool eat(char c) {
    if (i_ >= t_.size() || t_[i_] != c) return false;
    ++i_;
    return true;
  }

  bool literal(std::string_view word) {
    if (t_.substr(i_, word.size()) != word) return false;
    i_ += word.size();
    return true;
  }

  Result<Value> value(int depth) {
    if (depth > MAX_DEPTH) return fail("nesting too deep");
    skip_ws();
    if (i_ >= t_.size()) return fail("unexpected end");
    const char c = t_[i_];
    if (c == '{') return object(depth);
    if (c == '[') return array(depth);
    if (c == '"') {
      auto s = string();
      if (!s) return s.error();
      return Value(std::move(s).value());
    }
    if (literal("true")) return Value(true);
    if (literal("false")) return Value(false);
    if (literal("null")) return Value();
    if (c == '-' || (c >= '0' && c <= '9')) return number();
    return fail(std::string("unexpected character '") + c + "'");
  }

  Result<Value> number() {
    const std::size_t start = i_;
    if (t_[i_] == '-') ++i_;
    auto digits = [&] {
      const std::size_t from = i_;
      while (i_ < t_.size() && t_[i_] >= '0' && t_[i_] <= '9') ++i_;
      return i_ > from;
    };
    if (!digits()) return fail("bad number");
    bool integral = true;
    if (i_ < t_.size() && t_[i_] == '.') {
      integral = false;
      ++i_;
      if (!digits()) return fail("bad number");
    }
    if (i_ < t_.size() && (t_[i_] == 'e' || t_[i_] == 'E')) {
      integral = false;
      ++i_;
      if (i_ < t_.size() && (t_[i_] == '+' || t_[i_] == '-')) ++i_;
      if (!digits()) return fail("bad number");
    }
    const std::string_view text = t_.substr(start, i_ - start);
    if (integral) {
      std::int64_t n = 0;
      const auto r = std::from_chars(text.data(), text.data() + text.size(), n);
      if (r.ec == std::errc() && r.ptr == text.data() + text.size()) return Value(n);
    }
    double d = 0;
    const auto r = std::from_chars(text.data(), text.data() + text.size(), d);
    if (r.ec != std::errc() || r.ptr != text.data() + text.size() || !std::isfinite(d))
      return fail("number out of range");
    return Value(d);
  }

  Result<std::uint32_t> hex4() {
    if (i_ + 4 > t_.size()) return fail("short \\u escape");
    std::uint32_t v = 0;
    const auto r = std::from_chars(t_.data() + i_, t_.data() + i_ + 4, v, 16);
    if (r.ptr != t_.data() + i_ + 4) return fail("bad \\u escape");
    i_ += 4;
    return v;
  }

  Result<std::string> string() {
    ++i_;  // opening quote
    std::string out;
    while (true) {
      if (i_ >= t_.size()) return fail("unterminated string");
      const char c = t_[i_++];
      if (c == '"') return out;
      if (static_cast<unsigned char>(c) < 0x20) return fail("control character in string");
      if (c != '\\') {
        out += c;
        continue;
      }
      if (i_ >= t_.size()) return fail("unterminated string");
      const char e = t_[i_++];
      switch (e) {
        case '"':
          out += '"';
          break;
        case '\\':
          out += '\\';
          break;
        case '/':
          out += '/';
          break;
        case 'b':
          out += '\b';
          break;
        case 'f':
          out += '\f';
          break;
        case 'n':
          out += '\n';
          break;
        case 'r':
          out += '\r';
          break;
        case 't':
          out += '\t';
          break;
        case 'u': {
          auto hi = hex4();
          if (!hi) return hi.error();
          std::uint32_t cp = *hi;
          if (cp >= 0xD800 && cp <= 0xDBFF) {
            if (!literal("\\u")) return fail("lone surrogate");
            auto lo = hex4();
            if (!lo) return lo.error();
            if (*lo < 0xDC00 || *lo > 0xDFFF) return fail("bad surrogate pair");
            cp = 0x10000 + ((cp - 0xD800) << 10) + (*lo - 0xDC00);
          } else if (cp >= 0xDC00 && cp <= 0xDFFF) {
            return fail("lone surrogate");
          }
          ft::append_utf8(out, cp);
          break;
        }
        default:
          return fail("bad escape");
      }
    }
  }

  Result<Value> array(int depth) {
    ++i_;
    Array a;
    skip_ws();
    if (eat(']')) return Value(std::move(a));
    while (true) {
      auto v = value(depth + 1);
      if (!v) return v;
      a.push_back(std::move(v).value());
      skip_ws();
      if (i_ >= t_.size()) return fail("unterminated array");
      if (eat(']')) return Value(std::move(a));
      if (!eat(',')) return fail("expected ',' or ']'");
    }
  }

  Result<Value> object(int depth) {
    ++i_;
    Object o;
    skip_ws();
    if (eat('}')) return Value(std::move(o));
    while (true) {
      skip_ws();
      if (i_ >= t_.size() || t_[i_] != '"') return fail("expected a member name");
      auto k = string();
      if (!k) return k.error();
      skip_ws();
      if (!eat(':')) return fail("expected ':'");
      auto v = value(depth + 1);
      if (!v) return v;
      o.insert_or_assign(std::move(k).value(), std::move(v).value());
      skip_ws();
      if (i_ >= t_.size()) return fail("unterminated object");
      if (eat('}')) return Value(std::move(o));
      if (!eat(',')) return fail("expected ',' or '}'");
    }
  }

  std::string_view t_;
  std::size_t i_ = 0;
};

}  // namespace

Result<Value> Value::parse(std::string_view text) {
  return Parser(text).document();
}

}  // namespace ft::match::json
