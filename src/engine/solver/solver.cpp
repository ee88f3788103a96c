#include "engine/solver/solver.h"

#include <mutex>
#include <thread>
#include <type_traits>

#include "engine/solver/search.h"
#include "rules/geometry.h"

namespace ft::engine::solver {
namespace {

using kernel::Config;
using kernel::u128;

int stride(const Board& b) {
  return b.height + 1;
}
bool fits_64(const Board& b) {
  return b.width * stride(b) <= 64;
}
int capacity(const Board& b) {
  return b.width * b.height - rules::popcount(b.blocks);
}

Bits column_bits(const Board& b, int col) {
  return ((Bits{1} << b.height) - 1) << (col * stride(b));
}

Bits bottom_bits(const Board& b) {
  Bits r = 0;
  for (int c = 0; c < b.width; ++c) r |= Bits{1} << (c * stride(b));
  return r;
}

Bits mirror(const Board& b, Bits x) {
  Bits r = 0;
  const Bits col = (Bits{1} << stride(b)) - 1;
  for (int c = 0; c < b.width; ++c) {
    r |= ((x >> (c * stride(b))) & col) << ((b.width - 1 - c) * stride(b));
  }
  return r;
}

// Mirror symmetry of the table keys is sound when the rules are symmetric:
// always, except for blocks that are not placed symmetrically.
bool symmetric_rules(const Board& b) {
  return mirror(b, b.blocks) == b.blocks;
}

rules::Geometry geometry_of(const Board& b) {
  rules::VariantSpec spec;
  spec.width = b.width;
  spec.height = b.height;
  spec.line = b.line;
  spec.cylinder = b.cylinder;
  return rules::Geometry(spec);
}

std::uint64_t owner_tag(const Board& b) {
  std::uint64_t h = 0x51ed270b27cd53f1ULL;
  auto mix = [&h](std::uint64_t v) {
    h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
    h *= 0xbf58476d1ce4e5b9ULL;
  };
  mix(static_cast<std::uint64_t>(b.width) | (std::uint64_t(b.height) << 8) |
      (std::uint64_t(b.line) << 16) | (std::uint64_t(b.cylinder) << 24) |
      (std::uint64_t(b.misere) << 25));
  mix(static_cast<std::uint64_t>(b.blocks));
  mix(static_cast<std::uint64_t>(b.blocks >> 64));
  return h | 1;  // never 0, which means "cleared"
}

// Calls f(Config<...>{}) for the kernel that fits `b`: the variant is decided
// here, once, and compiled into the search.
template <typename F>
decltype(auto) dispatch(const Board& b, F&& f) {
  const bool sym = symmetric_rules(b);
  if (b.width == 7 && b.height == 6 && b.line == 4 && !b.cylinder && !b.misere) {
    if (sym) return f(Config<std::uint64_t, false, false, 4, true, 7, 6>{});
    return f(Config<std::uint64_t, false, false, 4, false, 7, 6>{});
  }
  auto on_bool = [](bool v, auto&& g) -> decltype(auto) {
    if (v) return g(std::true_type{});
    return g(std::false_type{});
  };
  auto with_bits = [&](auto use64) -> decltype(auto) {
    using B = std::conditional_t<decltype(use64)::value, std::uint64_t, u128>;
    return on_bool(b.cylinder, [&](auto cyl) -> decltype(auto) {
      return on_bool(b.misere, [&](auto mis) -> decltype(auto) {
        return on_bool(sym, [&](auto sy) -> decltype(auto) {
          constexpr bool CYL = decltype(cyl)::value;
          constexpr bool MIS = decltype(mis)::value;
          constexpr bool SYM = decltype(sy)::value;
          if (b.line == 5) return f(Config<B, CYL, MIS, 5, SYM>{});
          return f(Config<B, CYL, MIS, 4, SYM>{});
        });
      });
    });
  };
  return on_bool(fits_64(b), with_bits);
}

kernel::KernelSetup kernel_setup(const Board& b, const Limits& limits, int variation,
                                 const std::atomic<bool>* done) {
  kernel::KernelSetup s;
  s.width = b.width;
  s.height = b.height;
  s.blocks = b.blocks;
  s.capacity = capacity(b);
  s.max_nodes = limits.max_nodes;
  s.deadline = limits.deadline;
  s.cpu_deadline_ns = limits.cpu_deadline_ns;
  s.stop = limits.stop;
  s.variation = variation;
  s.done = done;
  return s;
}

void prepare_table(TranspositionTable& t, const Board& b) {
  const std::uint64_t tag = owner_tag(b);
  if (t.owner() != tag) {
    if (t.owner() != 0) t.clear();  // owner 0: fresh or cleared already
    t.set_owner(tag);
  }
}

// The root's score window before any search: what the side to move can score
// at best and at worst from `n` discs on. `exact` instead when, under the
// normal rules, it wins with its next disc (the kernel's precondition).
struct RootWindow {
  int lo = 0;
  int hi = 0;
  std::optional<int> exact;
};

template <typename C>
RootWindow root_window(const kernel::Search<C>& s, typename C::B cur, typename C::B mask, int n,
                       int cells) {
  RootWindow w;
  if constexpr (C::misere) {
    w.lo = -(cells + 1 - n) / 2;
    w.hi = (cells - n) / 2;
  } else {
    if ((s.winning_cells(cur, mask) & s.possible(mask)) != 0) w.exact = (cells + 1 - n) / 2;
    w.lo = -(cells - n) / 2;
    w.hi = (cells - 1 - n) / 2;
  }
  return w;
}

}  // namespace

Result<Board> board_for(const rules::VariantSpec& spec) {
  if (spec.popout)
    return make_error(ErrorCode::bad_input, "the exact solver does not play PopOut (pops repeat)");
  if (spec.colours != 2)
    return make_error(ErrorCode::bad_input, "the exact solver plays two sides, not three");
  if (spec.line != 4 && spec.line != 5)
    return make_error(ErrorCode::bad_input, "the exact solver handles lines of 4 or 5");
  if (spec.width < 1 || spec.height < 1 || spec.width * (spec.height + 1) > 128)
    return make_error(ErrorCode::bad_size, "board too large for the solver");
  Board b;
  b.width = spec.width;
  b.height = spec.height;
  b.line = spec.line;
  b.cylinder = spec.cylinder;
  b.misere = spec.misere;
  return b;
}

bool can_play(const Problem& p, int col) {
  const Board& b = p.board;
  if (col < 0 || col >= b.width) return false;
  const Bits occupied = p.mover | p.other | b.blocks;
  return (occupied & column_bits(b, col) & (Bits{1} << (col * stride(b) + b.height - 1))) == 0;
}

namespace {
Bits drop_cell(const Problem& p, int col) {
  const Bits occupied = p.mover | p.other | p.board.blocks;
  const Bits next = (occupied + bottom_bits(p.board)) & column_bits(p.board, col);
  return next;
}
}  // namespace

bool makes_line(const Problem& p, int col) {
  const rules::Geometry g = geometry_of(p.board);
  return g.has_line(p.mover | drop_cell(p, col));
}

Problem play(const Problem& p, int col) {
  Problem r = p;
  r.mover = p.other;
  r.other = p.mover | drop_cell(p, col);
  return r;
}

Result<Problem> play_moves(const Problem& start, std::string_view moves) {
  const Board& b = start.board;
  const rules::Geometry g = geometry_of(b);
  const int cap = capacity(b);
  const Bits bottom = bottom_bits(b);
  Problem p = start;
  int discs = start.discs();
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const char ch = moves[i];
    int col = -1;
    if (ch >= '1' && ch <= '9') col = ch - '1';
    if (ch == '0') col = 9;
    // The error messages' prefix, built only when needed (solving an easy
    // position takes a few microseconds; this string would cost one).
    const auto where = [&] {
      return "move " + std::to_string(i + 1) + " ('" + std::string(1, ch) + "')";
    };
    if (col < 0) return make_error(ErrorCode::bad_input, where() + " is not a column digit");
    if (col >= b.width)
      return make_error(ErrorCode::no_such_column,
                        where() + ": the board has " + std::to_string(b.width) + " columns");
    // The lowest free cell; in a full column the carry runs into the empty
    // sentinel bit above it, outside the column: no cell.
    const Bits cell = ((p.mover | p.other | b.blocks) + bottom) & column_bits(b, col);
    if (cell == 0) return make_error(ErrorCode::column_full, where() + ": column is full");
    if (g.has_line(p.mover | cell))
      return make_error(ErrorCode::game_over, where() + " makes a line: the game is over");
    const Bits mover = p.mover;
    p.mover = p.other;
    p.other = mover | cell;
    if (++discs >= cap)
      return make_error(ErrorCode::game_over, where() + " fills the board: the game is over");
  }
  return p;
}

