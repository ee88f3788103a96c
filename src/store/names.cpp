#include "store/names.h"

#include <unicode/normalizer2.h>
#include <unicode/uchar.h>
#include <unicode/unistr.h>
#include <unicode/uspoof.h>
#include <unicode/utf8.h>
#include <unicode/uversion.h>

#include <cstdio>
#include <stdexcept>

namespace ft::store {
namespace {

// Longer input is refused before any work: no name of 24 code points after
// NFKC comes from more than this (NFKC composes at most a few marks into one).
constexpr std::size_t MAX_RAW_BYTES = 1024;
// Looks like nothing at all and is no space: a blank that would make "Ada⠀"
// a second "Ada".
constexpr UChar32 BRAILLE_BLANK = 0x2800;

void ok_or_throw(UErrorCode status, const char* what) {
  if (U_FAILURE(status))
    throw std::runtime_error(std::string("ICU ") + what + ": " + u_errorName(status));
}

const icu::Normalizer2& nfkc() {
  UErrorCode status = U_ZERO_ERROR;
  const icu::Normalizer2* n = icu::Normalizer2::getNFKCInstance(status);
  ok_or_throw(status, "NFKC");
  return *n;
}

const icu::Normalizer2& nfkc_casefold() {
  UErrorCode status = U_ZERO_ERROR;
  const icu::Normalizer2* n = icu::Normalizer2::getNFKCCasefoldInstance(status);
  ok_or_throw(status, "NFKC_Casefold");
  return *n;
}

// One checker for the process: once opened, computing skeletons with it is
// safe from any number of threads (uspoof.h).
const USpoofChecker& spoof_checker() {
  static const USpoofChecker* checker = [] {
    UErrorCode status = U_ZERO_ERROR;
    USpoofChecker* c = uspoof_open(&status);
    ok_or_throw(status, "uspoof_open");
    return c;
  }();
  return *checker;
}

icu::UnicodeString skeleton(const icu::UnicodeString& text) {
  UErrorCode status = U_ZERO_ERROR;
  icu::UnicodeString out;
  uspoof_getSkeletonUnicodeString(&spoof_checker(), 0, text, out, &status);
  ok_or_throw(status, "skeleton");
  return out;
}

std::string code_point(UChar32 c) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "U+%04X", static_cast<unsigned>(c));
  return buf;
}

// The class of a code point the rule refuses, or nullptr when it may be in
// a name.
const char* refused_class(UChar32 c) {
  switch (u_charType(c)) {
    case U_CONTROL_CHAR:
      return "a control character";
    case U_FORMAT_CHAR:
      return "an invisible format character (zero-width, bidi control, soft hyphen, ...)";
    case U_SPACE_SEPARATOR:
      return c == ' ' ? nullptr : "a space other than the ordinary space U+0020";
    case U_LINE_SEPARATOR:
    case U_PARAGRAPH_SEPARATOR:
      return "a line or paragraph separator";
    case U_UNASSIGNED:
      return "an unassigned code point or noncharacter";
    case U_PRIVATE_USE_CHAR:
      return "a private-use code point";
    case U_SURROGATE:
      return "a surrogate code point";
    default:
      break;
  }
  // Emoji presentation selectors follow many phone-typed emoji ("❤️").
  if (c == 0xFE0E || c == 0xFE0F) return nullptr;
  if (c == BRAILLE_BLANK || u_hasBinaryProperty(c, UCHAR_DEFAULT_IGNORABLE_CODE_POINT))
    return "an invisible character";
  return nullptr;
}

std::string refusal(UChar32 c, const char* why) {
  return "a name may not contain " + code_point(c) + ", " + why;
}

// Decodes `raw` into `out`, or says why it cannot be a name.
std::string read_checked(std::string_view raw, icu::UnicodeString& out) {
  const auto n = static_cast<int32_t>(raw.size());
  for (int32_t i = 0; i < n;) {
    UChar32 c = 0;
    U8_NEXT(raw.data(), i, n, c);
    if (c < 0) return "a name must be UTF-8 text";  // ill-formed, overlong or a surrogate
    if (const char* why = refused_class(c)) return refusal(c, why);
    out.append(c);
  }
  return {};
}

