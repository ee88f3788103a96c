#include "engine/max_n_search.h"

#include <algorithm>
#include <cstdlib>

#include "engine/search_support.h"
#include "engine/three_endgame.h"

namespace ft::engine {

using rules::Move;
using rules::Position;

namespace {

// Inside the search a win is MN_WIN minus the plies to it for the winner and
// its negative for the two others; evaluations stay well inside +-MN_EVAL.
constexpr int MN_WIN = 9000;
constexpr int MN_EVAL = 4000;

bool decisive(int v) {
  return v > MN_WIN - 1000 || v < -MN_WIN + 1000;
}

}  // namespace

// One table entry: the exact score vector of a position searched to `depth`
// plies. The lease's generation is folded into the key, so entries of earlier
// searches on the buffer never match, and entries are always replaced, so the
// search plays the same whatever used the buffer before.
struct MaxNSearch::Entry {
  std::uint64_t key;
  std::int16_t v[3];
  std::int8_t depth;
  std::uint8_t spare;
};

MaxNSearch::MaxNSearch(const Position& root, int start_empty_cells, const TableLease& lease)
    : root_(root),
      lease_(&lease),
      model_(root.geometry(), start_empty_cells),
      root_colour_(root.to_move()) {
  if (!lease.empty() && lease.bytes() >= sizeof(Entry)) {
    table_ = static_cast<Entry*>(lease.data());
    std::size_t n = 1;
    while (n * 2 <= lease.bytes() / sizeof(Entry)) n *= 2;
    mask_ = n - 1;
  }
  salt_ = hash_mix(0x6a09e667f3bcc908ULL, lease.generation());
  salt_ = hash_mix(salt_, static_cast<std::uint64_t>(root_colour_) + 11);
}

std::uint64_t MaxNSearch::key(const Position& pos) const {
  return hash_mix(salt_ ^ static_cast<std::uint64_t>(options_.eval), HeuristicSearch::hash(pos));
}

bool MaxNSearch::out_of_budget() {
  if (nodes_ >= options_.max_nodes) return true;
  return (nodes_ & 1023) == 0 && std::chrono::steady_clock::now() >= options_.deadline;
}

MaxNSearch::Value MaxNSearch::win_for(int colour, int ply) const {
  Value r;
  for (int c = 0; c < 3; ++c) r.v[c] = c == colour ? MN_WIN - ply : -(MN_WIN - ply);
  return r;
}

MaxNSearch::Value MaxNSearch::leaf(const Position& pos, int ply) const {
  // Each colour's strength against the mean of the two others: a colour
  // gains as much from its own threats as from the others' weakness.
  int s[3];
  // RULES.md A2: a line the mover can complete now is a win in one.
  if (model_.colour_scores(pos, options_.eval, s)) return win_for(pos.to_move(), ply + 1);
  Value r;
  for (int c = 0; c < 3; ++c) {
    r.v[c] = std::clamp(s[c] - (s[(c + 1) % 3] + s[(c + 2) % 3]) / 2, -MN_EVAL, MN_EVAL);
  }
  return r;
}

MaxNSearch::Value MaxNSearch::search(const Position& pos, int depth, int ply) {
  ++nodes_;
  if (out_of_budget()) stop_ = true;
  if (stop_) return {};
  if (depth <= 0) return leaf(pos, ply);  // a full board never gets here: that move drew
  const int mover = pos.to_move();
  Move moves[rules::MAX_MOVES];
  const int n = pos.legal_moves(moves);
  // RULES.md A2: a player with a line in one takes it; nothing else counts.
  bool any_open = false;
  for (int i = 0; i < n; ++i) {
    Position child = pos;
    const rules::Outcome o = child.play(moves[i]);
    if (o.status == rules::Status::win && o.winner == mover) return win_for(mover, ply + 1);
    any_open = any_open || !o.over();
  }
  if (n == 0 || !any_open) return {};  // RULES.md A10: a full board is a draw
  if (depth <= 0 || ply >= MAX_PLY - 1) return leaf(pos, ply);

  const std::uint64_t k = key(pos);
  Entry* e = table_ == nullptr ? nullptr : &table_[k & mask_];
  if (e != nullptr && e->key == k && e->depth >= depth) {
    Value r;
    for (int c = 0; c < 3; ++c) r.v[c] = from_table_score(e->v[c], ply, MN_WIN);
    return r;
  }

  Value best;
  bool have = false;
  for (int i = 0; i < n; ++i) {
    Position child = pos;
    const rules::Outcome o = child.play(moves[i]);
    Value r = o.over() ? Value{} : search(child, depth - 1, ply + 1);
    if (stop_) return {};
    // The mover's own entry decides; on a tie, the move worse for the root.
    if (!have || r.v[mover] > best.v[mover] ||
        (r.v[mover] == best.v[mover] && mover != root_colour_ &&
         r.v[root_colour_] < best.v[root_colour_])) {
      best = r;
      have = true;
      // A win for the mover: nothing is better (a quicker win hardly
      // matters, and the cut is max-n's only sure pruning).
      if (decisive(r.v[mover]) && r.v[mover] > 0) break;
    }
  }
  if (e != nullptr) {
    e->key = k;
    for (int c = 0; c < 3; ++c)
      e->v[c] = static_cast<std::int16_t>(to_table_score(best.v[c], ply, MN_WIN));
    e->depth = static_cast<std::int8_t>(depth);
  }
  return best;
}

std::optional<SearchResult> MaxNSearch::exact_end(std::vector<Move>& moves,
                                                  std::vector<RootScore>& lost) {
  const int empty = rules::popcount(root_.geometry().playable() & ~root_.occupied());
  if (options_.exact_nodes == 0 || empty > options_.exact_empty ||
      !ThreeEndgame::covers(root_.geometry()))
    return std::nullopt;
  // Three fifths of the time at most: max-n still needs some for the moves
  // the end-game search could not decide.
  const auto now = std::chrono::steady_clock::now();
  const auto deadline = options_.deadline <= now ? now : now + (options_.deadline - now) / 5 * 3;
  ThreeEndgame endgame(root_, *lease_);
  const ThreeEndgameResult ex = endgame.solve(moves, options_.exact_nodes, deadline);
  endgame_nodes_ = ex.nodes;
  // The end-game search does not count plies: a proven result is scored as
  // if it came with the last cell (the sign is what the callers use).
  const int proven = WIN_SCORE - empty;
  auto decided = [&](Move m, int score) {
    SearchResult r;
    r.best = m;
    r.score = score;
    r.exact = true;
    r.nodes = ex.nodes;
    r.depth = empty;
    r.root_scores.push_back(RootScore{m, score});
    for (const RootScore& rs : lost) r.root_scores.push_back(rs);
    return r;
  };
  int top = -1;
  for (const auto& [m, o] : ex.moves) {
    const int r = ThreeEndgame::rank(o, root_colour_, root_colour_);
    if (r == 3) return decided(m, proven);
    top = std::max(top, r);
  }
  // A move known to lose goes while a move that may not lose is left: every
  // move not searched, or the best known ones when all were searched.
  const int keep_rank = ex.complete ? top : 2;
  std::vector<Move> kept;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const bool known = i < ex.moves.size();
    if (!known || ThreeEndgame::rank(ex.moves[i].second, root_colour_, root_colour_) >= keep_rank)
      kept.push_back(moves[i]);
    else
      lost.push_back(RootScore{moves[i], -proven});
  }
  if (kept.empty()) {  // everything lost: play on with all of them
    kept = moves;
    lost.clear();
  }
  moves = kept;
  if (ex.complete && moves.size() == 1) return decided(moves[0], top == 2 ? 0 : -proven);
  return std::nullopt;
}

