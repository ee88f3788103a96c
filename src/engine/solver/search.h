// The solver's search kernel: negamax with alpha-beta over bitboards, driven by
// null-window probes. Everything a variant changes (bit width, cylinder wrap,
// misère, line length, mirror symmetry, a fixed 7x6 board) is a compile-time
// parameter of Config, chosen once per search by solver.cpp; the node loop
// never branches on the variant.
//
// Position state (per node): `cur` = discs of the side to move, `mask` = every
// occupied cell (discs of both sides and blocks), `n` = discs on the board.
// Layout as rules/bitboard.h: bit col*(H+1)+row, one empty sentinel bit on top
// of each column. The key cur + mask + bottom is unique per (cur, mask).
#pragma once

#include <algorithm>
#include <atomic>
#include <bit>
#include <cassert>
#include <chrono>
#include <cstdint>
#include <iterator>
#include <type_traits>

#include "engine/solver/cpu_clock.h"
#include "engine/solver/transposition_table.h"
#include "rules/bitboard.h"

// Forces inlining of the few helpers of the node loop (GCC and Clang).
#define FT_SOLVER_INLINE [[gnu::always_inline]] inline

namespace ft::engine::solver::kernel {

using u128 = rules::Bits;

template <typename B>
inline int ctz(B x) {
  if constexpr (sizeof(B) == 8) {
    return std::countr_zero(x);
  } else {
    const auto lo = static_cast<std::uint64_t>(x);
    return lo != 0 ? std::countr_zero(lo)
                   : 64 + std::countr_zero(static_cast<std::uint64_t>(x >> 64));
  }
}

template <typename B>
inline int popcnt(B x) {
  if constexpr (sizeof(B) == 8) {
    return std::popcount(x);
  } else {
    return rules::popcount(x);
  }
}

// W and H of 0 mean "given at run time".
template <typename B_, bool CYL, bool MISERE, int LINE, bool SYM, int W_ = 0, int H_ = 0>
struct Config {
  using B = B_;
  static constexpr bool cylinder = CYL;
  static constexpr bool misere = MISERE;
  static constexpr int line = LINE;
  static constexpr bool symmetric = SYM;
  static constexpr int fixed_w = W_;
  static constexpr int fixed_h = H_;
};

struct Stopped {};  // thrown out of the recursion when a limit strikes

struct KernelSetup {
  int width = 7;
  int height = 6;
  u128 blocks = 0;
  int capacity = 42;  // discs the board holds: W*H minus blocks
  std::uint64_t max_nodes = 0;
  std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max();
  const std::atomic<bool>* stop = nullptr;
  std::int64_t cpu_deadline_ns = 0;         // the thread's CPU clock (cpu_clock.h); 0: none
  const std::atomic<bool>* done = nullptr;  // another searcher found the answer
  int variation = 0;  // helper threads of a parallel search order moves differently
};

template <typename C>
class Search {
 public:
  using B = typename C::B;

  Search(const KernelSetup& s, TranspositionTable& tt)
      : w_(C::fixed_w ? C::fixed_w : s.width),
        h_(C::fixed_h ? C::fixed_h : s.height),
        cells_(w_ * h_),
        capacity_(s.capacity),
        blocks_(static_cast<B>(s.blocks)),
        slots_(tt.slots()),
        index_(tt.index()),
        max_nodes_(s.max_nodes),
        deadline_(s.deadline),
        cpu_deadline_ns_(s.cpu_deadline_ns),
        stop_(s.stop),
        done_(s.done),
        variation_(s.variation) {
    const int stride = h_ + 1;
    nbits_ = w_ * stride;
    full_ = nbits_ >= int(sizeof(B) * 8) ? ~B{0} : (B{1} << nbits_) - 1;
    const B col = (B{1} << h_) - 1;
    for (int c = 0; c < w_; ++c) {
      column_[c] = col << (c * stride);
      board_ |= column_[c];
      bottom_ |= B{1} << (c * stride);
    }
    // Rows with the parity of the board's height: in a column with an even
    // number of empty cells, the side to move gets these if the other side
    // always answers on top (claimeven, see parity_bound).
    for (int c = 0; c < w_; ++c) {
      for (int r = (h_ % 2 == 0) ? 0 : 1; r < h_; r += 2) mover_rows_ |= B{1} << (c * stride + r);
    }
    // low_rows_[k]: the cells with at least 2k cells above them in their
    // column (parity_bound's loss depth).
    max_drop_ = std::min((h_ - 1) / 2, int(std::size(low_rows_)) - 1);
    for (int k = 1; k <= max_drop_; ++k) {
      for (int c = 0; c < w_; ++c) {
        low_rows_[k] |= ((B{1} << (h_ - 2 * k)) - 1) << (c * stride);
      }
    }
    // The follow-up argument needs each column's empty cells stacked above
    // its discs and blocks: blocks dropped in first are fine, a floating one is not.
    parity_rule_ = (blocks_ & ~(blocks_ << 1) & ~bottom_) == 0;
    // Columns from the middle outwards: centre discs take part in most lines.
    for (int i = 0; i < w_; ++i) order_[i] = w_ / 2 + (1 - 2 * (i % 2)) * (i + 1) / 2;
    if (variation_ != 0 && w_ > 2) {
      // Helper threads break ties among the central columns the other way
      // round, so they reach other subtrees first and fill the shared table
      // with results the main searcher has not computed yet.
      std::swap(order_[variation_ % 2], order_[1 + variation_ % 2]);
    }
  }

