// `fourtable bench levels`: the level ladder (see
// engine/level_ladder.h) for any game the engine plays through choose_move.
#include <chrono>
#include <cstdio>
#include <iostream>
#include <optional>
#include <string>
#include <string_view>

#include "app/engine/bench_command.h"
#include "app/options.h"
#include "engine/computer.h"
#include "engine/level_ladder.h"
#include "engine/twicefour/opening.h"
#include "rules/four_game.h"
#include "rules/game_kind.h"
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

// The ladder's numbers; `opening_plies` is already the game's default.
void read_ladder_numbers(Options& opt, engine::LadderConfig& cfg) {
  cfg.matches = static_cast<int>(opt.required_number("matches", 1, 100000));
  cfg.level_from = static_cast<int>(opt.required_number("level-from", 1, engine::MAX_LEVEL));
  cfg.level_to = static_cast<int>(opt.required_number("level-to", 1, engine::MAX_LEVEL));
  cfg.seed = static_cast<std::uint64_t>(opt.number("seed", 1, 0, INT64_MAX));
  cfg.budget = std::chrono::milliseconds(opt.number("budget-ms", 50, 1, 600000));
  cfg.opening_plies = static_cast<int>(opt.number("opening-plies", cfg.opening_plies, 0, 40));
  cfg.threads = static_cast<int>(opt.number("threads", 1, 1, 64));
  if (opt.ok() && cfg.level_to <= cfg.level_from) opt.fail("--level-to must be above --level-from");
}

// Four in a row: `variant` of `size` (--width, --height), games from the drawn set-up
// of each seed, and the --level-settings changes. False after an error.
bool four_games(Options& opt, const std::string& variant, const rules::VariantOptions& size,
                engine::LadderConfig& cfg) {
  auto spec = rules::make_variant(variant, size);
  if (!spec) {
    opt.fail(spec.error().message);
    return false;
  }
  const rules::VariantSpec s = *spec;
  for (const std::string& change : opt.texts("level-settings")) {
    const std::size_t colon = change.find(':');
    const std::optional<long long> level =
        colon == std::string::npos ? std::nullopt
                                   : whole_number(std::string_view(change).substr(0, colon),
                                                  engine::MIN_LEVEL, engine::MAX_LEVEL);
    if (!level) {
      opt.fail("--level-settings must start with a level 1.." + std::to_string(engine::MAX_LEVEL) +
               " and ':', not '" + change + "'");
      return false;
    }
    engine::LevelSettings ls = engine::level_settings(static_cast<int>(*level), s.colours);
    std::string error;
    if (!engine::apply_level_settings(std::string_view(change).substr(colon + 1), ls, error)) {
      opt.fail("--level-settings: " + error);
      return false;
    }
    cfg.settings[static_cast<int>(*level)] = ls;
  }
  cfg.new_game = [s](std::uint64_t seed) -> std::unique_ptr<rules::GameState> {
    auto g = rules::FourGame::create(s, rules::draw_setup(s, seed));
    if (!g) return nullptr;
    return std::make_unique<rules::FourGame>(std::move(g).value());
  };
  return true;
}

// twiceFour: by default the rounds start from the start of RULES.md B2 (no
// forced win for either side early; the levels' seeded noise varies the
// games). P > 0 plays a balanced opening instead: P random moves that leave a
// round no eight-half-move search can decide (engine/twicefour/opening.h).
// Returns the description of the games.
std::string twicefour_games(engine::LadderConfig& cfg) {
  const int plies = cfg.opening_plies;
  cfg.opening_plies = 0;
  cfg.new_game = [plies](std::uint64_t seed) -> std::unique_ptr<rules::GameState> {
    return std::make_unique<rules::TwiceFourGame>(engine::twicefour::balanced_opening(seed, plies));
  };
  return plies == 0 ? std::string("twicefour (from the start)")
                    : "twicefour (balanced opening of " + std::to_string(plies) + " plies)";
}

void print_config(const std::string& game, const std::string& variant,
                  const engine::LadderConfig& cfg) {
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
}

void print_header() {
  std::printf("\n%-8s %7s %6s %16s %12s %16s\n", "pair", "matches", "games", "higher W-D-L",
              "higher score", "matches W-D-L");
}

void print_pair(const engine::PairResult& p) {
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
}

int run_levels(std::span<const std::string> args) {
  Options opt("bench levels", args);
  const std::string game = opt.text("game", "four");
  std::string variant = opt.text("variant", "classic");
  const std::optional<rules::GameKind> kind = rules::game_kind_from_text(game);
  if (!kind) return opt.report("unknown game '" + game + "' (four or twicefour)", 2);
  engine::LadderConfig cfg;
  cfg.opening_plies = kind == rules::GameKind::twicefour ? 0 : 4;
  read_ladder_numbers(opt, cfg);
  rules::VariantOptions size;
  size.width = static_cast<int>(opt.number("width", 0, 0, rules::MAX_SIZE));
  size.height = static_cast<int>(opt.number("height", 0, 0, rules::MAX_SIZE));
  if (opt.ok() && kind == rules::GameKind::twicefour && opt.text("level-settings"))
    opt.fail("--level-settings is for four in a row only");
  if (opt.ok() && kind == rules::GameKind::four) four_games(opt, variant, size, cfg);
  if (opt.ok() && kind == rules::GameKind::twicefour) variant = twicefour_games(cfg);
  if (!opt.ok()) return opt.usage_error();

  print_config(game, variant, cfg);
  const bool progress = opt.flag("progress");
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
  if (!r.error.empty()) return opt.report(r.error, 1);
  print_header();
  for (const auto& p : r.pairs) print_pair(p);
  std::printf("\n%-6s %8s %10s %10s\n", "level", "moves", "median ms", "max ms");
  for (const auto& [level, t] : r.times) {
    std::printf("%-6d %8zu %10.2f %10.2f\n", level, t.ms.size(), t.median(), t.max());
  }
  return 0;
}

const RegisterCommand REGISTER{"levels", "level ladder: adjacent levels play matches", run_levels,
                               USAGE, bench_commands()};

}  // namespace
}  // namespace ft::app