SearchResult MaxNSearch::run(const SearchOptions& options) {
  options_ = options;
  stop_ = false;
  nodes_ = 0;
  endgame_nodes_ = 0;
  SearchResult result;
  Move buffer[rules::MAX_MOVES];
  const int n = root_.legal_moves(buffer);
  if (n == 0) return result;
  std::vector<Move> moves(buffer, buffer + n);
  // Centre columns first: more lines pass through them, and a search cut
  // short by its budget keeps the first of equal moves.
  const int centre2 = root_.geometry().width() - 1;
  std::stable_sort(moves.begin(), moves.end(), [&](const Move& a, const Move& b) {
    return std::abs(2 * a.col - centre2) < std::abs(2 * b.col - centre2);
  });
  std::vector<RootScore> lost;
  if (auto decided = exact_end(moves, lost)) return *decided;
  for (const Move m : moves) result.root_scores.push_back(RootScore{m, 0});
  result.best = moves[0];

  // The root's entry of a value, on the heuristic search's scale.
  auto outside = [](int v) {
    if (!decisive(v)) return v;
    const int plies = MN_WIN - std::abs(v);
    return v > 0 ? WIN_SCORE - plies : -(WIN_SCORE - plies);
  };

  const int empty = rules::popcount(root_.geometry().playable() & ~root_.occupied());
  // Every root move gets its own full score (max-n has no window), so a
  // budget that stops an iteration keeps what it finished.
  deepen(
      result, &SearchResult::root_scores, 1, options.max_depth, false, stop_,
      [&](int depth, SearchResult& iter) {
        int best = -MN_WIN - 1;
        for (RootScore& rs : iter.root_scores) {
          Position child = root_;
          const rules::Outcome o = child.play(rs.move);
          int v;
          if (o.over()) {
            v = o.status == rules::Status::draw ? 0
                : o.winner == root_colour_      ? MN_WIN - 1
                                                : -(MN_WIN - 1);
          } else {
            v = search(child, depth - 1, 1).v[root_colour_];
          }
          if (stop_) return;
          rs.score = outside(v);
          ++iter.depth;
          if (v > best) {
            best = v;
            iter.best = rs.move;
            iter.score = rs.score;
          }
        }
      },
      [&](int depth) {
        if (is_decisive(result.score) && result.score > 0) {
          result.exact = true;  // a win whatever each of the others does
          return true;
        }
        if (depth >= empty) {
          result.exact = true;  // the whole game tree is searched
          return true;
        }
        // Every move but one loses (typically: the next player completes a
        // line unless this move blocks it): no depth changes the choice.
        int open = 0;
        for (const RootScore& rs : result.root_scores)
          open += !(is_decisive(rs.score) && rs.score < 0);
        return depth >= 2 && open == 1;
      });
  // Moves the end-game search proved lost stay out of every choice.
  for (const RootScore& rs : lost) result.root_scores.push_back(rs);
  result.nodes = nodes_ + endgame_nodes_;
  return result;
}

}  // namespace ft::engine