std::string check_each(const icu::UnicodeString& text) {
  for (int32_t i = 0; i < text.length(); i = text.moveIndex32(i, 1)) {
    const UChar32 c = text.char32At(i);
    if (const char* why = refused_class(c)) return refusal(c, why);
  }
  return {};
}

// Spaces at the ends removed, runs of spaces as one.
icu::UnicodeString collapse_spaces(const icu::UnicodeString& text) {
  icu::UnicodeString out;
  bool space = false;
  for (int32_t i = 0; i < text.length(); i = text.moveIndex32(i, 1)) {
    const UChar32 c = text.char32At(i);
    if (c == ' ') {
      space = !out.isEmpty();
      continue;
    }
    if (space) out.append(UChar32{' '});
    space = false;
    out.append(c);
  }
  return out;
}

std::string utf8(const icu::UnicodeString& text) {
  std::string out;
  text.toUTF8String(out);
  return out;
}

}  // namespace

CleanName clean_name(std::string_view raw) {
  const std::string too_long = "a name has " + std::to_string(MIN_NAME_CHARS) + " to " +
                               std::to_string(MAX_NAME_CHARS) +
                               " characters (code points after NFKC normalisation)";
  if (raw.size() > MAX_RAW_BYTES) return {{}, too_long};
  icu::UnicodeString text;
  if (auto problem = read_checked(raw, text); !problem.empty()) return {{}, problem};
  UErrorCode status = U_ZERO_ERROR;
  const icu::UnicodeString normal = nfkc().normalize(text, status);
  ok_or_throw(status, "NFKC");
  // NFKC of an allowed character is allowed today; checked again so that a
  // future Unicode cannot slip one in.
  if (auto problem = check_each(normal); !problem.empty()) return {{}, problem};
  const icu::UnicodeString name = collapse_spaces(normal);
  const auto chars = static_cast<std::size_t>(name.countChar32());
  if (chars < MIN_NAME_CHARS || chars > MAX_NAME_CHARS)
    return {{}, too_long + "; this one has " + std::to_string(chars)};
  std::string out = utf8(name);
  // Emoji selectors alone would be a name nobody can see.
  if (name_key(out).empty()) return {{}, "a name needs a visible character"};
  return {std::move(out), {}};
}

std::string name_key(std::string_view name) {
  if (name.size() > MAX_RAW_BYTES) name = name.substr(0, MAX_RAW_BYTES);
  icu::UnicodeString text;
  const auto n = static_cast<int32_t>(name.size());
  for (int32_t i = 0; i < n;) {
    UChar32 c = 0;
    U8_NEXT(name.data(), i, n, c);
    if (c < 0) return {};
    if (u_isUWhiteSpace(c) || c == BRAILLE_BLANK) {
      text.append(UChar32{' '});
    } else if (const auto type = u_charType(c); type != U_CONTROL_CHAR && type != U_FORMAT_CHAR) {
      text.append(c);
    }
  }
  UErrorCode status = U_ZERO_ERROR;
  const icu::UnicodeString normal = collapse_spaces(nfkc().normalize(text, status));
  ok_or_throw(status, "NFKC");
  // Skeleton, fold, skeleton: the first maps capital I to l before folding
  // would make it i; folding makes "ADA" "ada"; the second maps what folding
  // produced (σ, ...) to its prototype.
  const icu::UnicodeString folded = nfkc_casefold().normalize(skeleton(normal), status);
  ok_or_throw(status, "NFKC_Casefold");
  return utf8(skeleton(folded));
}

std::string name_key_version() {
  // 1: this file's recipe; the ICU loaded (not the one built against) pins
  // the confusables and case data.
  UVersionInfo version;
  u_getVersion(version);
  char text[U_MAX_VERSION_STRING_LENGTH];
  u_versionToString(version, text);
  return std::string("1 icu ") + text;
}

std::string folded_name(std::string_view name) {
  std::string out;
  bool space = false;
  for (char c : name) {
    if (c == ' ') {
      space = !out.empty();
      continue;
    }
    if (space) out += ' ';
    space = false;
    out += (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
  }
  return out;
}

}  // namespace ft::store