  // Board constants: compile-time for a fixed board, else set at run time.
  int w() const {
    if constexpr (C::fixed_w != 0) return C::fixed_w;
    return w_;
  }
  int h() const {
    if constexpr (C::fixed_h != 0) return C::fixed_h;
    return h_;
  }
  int cells() const { return w() * h(); }
  int nbits() const { return w() * (h() + 1); }
  static constexpr B bottom_of(int w, int h) {
    B r = 0;
    for (int c = 0; c < w; ++c) r |= B{1} << (c * (h + 1));
    return r;
  }
  B bottom() const {
    if constexpr (C::fixed_w != 0 && C::fixed_h != 0) {
      constexpr B b = bottom_of(C::fixed_w, C::fixed_h);
      return b;
    }
    return bottom_;
  }
  B board() const {
    if constexpr (C::fixed_w != 0 && C::fixed_h != 0) {
      constexpr B b = bottom_of(C::fixed_w, C::fixed_h) * ((B{1} << C::fixed_h) - 1);
      return b;
    }
    return board_;
  }

  std::uint64_t nodes() const { return nodes_; }
  int width() const { return w(); }
  int height() const { return h(); }

  B possible(B mask) const { return (mask + bottom()) & board(); }
  B opponent(B cur, B mask) const { return cur ^ mask ^ blocks_; }

  // Empty cells where one more disc of `p` makes a line.
  // Always inlined, as are the line helpers below: called a few times a
  // node, and out of line (GCC stops inlining once negamax_normal grows) the
  // call and the spilled shift arrays doubled the time per node.
  FT_SOLVER_INLINE B winning_cells(B p, B mask) const {
    const int stride = h() + 1;
    B r = vertical(p);
    r |= direction(p, stride);
    r |= direction(p, stride - 1);
    r |= direction(p, stride + 1);
    return r & board() & ~mask;
  }

  bool makes_line(B cur, B mask, B move) const { return (winning_cells(cur, mask) & move) != 0; }

  // True when `p` holds LINE cells in a row somewhere.
  bool has_line(B p) const {
    const int stride = h() + 1;
    B v = p;
    for (int k = 1; k < C::line; ++k) v &= p >> k;
    if (v != 0) return true;
    for (const int s : {stride - 1, stride, stride + 1}) {
      B r = p;
      B shifted = p;
      for (int k = 1; k < C::line; ++k) {
        shifted = shr(shifted, s);
        r &= shifted;
      }
      if (r != 0) return true;
    }
    return false;
  }

  // Exact score by null-window probes, narrowing [lo, hi] (iterative
  // deepening on the score bounds). Precondition: the game is not over and,
  // for the normal rules, the side to move has no win in one.
  int solve(B cur, B mask, int n, int lo, int hi) {
    while (lo < hi) {
      const int med = probe_point(lo, hi, n);
      const int r = negamax(cur, mask, n, med, med + 1);
      if (r <= med) {
        hi = r;
      } else {
        lo = r;
      }
    }
    return lo;
  }

  // The next null-window probe [med, med + 1] on the score interval [lo, hi]
  // (lo < hi) of a position with n discs: halving, but pulled towards zero,
  // where most scores are; near the start, zero and then one step at a time.
  static int probe_point(int lo, int hi, int n) {
    if (n <= ZERO_FIRST_DISCS) {
      if (lo > 0) return lo;
      if (hi <= 0) return hi - 1;
      return 0;
    }
    int med = lo + (hi - lo) / 2;
    if (med <= 0 && lo / 2 < med) {
      med = lo / 2;
    } else if (med >= 0 && hi / 2 > med) {
      med = hi / 2;
    }
    return med;
  }

  int negamax(B cur, B mask, int n, int alpha, int beta) {
    if constexpr (C::misere) {
      return negamax_misere(cur, mask, n, alpha, beta);
    } else {
      wins_[n] = winning_cells(opponent(cur, mask), mask);
      keys_[n] = key_of(cur, mask, &flips_[n]);
      return negamax_normal(cur, mask, n, alpha, beta);
    }
  }