Result<Problem> play_moves(const Board& board, std::string_view moves) {
  Problem start;
  start.board = board;
  return play_moves(start, moves);
}

Result<Problem> problem_from(const rules::Position& position) {
  const rules::Geometry& g = position.geometry();
  auto board = board_for(g.spec());
  if (!board) return board.error();
  Problem p;
  p.board = *board;
  p.board.blocks = position.blocks();
  const int side = position.to_move();
  p.mover = position.discs(side);
  p.other = position.discs(1 - side);
  if (g.has_line(p.mover) || g.has_line(p.other))
    return make_error(ErrorCode::game_over, "a line stands on the board: the game is over");
  if (p.discs() >= capacity(p.board))
    return make_error(ErrorCode::game_over, "the board is full: the game is over");
  return p;
}

int win_now_score(const Problem& p) {
  return (p.board.width * p.board.height + 1 - p.discs()) / 2;
}

int max_score(const Problem& p) {
  return win_now_score(p);
}

std::optional<int> Solver::run(const Problem& p, int lo_req, int hi_req, const Limits& limits,
                               int variation, const std::atomic<bool>* done) {
  prepare_table(*table_, p.board);
  const Board& b = p.board;
  const int n = p.discs();
  const int cells = b.width * b.height;
  const int cap = capacity(b);
  if (n >= cap) return 0;
  return dispatch(b, [&](auto cfg) -> std::optional<int> {
    using C = decltype(cfg);
    using B = typename C::B;
    kernel::Search<C> s(kernel_setup(b, limits, variation, done), *table_);
    const B cur = static_cast<B>(p.mover);
    const B mask = static_cast<B>(p.mover | p.other | b.blocks);
    const RootWindow window = root_window(s, cur, mask, n, cells);
    if (window.exact) return window.exact;
    const int lo = std::max(window.lo, lo_req);
    const int hi = std::min(window.hi, hi_req);
    std::optional<int> result;
    try {
      result = s.solve(cur, mask, n, lo, hi);
    } catch (const kernel::Stopped&) {
      // Said again here, not only by the initialiser: GCC 12.2 dropped that
      // store in the inlined PopOut search (popout_search.cpp), and a stopped
      // search then answered the previous solve's value.
      result.reset();
    }
    stats_.nodes += s.nodes();
    return result;
  });
}

