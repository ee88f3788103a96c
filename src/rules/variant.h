// A variant is a value (architecture.md): one VariantSpec whose defaults are
// classic, and a registry in variants.cpp where each of the eleven variants of
// RULES.md A6 is a short statement of how it differs.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "rules/result.h"

namespace ft::rules {

inline constexpr int MIN_SIZE = 4;
inline constexpr int MAX_SIZE = 10;
// RULES.md A1: the sizes table settings offer first (width, height).
inline constexpr std::array<std::array<int, 2>, 6> SIZE_PRESETS = {
    {{5, 4}, {6, 5}, {7, 6}, {8, 7}, {9, 7}, {10, 8}}};
inline constexpr int MIN_BLOCKS = 2;  // RULES.md A8
inline constexpr int MAX_BLOCKS = 8;
inline constexpr int MIN_OPENING_PLIES = 2;  // RULES.md A9
inline constexpr int MAX_OPENING_PLIES = 6;

enum class Format : std::uint8_t {
  match,        // RULES.md A3: two games (three for three players), colours swapped
  single_game,  // one game, unrated
};

struct VariantSpec {
  std::string key = "classic";
  int width = 7;
  int height = 6;
  int line = 4;     // discs in a row that make a line
  int colours = 2;  // 2, or 3 for three players
  // Players at the table: 2, 3, or 4 for two vs two. With 4 seats the turn
  // order is Red 1, Yellow 1, Red 2, Yellow 2 (RULES.md A11): the seat to
  // move is ply % 4 and its colour ply % 2. The rules see only the colours;
  // mapping seats to players is the match's job.
  int seats = 2;
  bool cylinder = false;         // RULES.md A6 cylinder: the board wraps left-right
  bool popout = false;           // RULES.md A7
  bool misere = false;           // RULES.md A6 misère: the line maker loses
  bool prefilled_outer = false;  // RULES.md A6 five in a row: outer columns start full
  int blocks = 0;                // RULES.md A8: neutral blocks drawn before the match
  int opening_plies = 0;         // RULES.md A9: plies of a drawn opening
  Format format = Format::match;

  // Games in a match: RULES.md A3 (two), A10 (three for three players).
  int games_per_match() const;
  bool rated_by_default() const { return format == Format::match; }
  int cells() const { return width * height; }
};

// The keys of RULES.md A6, in the order of that table.
std::span<const std::string_view> variant_keys();

// The variant with its default board and settings.
Result<VariantSpec> find_variant(std::string_view key);

// What a table of this variant may set besides its size (RULES.md A7: PopOut
// with five in a row; A8 the block count; A9 the opening's length). The web
// client's create form offers exactly these (`fourtable variants`).
struct VariantChoices {
  bool popout = false;
  bool blocks = false;
  bool opening_plies = false;
};
VariantChoices variant_choices(std::string_view key);

// Table settings on top of a variant (RULES.md A1 sizes, A7 PopOut with five,
// A8 block count, A9 opening length). Values of 0 / -1 keep the default.
struct VariantOptions {
  int width = 0;
  int height = 0;
  int popout = -1;  // -1: as the variant says; 0 or 1: asked for
  int blocks = -1;
  int opening_plies = -1;
};

// Applies options and checks that the combination is one the rules define.
Result<VariantSpec> make_variant(std::string_view key, const VariantOptions& options);

// Checks sizes and combinations of an already-built spec.
Result<bool> validate(const VariantSpec& spec);

}  // namespace ft::rules