 private:
  // --- lines ---------------------------------------------------------------
  FT_SOLVER_INLINE B shl(B x, int s) const {
    if constexpr (C::cylinder) {
      return ((x << s) | (x >> (nbits() - s))) & full_;
    } else {
      return x << s;
    }
  }
  FT_SOLVER_INLINE B shr(B x, int s) const {
    if constexpr (C::cylinder) {
      return ((x >> s) | (x << (nbits() - s))) & full_;
    } else {
      return x >> s;
    }
  }

  // Cells with LINE-1 own discs straight below.
  FT_SOLVER_INLINE B vertical(B p) const {
    B r = p << 1;
    for (int k = 2; k < C::line; ++k) r &= p << k;
    return r;
  }

  // Cells completing a line along step s: k own discs on one side and
  // LINE-1-k on the other, for every k.
  FT_SOLVER_INLINE B direction(B p, int s) const {
    constexpr int L = C::line;
    B below[L];  // below[k]: own discs at x-s .. x-k*s
    B above[L];  // above[k]: own discs at x+s .. x+k*s
    below[0] = ~B{0};
    above[0] = ~B{0};
    B a = shl(p, s);
    B b = shr(p, s);
    below[1] = a;
    above[1] = b;
    for (int k = 2; k < L; ++k) {
      a = shl(a, s);
      b = shr(b, s);
      below[k] = below[k - 1] & a;
      above[k] = above[k - 1] & b;
    }
    B r = 0;
    for (int k = 0; k < L; ++k) r |= below[k] & above[L - 1 - k];
    return r;
  }

  // --- keys and table ------------------------------------------------------
  B mirror(B x) const {
    if constexpr (C::fixed_w == 7 && C::fixed_h == 6 && sizeof(B) == 8) {
      // Seven 7-bit columns: shifted up one column they are the upper seven
      // of eight, whose order three swaps reverse (halves, pairs, singles),
      // which lands column c at 6 - c. 15 operations instead of a loop.
      constexpr std::uint64_t HALF = (std::uint64_t{1} << 28) - 1;
      constexpr std::uint64_t PAIRS = 0x3fffULL | (0x3fffULL << 28);
      constexpr std::uint64_t SINGLES =
          0x7fULL | (0x7fULL << 14) | (0x7fULL << 28) | (0x7fULL << 42);
      std::uint64_t y = static_cast<std::uint64_t>(x) << 7;
      y = (y >> 28) | ((y & HALF) << 28);
      y = ((y >> 14) & PAIRS) | ((y & PAIRS) << 14);
      y = ((y >> 7) & SINGLES) | ((y & SINGLES) << 7);
      return static_cast<B>(y);
    }
    const int stride = h() + 1;
    const B col = (B{1} << stride) - 1;
    B r = 0;
    for (int c = 0; c < w(); ++c) {
      r |= ((x >> (c * stride)) & col) << ((w() - 1 - c) * stride);
    }
    return r;
  }

  // `flipped`, when given, tells whether the key is the mirror image's (so a
  // column stored with it is mirrored too).
  std::uint64_t key_of(B cur, B mask, bool* flipped = nullptr) const {
    B k = cur + mask + bottom();
    if (flipped != nullptr) *flipped = false;
    if constexpr (C::symmetric) {
      const B m = mirror(k);
      if (m < k) {
        k = m;
        if (flipped != nullptr) *flipped = true;
      }
    }
    if constexpr (sizeof(B) == 8) {
      return k;
    } else {
      const std::uint64_t lo = static_cast<std::uint64_t>(k);
      const std::uint64_t hi = static_cast<std::uint64_t>(k >> 64);
      return lo ^ (hi * 0x9E3779B97F4A7C15ULL) ^ (hi >> 29);
    }
  }

  std::uint64_t* bucket(std::uint64_t key) const { return slots_ + 2 * index_(key); }

  // Returns the slot word holding `key` in its bucket `b`, or 0.
  static std::uint64_t probe(std::uint64_t* b, std::uint64_t key) {
    const auto check = static_cast<std::uint32_t>(key);
    const std::uint64_t s0 = slot::load(b);
    if (s0 != 0 && slot::check(s0) == check) return s0;
    const std::uint64_t s1 = slot::load(b + 1);
    if (s1 != 0 && slot::check(s1) == check) return s1;
    return 0;
  }

  // Two slots per bucket: the first keeps the entry that cost the most work,
  // the second always takes the newest.
  static void store(std::uint64_t* b, std::uint64_t key, int lower, int upper,
                    std::uint64_t work_nodes, int move = -1) {
    const auto check = static_cast<std::uint32_t>(key);
    int work = 64 - std::countl_zero(work_nodes | 1);
    const std::uint64_t s0 = slot::load(b);
    if (s0 != 0 && slot::check(s0) == check) {
      slot::store(
          b, slot::pack(check, std::max(lower, slot::lower(s0)), std::min(upper, slot::upper(s0)),
                        std::max(work, slot::work(s0)), move >= 0 ? move : slot::move(s0)));
      return;
    }
    const std::uint64_t s1 = slot::load(b + 1);
    if (s1 != 0 && slot::check(s1) == check) {
      lower = std::max(lower, slot::lower(s1));
      upper = std::min(upper, slot::upper(s1));
      work = std::max(work, slot::work(s1));
      if (move < 0) move = slot::move(s1);
    }
    const std::uint64_t fresh = slot::pack(check, lower, upper, work, move);
    if (s0 == 0 || work >= slot::work(s0)) {
      if (s0 != 0) slot::store(b + 1, s0);  // the old keeper becomes the newest
      slot::store(b, fresh);
    } else {
      slot::store(b + 1, fresh);
    }
  }

