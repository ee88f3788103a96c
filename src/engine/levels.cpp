#include "engine/levels.h"

#include <algorithm>
#include <stdexcept>

namespace ft::engine {

LevelSettings level_settings(int level, int colours) {
  using std::chrono::milliseconds;
  LevelSettings s;
  level = std::clamp(level, MIN_LEVEL, MAX_LEVEL);
  switch (level) {
    case 1:  // sees a win or a loss in one, little else, and often plays at random
      s = {1, 500, EvalKind::simple, 60, 300, milliseconds(200), 1 << 16, false};
      break;
    case 2:
      s = {2, 1'000, EvalKind::simple, 30, 150, milliseconds(300), 1 << 18, false};
      break;
    case 3:
      s = {4, 1'500, EvalKind::simple, 16, 60, milliseconds(400), 1 << 20, false};
      break;
    case 4:  // from here the evaluation knows stacked threats
      s = {8, 2'000, EvalKind::threats, 8, 0, milliseconds(600), 4 << 20, false};
      break;
    case 5:  // from here the row parity of threats too
      s = {12, 6'000, EvalKind::full, 4, 0, milliseconds(900), 8 << 20, false};
      break;
    case 6:
      s = {20, 20'000, EvalKind::full, 0, 0, milliseconds(1400), 16 << 20, false};
      break;
    case 7:  // bounded by time only: at most 2 s per move on 7x6, the wait a player accepts
      s = {127, 40'000'000, EvalKind::full, 0, 0, milliseconds(1800), SIZE_MAX, true};
      break;
    default:  // PERFECT: as deep as the request's budget allows
      s = {127, UINT64_MAX, EvalKind::full, 0, 0, milliseconds(24 * 3600 * 1000), SIZE_MAX, true};
      break;
  }
  if (colours == 3) {
    // Three players (RULES.md A10) play max-n (three_player/max_n_search.h). Between
    // players who block every line in one, a three-player game is nearly
    // always drawn, and a level that searches two plies already draws the
    // full engine (docs/engine-levels.md): depth gives one step, the top one.
    // Below it, what separates levels is how often a level looks away:
    // level 1 plays any legal move but its own line in one (it overlooks
    // every threat of the others); levels 2-4 look one ply ahead (their own
    // line in one, the next player's) and play 90%, 70%, 50% of their moves
    // at random among those that hand nobody a line; level 5 plays the
    // one-ply search with noise on its scores, level 6 as it is. Level 7
    // deepens until its node budget is spent, first solves the last 26 cells
    // exactly (three_player/endgame.h) so that it never plays a move proven lost
    // while another holds, and then lets games played out to the full board
    // (three_player/mcts.h) choose among the moves max-n did not see lose: as strong
    // as max-n alone against careful players, and it loses far fewer games
    // to fallible ones. Each level scores above 55% against the one below
    // (docs/engine-levels.md). Node and playout budgets, not time, so that a
    // level is equally strong on a busy machine (the exact search also stops
    // at three fifths of the move's time, the playouts at its end).
    struct Three {
      int depth;
      std::uint64_t nodes;
      int noise, blunder_permille, oversight_permille;
      std::uint64_t exact_nodes;
      int exact_empty;
      std::uint64_t playouts;
    };
    static constexpr Three THREE[] = {
        {1, 1'000, 0, 0, 1000, 0, 0, 0},
        {1, 1'000, 0, 900, 0, 0, 0, 0},
        {1, 1'000, 0, 700, 0, 0, 0, 0},
        {1, 1'000, 0, 500, 0, 0, 0, 0},
        {1, 1'000, 30, 0, 0, 0, 0, 0},
        {1, 1'000, 0, 0, 0, 0, 0, 0},
        {127, 400'000, 0, 0, 0, 4'000'000, 26, 100'000},
        {127, 4'000'000, 0, 0, 0, 40'000'000, 32, 200'000},
    };
    const Three& t = THREE[level - 1];
    s.max_depth = t.depth;
    s.max_nodes = t.nodes;
    s.eval = EvalKind::threats;
    s.noise = t.noise;
    s.blunder_permille = t.blunder_permille;
    s.oversight_permille = t.oversight_permille;
    s.use_solver = false;  // the solver plays two colours only
    s.exact_nodes = t.exact_nodes;
    s.exact_empty = t.exact_empty;
    s.playouts = t.playouts;
  }
  return s;
}

bool apply_level_settings(std::string_view text, LevelSettings& settings, std::string& error) {
  LevelSettings s = settings;
  while (!text.empty()) {
    const std::size_t comma = text.find(',');
    const std::string_view part = text.substr(0, comma);
    text = comma == std::string_view::npos ? std::string_view{} : text.substr(comma + 1);
    const std::size_t eq = part.find('=');
    const std::string name(part.substr(0, eq));
    const std::string value(eq == std::string_view::npos ? "" : part.substr(eq + 1));
    if (name == "eval") {
      bool known = false;
      for (const EvalKind k : {EvalKind::simple, EvalKind::threats, EvalKind::full}) {
        if (value == eval_kind_name(k)) {
          s.eval = k;
          known = true;
        }
      }
      if (!known) {
        error = "eval must be simple, threats or full, not '" + value + "'";
        return false;
      }
      continue;
    }
    std::uint64_t v = 0;
    std::size_t used = 0;
    try {
      v = std::stoull(value, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (eq == std::string_view::npos || value.empty() || used != value.size() || value[0] == '-') {
      error = "'" + std::string(part) + "' is not name=number";
      return false;
    }
    // Settings that are counts (any size) and small numbers with a ceiling;
    // the solver is a small number too, 0 or 1.
    static constexpr struct {
      const char* name;
      std::uint64_t LevelSettings::*field;
    } COUNTS[] = {{"nodes", &LevelSettings::max_nodes},
                  {"exact-nodes", &LevelSettings::exact_nodes},
                  {"playouts", &LevelSettings::playouts}};
    static constexpr struct {
      const char* name;
      int LevelSettings::*field;
      int max;
    } SMALL[] = {{"depth", &LevelSettings::max_depth, 127},
                 {"noise", &LevelSettings::noise, 1000},
                 {"blunders", &LevelSettings::blunder_permille, 1000},
                 {"oversights", &LevelSettings::oversight_permille, 1000},
                 {"exact-empty", &LevelSettings::exact_empty, 100},
                 {"explore", &LevelSettings::explore_permille, 100000}};
    bool known = false;
    for (const auto& c : COUNTS) {
      if (name == c.name) {
        s.*c.field = v;
        known = true;
      }
    }
    for (const auto& c : SMALL) {
      if (name != c.name) continue;
      if (v > static_cast<std::uint64_t>(c.max)) {
        error = name + " must be at most " + std::to_string(c.max);
        return false;
      }
      s.*c.field = static_cast<int>(v);
      known = true;
    }
    if (name == "solver") {
      if (v > 1) {
        error = "solver must be at most 1";
        return false;
      }
      s.use_solver = v == 1;
      known = true;
    }
    if (!known) {
      error = "unknown setting '" + name + "'";
      return false;
    }
  }
  settings = s;
  return true;
}

}  // namespace ft::engine
