// Helpers of the three-player engine tests (RULES.md A10): a plain memoised
// max-n over outcomes to check the fast searches against, and random
// positions to check them on.
#pragma once

#include <optional>
#include <unordered_map>
#include <vector>

#include "common/name_table.h"
#include "engine/three_player/endgame.h"
#include "rules/four_game.h"
#include "rules/setup_draw.h"

namespace ft::engine::testing {

inline std::vector<rules::Move> legal(const rules::Position& pos) {
  rules::Move moves[rules::MAX_MOVES];
  const int n = pos.legal_moves(moves);
  return {moves, moves + n};
}

inline constexpr auto THREE_OUTCOME_NAMES =
    name_table<ThreeOutcome>({{ThreeOutcome::draw, "draw"},
                              {ThreeOutcome::red, "red wins"},
                              {ThreeOutcome::yellow, "yellow wins"},
                              {ThreeOutcome::green, "green wins"}});
inline std::string_view name(ThreeOutcome o) {
  return THREE_OUTCOME_NAMES.text(o, "?");
}

// Every player picks the move whose outcome it ranks highest (the ranks are
// a total order per player, so the value does not depend on move order).
class PlainMaxN {
 public:
  explicit PlainMaxN(int root) : root_(root) {}

  ThreeOutcome value(const rules::Position& pos) {
    const rules::PositionKey k = pos.key();
    if (auto it = memo_.find(k); it != memo_.end()) return it->second;
    const int mover = pos.to_move();
    rules::Move moves[rules::MAX_MOVES];
    const int n = pos.legal_moves(moves);
    ThreeOutcome best = ThreeOutcome::draw;
    int best_rank = -1;
    for (int i = 0; i < n; ++i) {
      const ThreeOutcome v = after(pos, moves[i]);
      const int r = ThreeEndgame::rank(v, mover, root_);
      if (r > best_rank) {
        best_rank = r;
        best = v;
      }
    }
    memo_.emplace(k, best);
    return best;
  }

  ThreeOutcome after(const rules::Position& pos, rules::Move m) {
    rules::Position child = pos;
    const rules::Outcome o = child.play(m);
    if (o.status == rules::Status::win) return win_of(o.winner);
    if (o.over()) return ThreeOutcome::draw;
    return value(child);
  }

 private:
  int root_;
  std::unordered_map<rules::PositionKey, ThreeOutcome, rules::PositionKeyHash> memo_;
};

// A position of `g` after `min_plies` to `min_plies + 3` random plies, each
// a move that does not end the game, or nothing if every move would.
inline std::optional<rules::Position> random_position(const rules::FourGame& g, int min_plies,
                                                      rules::SeededRandom& rng) {
  rules::Position p = g.position();
  const int plies = min_plies + rng.below(4);
  for (int i = 0; i < plies; ++i) {
    std::vector<rules::Position> quiet;
    for (rules::Move m : legal(p)) {
      rules::Position c = p;
      if (!c.play(m).over()) quiet.push_back(c);
    }
    if (quiet.empty()) return std::nullopt;
    p = quiet[static_cast<std::size_t>(rng.below(static_cast<int>(quiet.size())))];
  }
  return p;
}

}  // namespace ft::engine::testing
