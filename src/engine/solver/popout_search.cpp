#include "engine/solver/popout_search.h"

#include <algorithm>
#include <array>
#include <string>

#include "engine/solver/search.h"
#include "rules/geometry.h"

namespace ft::engine::solver {
namespace {

using u64 = std::uint64_t;

struct TooDeep {};  // the search path outgrew PopoutSolver::MAX_PLY

constexpr int NO_REPETITION = 1 << 30;
constexpr int HORIZON = -1;  // a value that rests on the depth horizon

// The PopOut node loop. W and H of 0 mean "given at run time". The line
// helpers (winning cells, has_line) are the classic kernel's.
template <int W_, int H_>
class PopoutKernel {
  using Lines = kernel::Search<kernel::Config<u64, false, false, 4, false, W_, H_>>;

 public:
  PopoutKernel(int w, int h, TranspositionTable& tt, const Limits& limits, bool distance)
      : lines_(setup(w, h), tt),
        w_(w),
        h_(h),
        slots_(tt.slots()),
        index_(tt.index()),
        limits_(limits),
        distance_(distance),
        top_(distance ? PopoutSolver::DISTANCE_WIN : 1) {
    const int stride = h_ + 1;
    for (int c = 0; c < w_; ++c) {
      column_[c] = ((u64{1} << h_) - 1) << (c * stride);
      board_ |= column_[c];
      bottom_ |= u64{1} << (c * stride);
    }
    for (int i = 0; i < w_; ++i) order_[i] = w_ / 2 + (1 - 2 * (i % 2)) * (i + 1) / 2;
    path_.resize(PopoutSolver::MAX_PLY + 1);
  }

  std::uint64_t nodes() const { return nodes_; }
  int max_ply() const { return max_ply_; }

  // A null-window probe: is the value above `med`, looking at most `horizon`
  // plies ahead? `exact` tells whether the answer did not rest on the horizon.
  int probe(u64 cur, u64 mask, int med, int horizon, bool& exact) {
    horizon_ = horizon;
    int low = NO_REPETITION;
    const int v = node(cur, mask, 0, med, med + 1, low);
    exact = low >= 0;
    return v;
  }

 private:
  static kernel::KernelSetup setup(int w, int h) {
    kernel::KernelSetup s;
    s.width = w;
    s.height = h;
    s.capacity = w * h;
    return s;
  }

  u64 possible(u64 mask) const { return (mask + bottom_) & board_; }

  // Both bitboards with column c's bottom cell taken out and the rest fallen.
  u64 popped(u64 x, int c) const {
    const u64 col = column_[c];
    return (x & ~col) | (((x & col) >> 1) & col);
  }

  u64 mirror(u64 x) const {
    const int stride = h_ + 1;
    const u64 col = (u64{1} << stride) - 1;
    u64 r = 0;
    for (int c = 0; c < w_; ++c) r |= ((x >> (c * stride)) & col) << ((w_ - 1 - c) * stride);
    return r;
  }

  u64* bucket(u64 key) const { return slots_ + 2 * index_(key); }

  static u64 find(u64* b, u64 key) {
    const auto check = static_cast<std::uint32_t>(key);
    for (int i = 0; i < 2; ++i) {
      const u64 s = slot::load(b + i);
      if (s != 0 && slot::check(s) == check) return s;
    }
    return 0;
  }

  // The first slot keeps the costlier entry, the second the newest (as the
  // classic kernel does).
  static void store(u64* b, u64 key, int lower, int upper, u64 work_nodes, int move) {
    const auto check = static_cast<std::uint32_t>(key);
    const int work = 64 - std::countl_zero(work_nodes | 1);
    for (int i = 0; i < 2; ++i) {
      const u64 s = slot::load(b + i);
      if (s != 0 && slot::check(s) == check) {
        slot::store(b + i, slot::pack(check, std::max(lower, slot::lower(s)),
                                      std::min(upper, slot::upper(s)),
                                      std::max(work, slot::work(s)), move));
        return;
      }
    }
    const u64 fresh = slot::pack(check, lower, upper, work, move);
    const u64 s0 = slot::load(b);
    if (s0 == 0 || work >= slot::work(s0)) {
      if (s0 != 0) slot::store(b + 1, s0);
      slot::store(b, fresh);
    } else {
      slot::store(b + 1, fresh);
    }
  }

