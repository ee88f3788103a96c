#include "engine/evaluation.h"

#include <algorithm>
#include <set>
#include <utility>

#include "engine/types.h"

namespace ft::engine {

using rules::bit;
using rules::Bits;
using rules::popcount;

namespace {

// Evaluation weights. Scores stay inside +-FOUR_EVAL_LIMIT (engine/types.h),
// far below the win scores of the search.
constexpr int GOOD_THREAT = 48;      // a threat on a row its owner is likely to get
constexpr int BAD_THREAT = 18;       // a threat on the other parity: still binds the opponent
constexpr int PLAIN_THREAT = 30;     // three players, PopOut: no parity argument
constexpr int STACKED = 90;          // two threats one above the other: one of them will fall
constexpr int TEMPO_WIN = 1500;      // the side to move can complete a line now
constexpr int DOUBLE_THREAT = 1200;  // two open threats the side to move cannot both block

}  // namespace

BoardModel::BoardModel(const rules::Geometry& g, int start_empty_cells)
    : geo_(&g), parity_flipped_(start_empty_cells % 2 != 0) {
  const int w = g.width(), h = g.height(), n = g.spec().line;
  const int dirs[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};
  std::set<std::pair<std::uint64_t, std::uint64_t>> seen;  // a wrapped row may repeat
  for (const auto& d : dirs) {
    for (int c = 0; c < w; ++c) {
      for (int r = 0; r < h; ++r) {
        Bits mask = 0;
        bool ok = true;
        for (int k = 0; k < n && ok; ++k) {
          int cc = c + k * d[0];
          const int rr = r + k * d[1];
          if (rr < 0 || rr >= h) ok = false;
          if (cc >= w) {
            if (g.cylinder())
              cc -= w;
            else
              ok = false;
          }
          if (ok) mask |= bit(g.index(cc, rr));
        }
        if (!ok || popcount(mask) != n) continue;
        if (seen.insert({static_cast<std::uint64_t>(mask), static_cast<std::uint64_t>(mask >> 64)})
                .second) {
          lines_.push_back(mask);
        }
      }
    }
  }
  for (int c = 0; c < w; ++c) {
    for (int r = 0; r < h; r += 2) odd_rows_ |= bit(g.index(c, r));
  }
  // Weight of a line holding k own discs and nothing else: grows fast with k.
  for (int k = 1; k < n; ++k) weight_[k] = k == 1 ? 1 : weight_[k - 1] * 3 + 1;
}

void BoardModel::terms(const rules::Position& pos, EvalKind kind, ColourTerms* out) const {
  const int colours = geo_->colours();
  const int n = geo_->spec().line;
  const Bits blocks = pos.blocks();
  Bits discs[3] = {pos.discs(0), pos.discs(1), pos.discs(2)};
  for (Bits line : lines_) {
    if ((line & blocks) != 0) continue;
    int owner = -1;
    bool mixed = false;
    for (int c = 0; c < colours; ++c) {
      if ((line & discs[c]) == 0) continue;
      if (owner >= 0) mixed = true;
      owner = c;
    }
    if (mixed || owner < 0) continue;
    const int k = popcount(line & discs[owner]);
    out[owner].lines += weight_[k];
    if (k == n - 1) out[owner].threats |= line & ~discs[owner];
  }
  const bool parity = colours == 2 && !geo_->popout();
  for (int c = 0; c < colours; ++c) {
    const Bits t = out[c].threats;
    if (kind == EvalKind::simple) {
      out[c].threat_score = popcount(t) * PLAIN_THREAT;
      continue;
    }
    if (parity && kind == EvalKind::full) {
      // RULES.md A2 play on an even board: when the columns fill up in pairs,
      // Red ends up with the odd rows (1-based) and Yellow with the even ones.
      const bool red_gets_odd = (c == 0) != parity_flipped_;
      const Bits good_rows = red_gets_odd ? odd_rows_ : (geo_->playable() & ~odd_rows_);
      const int good = popcount(t & good_rows);
      out[c].threat_score = good * GOOD_THREAT + (popcount(t) - good) * BAD_THREAT;
    } else {
      out[c].threat_score = popcount(t) * PLAIN_THREAT;
    }
    out[c].threat_score += popcount(t & (t >> 1)) * STACKED;
  }
}

Bits BoardModel::threats(const rules::Position& pos, int colour) const {
  ColourTerms t[3];
  terms(pos, EvalKind::simple, t);
  return t[colour].threats;
}

bool BoardModel::colour_scores(const rules::Position& pos, EvalKind kind, int out[3]) const {
  ColourTerms t[3];
  terms(pos, kind, t);
  const int colours = geo_->colours();
  for (int c = 0; c < 3; ++c) out[c] = c < colours ? t[c].lines + t[c].threat_score : 0;
  if (geo_->misere()) return false;
  // Threats that can be filled right now decide the next plies (every
  // level sees a win or a loss in one, RULES.md A2).
  const Bits occ = pos.occupied();
  const Bits next = ((occ << 1) | geo_->bottom_row()) & ~occ & geo_->playable();
  const int mover = pos.to_move();
  if ((t[mover].threats & next) != 0) {
    out[mover] += TEMPO_WIN;
    return true;
  }
  {
    // The next player wins with two threats the mover cannot both block;
    // with three colours the one after it could block one of them too, so
    // it needs three there.
    const int after = (mover + 1) % colours;
    if (popcount(t[after].threats & next) >= 2) out[after] += DOUBLE_THREAT;
    if (colours == 3) {
      const int third = (mover + 2) % colours;
      if (popcount(t[third].threats & next) >= 3) out[third] += DOUBLE_THREAT;
    }
  }
  return false;
}

int BoardModel::evaluate(const rules::Position& pos, int me, EvalKind kind) const {
  int s[3];
  colour_scores(pos, kind, s);
  const int colours = geo_->colours();
  int v;
  if (colours == 2) {
    v = s[me] - s[1 - me];
  } else {
    const int a = s[(me + 1) % 3], b = s[(me + 2) % 3];
    v = s[me] - (a + b) / 2;
  }
  // RULES.md A6 misère: a line loses, so one's own near-lines are a burden.
  if (geo_->misere()) v = -v;
  return std::clamp(v, -FOUR_EVAL_LIMIT, FOUR_EVAL_LIMIT);
}

}  // namespace ft::engine