std::optional<int> Solver::solve(const Problem& p, const Limits& limits) {
  return run(p, -1000, 1000, limits, 0);
}

std::optional<int> Solver::solve_weak(const Problem& p, const Limits& limits) {
  auto r = run(p, -1, 1, limits, 0);
  if (!r) return r;
  return *r > 0 ? 1 : (*r < 0 ? -1 : 0);
}

std::optional<bool> Solver::score_at_least(const Problem& p, int t, const Limits& limits) {
  // Searching the window [t-1, t] answers exactly "score >= t".
  auto r = run(p, t - 1, t, limits, 0);
  if (!r) return std::nullopt;
  return *r >= t;
}

std::optional<bool> Solver::score_at_most(const Problem& p, int t, const Limits& limits) {
  auto r = run(p, t, t + 1, limits, 0);
  if (!r) return std::nullopt;
  return *r <= t;
}

std::vector<std::optional<int>> Solver::analyze(const Problem& p, const Limits& limits,
                                                std::span<const std::optional<int>> known,
                                                std::optional<int> own) {
  const Board& b = p.board;
  std::vector<std::optional<int>> out(b.width);
  const int n = p.discs();
  const int cells = b.width * b.height;
  for (int col = 0; col < b.width; ++col) {
    if (!can_play(p, col)) continue;
    if (makes_line(p, col)) {
      out[col] = b.misere ? -(cells + 1 - n) / 2 : (cells + 1 - n) / 2;
      continue;
    }
    if (std::size_t(col) < known.size() && known[std::size_t(col)]) {
      out[col] = known[std::size_t(col)];
      continue;
    }
    const Problem child = play(p, col);
    if (child.discs() >= capacity(b)) {
      out[col] = 0;
      continue;
    }
    // The child scores at least -own for its mover: the window starts below that.
    auto v = own ? run(child, -*own - 1, 1000, limits, 0) : solve(child, limits);
    if (!v) return std::vector<std::optional<int>>(b.width);
    out[col] = -*v;
  }
  return out;
}

std::optional<Solver::Best> Solver::best_move(const Problem& p, const Limits& limits, int threads) {
  const Board& b = p.board;
  const int cells = b.width * b.height;
  // Columns from the centre outwards: ties go to the more central one.
  std::vector<int> order;
  for (int i = 0; i < b.width; ++i) {
    const int col = b.width / 2 + (1 - 2 * (i % 2)) * (i + 1) / 2;
    if (can_play(p, col)) order.push_back(col);
  }
  if (order.empty()) return std::nullopt;
  for (int col : order) {
    if (makes_line(p, col) && !b.misere) return Best{(cells + 1 - p.discs()) / 2, col};
  }
  const auto root = solve_parallel(p, threads, limits);
  if (!root) return std::nullopt;
  for (int col : order) {
    std::optional<int> value;
    if (makes_line(p, col)) {
      value = -(cells + 1 - p.discs()) / 2;  // misère: this disc loses
    } else if (const Problem child = play(p, col); child.discs() >= capacity(b)) {
      value = 0;
    } else {
      // The column keeps the score when the child's is at most -score.
      const auto keeps = score_at_most(child, -*root, limits);
      if (!keeps) return std::nullopt;
      if (*keeps) return Best{*root, col};
      continue;
    }
    if (*value == *root) return Best{*root, col};
  }
  return std::nullopt;  // unreachable: some column keeps the root's score
}

