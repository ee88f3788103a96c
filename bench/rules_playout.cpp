// Random playouts through the rules library: each move is generated,
// made and judged (Position::play returns the outcome), single thread.
// Reported: moves/s (items_per_second) and games/s.
//   build/release/bench/bench_rules --benchmark_filter=Playout
#include <benchmark/benchmark.h>

#include "rules/position.h"
#include "rules/variant.h"

namespace ft::rules {
namespace {

// The playouts' dice: xorshift64* with a multiply-shift range reduction, since
// SeededRandom::below (exact, with a division) would cost as much as the move.
class FastRandom {
 public:
  int below(int n) {
    state_ ^= state_ >> 12;
    state_ ^= state_ << 25;
    state_ ^= state_ >> 27;
    const std::uint64_t x = (state_ * 0x2545f4914f6cdd1dULL) >> 32;
    return static_cast<int>((x * static_cast<std::uint64_t>(n)) >> 32);
  }

 private:
  std::uint64_t state_ = 0x9e3779b97f4a7c15ULL;
};

void playouts(benchmark::State& state, const VariantSpec& spec) {
  const Geometry geo(spec);
  const Position start(geo);
  FastRandom rng;
  Move moves[MAX_MOVES];
  std::int64_t made = 0, games = 0, wins = 0;
  Position p = start;
  for (auto _ : state) {
    // One batch of 1024 moves per iteration keeps the timer out of the loop.
    for (int i = 0; i < 1024; ++i) {
      const int n = p.legal_moves(moves);
      const Outcome o = p.play(moves[rng.below(n)]);
      ++made;
      if (o.over()) {
        ++games;
        wins += o.status == Status::win;
        p = start;
      }
    }
  }
  state.SetItemsProcessed(made);
  state.counters["games/s"] =
      benchmark::Counter(static_cast<double>(games), benchmark::Counter::kIsRate);
  // Wins and draws are counted so that judging the result cannot be skipped.
  state.counters["wins/s"] =
      benchmark::Counter(static_cast<double>(wins), benchmark::Counter::kIsRate);
}

void BM_PlayoutClassic(benchmark::State& state) {
  playouts(state, find_variant("classic").value());
}
void BM_PlayoutPopOut(benchmark::State& state) {
  playouts(state, find_variant("popout").value());
}
void BM_PlayoutCylinder(benchmark::State& state) {
  playouts(state, find_variant("cylinder").value());
}
void BM_PlayoutClassic10x10(benchmark::State& state) {
  VariantOptions o;
  o.width = 10;
  o.height = 10;
  playouts(state, make_variant("classic", o).value());
}

BENCHMARK(BM_PlayoutClassic);
BENCHMARK(BM_PlayoutPopOut);
BENCHMARK(BM_PlayoutCylinder);
BENCHMARK(BM_PlayoutClassic10x10);

}  // namespace
}  // namespace ft::rules
