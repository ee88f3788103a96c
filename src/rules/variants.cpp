// The registry of RULES.md A6: every variant is classic plus what its row says.
#include <array>

#include "rules/variant.h"

namespace ft::rules {
namespace {

constexpr std::array<std::string_view, 11> KEYS = {
    "classic",  "single",    "five",          "popout",        "small",      "misere",
    "cylinder", "obstacles", "drawn-opening", "three-players", "two-vs-two",
};

VariantSpec define(std::string_view key) {
  VariantSpec v;  // classic: 7x6, four in a row, match of two games
  v.key = std::string(key);
  if (key == "single") {
    v.format = Format::single_game;
  } else if (key == "five") {
    v.width = 9;
    v.line = 5;
    v.prefilled_outer = true;
  } else if (key == "popout") {
    v.popout = true;
  } else if (key == "small") {
    v.width = 6;
    v.height = 5;
  } else if (key == "misere") {
    v.misere = true;
  } else if (key == "cylinder") {
    v.cylinder = true;
  } else if (key == "obstacles") {
    v.blocks = 4;
  } else if (key == "drawn-opening") {
    v.opening_plies = 2;
  } else if (key == "three-players") {
    v.width = 9;
    v.height = 7;
    v.colours = 3;
    v.seats = 3;
  } else if (key == "two-vs-two") {
    v.width = 8;
    v.height = 7;
    v.seats = 4;
  }
  return v;
}

}  // namespace

int VariantSpec::games_per_match() const {
  if (format == Format::single_game) return 1;
  return colours == 3 ? 3 : 2;
}

std::span<const std::string_view> variant_keys() {
  return KEYS;
}

VariantChoices variant_choices(std::string_view key) {
  VariantChoices c;
  c.popout = key == "five";
  c.blocks = key == "obstacles";
  c.opening_plies = key == "drawn-opening";
  return c;
}

Result<VariantSpec> find_variant(std::string_view key) {
  for (auto k : KEYS) {
    if (k == key) return define(k);
  }
  return make_error(ErrorCode::unknown_variant, "unknown variant '" + std::string(key) + "'");
}

Result<bool> validate(const VariantSpec& v) {
  auto size_error = [](const char* what, int n) {
    return make_error(ErrorCode::bad_size, std::string(what) + " " + std::to_string(n) +
                                               " is out of range (" + std::to_string(MIN_SIZE) +
                                               ".." + std::to_string(MAX_SIZE) + ")");
  };
  if (v.width < MIN_SIZE || v.width > MAX_SIZE) return size_error("width", v.width);
  if (v.height < MIN_SIZE || v.height > MAX_SIZE) return size_error("height", v.height);
  if (v.line < 3 || v.line > 6) return make_error(ErrorCode::bad_input, "line length out of range");
  if (v.colours != 2 && v.colours != 3)
    return make_error(ErrorCode::bad_input, "colours must be 2 or 3");
  if (v.seats < v.colours || v.seats > 4) return make_error(ErrorCode::bad_input, "bad seat count");
  if (v.cylinder && v.width < v.line)
    return make_error(ErrorCode::bad_size, "a cylinder must be at least as wide as a line");
  if (v.prefilled_outer && v.width < 3)
    return make_error(ErrorCode::bad_size, "five in a row needs room between its outer columns");
  if ((v.blocks != 0 || variant_choices(v.key).blocks) &&
      (v.blocks < MIN_BLOCKS || v.blocks > MAX_BLOCKS))
    return make_error(ErrorCode::bad_setup, "block count must be " + std::to_string(MIN_BLOCKS) +
                                                ".." + std::to_string(MAX_BLOCKS) +
                                                " (RULES.md A8)");
  if (v.blocks % 2 == 1 && v.width % 2 == 0)
    return make_error(ErrorCode::bad_setup,
                      "an odd block count needs an odd width: the odd block goes in the middle "
                      "column (RULES.md A8)");
  if ((v.opening_plies != 0 || variant_choices(v.key).opening_plies) &&
      (v.opening_plies < MIN_OPENING_PLIES || v.opening_plies > MAX_OPENING_PLIES))
    return make_error(ErrorCode::bad_setup,
                      "opening length must be " + std::to_string(MIN_OPENING_PLIES) + ".." +
                          std::to_string(MAX_OPENING_PLIES) + " plies (RULES.md A9)");
  return true;
}

Result<VariantSpec> make_variant(std::string_view key, const VariantOptions& o) {
  auto found = find_variant(key);
  if (!found) return found.error();
  VariantSpec v = found.value();
  if (o.width != 0) v.width = o.width;
  if (o.height != 0) v.height = o.height;
  if (o.popout == 0 && v.popout)
    return make_error(ErrorCode::bad_input, "variant popout always allows pops");
  if (o.popout == 1 && !v.popout) {
    // RULES.md A7: PopOut also works with five in a row, and with nothing else.
    if (!variant_choices(v.key).popout)
      return make_error(ErrorCode::bad_input,
                        "popout combines only with five in a row (RULES.md A7)");
    v.popout = true;
  }
  if (o.blocks >= 0) {
    if (!variant_choices(v.key).blocks && o.blocks != 0)
      return make_error(ErrorCode::bad_setup, "blocks belong to the obstacles variant");
    v.blocks = o.blocks;
  }
  if (o.opening_plies >= 0) {
    if (!variant_choices(v.key).opening_plies && o.opening_plies != 0)
      return make_error(ErrorCode::bad_setup, "an opening belongs to the drawn-opening variant");
    v.opening_plies = o.opening_plies;
  }
  auto ok = validate(v);
  if (!ok) return ok.error();
  return v;
}

}  // namespace ft::rules
