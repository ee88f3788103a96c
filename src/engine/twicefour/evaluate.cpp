#include "engine/twicefour/evaluate.h"

#include <algorithm>
#include <bit>
#include <cstdlib>

namespace ft::engine::twicefour {

using rules::TfBits;
using rules::TwiceFourPosition;

namespace {

// Points next to any point of `set`.
TfBits around(TfBits set) {
  const auto& n = rules::tf_neighbours();
  TfBits out = 0;
  while (set) {
    out |= n[std::countr_zero(set)];
    set &= set - 1;
  }
  return out;
}

struct SideTerms {
  TfBits scoring = 0;  // points that score with the next step
  int near = 0;        // lines that need two steps
  int mobility = 0;
};

SideTerms side_terms(const TwiceFourPosition& pos, int side, EvalGrade grade) {
  SideTerms t;
  const TfBits own = pos.pieces(side), opp = pos.pieces(1 - side), empty = pos.empty();
  const auto& lines = rules::tf_lines();
  const auto& nb = rules::tf_neighbours();
  for (int l = 0; l < rules::TF_LINES; ++l) {
    if ((pos.counted() >> l) & 1u) continue;
    const TfBits line = lines[l];
    if (opp & line) continue;
    const int n = std::popcount(own & line);
    if (n == 3) {
      const TfBits gap = line & ~own;  // one point, empty since no opponent is on it
      const int g = std::countr_zero(gap);
      if (nb[g] & own & ~line) {
        t.scoring |= gap;
      } else if (grade >= EvalGrade::full && (around(own & ~line) & empty & nb[g])) {
        ++t.near;  // a piece two steps away
      }
    } else if (n == 2 && grade >= EvalGrade::full) {
      // Both gaps reachable by pieces off the line in one step each.
      TfBits gaps = line & ~own;
      bool reachable = true;
      while (gaps) {
        const int g = std::countr_zero(gaps);
        gaps &= gaps - 1;
        if (!(nb[g] & own & ~line)) reachable = false;
      }
      if (reachable) ++t.near;
    }
  }
  if (grade >= EvalGrade::full) {
    TfBits pieces = own;
    while (pieces) {
      t.mobility += std::popcount(nb[std::countr_zero(pieces)] & empty);
      pieces &= pieces - 1;
    }
  }
  return t;
}

int distance(int a, int b) {
  // Steps between points: the corners are missing, but a way round them is
  // never longer than the grid distance.
  return std::abs(a / 5 - b / 5) + std::abs(a % 5 - b % 5);
}

// Steps to bring pieces of `own` that are off `target` onto its empty points,
// each piece to its own point, taking the closest pair first.
int fill_cost(TfBits target, TfBits own) {
  TfBits gaps = target & ~own;
  TfBits pieces = own & ~target;
  if (std::popcount(pieces) < std::popcount(gaps)) return RACE_UNREACHABLE;
  int cost = 0;
  while (gaps) {
    int best = 99, best_gap = 0, best_piece = 0;
    for (TfBits g = gaps; g; g &= g - 1) {
      const int gi = std::countr_zero(g);
      for (TfBits p = pieces; p; p &= p - 1) {
        const int pi = std::countr_zero(p);
        const int d = distance(gi, pi);
        if (d < best) {
          best = d;
          best_gap = gi;
          best_piece = pi;
        }
      }
    }
    cost += best;
    gaps &= ~(1u << best_gap);
    pieces &= ~(1u << best_piece);
  }
  return std::min(cost, RACE_UNREACHABLE);
}

// The five-point rows and columns: lines 2k and 2k+1 of tf_lines() together.
constexpr int SEGMENTS = 6;

}  // namespace

int steps_to_win(const TwiceFourPosition& pos, int side) {
  const TfBits own = pos.pieces(side), opp = pos.pieces(1 - side);
  const bool first = pos.to_move() == side;
  // A target the opponent can reach (one of its empty points) before it is
  // full does not count: the side to move gets c steps for c, the other side
  // c - 1 before the opponent's c-th.
  auto safe_cost = [&](TfBits target) {
    const int c = fill_cost(target, own);
    if (c >= RACE_UNREACHABLE) return RACE_UNREACHABLE;
    int block = RACE_UNREACHABLE;
    for (TfBits g = target & ~own; g; g &= g - 1) {
      for (TfBits p = opp; p; p &= p - 1) {
        block = std::min(block, distance(std::countr_zero(g), std::countr_zero(p)));
      }
    }
    const int opponent_steps = first ? c - 1 : c;
    return block > opponent_steps ? c : RACE_UNREACHABLE;
  };
  const auto& lines = rules::tf_lines();
  int best_line = RACE_UNREACHABLE, second_line = RACE_UNREACHABLE;
  for (int l = 0; l < rules::TF_LINES; ++l) {
    if (((pos.counted() >> l) & 1u) || (opp & lines[l])) continue;
    const int c = safe_cost(lines[l]);
    if (c < best_line) {
      second_line = best_line;
      best_line = c;
    } else if (c < second_line) {
      second_line = c;
    }
  }
  if (pos.points(side) + 1 >= rules::TF_POINTS_TO_WIN) return best_line;
  // Two lines one after the other: a rough sum (the second may reuse pieces).
  int best = std::min(RACE_UNREACHABLE, best_line + second_line);
  for (int s = 0; s < SEGMENTS; ++s) {
    const int a = 2 * s, b = 2 * s + 1;
    if (((pos.counted() >> a) & 1u) || ((pos.counted() >> b) & 1u)) continue;
    const TfBits segment = lines[a] | lines[b];
    if (opp & segment) continue;
    best = std::min(best, safe_cost(segment));
  }
  return best;
}

TfBits scoring_points(const TwiceFourPosition& pos, int side) {
  return side_terms(pos, side, EvalGrade::threats).scoring;
}

int evaluate(const TwiceFourPosition& pos, EvalGrade grade) {
  const int me = pos.to_move(), opp = 1 - me;
  int score = POINT_VALUE * (pos.points(me) - pos.points(opp));
  // RULES.md B5: placement decides equal points at the limit; it also
  // measures how many lines a side still has chances on.
  score += 6 * (pos.placement(me) - pos.placement(opp));
  if (grade == EvalGrade::points) return score;

  const SideTerms mine = side_terms(pos, me, grade);
  const SideTerms theirs = side_terms(pos, opp, grade);
  // The side to move scores now if it can. A second point ends the round.
  if (mine.scoring) {
    score += pos.points(me) + 1 >= rules::TF_POINTS_TO_WIN ? 4 * POINT_VALUE : 8 * POINT_VALUE / 10;
  } else if (theirs.scoring) {
    // The opponent scores next unless the side to move fills the only gap.
    const int gaps = std::popcount(theirs.scoring);
    const bool blockable = gaps == 1 && (around(pos.pieces(me)) & theirs.scoring);
    const int loss =
        pos.points(opp) + 1 >= rules::TF_POINTS_TO_WIN ? 4 * POINT_VALUE : 8 * POINT_VALUE / 10;
    score -= blockable ? loss / 8 : loss;
  }
  if (grade >= EvalGrade::full) {
    score += 25 * (mine.near - theirs.near);
    score += 3 * (mine.mobility - theirs.mobility);
  }
  if (grade == EvalGrade::race) {
    // The side to move finishes first on equal steps.
    const int mine_steps = steps_to_win(pos, me);
    const int their_steps = steps_to_win(pos, opp);
    if (mine_steps < RACE_UNREACHABLE || their_steps < RACE_UNREACHABLE) {
      score += 40 * (their_steps - mine_steps) + (mine_steps <= their_steps ? 80 : -80);
    }
  }
  return std::clamp(score, -TWICEFOUR_EVAL_LIMIT, TWICEFOUR_EVAL_LIMIT);
}

}  // namespace ft::engine::twicefour
