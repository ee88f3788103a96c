#include "engine/three_player/mcts.h"

#include <cmath>
#include <type_traits>

#include "engine/search_support.h"

namespace ft::engine {

using rules::Bits;
using rules::Move;
using rules::popcount;

namespace {

constexpr int OPEN = -1;     // a node whose mover still has a choice
constexpr int UNKNOWN = -2;  // not looked at yet

// splitmix64: playouts need many cheap numbers, and a seed makes a move
// replayable.
struct FastRandom {
  std::uint64_t state;
  std::uint64_t next() {
    std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  int below(int n) { return static_cast<int>((next() >> 33) % static_cast<std::uint64_t>(n)); }
};

// The k-th set cell of `b` (k < popcount(b)).
Bits nth_cell(Bits b, int k) {
  for (; k > 0; --k) b &= b - 1;
  return b & (~b + 1);
}

// A win 1, a draw 1/2, a loss 0, but a player other than the root that
// loses anyway would rather the root did not win: the careful assumption of
// the exact end game (ThreeEndgame::rank) and of max-n, without which the
// search counts on a loser to hand the root its line.
float reward(ThreeOutcome o, int colour, int root) {
  if (o == ThreeOutcome::draw) return 0.5F;
  if (o == win_of(colour)) return 1.0F;
  return colour != root && o != win_of(root) ? 0.1F : 0.0F;
}

}  // namespace

// A tree node: the drop that led to it, its children (a run in the arena,
// first == 0 while it has none: the root is node 0 and never a child), and
// the sums of every colour's rewards over the games played through it.
struct ThreeMcts::Node {
  Bits cell;
  std::uint32_t first;
  std::uint8_t count;
  std::int8_t decided;
  std::uint32_t visits;
  float reward[3];
};

ThreeMcts::ThreeMcts(const rules::Position& root, const TableLease& lease)
    : root_(root), bits_(root.geometry()) {
  // The nodes live in the lease's raw (calloc'd, 16-byte aligned) memory.
  static_assert(std::is_trivially_copyable_v<Node> && alignof(Node) <= 16);
  if (!lease.empty()) {
    nodes_ = static_cast<Node*>(lease.data());
    capacity_ = std::min<std::size_t>(lease.bytes() / sizeof(Node), UINT32_MAX);
  }
}

ThreeMcts::State ThreeMcts::root_state() const {
  State s;
  for (int c = 0; c < 3; ++c) s.discs[static_cast<std::size_t>(c)] = root_.discs(c);
  s.mask = root_.occupied();
  s.mover = root_.to_move();
  return s;
}

Bits ThreeMcts::careful_moves(const State& s, int& decided) const {
  const int m = s.mover;
  const int n = m == 2 ? 0 : m + 1;
  const Bits next = bits_.next_cells(s.mask);
  decided = OPEN;
  if (next == 0) {  // RULES.md A10: a full board is a draw
    decided = static_cast<int>(ThreeOutcome::draw);
    return 0;
  }
  // RULES.md A2: a line in one is taken.
  if ((bits_.winning_cells(s.discs[static_cast<std::size_t>(m)], s.mask) & next) != 0) {
    decided = static_cast<int>(win_of(m));
    return 0;
  }
  const Bits theirs = bits_.winning_cells(s.discs[static_cast<std::size_t>(n)], s.mask);
  const Bits forced = theirs & next;
  if (popcount(forced) >= 2) {
    decided = static_cast<int>(win_of(n));
    return 0;
  }
  if (forced != 0) return forced;
  const Bits safe = next & ~(theirs >> 1);
  if (safe == 0) decided = static_cast<int>(win_of(n));
  return safe;
}

template <class Rng>
ThreeOutcome ThreeMcts::play_out(State s, Rng& rng) const {
  for (;;) {
    int decided = OPEN;
    Bits moves = careful_moves(s, decided);
    if (decided != OPEN) return static_cast<ThreeOutcome>(decided);
    const std::size_t m = static_cast<std::size_t>(s.mover);
    // A drop under one's own completing cell gives it away (the player
    // after next takes it): only when nothing else is left.
    const Bits keep = moves & ~(bits_.winning_cells(s.discs[m], s.mask) >> 1);
    if (keep != 0) moves = keep;
    const Bits cell = nth_cell(moves, rng.below(popcount(moves)));
    s.discs[m] |= cell;
    s.mask |= cell;
    s.mover = s.mover == 2 ? 0 : s.mover + 1;
  }
}

ThreeOutcome ThreeMcts::playout(std::uint64_t seed) const {
  FastRandom rng{seed};
  return play_out(root_state(), rng);
}

ThreeMctsResult ThreeMcts::run(const std::vector<Move>& candidates,
                               const ThreeMctsOptions& options) {
  ThreeMctsResult out;
  for (const Move m : candidates) out.moves.push_back(ThreeMctsMove{m, 0, 0});
  if (candidates.empty()) return out;
  out.best = candidates.front();
  const std::size_t k = candidates.size();
  if (!ThreeEndgame::covers(root_.geometry()) || nodes_ == nullptr || capacity_ < 1 + k + 64)
    return out;

  const std::size_t width = static_cast<std::size_t>(root_.geometry().width());
  const State start = root_state();
  const int root_colour = start.mover;
  const Bits next = bits_.next_cells(start.mask);
  auto fresh = [](Bits cell, int decided) {
    return Node{cell, 0, 0, static_cast<std::int8_t>(decided), 0, {0, 0, 0}};
  };
  nodes_[0] = fresh(0, OPEN);
  nodes_[0].first = 1;
  nodes_[0].count = static_cast<std::uint8_t>(k);
  for (std::size_t i = 0; i < k; ++i) {
    const Bits cell = next & root_.geometry().column(candidates[i].col);
    // A root move that completes a line is a win (deeper in the tree the
    // careful moves never include one: the node is decided before).
    const bool wins =
        root_.geometry().has_line(start.discs[static_cast<std::size_t>(root_colour)] | cell);
    nodes_[1 + i] = fresh(cell, wins ? static_cast<int>(win_of(root_colour)) : UNKNOWN);
  }
  std::size_t used = 1 + k;
  FastRandom rng{hash_mix(options.seed, 0x3c6ef372fe94f82bULL)};
  std::vector<std::uint32_t> path;
  std::uint64_t played = 0;
  for (; played < options.playouts; ++played) {
    if ((played & 63) == 0 && std::chrono::steady_clock::now() >= options.deadline) break;
    State s = start;
    std::uint32_t at = 0;
    path.assign(1, 0);
    ThreeOutcome result;
    for (;;) {
      Node& node = nodes_[at];
      if (at != 0) {
        int decided = OPEN;
        Bits moves = 0;
        if (node.decided == UNKNOWN ||
            (node.decided == OPEN && node.first == 0 && node.visits > 0)) {
          moves = careful_moves(s, decided);
          node.decided = static_cast<std::int8_t>(decided);
        }
        if (node.decided != OPEN) {
          result = static_cast<ThreeOutcome>(node.decided);
          break;
        }
        if (node.visits == 0 || (node.first == 0 && used + width + 1 > capacity_)) {
          result = play_out(s, rng);
          break;
        }
        if (node.first == 0) {  // second visit: its children join the tree
          node.first = static_cast<std::uint32_t>(used);
          node.count = static_cast<std::uint8_t>(popcount(moves));
          // Any other move hands the next player its line; one child stands
          // for all of them, for a player that loses anyway and would rather
          // the next player won than the root (see reward()).
          const Bits others = bits_.next_cells(s.mask) & ~moves;
          for (; moves != 0; moves &= moves - 1)
            nodes_[used++] = fresh(moves & (~moves + 1), UNKNOWN);
          if (others != 0 && s.mover != root_colour) {
            const int winner = static_cast<int>(win_of(s.mover == 2 ? 0 : s.mover + 1));
            nodes_[used++] = fresh(others & (~others + 1), winner);
            ++node.count;
          }
        }
      }
      const std::size_t mover = static_cast<std::size_t>(s.mover);
      const std::uint32_t pick = uct_pick(node, mover, options.exploration);
      const Bits cell = nodes_[pick].cell;
      s.discs[mover] |= cell;
      s.mask |= cell;
      s.mover = s.mover == 2 ? 0 : s.mover + 1;
      at = pick;
      path.push_back(at);
    }
    for (const std::uint32_t i : path) {
      Node& node = nodes_[i];
      ++node.visits;
      for (int c = 0; c < 3; ++c) node.reward[c] += reward(result, c, root_colour);
    }
  }
  out.playouts = played;
  summarise_root(out, k, root_colour);
  return out;
}

// Its own mean reward, plus exploration; a child never tried goes first.
std::uint32_t ThreeMcts::uct_pick(const Node& node, std::size_t mover, double exploration) const {
  const double log_n = std::log(static_cast<double>(node.visits) + 1.0);
  std::uint32_t pick = node.first;
  double best = -1;
  for (std::uint32_t c = node.first; c < node.first + node.count; ++c) {
    const Node& child = nodes_[c];
    if (child.visits == 0) return c;
    const double v =
        child.reward[mover] / child.visits + exploration * std::sqrt(log_n / child.visits);
    if (v > best) {
      best = v;
      pick = c;
    }
  }
  return pick;
}

// The most visited root move wins; the better mean breaks a tie.
void ThreeMcts::summarise_root(ThreeMctsResult& out, std::size_t k, int root_colour) const {
  std::size_t best = 0;
  for (std::size_t i = 0; i < k; ++i) {
    const Node& child = nodes_[1 + i];
    out.moves[i].visits = child.visits;
    out.moves[i].value = child.visits == 0 ? 0 : child.reward[root_colour] / child.visits;
    const ThreeMctsMove& b = out.moves[best];
    if (out.moves[i].visits > b.visits ||
        (out.moves[i].visits == b.visits && out.moves[i].value > b.value))
      best = i;
  }
  out.best = out.moves[best].move;
}

}  // namespace ft::engine
