#include "engine/heuristic_search.h"

#include <algorithm>
#include <cstdlib>

#include "engine/search_support.h"

namespace ft::engine {

using rules::Bits;
using rules::Move;
using rules::Position;

namespace {

std::uint64_t mix_bits(std::uint64_t h, Bits b) {
  return hash_mix(hash_mix(h, static_cast<std::uint64_t>(b)), static_cast<std::uint64_t>(b >> 64));
}

}  // namespace

std::uint64_t HeuristicSearch::hash(const Position& pos) {
  std::uint64_t h = 0x243f6a8885a308d3ULL + pos.to_move();
  for (int c = 0; c < 3; ++c) h = mix_bits(h, pos.discs(c));
  return h;
}

HeuristicSearch::HeuristicSearch(const Position& root, int start_empty_cells,
                                 const std::unordered_map<std::uint64_t, int>& history,
                                 TranspositionTable& table)
    : root_(root),
      model_(root.geometry(), start_empty_cells),
      history_(history),
      table_(table),
      root_colour_(root.to_move()),
      width_(root.geometry().width()),
      popout_(root.geometry().popout()),
      frames_(static_cast<std::size_t>(MAX_PLY + 1) * rules::MAX_MOVES, root) {}

bool HeuristicSearch::out_of_budget() {
  if (nodes_ >= options_.max_nodes) return true;
  if ((nodes_ & 1023) == 0 && std::chrono::steady_clock::now() >= options_.deadline) return true;
  return false;
}

void HeuristicSearch::order_moves(int mover, int tt_move, const Move* moves, const int* index,
                                  int n, int* order) const {
  // TT move first, then by history score, ties to the centre (more lines
  // pass through the middle columns).
  const int centre2 = width_ - 1;  // twice the centre column
  int keys[rules::MAX_MOVES];
  for (int i = 0; i < n; ++i) {
    int k = history_score_[mover][index[i]] * 16 - std::abs(2 * moves[i].col - centre2);
    if (moves[i].pop) k -= 4;
    if (index[i] == tt_move) k = INT32_MAX;
    keys[i] = k;
    order[i] = i;
  }
  for (int i = 1; i < n; ++i) {  // insertion sort: n <= 20
    const int o = order[i];
    int j = i - 1;
    while (j >= 0 && keys[order[j]] < keys[o]) {
      order[j + 1] = order[j];
      --j;
    }
    order[j + 1] = o;
  }
}

int HeuristicSearch::search(const Position& pos, int depth, int alpha, int beta, int ply) {
  ++nodes_;
  if (out_of_budget()) stop_ = true;
  if (stop_) return 0;
  const std::uint64_t plain = hash(pos);
  const std::uint64_t key = plain ^ salt_;
  path_[ply] = plain;
  const int mover = pos.to_move();
  const bool maximizing = mover == root_colour_;
  const int alpha0 = alpha, beta0 = beta;

  const TranspositionTable::Hit hit = table_.hit(key, depth, ply, alpha, beta);
  if (hit.cutoff) return hit.score;
  const int tt_move = hit.move;

  if (depth <= 0 && !popout_) {
    // At the horizon the evaluation's threat terms see a win in one for the
    // mover (a threat cell that is playable now); only pops need the scan.
    return model_.evaluate(pos, root_colour_, options_.eval);
  }
  Move moves[rules::MAX_MOVES];
  const int n = pos.legal_moves(moves);
  Position* children = &frames_[static_cast<std::size_t>(ply) * rules::MAX_MOVES];
  int terminal[rules::MAX_MOVES];  // SCORE_INF: not terminal, else the known score
  const int win_here = win_in(ply + 1);
  for (int i = 0; i < n; ++i) {
    children[i] = pos;
    const rules::Outcome o = children[i].play(moves[i]);
    terminal[i] = SCORE_INF;
    if (o.over()) {
      if (o.status == rules::Status::draw) {
        terminal[i] = 0;
      } else {
        const int s = o.winner == root_colour_ ? win_here : -win_here;
        // The mover takes a win at once (RULES.md A2); nothing beats it.
        if (o.winner == mover) return s;
        terminal[i] = s;
      }
    } else if (popout_) {
      // RULES.md A7: a position seen before can be repeated into a draw.
      const std::uint64_t h = hash(children[i]);
      bool repeated = history_.count(h) != 0;
      for (int p = 0; p <= ply && !repeated; ++p) repeated = path_[p] == h;
      if (repeated) terminal[i] = 0;
    }
  }
  if (depth <= 0 || ply >= MAX_PLY - 1) return model_.evaluate(pos, root_colour_, options_.eval);

  int index[rules::MAX_MOVES] = {};
  for (int i = 0; i < n; ++i) index[i] = move_index(moves[i]);
  int order[rules::MAX_MOVES];
  order_moves(mover, tt_move, moves, index, n, order);

  int best = maximizing ? -SCORE_INF : SCORE_INF;
  int best_move = -1;
  for (int k = 0; k < n; ++k) {
    const int i = order[k];
    int s;
    if (terminal[i] != SCORE_INF) {
      s = terminal[i];
    } else if (k == 0 || beta - alpha <= 1) {
      s = search(children[i], depth - 1, alpha, beta, ply + 1);
    } else {
      // Principal variation search: prove the later moves no better with a
      // null window, and search again only those that are.
      if (maximizing) {
        s = search(children[i], depth - 1, alpha, alpha + 1, ply + 1);
        if (!stop_ && s > alpha && s < beta) s = search(children[i], depth - 1, s, beta, ply + 1);
      } else {
        s = search(children[i], depth - 1, beta - 1, beta, ply + 1);
        if (!stop_ && s < beta && s > alpha) s = search(children[i], depth - 1, alpha, s, ply + 1);
      }
    }
    if (stop_) return 0;
    if (maximizing ? s > best : s < best) {
      best = s;
      best_move = index[i];
    }
    if (maximizing)
      alpha = std::max(alpha, s);
    else
      beta = std::min(beta, s);
    if (alpha >= beta) {
      history_score_[mover][index[i]] += depth * depth;
      break;
    }
  }
  if (n == 0) best = 0;  // cannot happen in a live game; a draw is the safe reading
  const Bound bound = best <= alpha0 ? Bound::upper : best >= beta0 ? Bound::lower : Bound::exact;
  table_.store(key, to_table_score(best, ply), depth, bound, best_move);
  return best;
}

int HeuristicSearch::root_search(int depth, int alpha, int beta, SearchResult& out,
                                 bool all_scores) {
  // Root moves in the order of the last iteration's scores (best first).
  std::vector<RootScore>& list = out.root_scores;
  int best = -SCORE_INF;
  path_[0] = hash(root_);
  for (RootScore& rs : list) {
    Position child = root_;
    const rules::Outcome o = child.play(rs.move);
    int s;
    if (o.over()) {
      s = o.status == rules::Status::draw
              ? 0
              : (o.winner == root_colour_ ? WIN_SCORE - 1 : -(WIN_SCORE - 1));
    } else if (popout_ && history_.count(hash(child)) != 0) {
      s = 0;  // RULES.md A7: repeating is a draw for whoever wants one
    } else {
      s = search(child, depth - 1, all_scores ? -SCORE_INF : alpha, beta, 1);
    }
    if (stop_) return best;
    rs.score = s;
    ++out.depth;  // counts moves finished in this iteration (reset by the caller)
    if (s > best) {
      best = s;
      out.best = rs.move;
      out.score = s;
    }
    if (!all_scores) alpha = std::max(alpha, s);
  }
  return best;
}

SearchResult HeuristicSearch::run(const SearchOptions& options) {
  options_ = options;
  stop_ = false;
  nodes_ = 0;
  const rules::Geometry& g = root_.geometry();
  salt_ = 0x5851f42d4c957f2dULL;
  salt_ = hash_mix(salt_, static_cast<std::uint64_t>(root_colour_) + 1);
  salt_ = hash_mix(salt_, static_cast<std::uint64_t>(options.eval) + 7);
  salt_ = hash_mix(salt_, static_cast<std::uint64_t>(g.width() * 131 + g.height()));
  salt_ = hash_mix(
      salt_, static_cast<std::uint64_t>(g.spec().line * 17 + g.colours() * 3 + g.cylinder() * 2 +
                                        g.popout() * 5 + g.misere() * 11));
  salt_ = mix_bits(salt_, root_.blocks());
  salt_ = hash_mix(salt_, 1);

  SearchResult result;
  Move moves[rules::MAX_MOVES];
  const int n = root_.legal_moves(moves);
  if (n == 0) return result;
  {
    int index[rules::MAX_MOVES] = {}, order[rules::MAX_MOVES];
    for (int i = 0; i < n; ++i) index[i] = move_index(moves[i]);
    order_moves(root_colour_, -1, moves, index, n, order);
    for (int i = 0; i < n; ++i) result.root_scores.push_back(RootScore{moves[order[i]], 0});
  }
  result.best = result.root_scores[0].move;

  // A win in one needs no search (and makes every level take it).
  for (int i = 0; i < n; ++i) {
    Position child = root_;
    const rules::Outcome o = child.play(moves[i]);
    if (o.status == rules::Status::win && o.winner == root_colour_) {
      result.best = moves[i];
      result.score = WIN_SCORE - 1;
      result.exact = true;
      result.depth = 1;
      result.nodes = 1;
      for (RootScore& rs : result.root_scores) rs.score = rs.move == moves[i] ? WIN_SCORE - 1 : 0;
      return result;
    }
  }

  const int empty = rules::popcount(g.playable() & ~root_.occupied());
  deepen(
      result, &SearchResult::root_scores, 1, options.max_depth, options.all_root_scores, stop_,
      [&](int depth, SearchResult& iter) {
        root_search(depth, -SCORE_INF, SCORE_INF, iter, options.all_root_scores);
      },
      [&](int depth) {
        if (is_proven(result.score)) {
          result.exact = true;
          return true;
        }
        if (!popout_ && depth >= empty) {
          result.exact = true;  // the whole game tree is searched
          return true;
        }
        return false;
      });
  result.nodes = nodes_;
  return result;
}

}  // namespace ft::engine