  void count_node() {
    ++nodes_;
    if ((nodes_ & 0xfff) == 0) check_limits();
  }

  void check_limits() const {
    if (max_nodes_ != 0 && nodes_ >= max_nodes_) throw Stopped{};
    if (stop_ != nullptr && stop_->load(std::memory_order_relaxed)) throw Stopped{};
    if (done_ != nullptr && done_->load(std::memory_order_relaxed)) throw Stopped{};
    if (deadline_ != std::chrono::steady_clock::time_point::max() &&
        std::chrono::steady_clock::now() >= deadline_)
      throw Stopped{};
    if (cpu_deadline_ns_ != 0 && thread_cpu_ns() >= cpu_deadline_ns_) throw Stopped{};
  }

  // The moves of a node in search order, with what the search needs of each.
  struct Children {
    B move[16];
    B wins[16];  // our winning cells after the move: the child's opp_wins
    int col[16];
  };

  // Order moves: the table's best move first, then the most own threats
  // after the move; among equals, the column order (centre first). Returns
  // how many. Inlined: it is the inner loop's own code, kept apart to be read.
  [[gnu::always_inline]] int order_children(B cur, B mask, B moves, B opp_wins, int tt_move,
                                            Children& ch) {
    B* const child_move = ch.move;
    B* const child_wins = ch.wins;
    int* const child_col = ch.col;
    int child_score[16];
    int count = 0;
    // One move (a forced block, most often): nothing to order.
    const int columns = (moves & (moves - 1)) == 0 ? 0 : w();
    if (columns == 0) {
      child_wins[count] = winning_cells(cur | moves, mask | moves);
      child_col[count] = -1;
      child_move[count++] = moves;
    }
    for (int i = 0; i < columns; ++i) {
      const int col = order_[i];
      const B m = moves & column_[col];
      if (m == 0) continue;
      const B after = cur | m;
      const B threats = winning_cells(after, mask | m);
      // Useful threats count twice; one that is playable now once more (the
      // opponent must block it at once, which often only trades a disc), one
      // just above a playable cell twice more: the opponent cannot play below
      // it, so it holds a column and shapes the endgame's zugzwang. A
      // threat just above a cell where the opponent completes a line is not
      // useful: whoever fills the cell below hands the other the line or
      // blocks it (5% fewer nodes on early Test_L1_R3 positions than counting
      // all threats). Weighing the threat above a playable cell twice rather
      // than once took the empty board (1 thread, 1 GiB) from 297 M to 248 M
      // nodes, 20 early Test_L1_R3 positions from 77.6 M to 68.8 M. (Tried
      // and measured worse: counting only playable threats, counting the
      // opponent's threats, row parity bonuses, a centre bonus, threats two
      // above a playable cell, the weights of Steininger's c4.)
      const B open_after = possible(mask | m);
      const B useful = threats & ~(opp_wins << 1);
      const int score = 2 * popcnt(useful) + popcnt(useful & open_after) +
                        2 * popcnt(useful & (open_after << 1)) + (col == tt_move ? 1000 : 0);
      int j = count++;
      for (; j > 0 && child_score[j - 1] < score; --j) {
        child_score[j] = child_score[j - 1];
        child_move[j] = child_move[j - 1];
        child_wins[j] = child_wins[j - 1];
        child_col[j] = child_col[j - 1];
      }
      child_score[j] = score;
      child_move[j] = m;
      child_wins[j] = threats;
      child_col[j] = col;
    }
    return count;
  }

  // What a node settles before it touches the table: a loss in one (two
  // threats to block, or every move lets the opponent complete a line), a
  // draw once the board is all but full, or no window left once clamped
  // (clamp_window). True with `settled`; else `moves` are the moves worth
  // searching (a forced block alone, never one under an opponent's
  // winning cell). `opp_wins`: the winning cells of the side not to move.
  [[gnu::always_inline]] bool settle_early(B mask, int n, B opp_wins, int& alpha, int& beta,
                                           B& moves, int& settled) const {
    moves = possible(mask);
    const B forced = moves & opp_wins;
    if (forced != 0) {
      // Two threats at once cannot both be blocked: lost in one.
      if ((forced & (forced - 1)) != 0) return settled = -(cells() - n) / 2, true;
      moves = forced;
    }
    // Never play just under a cell where the opponent would complete a line.
    moves &= ~(opp_wins >> 1);
    if (moves == 0) return settled = -(cells() - n) / 2, true;
    // Two cells or fewer left, no win in one and no loss in one: a draw.
    if (n >= capacity_ - 2) return settled = 0, true;
    return clamp_window(n, alpha, beta, settled);
  }

