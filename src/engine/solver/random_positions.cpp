#include "engine/solver/random_positions.h"

#include "rules/setup_draw.h"

namespace ft::engine::solver {

std::vector<std::string> random_positions(const Board& board, int count, int min_discs,
                                          int max_discs, std::uint64_t seed) {
  rules::SeededRandom rng(seed);
  std::vector<std::string> out;
  const int cells = board.width * board.height - rules::popcount(board.blocks);
  while (static_cast<int>(out.size()) < count) {
    const int discs = min_discs + rng.below(max_discs - min_discs + 1);
    Problem p;
    p.board = board;
    std::string moves;
    bool stuck = discs >= cells;
    for (int i = 0; i < discs && !stuck; ++i) {
      int quiet[16];
      int n = 0;
      for (int col = 0; col < board.width; ++col)
        if (can_play(p, col) && !makes_line(p, col)) quiet[n++] = col;
      if (n == 0) {
        stuck = true;
        break;
      }
      const int col = quiet[rng.below(n)];
      p = play(p, col);
      moves += col == 9 ? '0' : static_cast<char>('1' + col);
    }
    if (!stuck) out.push_back(moves);
  }
  return out;
}

}  // namespace ft::engine::solver
