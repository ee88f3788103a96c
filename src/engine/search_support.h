// Small pieces every engine search shares (four in a row, three players,
// twiceFour): the hash mixer of table keys, the iterative-deepening driver
// and the levels' stray from the best move. Scores: engine/types.h.
#pragma once

#include <algorithm>
#include <climits>
#include <cstdint>
#include <vector>

namespace ft::engine {

inline std::uint64_t hash_mix(std::uint64_t h, std::uint64_t v) {
  h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
  h *= 0xbf58476d1ce4e5b9ULL;
  return h ^ (h >> 31);
}

// The iterative-deepening driver of the alpha-beta searches: searches the
// root to depth `step`, 2*step, ... max_depth with `iterate(depth, iter)`,
// which scores the root moves of `iter.*roots` in their order (best of the
// last iteration first), counts the moves it finished in iter.depth and sets
// iter.best and iter.score. After each full iteration the root moves are
// sorted best first and `done(depth)` says whether to stop (a proof, the
// whole tree searched). When `stop` comes up (node or time budget), the
// unfinished iteration still counts once its first move, the previous best,
// is finished: a move that beat it is at least as good.
template <class Result, class Roots, class Iterate, class Done>
void deepen(Result& result, Roots Result::*roots, int step, int max_depth, bool all_root_scores,
            const bool& stop, Iterate iterate, Done done) {
  for (int depth = std::min(step, max_depth); depth <= max_depth; depth += step) {
    Result iter;
    iter.*roots = result.*roots;
    iter.best = result.best;
    iter.depth = 0;
    iterate(depth, iter);
    if (stop) {
      if (iter.depth > 0 && !all_root_scores && depth > step) {
        result.best = iter.best;
        result.score = iter.score;
      }
      result.stopped = true;
      return;
    }
    result.best = iter.best;
    result.score = iter.score;
    result.depth = depth;
    result.*roots = iter.*roots;
    std::stable_sort((result.*roots).begin(), (result.*roots).end(),
                     [](const auto& a, const auto& b) { return a.score > b.score; });
    if (done(depth)) return;
  }
}

// How a level below the top strays from the best root move: with chance
// blunder_permille/1000 a random one of `candidates` (the caller leaves out
// moves it saw lose), else the best after a random bonus in [0, noise] on
// each score that is not `proven`. Null: keep the search's best move.
template <class Root, class Rng, class Proven>
const Root* stray_from_best(const std::vector<Root>& candidates, int noise, int blunder_permille,
                            Rng& rng, Proven proven) {
  if (blunder_permille > 0 && rng.below(1000) < blunder_permille) {
    return &candidates[rng.below(static_cast<int>(candidates.size()))];
  }
  if (noise <= 0) return nullptr;
  const Root* pick = nullptr;
  int best = INT_MIN;
  for (const Root& r : candidates) {
    const int noisy = r.score + (proven(r.score) ? 0 : rng.below(noise + 1));
    if (noisy > best) {
      best = noisy;
      pick = &r;
    }
  }
  return pick;
}

}  // namespace ft::engine
