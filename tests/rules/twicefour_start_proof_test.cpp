// RULES.md B2 (2026-12-01): the start was chosen so that neither side can
// force a round win early. This test proves it by an exhaustive AND-OR
// search over the rules' own positions, for 16 half-moves on every run and
// for as many as FT_TWICEFOUR_PROOF_HALF_MOVES says when asked (29, the rule
// book's figure, below), and shows on the first start (a forced win in five)
// that the same search does find a win where there is one.
//
// The search, for one attacker: at the attacker's turn one move must lead to
// a forced win, at the defender's turn every move must. A round win is two
// points (B3); a defender who reaches two points first refutes the line. As
// in RULES.md B2, the repetition rule is ignored. Two prunings keep it
// exhaustive and fast: a table of positions already decided for a number of
// half-moves left, and an admissible bound (a point not held by the attacker
// needs at least one of its steps to arrive, so lines whose missing points
// outnumber the attacker's remaining steps cannot be completed in time).
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <unordered_map>
#include <vector>

#include "rules/twicefour_game.h"

namespace ft::rules {
namespace {

struct KeyHash {
  std::size_t operator()(const TwiceFourPosition::StateKey& k) const {
    return std::hash<std::uint64_t>{}(k.pieces * 0x9E3779B97F4A7C15ULL ^ k.score);
  }
};

class ForcedWinProof {
 public:
  explicit ForcedWinProof(int attacker) : attacker_(attacker) {
    const auto& lines = tf_lines();
    for (int a = 0; a < TF_LINES; ++a) {
      for (int b = a + 1; b < TF_LINES; ++b)
        pairs_.push_back({static_cast<std::uint16_t>((1u << a) | (1u << b)), lines[a] | lines[b]});
    }
  }

  // Can the attacker force two points within `left` half-moves?
  bool wins(const TwiceFourPosition& pos, int left) {
    ++nodes_;
    if (left <= 0) return false;
    if (fewest_steps_to_win(pos) > own_moves_left(pos, left)) return false;
    auto [it, fresh] = table_.try_emplace(pos.state_key(), Known{});
    if (!fresh) {
      if (left <= it->second.fails_up_to) return false;
      if (left >= it->second.wins_from) return true;
    }
    const bool attacking = pos.to_move() == attacker_;
    TwiceFourMove moves[TF_MAX_MOVES];
    const int n = pos.legal_moves(moves);
    bool result = !attacking;  // OR node starts false, AND node true
    for (int i = 0; i < n; ++i) {
      TwiceFourPosition next = pos;
      const Outcome o = next.play(moves[i]);
      bool child;
      if (o.over())
        child = o.reason == Reason::points && o.winner == attacker_;
      else
        child = wins(next, left - 1);
      if (attacking && child) {
        result = true;
        break;
      }
      if (!attacking && !child) {
        result = false;
        break;
      }
    }
    // The table may have grown: look the entry up again.
    Known& k = table_[pos.state_key()];
    if (result)
      k.wins_from = std::min(k.wins_from, left);
    else
      k.fails_up_to = std::max(k.fails_up_to, left);
    return result;
  }

  std::uint64_t nodes() const { return nodes_; }

 private:
  struct Known {
    int fails_up_to = 0;   // proven: no forced win with this many half-moves left, or fewer
    int wins_from = 1000;  // proven: a forced win with this many, or more
  };
  struct Pair {
    std::uint16_t lines;
    TfBits points;
  };

  int own_moves_left(const TwiceFourPosition& pos, int left) const {
    return pos.to_move() == attacker_ ? (left + 1) / 2 : left / 2;
  }

  // A lower bound on the attacker's steps to its second point: the points of
  // one uncounted line (one point to go) or of two (two to go) that it does
  // not hold yet.
  int fewest_steps_to_win(const TwiceFourPosition& pos) const {
    const TfBits own = pos.pieces(attacker_);
    const std::uint16_t open = static_cast<std::uint16_t>(~pos.counted());
    int best = 1000;
    if (pos.points(attacker_) + 1 >= TF_POINTS_TO_WIN) {
      for (int l = 0; l < TF_LINES; ++l) {
        if ((open >> l) & 1u) best = std::min(best, std::popcount(tf_lines()[l] & ~own));
      }
      return best;
    }
    for (const Pair& p : pairs_) {
      if ((p.lines & open) == p.lines) best = std::min(best, std::popcount(p.points & ~own));
    }
    return best;
  }

  int attacker_;
  std::vector<Pair> pairs_;
  std::unordered_map<TwiceFourPosition::StateKey, Known, KeyHash> table_;
  std::uint64_t nodes_ = 0;
};

bool forced_win(const TwiceFourPosition& start, int attacker, int half_moves) {
  ForcedWinProof proof(attacker);
  const bool win = proof.wins(start, half_moves);
  std::cout << "  " << tf_side_name(attacker) << " attacks, " << tf_side_name(start.to_move())
            << " first, " << half_moves << " half-moves: " << (win ? "forced win" : "no forced win")
            << " (" << proof.nodes() << " nodes)\n";
  return win;
}

// The search finds a forced win where there is one: from the first start the
// first mover fills row 2 in five half-moves (b1-b2, c1-c2, d1-d2), and not
// in four (three of its own steps are needed).
TEST(TwiceFourStartProof, FindsTheFirstStartsWinInFive) {
  const auto first = TwiceFourPosition::start(TF_CROSS, TfStart::first);
  EXPECT_TRUE(forced_win(first, TF_CROSS, 5));
  EXPECT_FALSE(forced_win(first, TF_CROSS, 4));
  EXPECT_FALSE(forced_win(first, TF_CIRCLE, 6));
  const auto circle_first = TwiceFourPosition::start(TF_CIRCLE, TfStart::first);
  EXPECT_TRUE(forced_win(circle_first, TF_CIRCLE, 5));
}

// The half-moves the proof runs to: 16 on every run (about half a second).
// RULES.md B2's figure, no forced round win within 28 half-moves for either
// side and none within 29 for the first mover, is proved by running it to 29
// by hand, in build/release (a win within 28 would be one within 29):
//   FT_TWICEFOUR_PROOF_HALF_MOVES=29 ctest -R TwiceFourStartProof -V --timeout 3600
// On 2026-12-03, to 29 (each side attacking, each side first): no forced win
// in any; 230, 105, 199 and 111 M nodes, 8.4 min CPU in all, at most 2.4 GB.
int proof_half_moves() {
  const char* asked = std::getenv("FT_TWICEFOUR_PROOF_HALF_MOVES");
  return asked != nullptr ? std::atoi(asked) : 16;
}

// RULES.md B2: from the new start neither side can force a round win early,
// whichever side moves first.
TEST(TwiceFourStartProof, NoForcedRoundWinFromTheNewStart) {
  const int half_moves = proof_half_moves();
  ASSERT_GE(half_moves, 16) << "FT_TWICEFOUR_PROOF_HALF_MOVES below the 16 of every run";
  for (int first : {TF_CROSS, TF_CIRCLE}) {
    const auto start = TwiceFourPosition::start(first);
    EXPECT_FALSE(forced_win(start, first, half_moves)) << tf_side_name(first) << " moves first";
    EXPECT_FALSE(forced_win(start, 1 - first, half_moves)) << tf_side_name(first) << " moves first";
  }
}

}  // namespace
}  // namespace ft::rules
