// `fourtable perft`: move-sequence and position counts per ply (rules/perft.h,
// rules/twicefour_perft.h). The output is the format of the data files in
// tests/rules/data/, so a file is made with `fourtable perft ... > file`.
#include <charconv>
#include <iostream>
#include <string>

#include "app/command.h"
#include "rules/game_kind.h"
#include "rules/perft.h"
#include "rules/setup_draw.h"
#include "rules/twicefour_perft.h"

namespace ft::app {
namespace {

bool parse_int(const std::string& text, long long lo, long long hi, long long& out) {
  const char* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, out);
  return ec == std::errc() && ptr == end && out >= lo && out <= hi;
}

int usage_error(const std::string& message) {
  std::cerr << "fourtable perft: " << message << " (see --help)\n";
  return 2;
}

int run_perft(std::span<const std::string> args) {
  if (has_flag(args, "help")) {
    std::cout << "usage: fourtable perft --variant K [--width W --height H] [--popout]\n"
                 "                      [--seed S] --depth N\n\n"
                 "Prints, for each ply 0..N from the start, the number of move sequences and\n"
                 "of distinct positions reached after exactly that many plies. A position\n"
                 "where the game ended counts and is not expanded. K is a variant key\n"
                 "(classic, popout, ...) or twicefour. --seed picks the obstacles layout or\n"
                 "the drawn opening (default 0). --popout adds pops to five in a row.\n"
                 "The threefold-repetition draw is not applied (positions, not histories;\n"
                 "it cannot occur before ply 9).\n";
    return 0;
  }
  std::string key, text;
  if (!option_value(args, "variant", key)) return usage_error("--variant is required");
  long long depth = 0, width = 0, height = 0, seed = 0;
  if (!option_value(args, "depth", text)) return usage_error("--depth is required");
  if (!parse_int(text, 0, 40, depth)) return usage_error("--depth must be 0..40");
  if (option_value(args, "width", text) && !parse_int(text, 1, 100, width))
    return usage_error("--width must be a number");
  if (option_value(args, "height", text) && !parse_int(text, 1, 100, height))
    return usage_error("--height must be a number");
  if (option_value(args, "seed", text) && !parse_int(text, 0, (1LL << 62), seed))
    return usage_error("--seed must be a number >= 0");

  if (rules::game_kind_of_variant(key) == rules::GameKind::twicefour) {
    std::cout << "# perft game=twicefour\n# ply sequences positions\n";
    for (const auto& r :
         rules::twicefour_perft(rules::TwiceFourGame::start(), static_cast<int>(depth)))
      std::cout << r.depth << ' ' << r.sequences << ' ' << r.positions << '\n';
    return 0;
  }

  rules::VariantOptions options;
  options.width = static_cast<int>(width);
  options.height = static_cast<int>(height);
  if (has_flag(args, "popout")) options.popout = 1;
  auto spec = rules::make_variant(key, options);
  if (!spec) {
    std::cerr << "fourtable perft: " << spec.error().message << "\n";
    return 1;
  }
  auto game =
      rules::FourGame::create(*spec, rules::draw_setup(*spec, static_cast<std::uint64_t>(seed)));
  if (!game) {
    std::cerr << "fourtable perft: " << game.error().message << "\n";
    return 1;
  }
  std::cout << "# perft variant=" << spec->key << " width=" << spec->width
            << " height=" << spec->height << " popout=" << (spec->popout ? 1 : 0)
            << " seed=" << seed << "\n# ply sequences positions\n";
  for (const auto& r : rules::perft(*game, static_cast<int>(depth)))
    std::cout << r.ply << ' ' << r.sequences << ' ' << r.positions << '\n' << std::flush;
  return 0;
}

const RegisterCommand REGISTER{"perft", "count move sequences and positions per ply", run_perft};

}  // namespace
}  // namespace ft::app
