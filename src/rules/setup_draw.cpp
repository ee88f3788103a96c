#include "rules/setup_draw.h"

namespace ft::rules {

std::uint64_t SeededRandom::next() {
  std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

int SeededRandom::below(int n) {
  // Rejection keeps it exactly uniform; n is tiny so this almost never loops.
  const std::uint64_t un = static_cast<std::uint64_t>(n);
  const std::uint64_t limit = UINT64_MAX - UINT64_MAX % un;
  std::uint64_t x;
  do {
    x = next();
  } while (x >= limit);
  return static_cast<int>(x % un);
}

std::vector<Cell> draw_obstacles(const VariantSpec& spec, std::uint64_t seed) {
  constexpr int MAX_PER_COLUMN = 2;
  SeededRandom rng(seed);
  std::vector<int> count(spec.width, 0);
  std::vector<Cell> cells;
  const int w = spec.width;
  if (spec.blocks % 2 == 1) {
    const int mid = w / 2;
    cells.push_back(Cell{mid, count[mid]++});
  }
  const int half = w / 2;  // columns strictly left of the middle
  for (int pair = 0; pair < spec.blocks / 2; ++pair) {
    int col;
    do {
      col = rng.below(half);
    } while (count[col] >= MAX_PER_COLUMN);
    const int mirror = w - 1 - col;
    cells.push_back(Cell{col, count[col]++});
    cells.push_back(Cell{mirror, count[mirror]++});
  }
  return cells;
}

namespace {

bool mover_wins_at_once(const Position& p) {
  Move moves[MAX_MOVES];
  const int n = p.legal_moves(moves);
  for (int i = 0; i < n; ++i) {
    Position next = p;
    const Outcome o = next.play(moves[i]);
    if (o.status == Status::win && o.winner == p.to_move()) return true;
  }
  return false;
}

}  // namespace

std::vector<int> draw_opening(const VariantSpec& spec, std::uint64_t seed) {
  SeededRandom rng(seed);
  const Geometry geo(spec);
  for (;;) {
    Position p(geo);
    std::vector<int> cols;
    bool ok = true;
    for (int i = 0; i < spec.opening_plies && ok; ++i) {
      int col;
      do {
        col = rng.below(spec.width);
      } while (!p.can_drop(col));
      cols.push_back(col);
      ok = !p.play(Move{static_cast<std::int8_t>(col), false}).over();
    }
    if (ok && !mover_wins_at_once(p)) return cols;
  }
}

Setup draw_setup(const VariantSpec& spec, std::uint64_t seed) {
  Setup s;
  if (spec.blocks > 0) s.blocks = draw_obstacles(spec, seed);
  if (spec.opening_plies > 0) s.opening = draw_opening(spec, opening_seed(seed));
  return s;
}

}  // namespace ft::rules
