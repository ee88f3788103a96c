// The heuristic search's view of a board: every line (window of `line`
// cells, wrapping on a cylinder) computed once per search from the Geometry,
// and the static evaluation built on them: open lines weighted by how full
// they are, and threats (an empty cell that completes a line) weighted by the
// row parity that decides who gets to fill them late in the game (Allis'
// zugzwang rule for two colours).
#pragma once

#include <vector>

#include "rules/position.h"

namespace ft::engine {

enum class EvalKind : std::uint8_t {
  simple,   // open lines and threats counted alike: what a beginner sees
  threats,  // plus stacked threats (two threats one above the other)
  full,     // plus the row parity of each threat (who will get to fill it)
};

// "simple", "threats", "full": how level settings name the kinds.
inline const char* eval_kind_name(EvalKind k) {
  return k == EvalKind::simple ? "simple" : k == EvalKind::threats ? "threats" : "full";
}

class BoardModel {
 public:
  // `start_empty_cells`: free cells when the game began (decides row parity).
  BoardModel(const rules::Geometry& geometry, int start_empty_cells);

  const rules::Geometry& geometry() const { return *geo_; }
  const std::vector<rules::Bits>& lines() const { return lines_; }

  // Score for colour `me` (large is good for `me`), never in the win range.
  // Every kind sees a threat the side to move can fill at once.
  int evaluate(const rules::Position& pos, int me, EvalKind kind) const;

  // Each colour's own strength (lines, threats, a threat to fill now), large
  // is good for that colour; colours past geometry().colours() get 0. The
  // three-player search (three_player/max_n_search.h) builds its score vector on these.
  // Returns true when the side to move can complete a line at once (not for
  // misère, where that loses).
  bool colour_scores(const rules::Position& pos, EvalKind kind, int out[3]) const;

  // The empty cells that would complete a line of `colour`.
  rules::Bits threats(const rules::Position& pos, int colour) const;

 private:
  struct ColourTerms {
    int lines = 0;
    int threat_score = 0;
    rules::Bits threats = 0;
  };
  void terms(const rules::Position& pos, EvalKind kind, ColourTerms* out) const;

  const rules::Geometry* geo_;
  std::vector<rules::Bits> lines_;
  rules::Bits odd_rows_ = 0;  // rows 1, 3, 5 ... (1-based), good threats for Red
  bool parity_flipped_;       // an odd number of free cells gives the other rows to Red
  int weight_[8] = {};
};

}  // namespace ft::engine