  // The opponent cannot win before its second disc from now, and we not
  // before our second: (alpha, beta) narrowed to what can happen; true with
  // `settled` when that leaves no window.
  [[gnu::always_inline]] bool clamp_window(int n, int& alpha, int& beta, int& settled) const {
    const int lo = -(cells() - 2 - n) / 2;
    if (alpha < lo) {
      alpha = lo;
      if (alpha >= beta) return settled = alpha, true;
    }
    const int hi = (cells() - 1 - n) / 2;
    if (beta > hi) {
      beta = hi;
      if (alpha >= beta) return settled = beta, true;
    }
    return false;
  }

  // The table's entry for `key` narrows (alpha, beta) and names the move it
  // found best; true with `settled` when the entry alone decides the node.
  [[gnu::always_inline]] bool probe_window(std::uint64_t* home, std::uint64_t key, bool flipped,
                                           int& alpha, int& beta, int& tt_move, int& settled) {
    const std::uint64_t e = probe(home, key);
    if (e == 0) return false;
    const int el = slot::lower(e);
    const int eu = slot::upper(e);
    if (el >= beta) return settled = el, true;
    if (eu <= alpha) return settled = eu, true;
    if (el > alpha) alpha = el;
    if (eu < beta) beta = eu;
    if (alpha >= beta) return settled = alpha, true;
    tt_move = slot::move(e);
    if (flipped && tt_move >= 0) tt_move = w() - 1 - tt_move;
    return false;
  }

  // Enhanced transposition cutoff, from the children's table entries: `lower`
  // is the best of what they guarantee us (the negated upper bounds; a
  // child's value for us is at least that) with its index in `lower_at`, or
  // -MAX_BOUND; `upper` what we get at most when every child has an entry
  // (the best negated lower bound), else MAX_BOUND. Stops early once
  // `lower` reaches beta: that alone settles the node.
  struct ChildBounds {
    int lower = -MAX_BOUND;
    int lower_at = -1;
    int upper = MAX_BOUND;
  };
  [[gnu::always_inline]] ChildBounds etc_bounds(const std::uint64_t* child_key, int count,
                                                int beta) {
    ChildBounds r;
    int upper = -MAX_BOUND;
    bool all = true;
    for (int i = 0; i < count; ++i) {
      const std::uint64_t e = probe(bucket(child_key[i]), child_key[i]);
      if (e == 0) {
        all = false;
        continue;
      }
      const int at_least = -slot::upper(e);
      if (at_least > r.lower) {
        r.lower = at_least;
        r.lower_at = i;
        if (at_least >= beta) return r;
      }
      upper = std::max(upper, -slot::lower(e));
    }
    if (all) r.upper = upper;
    return r;
  }

