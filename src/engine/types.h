// The engine's score vocabulary, shared by every heuristic search: four in a
// row (heuristic_search.h), three players (three_player/max_n_search.h) and twiceFour
// (twicefour/search.h). Each search scores from its own point of view, but all
// on this one scale, so that the levels and the computer facade read a score
// the same way whichever search made it.
//
// The exact solver (solver/) counts in other units, the convention of
// ComputerMove::score for exact results: (cells + 1 - discs) / 2 for a win,
// at most 50 on a 10x10 board (its bound solver/search.h MAX_BOUND = 100 is
// past every such score). four_in_a_row_player.cpp converts between the two.
#pragma once

#include <cstdint>

namespace ft::engine {

// A proven win scores WIN_SCORE minus the plies to it (a sooner win scores
// more), a proven loss the negative, a proven draw 0.
inline constexpr int WIN_SCORE = 20000;
// No search path is this long and no evaluation this large, so a score
// within PROVEN_MARGIN of +-WIN_SCORE is a proof and any other is not.
inline constexpr int PROVEN_MARGIN = 1000;
// Outside every score a search returns: the open bound of an alpha-beta
// window, and "no score yet".
inline constexpr int SCORE_INF = WIN_SCORE + PROVEN_MARGIN;

constexpr bool is_proven(int score) {
  return score > WIN_SCORE - PROVEN_MARGIN || score < -WIN_SCORE + PROVEN_MARGIN;
}
// The score of a win (for the side it is counted for) `plies` from here.
constexpr int win_in(int plies) {
  return WIN_SCORE - plies;
}

// The bounds each evaluation is clamped to. They differ because each was
// tuned with its own weights (changing one changes how that search plays);
// all stay below the proven scores.
inline constexpr int FOUR_EVAL_LIMIT = 8000;          // evaluation.cpp, two colours
inline constexpr int THREE_PLAYER_EVAL_LIMIT = 4000;  // three_player/max_n_search.cpp, per colour
inline constexpr int TWICEFOUR_EVAL_LIMIT = 9000;     // twicefour/evaluate.cpp
static_assert(FOUR_EVAL_LIMIT < WIN_SCORE - PROVEN_MARGIN);
static_assert(THREE_PLAYER_EVAL_LIMIT < WIN_SCORE - PROVEN_MARGIN);
static_assert(TWICEFOUR_EVAL_LIMIT < WIN_SCORE - PROVEN_MARGIN);

// A proven score counts plies from the root; a table keeps it counted from
// the node, so that an entry is right wherever the node recurs. Other scores
// pass unchanged.
constexpr int to_table_score(int score, int ply) {
  if (score > WIN_SCORE - PROVEN_MARGIN) return score + ply;
  if (score < -WIN_SCORE + PROVEN_MARGIN) return score - ply;
  return score;
}
constexpr int from_table_score(int score, int ply) {
  if (score > WIN_SCORE - PROVEN_MARGIN) return score - ply;
  if (score < -WIN_SCORE + PROVEN_MARGIN) return score + ply;
  return score;
}

}  // namespace ft::engine