  void count_node() {
    if ((++nodes_ & 0xfff) != 0) return;
    if (limits_.max_nodes != 0 && nodes_ >= limits_.max_nodes) throw kernel::Stopped{};
    if (limits_.stop != nullptr && limits_.stop->load(std::memory_order_relaxed))
      throw kernel::Stopped{};
    if (limits_.deadline != std::chrono::steady_clock::time_point::max() &&
        std::chrono::steady_clock::now() >= limits_.deadline)
      throw kernel::Stopped{};
    if (limits_.cpu_deadline_ns != 0 && thread_cpu_ns() >= limits_.cpu_deadline_ns)
      throw kernel::Stopped{};
  }

  // Whether (cur, mask) stands on the search path above `ply`; `at` gets the
  // depth. A count per hash cell skips the scan for nearly every node.
  bool on_path(u64 key, int ply, int& at) const {
    if (path_count_[hash_cell(key)] == 0) return false;
    for (int i = ply - 1; i >= 0; --i) {
      if (path_[i] == key) {
        at = i;
        return true;
      }
    }
    return false;
  }
  static unsigned hash_cell(u64 key) {
    return static_cast<unsigned>((key * 0x9E3779B97F4A7C15ULL) >> 52);
  }

  // The value (-1, 0, 1) for the side to move, fail-soft in [alpha, beta].
  // `low` gets the lowest path depth whose repetition the value relied on
  // (NO_REPETITION for none). Moves: 0..W-1 drop, W..2W-1 pop.
  int node(u64 cur, u64 mask, int ply, int alpha, int beta, int& low) {
    count_node();
    low = NO_REPETITION;
    const u64 opp = cur ^ mask;
    const u64 open = possible(mask);
    const u64 own_wins = lines_.winning_cells(cur, mask);
    if ((own_wins & open) != 0) return win_in(1);

    // Pops: a line of our own wins at once; one for the opponent alone loses.
    u64 pops = 0;
    for (u64 rest = cur & bottom_; rest != 0; rest &= rest - 1) {
      const int c = std::countr_zero(rest) / (h_ + 1);
      const u64 m2 = popped(mask, c);
      const u64 c2 = popped(cur, c);
      if (lines_.has_line(c2)) return win_in(1);
      if (!lines_.has_line(c2 ^ m2)) pops |= u64{1} << c;
    }

    const u64 opp_wins = lines_.winning_cells(opp, mask);
    u64 drops = open;
    if (const u64 forced = open & opp_wins; forced != 0) {
      drops = (forced & (forced - 1)) != 0 ? 0 : forced;
    }
    drops &= ~(opp_wins >> 1);                       // the opponent would drop on top and win
    if (drops == 0 && pops == 0) return -win_in(2);  // the opponent's line comes next

    const u64 raw_key = cur + mask + bottom_;
    const u64 mirrored = mirror(raw_key);
    const bool flipped = mirrored < raw_key;
    const u64 key = flipped ? mirrored : raw_key;
    u64* const home = bucket(key);
    int tt_move = -1;
    if (const u64 e = find(home, key); e != 0) {
      const int el = slot::lower(e);
      const int eu = slot::upper(e);
      if (el >= beta) return el;
      if (eu <= alpha) return eu;
      alpha = std::max(alpha, el);
      beta = std::min(beta, eu);
      if (alpha >= beta) return alpha;
      tt_move = slot::move(e);
      if (flipped && tt_move >= 0) tt_move = flip_move(tt_move);
    }
    // After the table: a stored bound holds for the true value, which
    // spares the node from depending on the path.
    if (int at = 0; on_path(raw_key, ply, at)) {
      low = at;
      return 0;
    }
    if (ply >= horizon_) {
      // Unknown beyond the horizon: scored as a draw, which a win or a loss
      // found past it never rests on; depth -1 marks the value as resting on
      // it (never stored, and not exact at the root).
      low = HORIZON;
      return 0;
    }
    if (ply >= PopoutSolver::MAX_PLY) throw TooDeep{};
    max_ply_ = std::max(max_ply_, ply);

    // Order: the table's move, then by our threats after the move (drops
    // centre first on ties), pops after drops on ties.
    int move_of[32];
    int score_of[32];
    int count = 0;
    auto add = [&](int move, int score) {
      int j = count++;
      for (; j > 0 && score_of[j - 1] < score; --j) {
        score_of[j] = score_of[j - 1];
        move_of[j] = move_of[j - 1];
      }
      score_of[j] = score;
      move_of[j] = move;
    };
    for (int i = 0; i < w_; ++i) {
      const int c = order_[i];
      const u64 m = drops & column_[c];
      if (m == 0) continue;
      const int threats = std::popcount(lines_.winning_cells(cur | m, mask | m));
      add(c, 4 * threats + 2 + (c == tt_move ? 1000 : 0));
    }
    for (int i = 0; i < w_; ++i) {
      const int c = order_[i];
      if ((pops >> c & 1) == 0) continue;
      const u64 m2 = popped(mask, c);
      const int threats = std::popcount(lines_.winning_cells(popped(cur, c), m2) & ~m2);
      add(w_ + c, 4 * threats + (w_ + c == tt_move ? 1000 : 0));
    }

    path_[ply] = raw_key;
    ++path_count_[hash_cell(raw_key)];
    const u64 start_nodes = nodes_;
    const int alpha0 = alpha;
    int best = -top_ - 1;
    int best_move = -1;
    for (int i = 0; i < count; ++i) {
      const int mv = move_of[i];
      int v = 0;
      int child_low = NO_REPETITION;
      if (mv < w_) {
        const u64 m = drops & column_[mv];
        const u64 after = mask | m;
        if (after == board_) {
          v = 0;  // a drop that fills the board without a line
        } else {
          v = back(node(opp, after, ply + 1, -widen(beta), -widen(alpha), child_low));
        }
      } else {
        const int c = mv - w_;
        const u64 m2 = popped(mask, c);
        if (m2 == 0) {
          v = 0;  // the board is empty
        } else {
          v = back(node(popped(opp, c), m2, ply + 1, -widen(beta), -widen(alpha), child_low));
        }
      }
      if (v >= beta) {
        // A cutoff rests on this child alone: the others' repetitions
        // (failed tries) do not make this value depend on the path.
        low = child_low;
        best = v;
        best_move = mv;
        break;
      }
      low = std::min(low, child_low);
      if (v > best) {
        best = v;
        best_move = mv;
        if (v > alpha) alpha = v;
      }
    }
    --path_count_[hash_cell(raw_key)];

    // Only values that did not rely on an ancestor's repetition are stored.
    const int stored = flipped && best_move >= 0 ? flip_move(best_move) : best_move;
    const u64 work = nodes_ - start_nodes;
    if (low >= ply) {
      if (best >= beta) {
        store(home, key, best, top_, work, stored);
      } else if (best > alpha0) {
        store(home, key, best, best, work, stored);
      } else {
        store(home, key, -top_, best, work, stored);
      }
    }
    return best;
  }

