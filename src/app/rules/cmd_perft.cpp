// `fourtable perft`: move-sequence and position counts per ply (rules/perft.h,
// rules/twicefour_perft.h). The output is the format of the data files in
// tests/rules/data/, so a file is made with `fourtable perft ... > file`.
#include <iostream>
#include <string>

#include "app/command.h"
#include "app/options.h"
#include "rules/game_kind.h"
#include "rules/perft.h"
#include "rules/setup_draw.h"
#include "rules/twicefour_perft.h"

namespace ft::app {
namespace {

constexpr const char* USAGE =
    R"(usage: fourtable perft --variant K [--width W --height H] [--popout]
                      [--seed S] --depth N

Prints, for each ply 0..N from the start, the number of move sequences and
of distinct positions reached after exactly that many plies. A position
where the game ended counts and is not expanded. K is a variant key
(classic, popout, ...) or twicefour. --seed picks the obstacles layout or
the drawn opening (default 0). --popout adds pops to five in a row.
The threefold-repetition draw is not applied (positions, not histories;
it cannot occur before ply 9).
)";

int run_perft(std::span<const std::string> args) {
  Options opt("perft", args);
  const std::string key = opt.required_text("variant");
  const long long depth = opt.required_number("depth", 0, 40);
  // Sizes the rules refuse (above 10, say) are the variant's error, exit 1.
  const long long width = opt.number("width", 0, 1, 100);
  const long long height = opt.number("height", 0, 1, 100);
  const long long seed = opt.number("seed", 0, 0, 1LL << 62);
  if (!opt.ok()) return opt.usage_error();

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
  if (opt.flag("popout")) options.popout = 1;
  auto spec = rules::make_variant(key, options);
  if (!spec) return opt.report(spec.error().message, 1);
  auto game =
      rules::FourGame::create(*spec, rules::draw_setup(*spec, static_cast<std::uint64_t>(seed)));
  if (!game) return opt.report(game.error().message, 1);
  std::cout << "# perft variant=" << spec->key << " width=" << spec->width
            << " height=" << spec->height << " popout=" << (spec->popout ? 1 : 0)
            << " seed=" << seed << "\n# ply sequences positions\n";
  for (const auto& r : rules::perft(*game, static_cast<int>(depth)))
    std::cout << r.ply << ' ' << r.sequences << ' ' << r.positions << '\n' << std::flush;
  return 0;
}

const RegisterCommand REGISTER{"perft", "count move sequences and positions per ply", run_perft,
                               USAGE};

}  // namespace
}  // namespace ft::app
