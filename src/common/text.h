// Small text helpers. For header values (RFC 9110): optional whitespace is
// spaces and tabs, and tokens such as media types and encodings compare
// without regard to ASCII case. For JSON escapes and tests that name code
// points: the UTF-8 of one code point. Header-only, standard library only,
// so every library may use it.
#pragma once

#include <cctype>
#include <cstddef>
#include <string>
#include <string_view>

namespace ft {

// `s` without the spaces and tabs around it.
inline std::string_view trim_ows(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

// Equal when compared letter by letter without ASCII case.
inline bool iequals_ascii(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(a[i])) !=
        std::tolower(static_cast<unsigned char>(b[i])))
      return false;
  return true;
}

// Appends the UTF-8 form of the code point `c` (at most U+10FFFF) to `out`.
inline void append_utf8(std::string& out, char32_t c) {
  if (c < 0x80) {
    out += static_cast<char>(c);
  } else if (c < 0x800) {
    out += static_cast<char>(0xC0 | (c >> 6));
    out += static_cast<char>(0x80 | (c & 0x3F));
  } else if (c < 0x10000) {
    out += static_cast<char>(0xE0 | (c >> 12));
    out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (c & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (c >> 18));
    out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (c & 0x3F));
  }
}

// The UTF-8 form of the code point `c`.
inline std::string utf8_of(char32_t c) {
  std::string out;
  append_utf8(out, c);
  return out;
}

}  // namespace ft