  // Values. Without distances: 1, 0, -1. With them (PopoutSolver::distance):
  // a win in d plies is DISTANCE_WIN - d, a loss in d plies its negative, so
  // a node's value counts from the node itself and can be stored. A child's
  // value becomes the parent's by negating and moving one step towards 0;
  // the parent's window goes to the child widened one step away from 0
  // (the inverse), which is exact as long as no distance reaches
  // DISTANCE_WIN - 1 (the horizon is kept below that).
  int win_in(int plies) const { return distance_ ? PopoutSolver::DISTANCE_WIN - plies : 1; }
  int back(int child) const {
    const int v = -child;
    if (!distance_ || v == 0) return v;
    return v > 0 ? v - 1 : v + 1;
  }
  int widen(int bound) const {
    if (!distance_ || bound == 0) return bound;
    return bound > 0 ? bound + 1 : bound - 1;
  }

  int flip_move(int mv) const { return mv < w_ ? w_ - 1 - mv : w_ + (w_ - 1 - (mv - w_)); }

  Lines lines_;
  int w_;
  int h_;
  u64 column_[16] = {};
  u64 board_ = 0;
  u64 bottom_ = 0;
  int order_[16] = {};
  u64* slots_;
  BucketIndex index_;
  Limits limits_;
  bool distance_;
  int top_;  // the largest value: 1, or DISTANCE_WIN with distances
  std::uint64_t nodes_ = 0;
  int max_ply_ = 0;
  int horizon_ = PopoutSolver::MAX_PLY;
  std::vector<u64> path_;
  std::array<std::uint16_t, 4096> path_count_{};
};

int stride(const PopoutProblem& p) {
  return p.height + 1;
}
Bits column_bits(const PopoutProblem& p, int col) {
  return ((Bits{1} << p.height) - 1) << (col * stride(p));
}
rules::Geometry geometry_of(const PopoutProblem& p) {
  rules::VariantSpec spec;
  spec.width = p.width;
  spec.height = p.height;
  spec.line = 4;
  return rules::Geometry(spec);
}

std::uint64_t owner_tag(const PopoutProblem& p, bool distance) {
  // Distinct from every classic tag (those are odd): a PopOut table is
  // cleared before the classic solver uses it, and the other way round; the
  // values with distances are another scale, so they have a tag of their own.
  return (0x9090ULL << 48) | (std::uint64_t(distance) << 40) | (std::uint64_t(p.width) << 8) |
         std::uint64_t(p.height) << 1;
}

template <typename F>
decltype(auto) dispatch(const PopoutProblem& p, F&& f) {
  if (p.width == 7 && p.height == 6)
    return f(std::integral_constant<int, 7>{}, std::integral_constant<int, 6>{});
  return f(std::integral_constant<int, 0>{}, std::integral_constant<int, 0>{});
}

// Runs `f(kernel)` on a kernel for `p` over `table` (cleared first when it
// held another board or scale); nothing when a limit stopped it. Adds the
// kernel's nodes and depth to the solver's counts.
template <typename F>
std::optional<int> with_kernel(const PopoutProblem& p, TranspositionTable& table, bool distance,
                               const Limits& limits, std::uint64_t& nodes, int& max_ply, F&& f) {
  const std::uint64_t tag = owner_tag(p, distance);
  if (table.owner() != tag) {
    if (table.owner() != 0) table.clear();
    table.set_owner(tag);
  }
  return dispatch(p, [&](auto wc, auto hc) -> std::optional<int> {
    PopoutKernel<decltype(wc)::value, decltype(hc)::value> k(p.width, p.height, table, limits,
                                                             distance);
    std::optional<int> r;
    try {
      r = f(k, static_cast<u64>(p.mover), static_cast<u64>(p.mover | p.other));
    } catch (const kernel::Stopped&) {
      // Reset here, not only by r's initialiser: GCC 12.2 (-O1 and -O3)
      // inlines the search into this lambda and drops that initialising
      // store, so a stopped search returned the previous solve's value.
      r.reset();
    } catch (const TooDeep&) {
      r.reset();
    }
    nodes += k.nodes();
    max_ply = std::max(max_ply, k.max_ply());
    return r;
  });
}

}  // namespace

Result<PopoutProblem> popout_board(const rules::VariantSpec& spec) {
  if (!spec.popout) return make_error(ErrorCode::bad_input, "not a PopOut variant");
  if (spec.colours != 2)
    return make_error(ErrorCode::bad_input, "the PopOut solver plays two sides, not three");
  if (spec.line != 4)
    return make_error(ErrorCode::bad_input, "the PopOut solver handles lines of 4 only");
  if (spec.cylinder || spec.misere)
    return make_error(ErrorCode::bad_input, "the PopOut solver plays neither cylinder nor misère");
  if (spec.blocks > 0 || spec.prefilled_outer)
    return make_error(ErrorCode::bad_input,
                      "the PopOut solver plays neither blocks nor five in a row's filled columns");
  if (spec.width < 1 || spec.height < 1 || spec.width > 16 || spec.width * (spec.height + 1) > 64)
    return make_error(
        ErrorCode::bad_size,
        "board too large for the PopOut solver: width x (height + 1) must be at most 64 "
        "(7x6 and 8x7 fit)");
  PopoutProblem p;
  p.width = spec.width;
  p.height = spec.height;
  return p;
}

bool popout_legal(const PopoutProblem& p, PopoutMove m) {
  if (m.column < 0 || m.column >= p.width) return false;
  if (m.pop)
    return (p.mover & (Bits{1} << (m.column * stride(p)))) != 0;  // the mover's bottom disc
  const Bits top = Bits{1} << (m.column * stride(p) + p.height - 1);
  return ((p.mover | p.other) & top) == 0;
}

PopoutOutcome popout_play(const PopoutProblem& p, PopoutMove m) {
  const rules::Geometry g = geometry_of(p);
  const Bits col = column_bits(p, m.column);
  PopoutOutcome out;
  out.next = p;
  Bits mover = p.mover;
  Bits other = p.other;
  if (m.pop) {
    auto fall = [&](Bits x) { return (x & ~col) | (((x & col) >> 1) & col); };
    mover = fall(mover);
    other = fall(other);
    if (g.has_line(mover)) {
      out.result = 1;
    } else if (g.has_line(other)) {
      out.result = -1;
    } else if ((mover | other) == 0) {
      out.result = 0;
    }
  } else {
    Bits bottom = 0;
    for (int c = 0; c < p.width; ++c) bottom |= Bits{1} << (c * stride(p));
    mover |= ((p.mover | p.other) + bottom) & col;
    if (g.has_line(mover)) {
      out.result = 1;
    } else if (rules::popcount(mover | other) == p.width * p.height) {
      out.result = 0;
    }
  }
  out.next.mover = other;
  out.next.other = mover;
  return out;
}

Result<PopoutProblem> popout_play_moves(const PopoutProblem& start, std::string_view moves) {
  PopoutProblem p = start;
  // The positions so far, with the colour to move (the move count's parity):
  // the solver's values assume none occurred twice (popout_search.h).
  struct Seen {
    Bits mover;
    Bits other;
    bool second;
  };
  std::vector<Seen> seen{{p.mover, p.other, false}};
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const std::size_t first = i;
    PopoutMove m;
    if (moves[i] == 'p' || moves[i] == 'P') {
      m.pop = true;
      if (++i == moves.size())
        return make_error(ErrorCode::bad_input, "move " + std::to_string(first + 1) +
                                                    " ('p') has no column digit after it");
    }
    const char ch = moves[i];
    const std::string where = "move " + std::to_string(first + 1) + " ('" +
                              std::string(moves.substr(first, i + 1 - first)) + "')";
    int col = -1;
    if (ch >= '1' && ch <= '9') col = ch - '1';
    if (ch == '0') col = 9;
    if (col < 0) return make_error(ErrorCode::bad_input, where + " is not a column digit");
    if (col >= p.width)
      return make_error(ErrorCode::no_such_column,
                        where + ": the board has " + std::to_string(p.width) + " columns");
    m.column = col;
    // The puzzles' notation (and RULES.md A1's `d^`): the digit, then `^`.
    if (!m.pop && i + 1 < moves.size() && moves[i + 1] == '^') {
      m.pop = true;
      ++i;
    }
    if (!popout_legal(p, m))
      return make_error(
          m.pop ? ErrorCode::bad_input : ErrorCode::column_full,
          where + (m.pop ? ": the bottom disc there is not the mover's" : ": column is full"));
    const PopoutOutcome o = popout_play(p, m);
    if (o.result) return make_error(ErrorCode::game_over, where + " ends the game");
    p = o.next;
    const bool second = seen.size() % 2 == 1;
    for (const Seen& s : seen) {
      if (s.mover == p.mover && s.other == p.other && s.second == second)
        return make_error(ErrorCode::bad_input,
                          where +
                              " repeats a position: the PopOut solver takes no repetition "
                              "before the position it solves");
    }
    seen.push_back({p.mover, p.other, second});
  }
  return p;
}