  // --- normal rules ----------------------------------------------------------
  // Precondition: the side to move cannot win with its next disc.
  int negamax_normal(B cur, B mask, int n, int alpha, int beta) {
    count_node();
    // The parent computed the key and started fetching the bucket.
    const std::uint64_t key = keys_[n];
    const bool flipped = flips_[n];
    std::uint64_t* const home = bucket(key);
    const B opp = opponent(cur, mask);
    const B open = possible(mask);
    // The parent computed the opponent's lines while ordering its moves.
    const B opp_wins = wins_[n];
    B moves = 0;
    int settled = 0;
    if (settle_early(mask, n, opp_wins, alpha, beta, moves, settled)) return settled;

    // Near the end of a probe's horizon the children settle in their first
    // checks (settle_early), so they are evaluated here, not searched: a
    // horizon node, where only a win with our second disc is enough, and
    // the node before it, each of whose children is a horizon node.
    const bool horizon = alpha >= (cells() - 3 - n) / 2;
    const bool before_horizon = beta <= -(cells() - 4 - n) / 2;

    // The children's table keys, by column, and their buckets fetched from
    // memory now, while the probe and the ordering below run: a child probes
    // its bucket right after it starts, too soon for a fetch of its own.
    std::uint64_t col_key[16];
    bool col_flip[16];
    if (!horizon && !before_horizon) {
      for (B rest = moves; rest != 0; rest &= rest - 1) {
        const B m = rest & (~rest + 1);
        const int c = ctz(m) / (h() + 1);
        col_key[c] = key_of(opp, mask | m, &col_flip[c]);
        __builtin_prefetch(bucket(col_key[c]));
      }
    }

    if (parity_rule_ && beta > -1 - max_drop_) {
      const int bound = parity_bound(cur, opp, mask, open, n);
      if (bound < beta) {
        beta = bound;
        if (alpha >= beta) return beta;
      }
    }

    int tt_move = -1;
    if (probe_window(home, key, flipped, alpha, beta, tt_move, settled)) return settled;

    // A move after which we draw or win by claimeven ourselves (the child's
    // parity bound, with us answering on top) settles the node when that is
    // enough, without searching the moves ordered before it. Only where it
    // can: the bound is 0 or 1. (Empty board, 1 thread, 1 GiB: 248 M -> 200 M
    // nodes, 57.1 -> 47.6 s CPU back to back; bench signature -6%.)
    if (parity_rule_ && beta <= 1 && ((capacity_ - n) & 1) != 0) {
      for (B rest = moves; rest != 0; rest &= rest - 1) {
        const B m = rest & (~rest + 1);
        const int v = -parity_bound(opp, cur | m, mask | m, possible(mask | m), n + 1);
        if (v >= beta) {
          store(home, key, v, MAX_BOUND, 1, stored_col(ctz(m) / (h() + 1), flipped));
          return v;
        }
      }
    }

    if (horizon) return settle_horizon(cur, mask, n, moves, alpha, beta, home, key, flipped);
    if (before_horizon)
      return settle_before_horizon(cur, mask, n, moves, alpha, beta, home, key, flipped);

    const std::uint64_t start_nodes = nodes_;

    Children ch;
    const int count = order_children(cur, mask, moves, opp_wins, tt_move, ch);

    // The children's keys in search order, for them (keys_) and for ETC.
    std::uint64_t child_key[16];
    bool child_flip[16];
    for (int i = 0; i < count; ++i) {
      const int c = ctz(ch.move[i]) / (h() + 1);
      child_key[i] = col_key[c];
      child_flip[i] = col_flip[c];
    }

    const int alpha0 = alpha;
    int best = -MAX_BOUND;
    int best_col = -1;
    // Enhanced transposition cutoff: a child already known to be bad enough
    // for the opponent settles this node without searching anything. Short
    // of that, the children's entries still narrow the window: what one of
    // them guarantees raises alpha (and is where `best` starts), what all of
    // them allow at most lowers beta. The node's value is the best child's,
    // so both are bounds on it; a search that then fails low everywhere
    // proves `best` exact (it is above alpha0), as the store below says.
    if (cells() - n > ETC_MIN_EMPTY) {
      const ChildBounds cb = etc_bounds(child_key, count, beta);
      if (cb.lower >= beta) {
        store(home, key, cb.lower, MAX_BOUND, 1, stored_col(ch.col[cb.lower_at], flipped));
        return cb.lower;
      }
      if (cb.upper <= alpha) {
        store(home, key, -MAX_BOUND, cb.upper, 1);
        return cb.upper;
      }
      if (cb.lower_at >= 0) {
        best = cb.lower;
        best_col = ch.col[cb.lower_at];
      }
      if (cb.upper < beta) beta = cb.upper;
      if (cb.lower > alpha) alpha = cb.lower;
      if (alpha >= beta) {  // the bounds meet: lower == upper, the exact value
        store(home, key, best, best, 1, stored_col(best_col, flipped));
        return best;
      }
    }

    for (int i = 0; i < count; ++i) {
      const B m = ch.move[i];
      wins_[n + 1] = ch.wins[i];
      keys_[n + 1] = child_key[i];
      flips_[n + 1] = child_flip[i];
      const int v = -negamax_normal(opp, mask | m, n + 1, -beta, -alpha);
      if (settle_child(v, ch.col[i], alpha, beta, best, best_col)) break;
    }
    return store_result(home, key, flipped, alpha0, beta, best, best_col, nodes_ - start_nodes);
  }

  // A horizon node (alpha >= (cells - 3 - n) / 2): only a win with our
  // second disc beats alpha, so every child settles in settle_early, here
  // rather than in a call of its own: the move wins if it leaves the
  // opponent two threats or nothing safe to play. The values are the ones
  // the children would return; the node is stored as a searched one would be.
  int settle_horizon(B cur, B mask, int n, B moves, int alpha, int beta, std::uint64_t* home,
                     std::uint64_t key, bool flipped) {
    int best_col = -1;
    const int best = horizon_value(cur, mask, n, moves, alpha, beta, &best_col);
    return store_result(home, key, flipped, alpha, beta, best, best_col, 1);
  }

