#include "rules/twicefour_perft.h"

#include <unordered_set>

namespace ft::rules {
namespace {

struct StateKeyHash {
  std::size_t operator()(const TwiceFourPosition::StateKey& k) const {
    return static_cast<std::size_t>((k.pieces ^ (std::uint64_t{k.score} << 7)) *
                                    0x9E3779B97F4A7C15ull);
  }
};

struct Walker {
  const TwiceFourGame* game;
  std::vector<std::uint64_t> path;  // repetition keys of the positions on the path
  std::vector<TwiceFourPerftRow> rows;
  std::vector<std::unordered_set<TwiceFourPosition::StateKey, StateKeyHash>> seen;

  // RULES.md B5: how often `key` has arisen, counting the round so far and
  // the path of this walk.
  int occurrences(std::uint64_t key) const {
    int n = game->occurrences(key);
    for (std::uint64_t k : path) n += k == key;
    return n;
  }

  void walk(const TwiceFourPosition& pos, int ply, int depth) {
    ++rows[ply].sequences;
    seen[ply].insert(pos.state_key());
    if (ply == depth) return;
    TwiceFourMove moves[TF_MAX_MOVES];
    const int n = pos.legal_moves(moves);
    for (int i = 0; i < n; ++i) {
      TwiceFourPosition next = pos;
      const Outcome o = next.play(moves[i]);
      const std::uint64_t key = next.repetition_key();
      // The round ended: counts, is not expanded.
      const bool over = o.over() || occurrences(key) + 1 >= 3;
      path.push_back(key);
      if (over) {
        ++rows[ply + 1].sequences;
        seen[ply + 1].insert(next.state_key());
      } else {
        walk(next, ply + 1, depth);
      }
      path.pop_back();
    }
  }
};

}  // namespace

std::vector<TwiceFourPerftRow> twicefour_perft(const TwiceFourGame& game, int depth) {
  Walker w;
  w.game = &game;
  w.rows.resize(depth + 1);
  w.seen.resize(depth + 1);
  for (int d = 0; d <= depth; ++d) w.rows[d].depth = d;
  if (game.outcome().over()) {
    w.rows[0].sequences = 1;
    w.rows[0].positions = 1;
    return w.rows;
  }
  w.walk(game.position(), 0, depth);
  for (int d = 0; d <= depth; ++d) w.rows[d].positions = w.seen[d].size();
  return w.rows;
}

}  // namespace ft::rules
