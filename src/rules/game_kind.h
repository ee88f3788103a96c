// The two games of the site: four in a row with its variants (RULES.md part
// A) and twiceFour (part B). Everything that branches on the game asks for a
// GameKind; the text form ("four", "twicefour") is the protocol's and the
// store's word for it and is read and written only through these functions.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "common/name_table.h"

namespace ft::rules {

enum class GameKind : std::uint8_t { four, twicefour };

inline constexpr auto GAME_KIND_NAMES =
    name_table<GameKind>({{GameKind::four, "four"}, {GameKind::twicefour, "twicefour"}});

constexpr std::string_view to_text(GameKind kind) {
  return GAME_KIND_NAMES.text(kind);
}
constexpr std::optional<GameKind> game_kind_from_text(std::string_view text) {
  return GAME_KIND_NAMES.value(text);
}

// twiceFour has one variant, whose key is the game's own name; a match, a
// table and a stored game name their rules by variant key alone, and every
// other key is a four-in-a-row variant (rules/variants.cpp).
inline constexpr std::string_view TWICEFOUR_VARIANT = "twicefour";
constexpr GameKind game_kind_of_variant(std::string_view variant) {
  return variant == TWICEFOUR_VARIANT ? GameKind::twicefour : GameKind::four;
}

}  // namespace ft::rules