  // The node before a horizon node (beta <= -(cells - 4 - n) / 2): each
  // child is a horizon node (or settles earlier), evaluated here as it would
  // evaluate itself, save its table entry: settle_early, the parity bound,
  // then settle_horizon's test of the replies. Centre columns first, as in
  // the search (ctz order, edge first: Test_L2_R2 +13% nodes).
  int settle_before_horizon(B cur, B mask, int n, B moves, int alpha, int beta, std::uint64_t* home,
                            std::uint64_t key, bool flipped) {
    const B opp = opponent(cur, mask);
    const int alpha0 = alpha;
    int best = -MAX_BOUND;
    int best_col = -1;
    for (int i = 0; i < w(); ++i) {
      const int col = order_[i];
      const B m = moves & column_[col];
      if (m == 0) continue;
      const B mine = cur | m;
      const B mask_c = mask | m;
      int a = -beta, b = -alpha, v = 0;
      B replies = 0;
      if (!settle_early(mask_c, n + 1, winning_cells(mine, mask_c), a, b, replies, v)) {
        if (parity_rule_ && b > -1 - max_drop_) {
          b = std::min(b, parity_bound(opp, mine, mask_c, possible(mask_c), n + 1));
        }
        v = a >= b ? b : horizon_value(opp, mask_c, n + 1, replies, a, b);
      }
      if (settle_child(-v, col, alpha, beta, best, best_col)) break;
    }
    return store_result(home, key, flipped, alpha0, beta, best, best_col, 1);
  }

  // A horizon node's value, without the table (settle_before_horizon's
  // children have no entry of their own); `best_col` gets the move that
  // settled it.
  int horizon_value(B cur, B mask, int n, B moves, int alpha, int beta,
                    int* best_col = nullptr) const {
    int best = -MAX_BOUND;
    int col = -1;
    for (B rest = moves; rest != 0; rest &= rest - 1) {
      const B m = rest & (~rest + 1);
      const B mask_c = mask | m;
      int a = -beta, b = -alpha, v = 0;
      B unused = 0;
      [[maybe_unused]] const bool settled =
          settle_early(mask_c, n + 1, winning_cells(cur | m, mask_c), a, b, unused, v);
      assert(settled);  // the opponent's alpha is at its clamp (settle_horizon)
      if (settle_child(-v, ctz(m) / (h() + 1), alpha, beta, best, col)) break;
    }
    if (best_col != nullptr) *best_col = col;
    return best;
  }

  // One child's value into the node's running best (fail-soft): true at a
  // cutoff.
  FT_SOLVER_INLINE static bool settle_child(int v, int col, int& alpha, int beta, int& best,
                                            int& best_col) {
    if (v <= best) return false;
    best = v;
    best_col = col;
    if (v >= beta) return true;
    if (v > alpha) alpha = v;
    return false;
  }

  // Stores a node's result: a lower bound at a cutoff, exact inside the
  // window, else an upper bound. Failed low, every move was as bad as the
  // window allows, and the one that came out "best" says little: a move an
  // earlier search found good enough stays.
  int store_result(std::uint64_t* home, std::uint64_t key, bool flipped, int alpha0, int beta,
                   int best, int best_col, std::uint64_t work) {
    if (best >= beta) {
      store(home, key, best, MAX_BOUND, work, stored_col(best_col, flipped));
    } else if (best > alpha0) {
      store(home, key, best, best, work, stored_col(best_col, flipped));
    } else {
      store(home, key, -MAX_BOUND, best, work);
    }
    return best;
  }

  int stored_col(int col, bool flipped) const {
    return (flipped && col >= 0) ? w() - 1 - col : col;
  }

  // Claimeven (Allis 1988), also with columns of an odd number of empty
  // cells. When the empty cells are even in number, so are the columns with
  // an odd count. The opponent then answers a disc on top of it, in the same
  // column, while that column has cells left; a disc in an odd column (its
  // playable cell, which then leaves the column even) it answers with the
  // playable cell of another odd column. So the opponent gets at least every
  // empty cell outside mover_rows_ that is not playable now, and the side to
  // move at most the rest. If no line fits in the mover's discs plus those,
  // the mover never makes a line: the value is at most a draw; if moreover
  // the opponent's discs plus its cells hold a line, the opponent makes it by
  // the last disc at the latest: a loss (score -1 or worse). Valid for any
  // size, line length, cylinder, and blocks dropped first; not for misère
  // (which has its own kernel). (With every column even this is the plain
  // claimeven: the playable cells are all in mover_rows_ then. Allowing odd
  // columns took 11% off the bench signature's nodes, 12% off 20 early
  // Test_L1_R3 positions'.)
  int parity_bound(B cur, B opp, B mask, B open, int n) const {
    if (((capacity_ - n) & 1) != 0) return MAX_BOUND;  // an odd number of empty cells
    const B empty = board() & ~mask;
    const B theirs = empty & ~mover_rows_ & ~open;
    if (has_line(cur | (empty & ~theirs))) return MAX_BOUND;
    const B their_share = opp | theirs;
    if (!has_line(their_share)) return 0;
    // How soon: a line of the opponent's is complete when its last cell is
    // filled, and the cells above that one in its column are empty then. A
    // line with at least 2k cells above each of its cells is complete at
    // least 2k discs before the board is full: a loss of 1 + k or worse.
    for (int k = max_drop_; k >= 1; --k) {
      if (has_line(their_share & low_rows_[k])) return -1 - k;
    }
    return -1;
  }

