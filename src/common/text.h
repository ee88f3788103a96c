// Small text helpers for header values (RFC 9110): optional whitespace is
// spaces and tabs, and tokens such as media types and encodings compare
// without regard to ASCII case. Header-only, standard library only, so
// every library may use it.
#pragma once

#include <cctype>
#include <cstddef>
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

}  // namespace ft
