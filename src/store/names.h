// Players' names (docs/protocol.md 1): the rule a name must pass, and the key
// under which kept names are compared so that a look-alike is the same name.
// The one place that uses ICU: NFKC (Normalizer2), character classes
// (u_charType) and the confusable skeleton of Unicode TS #39 (uspoof). It
// lives in the store because the store compares names (accounts.name_skeleton,
// migration 012) and must compute the key of rows written before it.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace ft::store {

// A name has 1..24 characters, counted in Unicode code points after NFKC.
inline constexpr std::size_t MIN_NAME_CHARS = 1;
inline constexpr std::size_t MAX_NAME_CHARS = 24;

struct CleanName {
  std::string name;     // the name to show and store (NFKC, trimmed, single spaces)
  std::string problem;  // why `raw` cannot be a name ("" when it can)
};

// Checks and normalises a name a person asked for. Refused (a problem naming
// the class and the code point): text that is not UTF-8; control characters
// (Cc, C1 included); format characters (Cf: zero-width, bidi controls, soft
// hyphen, ...); spaces other than U+0020 (Zs, Zl, Zp); unassigned,
// private-use and surrogate code points; other invisible (default-ignorable)
// characters but the emoji variation selectors U+FE0E and U+FE0F. The rest is
// normalised to NFKC (fullwidth "Ａ" is "A"), trimmed, runs of spaces
// collapsed to one, and then must have 1..24 code points.
CleanName clean_name(std::string_view raw);

// The key under which kept names are compared (and failed logins counted):
// the confusable skeleton (TS #39, ICU uspoof) of the name with case folded,
// so "Ada", "ADA", "Аda" (Cyrillic А) and "Ada\u200b" have one key and
// "Ada Iovelace" (capital I) is "Ada lovelace". Total: any text has a key
// (characters the rule refuses are dropped or read as spaces, so a login
// typed with them still finds its name); text that is not UTF-8 has "".
std::string name_key(std::string_view name);

// Names the version of the rules and the Unicode data behind name_key: a
// store that finds its keys made under another one computes them again.
std::string name_key_version();

// The comparison form of migration 006 (ASCII letters folded, spaces
// collapsed): still written to accounts.name_key, which is UNIQUE.
std::string folded_name(std::string_view name);

}  // namespace ft::store
