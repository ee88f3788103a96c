#include "engine/twicefour/opening.h"

#include "engine/table_pool.h"
#include "engine/twicefour/search.h"
#include "rules/setup_draw.h"

namespace ft::engine::twicefour {

rules::TwiceFourGame balanced_opening(std::uint64_t seed, int plies) {
  rules::SeededRandom rng(seed ^ 0x2545f4914f6cdd1dULL);
  // Random play finds an open position within a few tries; the bound keeps
  // a pathological seed from looping.
  rules::TwiceFourGame game = rules::TwiceFourGame::start();
  for (int attempt = 0; attempt < 1000; ++attempt) {
    game = rules::TwiceFourGame::start();
    while (game.ply() < plies && !game.outcome().over()) {
      const auto moves = game.legal_moves();
      (void)game.play(moves[rng.below(static_cast<int>(moves.size()))]);
    }
    if (game.outcome().over()) continue;
    if (plies == 0) break;
    // A fresh lease per probe: entries of another attempt's search are not
    // this search's (their repetition histories differ).
    TableLease lease = TablePool::shared().acquire(std::size_t{4} << 20);
    TranspositionTable table(lease);
    Search search(game, table);
    SearchLimits limits;
    limits.max_depth = 8;
    limits.grade = EvalGrade::points;
    if (!search.run(limits).exact) break;
  }
  return game;
}

}  // namespace ft::engine::twicefour
