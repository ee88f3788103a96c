// `fourtable bench levels`: the level ladder (see
// engine/level_ladder.h) for any game the engine plays through choose_move.
#include <cstdio>
#include <iostream>
#include <string>

#include "app/engine/bench_command.h"
#include "engine/computer.h"
#include "engine/level_ladder.h"
#include "engine/twicefour/opening.h"
#include "rules/four_game.h"
#include "rules/setup_draw.h"
#include "rules/twicefour_game.h"

namespace ft::app {
namespace {

constexpr const char* USAGE =
    "usage: fourtable bench levels --game four|twicefour [--variant K] --matches N\n"
    "         --level-from A --level-to B [--seed S] [--budget-ms M] [--opening-plies P]\n"
    "         [--threads T] [--width W --height H] [--progress]\n"
    "         [--level-settings L:name=value,...]\n\n"
    "Adjacent levels A..B play N matches each through the computer facade. Two sides:\n"
    "two games per match from the same random opening of P plies, sides swapped. Three\n"
    "players: three games, the higher level in each seat once against two copies of\n"
    "the lower. Prints the higher level's pairwise score per pair and the move times.\n"
    "Defaults: --variant classic, --seed 1, --budget-ms 50, --opening-plies 4 (0 for\n"
    "twicefour: its start, RULES.md B2), --threads 1.\n"
    "--level-settings (four in a row; for experiments) plays level L with its settings\n"
    "changed (once per level): depth, nodes, eval (simple|threats|full), noise, blunders\n"
    "(per mille), oversights (per mille), exact-nodes, exact-empty, solver (0|1), playouts,\n"
    "explore (per mille); e.g. 6:depth=3,nodes=1000000,blunders=100.\n";

bool parse_int(const std::string& text, long long lo, long long hi, long long& out) {
  try {
    std::size_t used = 0;
    const long long v = std::stoll(text, &used);
    if (used != text.size() || v < lo || v > hi) return false;
    out = v;
    return true;
  } catch (...) {
    return false;
  }
}

int run_levels(std::span<const std::string> args) {
  if (has_flag(args, "help")) {
    std::cout << USAGE;
    return 0;
  }
  std::string game = "four", variant = "classic", text;
  option_value(args, "game", game);
  option_value(args, "variant", variant);
  engine::LadderConfig cfg;
  cfg.opening_plies = game == "twicefour" ? 0 : 4;
  long long width = 0, height = 0;
  struct IntOption {
    const char* name;
    long long lo, hi;
    bool required;
    long long value;
  };
  IntOption opts[] = {
      {"matches", 1, 100000, true, 0},
      {"level-from", 1, engine::MAX_LEVEL, true, 0},
      {"level-to", 1, engine::MAX_LEVEL, true, 0},
      {"seed", 0, INT64_MAX, false, 1},
      {"budget-ms", 1, 600000, false, 50},
      {"opening-plies", 0, 40, false, cfg.opening_plies},
      {"threads", 1, 64, false, 1},
      {"width", 0, rules::MAX_SIZE, false, 0},
      {"height", 0, rules::MAX_SIZE, false, 0},
  };
  for (IntOption& o : opts) {
    if (!option_value(args, o.name, text)) {
      if (o.required) {
        std::cerr << "fourtable bench levels: --" << o.name << " is required\n" << USAGE;
        return 2;
      }
      continue;
    }
    if (!parse_int(text, o.lo, o.hi, o.value)) {
      std::cerr << "fourtable bench levels: --" << o.name << " must be a whole number in " << o.lo
                << ".." << o.hi << ", not '" << text << "'\n";
      return 2;
    }
  }
  cfg.matches = static_cast<int>(opts[0].value);
  cfg.level_from = static_cast<int>(opts[1].value);
  cfg.level_to = static_cast<int>(opts[2].value);
  cfg.seed = static_cast<std::uint64_t>(opts[3].value);
  cfg.budget = std::chrono::milliseconds(opts[4].value);
  cfg.opening_plies = static_cast<int>(opts[5].value);
  cfg.threads = static_cast<int>(opts[6].value);
  width = opts[7].value;
  height = opts[8].value;
  if (cfg.level_to <= cfg.level_from) {
    std::cerr << "fourtable bench levels: --level-to must be above --level-from\n";
    return 2;
  }

  if (game == "four") {
    rules::VariantOptions vo;
    vo.width = static_cast<int>(width);
    vo.height = static_cast<int>(height);
    auto spec = rules::make_variant(variant, vo);
    if (!spec) {
      std::cerr << "fourtable bench levels: " << spec.error().message << "\n";
      return 2;
    }
    const rules::VariantSpec s = *spec;
    for (const std::string& change : option_values(args, "level-settings")) {
      const std::size_t colon = change.find(':');
      long long level = 0;
      std::string error;
      if (colon == std::string::npos ||
          !parse_int(change.substr(0, colon), engine::MIN_LEVEL, engine::MAX_LEVEL, level)) {
        std::cerr << "fourtable bench levels: --level-settings must start with a level 1.."
                  << engine::MAX_LEVEL << " and ':', not '" << change << "'\n";
        return 2;
      }
      engine::LevelSettings ls = engine::level_settings(static_cast<int>(level), s.colours);
      if (!engine::apply_level_settings(std::string_view(change).substr(colon + 1), ls, error)) {
        std::cerr << "fourtable bench levels: --level-settings: " << error << "\n";
        return 2;
      }
      cfg.settings[static_cast<int>(level)] = ls;
    }
    cfg.new_game = [s](std::uint64_t seed) -> std::unique_ptr<rules::GameState> {
      auto g = rules::FourGame::create(s, rules::draw_setup(s, seed));
      if (!g) return nullptr;
      return std::make_unique<rules::FourGame>(std::move(g).value());
    };
  } else if (game == "twicefour") {
    if (option_value(args, "level-settings", text)) {
      std::cerr << "fourtable bench levels: --level-settings is for four in a row only\n";
      return 2;
    }
    // By default the rounds start from the start of RULES.md B2 (no forced
    // win for either side early; the levels' seeded noise varies the games).
    // P > 0 plays a balanced opening instead: P random moves that leave a
    // round no eight-half-move search can decide (engine/twicefour/opening.h).
    const int plies = cfg.opening_plies;
    cfg.opening_plies = 0;
    cfg.new_game = [plies](std::uint64_t seed) -> std::unique_ptr<rules::GameState> {
      return std::make_unique<rules::TwiceFourGame>(
          engine::twicefour::balanced_opening(seed, plies));
    };
    variant = plies == 0 ? std::string("twicefour (from the start)")
                         : "twicefour (balanced opening of " + std::to_string(plies) + " plies)";
  } else {
    std::cerr << "fourtable bench levels: unknown game '" << game << "' (four or twicefour)\n";
    return 2;
  }

  std::printf(
      "bench levels: game %s, variant %s, %d matches per pair, levels %d..%d, budget %lld ms,\n"
      "  opening %d random plies, seed %llu, threads %d\n",
      game.c_str(), variant.c_str(), cfg.matches, cfg.level_from, cfg.level_to,
      static_cast<long long>(cfg.budget.count()), cfg.opening_plies,
      static_cast<unsigned long long>(cfg.seed), cfg.threads);
  for (const auto& [level, ls] : cfg.settings) {
    std::printf(
        "  level %d plays with changed settings: depth %d, nodes %llu, eval %s, noise %d, "
        "blunders %d, oversights %d, exact end game %llu nodes from %d empty cells, solver %d, "
        "playouts %llu (explore %d/1000)\n",
        level, ls.max_depth, static_cast<unsigned long long>(ls.max_nodes),
        engine::eval_kind_name(ls.eval), ls.noise, ls.blunder_permille, ls.oversight_permille,
        static_cast<unsigned long long>(ls.exact_nodes), ls.exact_empty, ls.use_solver ? 1 : 0,
        static_cast<unsigned long long>(ls.playouts), ls.explore_permille);
  }
  std::fflush(stdout);
  auto print_pair = [](const engine::PairResult& p) {
    char wdl[32], mwdl[32];
    std::snprintf(wdl, sizeof wdl, "%d-%d-%d", p.upper_wins, p.draws, p.upper_losses);
    if (p.match_wins + p.match_draws + p.match_losses > 0)
      std::snprintf(mwdl, sizeof mwdl, "%d-%d-%d", p.match_wins, p.match_draws, p.match_losses);
    else
      std::snprintf(mwdl, sizeof mwdl, "-");
    char pair[16];
    std::snprintf(pair, sizeof pair, "%d v %d", p.upper, p.lower);
    std::printf("%-8s %7d %6d %16s %11.1f%% %16s\n", pair, p.matches, p.games, wdl, 100 * p.score(),
                mwdl);
  };
  const bool progress = has_flag(args, "progress");
  auto print_header = [] {
    std::printf("\n%-8s %7s %6s %16s %12s %16s\n", "pair", "matches", "games", "higher W-D-L",
                "higher score", "matches W-D-L");
  };
  if (progress) {
    std::printf("\n(progress: pairs as they finish)");
    print_header();
    std::fflush(stdout);
  }
  const engine::LadderResult r = engine::run_ladder(cfg, [&](const engine::PairResult& p) {
    if (!progress) return;
    print_pair(p);
    std::fflush(stdout);
  });
  if (!r.error.empty()) {
    std::cerr << "fourtable bench levels: " << r.error << "\n";
    return 1;
  }
  print_header();
  for (const auto& p : r.pairs) print_pair(p);
  std::printf("\n%-6s %8s %10s %10s\n", "level", "moves", "median ms", "max ms");
  for (const auto& [level, t] : r.times) {
    std::printf("%-6d %8zu %10.2f %10.2f\n", level, t.ms.size(), t.median(), t.max());
  }
  return 0;
}

const RegisterBench REGISTER{"levels", "level ladder: adjacent levels play matches", run_levels};

}  // namespace
}  // namespace ft::app
