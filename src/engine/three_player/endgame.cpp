#include "engine/three_player/endgame.h"

#include <algorithm>
#include <cstdlib>

#include "engine/search_support.h"

namespace ft::engine {

using rules::Bits;
using rules::Move;
using rules::popcount;

bool ThreeEndgame::covers(const rules::Geometry& g) {
  return g.colours() == 3 && g.spec().line == 4 && !g.cylinder() && !g.popout() && !g.misere() &&
         g.prefilled_columns() == 0;
}

int ThreeEndgame::rank(ThreeOutcome o, int player, int root) {
  if (o == win_of(player)) return 3;
  if (o == ThreeOutcome::draw) return 2;
  if (player == root) return o == win_of((root + 1) % 3) ? 0 : 1;
  return o == win_of(root) ? 0 : 1;
}

ThreeEndgame::ThreeEndgame(const rules::Position& root, const TableLease& lease)
    : root_(root), bits_(root.geometry()), root_colour_(root.to_move()) {
  const rules::Geometry& g = root.geometry();
  if (!lease.empty() && lease.bytes() >= sizeof(std::uint64_t)) {
    table_ = static_cast<std::uint64_t*>(lease.data());
    std::size_t n = 1;
    while (n * 2 <= lease.bytes() / sizeof(std::uint64_t)) n *= 2;
    mask_ = n - 1;
  }
  // Entries of earlier searches on the buffer never match (another
  // generation or another root colour ranks outcomes differently).
  salt_ = hash_mix(0xbb67ae8584caa73bULL, lease.generation());
  salt_ = hash_mix(salt_, static_cast<std::uint64_t>(root_colour_) + 5);
  const int w = g.width();
  for (int c = 0; c < w; ++c) order_.push_back(c);
  std::stable_sort(order_.begin(), order_.end(), [w](int a, int b) {
    return std::abs(2 * a - (w - 1)) < std::abs(2 * b - (w - 1));
  });
}

std::uint64_t ThreeEndgame::key(const Node& n) const {
  std::uint64_t h = hash_mix(salt_, static_cast<std::uint64_t>(n.mover));
  for (const Bits d : n.discs) {
    h = hash_mix(h, static_cast<std::uint64_t>(d));
    h = hash_mix(h, static_cast<std::uint64_t>(d >> 64));
  }
  return h | 0x100;  // never 0 above the low byte: 0 marks an empty slot
}

namespace {

// A table entry: the position's key above bit 8, its best column + 1 in bits
// 2-5 (0: none yet), bit 6 set when bits 0-1 hold its exact outcome.
constexpr std::uint64_t KEY_BITS = ~std::uint64_t{0xff};
constexpr std::uint64_t EXACT_BIT = 0x40;

}  // namespace

int ThreeEndgame::best_rank_for(int parent, int mover, int mover_rank, int root) {
  // The outcomes the mover may still reach: those it ranks at least as high.
  int best = -1;
  for (int o = 0; o < 4; ++o) {
    const auto x = static_cast<ThreeOutcome>(o);
    if (rank(x, mover, root) >= mover_rank) best = std::max(best, rank(x, parent, root));
  }
  return best;
}

ThreeOutcome ThreeEndgame::search(const Node& n, int parent_best) {
  if (++nodes_ > max_nodes_ ||
      ((nodes_ & 1023) == 0 && std::chrono::steady_clock::now() >= deadline_))
    stop_ = true;
  if (stop_) return ThreeOutcome::draw;
  const int m = n.mover;
  const int s = m == 2 ? 0 : m + 1;
  const int p = m == 0 ? 2 : m - 1;  // who moved into this node
  const std::size_t mi = static_cast<std::size_t>(m);
  const Bits next = bits_.next_cells(n.mask);
  // RULES.md A2: a line in one is taken.
  if ((bits_.winning_cells(n.discs[mi], n.mask) & next) != 0) return win_of(m);
  const Bits theirs = bits_.winning_cells(n.discs[static_cast<std::size_t>(s)], n.mask);
  const Bits forced = theirs & next;
  // The next player's lines in one: two cannot both be blocked.
  if (popcount(forced) >= 2) return win_of(s);

  std::uint64_t* slot = nullptr;
  std::uint64_t k = 0;
  int hint = -1;
  if (table_ != nullptr) {
    k = key(n);
    slot = &table_[k & mask_];
    if (((*slot ^ k) & KEY_BITS) == 0) {
      if ((*slot & EXACT_BIT) != 0) return static_cast<ThreeOutcome>(*slot & 3);
      hint = static_cast<int>((*slot >> 2) & 15) - 1;
    }
  }

  // Moves that do not hand the next player a line at once: the block if it
  // has a line in one, else every cell not directly under one of its
  // completing cells. Any other move lets it win.
  const Bits under = (theirs >> 1) & next;
  const Bits moves = forced != 0 ? forced : next & ~under;
  ThreeOutcome best = ThreeOutcome::draw;
  int best_rank = -1;
  int best_col = -1;
  if ((next & ~moves) != 0) {
    best = win_of(s);
    best_rank = rank(best, m, root_colour_);
  }
  bool cut = false;
  auto cuts = [&] {
    // Shallow pruning (max-n): whatever the mover ends with here it ranks
    // at least best_rank; if no such outcome beats what the player before it
    // already has elsewhere, that player will not come here.
    return best_rank >= 0 && best_rank_for(p, m, best_rank, root_colour_) <= parent_best;
  };
  cut = cuts();
  const rules::Geometry& g = root_.geometry();
  for (int i = -1; i < static_cast<int>(order_.size()) && !cut; ++i) {
    const int col = i < 0 ? hint : order_[static_cast<std::size_t>(i)];
    if (col < 0 || (i >= 0 && col == hint)) continue;
    const Bits cell = moves & g.column(col);
    if (cell == 0) continue;
    Node child = n;
    child.discs[mi] |= cell;
    child.mask |= cell;
    child.mover = s;
    // The move completes no line (checked above), so only a full board ends it.
    const ThreeOutcome v =
        child.mask == bits_.board ? ThreeOutcome::draw : search(child, best_rank);
    if (stop_) return ThreeOutcome::draw;
    const int r = rank(v, m, root_colour_);
    if (r > best_rank) {
      best = v;
      best_rank = r;
      best_col = col;
      if (r == 3) break;
      if (r == 2 && !g.has_line(n.discs[mi] | (bits_.board & ~n.mask))) {
        break;  // only a win beats a draw, and no line of the mover can be made any more
      }
      cut = cuts();
    }
  }
  if (slot != nullptr) {
    std::uint64_t e = (k & KEY_BITS) | (static_cast<std::uint64_t>(best_col + 1) << 2);
    if (!cut) e |= EXACT_BIT | static_cast<std::uint64_t>(best);
    *slot = e;
  }
  return best;
}

ThreeEndgameResult ThreeEndgame::solve(const std::vector<Move>& moves, std::uint64_t max_nodes,
                                       std::chrono::steady_clock::time_point deadline) {
  max_nodes_ = max_nodes;
  deadline_ = deadline;
  nodes_ = 0;
  stop_ = false;
  ThreeEndgameResult out;
  for (const Move m : moves) {
    rules::Position child = root_;
    const rules::Outcome o = child.play(m);
    ThreeOutcome v;
    if (o.status == rules::Status::win) {
      v = win_of(o.winner);
    } else if (o.over()) {
      v = ThreeOutcome::draw;
    } else {
      Node c;
      for (int k = 0; k < 3; ++k) c.discs[static_cast<std::size_t>(k)] = child.discs(k);
      c.mask = child.occupied();
      c.mover = child.to_move();
      v = search(c, -1);
      if (stop_) break;
    }
    out.moves.emplace_back(m, v);
  }
  out.complete = out.moves.size() == moves.size();
  out.nodes = nodes_;
  return out;
}

}  // namespace ft::engine