// Parallel search: the threads share the table and the score interval
// [lo, hi], and each runs its own null-window probe of it. The probe the
// sequential search would make next goes to the first free thread; the next
// thread takes the probe that would follow if that one's answer comes out
// towards zero (a probe below zero failing high, one above failing low), and
// so on. A probe that the others' answers make useless (outside [lo, hi)) is
// stopped. When no distinct probe is left, a thread helps with one that runs,
// ordering moves differently (lazy SMP) so it fills the table ahead of it.
// The empty 7x6 board needs the probes "> 0" and "<= 1": two threads run
// them at once.
std::optional<int> Solver::solve_parallel(const Problem& p, int threads, const Limits& limits) {
  if (threads <= 1) return solve(p, limits);
  prepare_table(*table_, p.board);
  const Board& b = p.board;
  const int n = p.discs();
  const int cells = b.width * b.height;
  if (n >= capacity(b)) return 0;
  return dispatch(b, [&](auto cfg) -> std::optional<int> {
    using C = decltype(cfg);
    using B = typename C::B;
    using Search = kernel::Search<C>;
    const B cur = static_cast<B>(p.mover);
    const B mask = static_cast<B>(p.mover | p.other | b.blocks);
    const RootWindow window =
        root_window(Search(kernel_setup(b, limits, 0, nullptr), *table_), cur, mask, n, cells);
    if (window.exact) return window.exact;
    int lo = window.lo;
    int hi = window.hi;

    constexpr int IDLE = 1 << 20;
    std::mutex lock;
    bool failed = false;  // a limit struck: no answer
    std::vector<int> probing(threads, IDLE);
    std::vector<std::atomic<bool>> obsolete(threads);
    std::vector<std::uint64_t> nodes(threads, 0);

    // Under `lock`: the probe for thread `id`, and whether it only helps.
    auto pick = [&](int id, bool& helping) {
      const int primary = Search::probe_point(lo, hi, n);
      int a = lo;
      int z = hi;
      for (int k = 0; k < threads && a < z; ++k) {
        const int med = Search::probe_point(a, z, n);
        bool taken = false;
        for (int t = 0; t < threads; ++t) taken = taken || (t != id && probing[t] == med);
        if (!taken) {
          helping = false;
          return med;
        }
        if (med <= 0) {
          a = med + 1;
        } else {
          z = med;
        }
      }
      helping = true;
      return primary;
    };

    auto worker = [&](int id) {
      Search own(kernel_setup(b, limits, 0, &obsolete[id]), *table_);
      Search helper(kernel_setup(b, limits, id, &obsolete[id]), *table_);
      for (;;) {
        int med = 0;
        bool helping = false;
        {
          std::lock_guard<std::mutex> guard(lock);
          if (failed || lo >= hi) break;
          med = pick(id, helping);
          probing[id] = med;
          obsolete[id].store(false);
        }
        Search& s = helping ? helper : own;
        std::optional<int> r;
        try {
          r = s.negamax(cur, mask, n, med, med + 1);
        } catch (const kernel::Stopped&) {
          r.reset();  // as in Solver::run: never a value from before the stop
        }
        std::lock_guard<std::mutex> guard(lock);
        probing[id] = IDLE;
        if (!r) {
          if (obsolete[id].load()) continue;  // overtaken: pick another probe
          failed = true;                      // a limit struck
          for (auto& o : obsolete) o.store(true);
          break;
        }
        if (*r <= med) {
          hi = std::min(hi, *r);
        } else {
          lo = std::max(lo, *r);
        }
        for (int t = 0; t < threads; ++t) {
          if (probing[t] != IDLE && (probing[t] < lo || probing[t] >= hi)) obsolete[t].store(true);
        }
      }
      nodes[id] = own.nodes() + helper.nodes();
    };
    std::vector<std::thread> pool;
    for (int i = 1; i < threads; ++i) pool.emplace_back(worker, i);
    worker(0);
    for (auto& t : pool) t.join();
    for (auto v : nodes) stats_.nodes += v;
    if (failed) return std::nullopt;
    return lo;
  });
}

}  // namespace ft::engine::solver
