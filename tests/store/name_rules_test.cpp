// The name rule and the look-alike key (store/names.h), code point by code
// point: every class the rule refuses, NFKC, the length, and which names
// share a key.
#include <gtest/gtest.h>

#include <string>

#include "common/text.h"
#include "store/names.h"

namespace ft::store {
namespace {

// The UTF-8 of one code point, so that each case names the code point.
std::string cp(char32_t c) {
  return utf8_of(c);
}

// The problem clean_name finds in `raw` ("" when none).
std::string problem(const std::string& raw) {
  return clean_name(raw).problem;
}

// Expects "Ada" + `c` + "Lovelace" refused with a message naming the code
// point and `words`.
void expect_refused(char32_t c, const std::string& code_point, const std::string& words) {
  const CleanName r = clean_name("Ada" + cp(c) + "Lovelace");
  EXPECT_EQ(r.name, "") << code_point;
  EXPECT_NE(r.problem.find("may not contain " + code_point), std::string::npos) << r.problem;
  EXPECT_NE(r.problem.find(words), std::string::npos) << r.problem;
}

TEST(NameRule, PlainNamesPassTrimmedWithSingleSpaces) {
  EXPECT_EQ(clean_name("Ada Lovelace").name, "Ada Lovelace");
  EXPECT_EQ(clean_name("Ada Lovelace").problem, "");
  EXPECT_EQ(clean_name("   Ada    Lovelace  ").name, "Ada Lovelace");
  const std::string mixed = "Zo" + cp(0xEB) + " " + cp(0x674E) + " " + cp(0x3A9) + "mega " +
                            cp(0x1F98A);  // Zoë 李 Ωmega and a fox
  EXPECT_EQ(clean_name(mixed).name, mixed);
  const std::string heart = cp(0x2764) + cp(0xFE0F) + " Ada";  // an emoji with its selector
  EXPECT_EQ(clean_name(heart).name, heart);
}

TEST(NameRule, ControlCharactersAreRefusedC1Included) {
  expect_refused(0x0085, "U+0085", "control character");  // NEL, C1
  expect_refused(0x009B, "U+009B", "control character");  // CSI, C1
  expect_refused(0x0001, "U+0001", "control character");
  expect_refused(0x0009, "U+0009", "control character");  // tab
  expect_refused(0x000A, "U+000A", "control character");  // line feed
  expect_refused(0x007F, "U+007F", "control character");
}

TEST(NameRule, FormatCharactersAreRefused) {
  expect_refused(0x200B, "U+200B", "format character");  // zero-width space
  expect_refused(0x200D, "U+200D", "format character");  // zero-width joiner
  expect_refused(0x202E, "U+202E", "format character");  // right-to-left override
  expect_refused(0x2066, "U+2066", "format character");  // left-to-right isolate
  expect_refused(0x00AD, "U+00AD", "format character");  // soft hyphen
  expect_refused(0xFEFF, "U+FEFF", "format character");  // byte order mark
  EXPECT_NE(problem(cp(0x202E) + "ecalevoL adA").find("U+202E"), std::string::npos);
}

TEST(NameRule, SpacesOtherThanTheAsciiSpaceAreRefused) {
  expect_refused(0x00A0, "U+00A0", "space other than");  // no-break space
  expect_refused(0x3000, "U+3000", "space other than");  // ideographic space
  expect_refused(0x2003, "U+2003", "space other than");  // em space
  expect_refused(0x202F, "U+202F", "space other than");  // narrow no-break space
  expect_refused(0x2028, "U+2028", "line or paragraph separator");
  expect_refused(0x2029, "U+2029", "line or paragraph separator");
}

TEST(NameRule, UnassignedPrivateUseAndInvisibleCodePointsAreRefused) {
  expect_refused(0x0378, "U+0378", "unassigned");     // unassigned in the Greek block
  expect_refused(0xFFFF, "U+FFFF", "noncharacter");   // a noncharacter
  expect_refused(0xE000, "U+E000", "private-use");    // private use
  expect_refused(0xF0000, "U+F0000", "private-use");  // plane 15
  expect_refused(0x3164, "U+3164", "invisible");      // Hangul filler
  expect_refused(0x2800, "U+2800", "invisible");      // braille blank
  expect_refused(0x034F, "U+034F", "invisible");      // combining grapheme joiner
  EXPECT_EQ(problem(cp(0xFE0F)), "a name needs a visible character");
}

TEST(NameRule, TextThatIsNotUtf8IsRefused) {
  // A stray byte, an overlong '/', an encoded surrogate (U+D800), a cut
  // sequence, a code point above U+10FFFF.
  for (const std::string bad :
       {"Ada\xff", "Ada\xc0\xaf", "\xed\xa0\x80", "Ada\xe2\x80", "\xf4\x90\x80\x80"}) {
    EXPECT_EQ(problem(bad), "a name must be UTF-8 text") << bad;
  }
}

TEST(NameRule, NamesAreNormalisedToNfkc) {
  EXPECT_EQ(clean_name(cp(0xFF21) + "da").name, "Ada");                     // fullwidth A
  EXPECT_EQ(clean_name(cp(0xFF21) + cp(0xFF44) + cp(0xFF41)).name, "Ada");  // Ａｄａ
  EXPECT_EQ(clean_name("A" + cp(0x0301) + "da").name, cp(0xC1) + "da");     // A + acute: Á
  EXPECT_EQ(clean_name(cp(0xFB01) + "sh").name, "fish");                    // the ligature ﬁ
  // A Cyrillic look-alike is a letter like any other: the rule passes it,
  // the key (below) makes it the same name as the Latin one.
  const std::string cyrillic = cp(0x0410) + "d" + cp(0x0430);
  EXPECT_EQ(clean_name(cyrillic).name, cyrillic);
}

TEST(NameRule, LengthIsOneToTwentyFourCodePointsAfterNfkc) {
  EXPECT_EQ(clean_name(std::string(24, 'a')).name, std::string(24, 'a'));
  EXPECT_NE(problem(std::string(25, 'a')).find("this one has 25"), std::string::npos);
  EXPECT_NE(problem("").find("1 to 24"), std::string::npos);
  EXPECT_NE(problem("     ").find("this one has 0"), std::string::npos);
  std::string cjk;
  for (int i = 0; i < 24; ++i) cjk += cp(0x674E);  // 72 bytes, 24 code points
  EXPECT_EQ(clean_name(cjk).name, cjk);
  // U+FDFA is one code point that NFKC makes eighteen: two are 36.
  EXPECT_NE(problem(cp(0xFDFA) + cp(0xFDFA)).find("this one has 36"), std::string::npos);
  EXPECT_NE(problem(std::string(5000, 'a')).find("1 to 24"), std::string::npos);
}

TEST(NameKey, LookAlikesOfANameShareItsKey) {
  const std::string ada = name_key("Ada Lovelace");
  ASSERT_FALSE(ada.empty());
  for (const std::string& like : {
           std::string("ada lovelace"), std::string("ADA LOVELACE"),
           std::string("  Ada   Lovelace "),
           cp(0x0410) + "d" + cp(0x0430) + " Lovelace",  // Cyrillic А and а
           cp(0xFF21) + "da Lovelace",                   // fullwidth A
           "Ada" + cp(0x00A0) + "Lovelace",              // no-break space
           "Ada" + cp(0x3000) + "Lovelace",              // ideographic space
           "Ada " + cp(0x200B) + "Lovelace",             // zero-width space
           "Ada Love" + cp(0x00AD) + "lace",             // soft hyphen
           "Ada " + cp(0x202E) + "Lovelace",             // right-to-left override
           "Ada" + cp(0x0085) + "Lovelace",              // NEL
           "Ada" + cp(0x2028) + "Lovelace",              // line separator
           std::string("Ada Iovelace"),                  // capital I for l
           "Ada L" + cp(0x03BF) + "velace",              // Greek omicron
       }) {
    EXPECT_EQ(name_key(like), ada) << like;
  }
}

TEST(NameKey, DifferentNamesHaveDifferentKeys) {
  EXPECT_NE(name_key("Ada"), name_key("Adam"));
  EXPECT_NE(name_key("Ada Lovelace"), name_key("AdaLovelace"));
  EXPECT_NE(name_key("Ann"), name_key("Anne"));
  EXPECT_NE(name_key("Bob"), name_key("Rob"));
  EXPECT_NE(name_key("Quiet Otter 42"), name_key("Quiet Otter 43"));
}

TEST(NameKey, TextWithoutAVisibleCharacterOrNotUtf8HasNoKey) {
  EXPECT_EQ(name_key(""), "");
  EXPECT_EQ(name_key(" " + cp(0x200B) + " "), "");
  EXPECT_EQ(name_key("Ada\xff"), "");
  EXPECT_FALSE(name_key_version().empty());
}

}  // namespace
}  // namespace ft::store
