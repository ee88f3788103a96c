#include "engine/solver/book_builder.h"

#include <algorithm>
#include <atomic>
#include <fstream>
#include <mutex>
#include <sstream>
#include <thread>
#include <unordered_map>
#include <unordered_set>

namespace ft::engine::solver {
namespace {

constexpr int W = 7;
constexpr int CELLS = 42;

// Columns from the centre outwards: ties between equal scores go to the
// more central column, as Solver::best_move breaks them.
constexpr int ORDER[W] = {3, 2, 4, 1, 5, 0, 6};

std::unordered_map<std::uint64_t, std::uint64_t> read_progress(const std::string& path) {
  std::unordered_map<std::uint64_t, std::uint64_t> done;
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream f(line);
    std::uint64_t entry = 0;
    // A line cut short by a stop is skipped: its position is searched again.
    if (f >> std::hex >> entry && line.size() >= 4) done[OpeningBook::key(entry)] = entry;
  }
  return done;
}

}  // namespace

std::vector<std::uint64_t> book_positions(const Problem& root, int discs) {
  std::vector<std::uint64_t> level{OpeningBook::key_of(root)};
  for (int d = root.discs(); d < discs; ++d) {
    std::vector<std::uint64_t> next;
    for (std::uint64_t k : level) {
      const Problem p = OpeningBook::problem_of(k);
      for (int col = 0; col < W; ++col) {
        if (!can_play(p, col) || makes_line(p, col)) continue;
        const Problem child = play(p, col);
        if (child.discs() < CELLS) next.push_back(OpeningBook::key_of(child));
      }
    }
    std::sort(next.begin(), next.end());
    next.erase(std::unique(next.begin(), next.end()), next.end());
    level = std::move(next);
  }
  return level;
}

std::vector<std::uint64_t> search_order(const Problem& root, int discs) {
  // One set of keys a depth: a position reached again (a transposition) has
  // had its subtree listed at its first reaching.
  std::vector<std::unordered_set<std::uint64_t>> seen(static_cast<std::size_t>(discs + 1));
  std::vector<std::uint64_t> out;
  std::vector<Problem> stack{OpeningBook::problem_of(OpeningBook::key_of(root))};
  while (!stack.empty()) {
    const Problem p = stack.back();
    stack.pop_back();
    const int d = p.discs();
    if (!seen[static_cast<std::size_t>(d)].insert(OpeningBook::key_of(p)).second) continue;
    if (d == discs) {
      out.push_back(OpeningBook::key_of(p));
      continue;
    }
    // Pushed in reverse so that the centre column is searched first.
    for (int i = W - 1; i >= 0; --i) {
      const int col = ORDER[i];
      if (!can_play(p, col) || makes_line(p, col)) continue;
      const Problem child = play(p, col);
      if (child.discs() < CELLS) stack.push_back(child);
    }
  }
  return out;
}

std::optional<std::uint64_t> backed_up_entry(
    std::uint64_t key, const std::function<std::optional<int>(const Problem&)>& find) {
  const Problem p = OpeningBook::problem_of(key);
  int best = -1000;
  int best_col = -1;
  for (int col : ORDER) {
    if (!can_play(p, col)) continue;
    int v = 0;
    if (makes_line(p, col)) {
      v = (CELLS + 1 - p.discs()) / 2;
    } else if (const Problem child = play(p, col); child.discs() < CELLS) {
      const auto s = find(child);
      if (!s) return std::nullopt;
      v = -*s;
    }
    if (v > best) {
      best = v;
      best_col = col;
    }
  }
  return OpeningBook::pack(key, best, best_col);
}

Result<OpeningBook> build_book(const BookBuildOptions& o) {
  if (!OpeningBook::covers(o.root.board))
    return make_error(ErrorCode::bad_input, "a book is for 7x6 classic");
  if (o.discs < o.root.discs() || o.discs >= CELLS)
    return make_error(ErrorCode::bad_input, "a book goes from its root's discs to 41");
  const std::vector<std::uint64_t> deepest = search_order(o.root, o.discs);
  auto done = read_progress(o.progress);
  std::vector<std::uint64_t> todo;
  if (!o.partial) {
    for (std::uint64_t k : deepest)
      if (!done.contains(k)) todo.push_back(k);
  }

  std::ofstream progress(o.progress, std::ios::app);
  if (!progress) return make_error(ErrorCode::bad_input, "cannot write " + o.progress);
  // Nothing to search (a partial book, or a finished build): no big table.
  TranspositionTable table(todo.empty() ? std::size_t{1} << 20 : o.table_bytes);
  std::mutex lock;
  std::atomic<std::size_t> next{0};
  std::size_t finished = deepest.size() - todo.size();
  auto worker = [&] {
    Solver solver(table);
    for (;;) {
      const std::size_t i = next.fetch_add(1);
      if (i >= todo.size()) return;
      const Problem p = OpeningBook::problem_of(todo[i]);
      const std::uint64_t n0 = solver.stats().nodes;
      const auto best = solver.best_move(p);
      const std::uint64_t entry = OpeningBook::pack(todo[i], best->score, best->column);
      std::lock_guard<std::mutex> guard(lock);
      done[todo[i]] = entry;
      progress << std::hex << entry << "\n" << std::flush;
      ++finished;
      if (o.report) o.report(finished, deepest.size(), solver.stats().nodes - n0);
    }
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < std::max(1, o.threads); ++t) pool.emplace_back(worker);
  worker();
  for (auto& t : pool) t.join();

  // Shallower plies from the deeper ones, deepest first.
  std::unordered_map<std::uint64_t, std::uint64_t> entries = std::move(done);
  auto find = [&entries](const Problem& child) -> std::optional<int> {
    const auto it = entries.find(OpeningBook::key_of(child));
    if (it == entries.end()) return std::nullopt;
    return OpeningBook::score(it->second);
  };
  for (int d = o.discs - 1; d >= o.root.discs(); --d) {
    for (std::uint64_t k : book_positions(o.root, d)) {
      const auto e = backed_up_entry(k, find);
      if (e) {
        entries[k] = *e;
      } else if (!o.partial) {
        return make_error(ErrorCode::bad_input, "a child missing at depth " + std::to_string(d));
      }
    }
  }
  std::vector<std::uint64_t> all;
  all.reserve(entries.size());
  // Only what this build reached (a progress file may hold more).
  for (int d = o.root.discs(); d <= o.discs; ++d) {
    for (std::uint64_t k : book_positions(o.root, d)) {
      if (const auto it = entries.find(k); it != entries.end()) all.push_back(it->second);
    }
  }
  return OpeningBook(std::move(all));
}

OpeningBook with_base(const OpeningBook& book, const OpeningBook& base) {
  std::vector<std::uint64_t> all = book.entries();
  std::unordered_set<std::uint64_t> keys;
  for (std::uint64_t e : all) keys.insert(OpeningBook::key(e));
  for (std::uint64_t e : base.entries()) {
    if (!keys.contains(OpeningBook::key(e))) all.push_back(e);
  }
  return OpeningBook(std::move(all));
}

}  // namespace ft::engine::solver