  // --- misère ----------------------------------------------------------------
  // The disc that makes a line loses. No precondition.
  int negamax_misere(B cur, B mask, int n, int alpha, int beta) {
    count_node();
    if (n >= capacity_) return 0;
    const B open = possible(mask);
    const B own_lines = winning_cells(cur, mask);
    const B safe = open & ~own_lines;
    // Every drop makes our own line: we lose with this disc.
    if (safe == 0) return -(cells() + 1 - n) / 2;
    if (n == capacity_ - 1) return 0;  // the last cell, and it is safe

    // Best case: the opponent is forced into a line with the next disc.
    int hi = (cells() - n) / 2;
    // Worst case: we are forced into a line with our next-but-one disc.
    const int lo = -(cells() - 1 - n) / 2;
    if (alpha < lo) {
      alpha = lo;
      if (alpha >= beta) return alpha;
    }
    if (beta > hi) {
      beta = hi;
      if (alpha >= beta) return beta;
    }

    const std::uint64_t key = key_of(cur, mask);
    std::uint64_t* const home = bucket(key);
    int unused_move = -1, settled = 0;  // misère stores no best move
    if (probe_window(home, key, false, alpha, beta, unused_move, settled)) return settled;

    const std::uint64_t start_nodes = nodes_;
    const B opp = opponent(cur, mask);
    const B opp_lines = winning_cells(opp, mask);
    B child_move[16];
    int child_score[16];
    int count = 0;
    for (int i = 0; i < w(); ++i) {
      const B m = safe & column_[order_[i]];
      if (m == 0) continue;
      // Fewer safe replies for the opponent first.
      const B reply_open = possible(mask | m);
      const int score = -popcnt(reply_open & ~opp_lines);
      int j = count++;
      for (; j > 0 && child_score[j - 1] < score; --j) {
        child_score[j] = child_score[j - 1];
        child_move[j] = child_move[j - 1];
      }
      child_score[j] = score;
      child_move[j] = m;
    }

    const int alpha0 = alpha;
    int best = -MAX_BOUND;
    for (int i = 0; i < count; ++i) {
      const int v = -negamax_misere(opp, mask | child_move[i], n + 1, -beta, -alpha);
      if (v > best) {
        best = v;
        if (v >= beta) {
          store(home, key, v, MAX_BOUND, nodes_ - start_nodes);
          return v;
        }
        if (v > alpha) alpha = v;
      }
    }
    if (best > alpha0) {
      store(home, key, best, best, nodes_ - start_nodes);
    } else {
      store(home, key, -MAX_BOUND, best, nodes_ - start_nodes);
    }
    return best;
  }

  static constexpr int MAX_BOUND = 100;
  // Enhanced transposition cutoffs: the children's buckets are fetched for
  // them anyway, but near the end a cutoff saves a small subtree and the
  // extra probes cost more than they save. 8 empty cells saved the most
  // nodes (Test_L2_R2 -14%, L1_R2 -18%) but cost 10-17% CPU at 1 thread
  // (rate's measurements); 14 keeps most of the node saving on the empty
  // board (2 threads, 1 GiB: 453 M nodes, CPU 52 s at load 5, against 398 M
  // and 90 s at load 6-10 with 8) and the test sets' CPU of 20.
  static constexpr int ETC_MIN_EMPTY = 14;
  // Up to this many discs the probes start at zero and step by one: near
  // the start every score is within a few points of a draw (the empty board:
  // 1), and the halving rule's far probes cost the empty board 4 of its 8
  // probes and a third of its nodes. Later, wins come early and halving pays.
  static constexpr int ZERO_FIRST_DISCS = 4;

  int w_;
  int h_;
  int cells_;
  int capacity_;
  int nbits_ = 0;
  B blocks_;
  B full_ = 0;
  B board_ = 0;
  B bottom_ = 0;
  B column_[16] = {};
  B mover_rows_ = 0;
  B low_rows_[8] = {};
  int max_drop_ = 0;
  bool parity_rule_ = true;
  int order_[16] = {};
  // For the node with n discs on the current line of play (normal rules), set
  // by its parent: the winning cells of the side not to move, and its key.
  B wins_[sizeof(B) * 8 + 2];
  std::uint64_t keys_[sizeof(B) * 8 + 2];
  bool flips_[sizeof(B) * 8 + 2] = {};
  std::uint64_t* slots_;
  BucketIndex index_;
  std::uint64_t nodes_ = 0;
  std::uint64_t max_nodes_;
  std::chrono::steady_clock::time_point deadline_;
  std::int64_t cpu_deadline_ns_;
  const std::atomic<bool>* stop_;
  const std::atomic<bool>* done_;
  int variation_;
};

}  // namespace ft::engine::solver::kernel
