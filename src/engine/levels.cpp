#include "engine/levels.h"

#include <algorithm>

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
    case 7:  // bounded by time only; issue 4: at most 2 s per move on 7x6
      s = {127, 40'000'000, EvalKind::full, 0, 0, milliseconds(1800), SIZE_MAX, true};
      break;
    default:  // PERFECT: as deep as the request's budget allows
      s = {127, UINT64_MAX, EvalKind::full, 0, 0, milliseconds(24 * 3600 * 1000), SIZE_MAX, true};
      break;
  }
  if (colours == 3) {
    // Three players (RULES.md A10) play max-n (max_n_search.h), which has
    // almost no pruning. Levels 1-3 search one, two and three plies (three is
    // one round, each player once) with noise and blunders; from level 4 a
    // level deepens until its node budget, four times the one below, is
    // spent, and from its number of empty cells it first solves the end of
    // the game exactly (three_endgame.h), so that it never plays a move
    // proven lost while another holds. Node budgets, not time, so that a
    // level is equally strong on a busy machine (the exact search also stops
    // at three fifths of the move's time).
    //
    // Measured (docs/engine-levels.md): from level 4 up these levels draw
    // 75-90% of their games with each other; one round of search already
    // blocks everything that deeper search would, and the games are decided
    // by set-ups beyond any of these horizons.
    struct Three {
      int depth;
      std::uint64_t nodes;
      EvalKind eval;
      int noise, blunder_permille;
      std::uint64_t exact_nodes;
      int exact_empty;
    };
    static constexpr Three THREE[] = {
        {1, 1'000, EvalKind::simple, 60, 300, 0, 0},
        {2, 2'000, EvalKind::simple, 30, 150, 0, 0},
        {3, 8'000, EvalKind::simple, 16, 60, 0, 0},
        {127, 6'000, EvalKind::threats, 8, 0, 20'000, 20},
        {127, 25'000, EvalKind::threats, 4, 0, 100'000, 22},
        {127, 100'000, EvalKind::threats, 0, 0, 500'000, 23},
        {127, 400'000, EvalKind::threats, 0, 0, 4'000'000, 26},
        {127, 4'000'000, EvalKind::threats, 0, 0, 40'000'000, 32},
    };
    const Three& t = THREE[level - 1];
    s.max_depth = t.depth;
    s.max_nodes = t.nodes;
    s.eval = t.eval;
    s.noise = t.noise;
    s.blunder_permille = t.blunder_permille;
    s.use_solver = false;  // the solver plays two colours only
    s.exact_nodes = t.exact_nodes;
    s.exact_empty = t.exact_empty;
  }
  return s;
}

}  // namespace ft::engine