std::optional<int> PopoutSolver::solve(const PopoutProblem& p, const Limits& limits) {
  auto deepen = [](auto& k, u64 cur, u64 mask) -> std::optional<int> {
    // Iterative deepening: a win or a loss found within the horizon is
    // exact; "not a win" and "not a loss" only when no value rested on it.
    bool not_win = false;
    bool not_loss = false;
    for (int horizon = FIRST_HORIZON;; horizon += HORIZON_STEP) {
      if (horizon >= MAX_PLY) horizon = MAX_PLY;
      bool exact = false;
      if (!not_win) {
        if (k.probe(cur, mask, 0, horizon, exact) > 0) return 1;
        not_win = exact;
      }
      if (!not_loss) {
        if (k.probe(cur, mask, -1, horizon, exact) < 0) return -1;
        not_loss = exact;
      }
      if (not_win && not_loss) return 0;
      if (horizon == MAX_PLY) return std::nullopt;
    }
  };
  return with_kernel(p, *table_, false, limits, nodes_, max_ply_, deepen);
}

std::optional<bool> PopoutSolver::ends_within(const PopoutProblem& p, bool win, int plies,
                                              const Limits& limits) {
  TranspositionTable& table = distance_table_ != nullptr ? *distance_table_ : *table_;
  auto probe = [&](auto& k, u64 cur, u64 mask) -> std::optional<int> {
    // The horizon at `plies`: a line beyond it is not looked for, and one
    // within it is never cut (table bounds hold for the true value).
    bool exact = false;
    if (win)
      return k.probe(cur, mask, DISTANCE_WIN - plies - 1, plies, exact) >= DISTANCE_WIN - plies;
    return k.probe(cur, mask, -(DISTANCE_WIN - plies), plies, exact) <= -(DISTANCE_WIN - plies);
  };
  const auto r = with_kernel(p, table, true, limits, nodes_, max_ply_, probe);
  if (!r) return std::nullopt;
  return *r != 0;
}

std::vector<std::optional<int>> PopoutSolver::analyze(const PopoutProblem& p,
                                                      const Limits& limits) {
  std::vector<std::optional<int>> out(2 * p.width);
  for (int i = 0; i < 2 * p.width; ++i) {
    const PopoutMove m{i >= p.width, i % p.width};
    if (!popout_legal(p, m)) continue;
    const PopoutOutcome o = popout_play(p, m);
    if (o.result) {
      out[i] = o.result;
      continue;
    }
    const auto v = solve(o.next, limits);
    if (!v) return std::vector<std::optional<int>>(2 * p.width);
    out[i] = -*v;
  }
  return out;
}

}  // namespace ft::engine::solver
