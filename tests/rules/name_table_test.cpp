// common/name_table.h: the one table of an enum's names, read both ways, and
// GameKind's text (rules/game_kind.h), its first user.
#include <gtest/gtest.h>

#include "common/name_table.h"
#include "rules/game_kind.h"
#include "rules/outcome.h"
#include "rules/result.h"

namespace ft {
namespace {

enum class Colour : std::uint8_t { red, yellow, green };
constexpr auto COLOUR_NAMES = name_table<Colour>(
    {{Colour::red, "red"}, {Colour::yellow, "yellow"}, {Colour::green, "green"}});

TEST(NameTable, ReadsBothWays) {
  static_assert(COLOUR_NAMES.size() == 3);
  static_assert(COLOUR_NAMES.text(Colour::yellow) == "yellow");
  static_assert(COLOUR_NAMES.value("green") == Colour::green);
  for (const EnumName<Colour>& n : COLOUR_NAMES.entries()) {
    EXPECT_EQ(COLOUR_NAMES.value(COLOUR_NAMES.text(n.value)), n.value) << n.text;
  }
}

TEST(NameTable, UnknownTextAndValue) {
  EXPECT_EQ(COLOUR_NAMES.value("blue"), std::nullopt);
  EXPECT_EQ(COLOUR_NAMES.value(""), std::nullopt);
  EXPECT_EQ(COLOUR_NAMES.value("Red"), std::nullopt);  // names are exact
  // A value cast from a number the enum does not name.
  EXPECT_EQ(COLOUR_NAMES.text(static_cast<Colour>(7)), "");
  EXPECT_EQ(COLOUR_NAMES.text(static_cast<Colour>(7), "?"), "?");
}

TEST(GameKind, TextRoundTripAndVariantKeys) {
  using rules::GameKind;
  EXPECT_EQ(rules::to_text(GameKind::four), "four");
  EXPECT_EQ(rules::to_text(GameKind::twicefour), "twicefour");
  EXPECT_EQ(rules::game_kind_from_text("four"), GameKind::four);
  EXPECT_EQ(rules::game_kind_from_text("twicefour"), GameKind::twicefour);
  EXPECT_EQ(rules::game_kind_from_text("twiceFour"), std::nullopt);
  EXPECT_EQ(rules::game_kind_from_text("classic"), std::nullopt);
  // twiceFour's one variant key is the game's name; every other key is a
  // four-in-a-row variant.
  EXPECT_EQ(rules::game_kind_of_variant("twicefour"), GameKind::twicefour);
  EXPECT_EQ(rules::game_kind_of_variant("classic"), GameKind::four);
  EXPECT_EQ(rules::game_kind_of_variant("popout"), GameKind::four);
}

// The tables that replaced the switches keep the texts the protocol and the
// store use.
TEST(NameTable, RulesNamesAsBefore) {
  EXPECT_EQ(rules::status_name(rules::Status::draw), "draw");
  EXPECT_EQ(rules::reason_name(rules::Reason::none), "");
  EXPECT_EQ(rules::reason_name(rules::Reason::move_limit), "move-limit");
  EXPECT_EQ(rules::reason_name(rules::Reason::no_moves), "no-moves");
  EXPECT_STREQ(error_code_name(ErrorCode::pop_not_allowed), "pop_not_allowed");
  EXPECT_STREQ(error_code_name(static_cast<ErrorCode>(99)), "unknown");
}

}  // namespace
}  // namespace ft
