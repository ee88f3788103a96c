#include "engine/twicefour/search.h"

#include <algorithm>

#include "engine/search_support.h"

namespace ft::engine::twicefour {

using rules::Outcome;
using rules::TwiceFourMove;
using rules::TwiceFourPosition;

namespace {}  // namespace

Search::Search(const rules::TwiceFourGame& game, TranspositionTable& table)
    : game_(game), table_(table) {
  TwiceFourPosition p = game.start_position();
  history_.push_back(p.repetition_key());
  for (TwiceFourMove m : game.move_list()) {
    p.play(m);
    history_.push_back(p.repetition_key());
  }
}

std::uint64_t Search::table_key(const TwiceFourPosition& pos) const {
  // The ply belongs to the key: the same pieces nearer the move limit are a
  // different game.
  const auto k = pos.state_key();
  return hash_mix(hash_mix(salt_, k.pieces),
                  (std::uint64_t{k.score} << 8) | std::uint64_t(pos.ply()));
}

bool Search::out_of_budget() {
  if (nodes_ >= limits_.max_nodes) return true;
  if ((nodes_ & 1023) == 0 && std::chrono::steady_clock::now() >= limits_.deadline) return true;
  return false;
}

int Search::occurrences(std::uint64_t key, int ply) const {
  // Positions with the same side to move lie an even number of half-moves
  // apart: search plies ply-2, ply-4, ... down to 1, then the round's history
  // (its last entry is the root, search ply 0).
  int n = 0;
  for (int p = ply - 2; p >= 1; p -= 2) n += path_[p] == key;
  const int last = static_cast<int>(history_.size()) - 1 - (ply % 2);
  for (int i = last; i >= 0; i -= 2) n += history_[i] == key;
  return n;
}

int Search::end_score(const Outcome& o, int mover, int ply) const {
  if (o.status == rules::Status::draw) return 0;
  const int s = win_in(ply + 1);
  return o.winner == mover ? s : -s;
}

int Search::negamax(const TwiceFourPosition& pos, int depth, int alpha, int beta, int ply) {
  ++nodes_;
  if (out_of_budget()) stop_ = true;
  if (stop_) return 0;
  if (depth <= 0 || ply >= TF_MAX_PLY) {
    horizon_ = true;
    return evaluate(pos, limits_.grade);
  }
  const std::uint64_t key = table_key(pos);
  const int alpha0 = alpha;
  const TranspositionTable::Hit hit = table_.hit(key, depth, ply, alpha, beta);
  if (hit.cutoff) return hit.score;
  const int tt_move = hit.move;

  TwiceFourMove moves[rules::TF_MAX_MOVES];
  const int n = pos.legal_moves(moves);
  const int mover = pos.to_move();
  // Order: the table's move, steps that score, then by history.
  int keys[rules::TF_MAX_MOVES];
  const std::uint16_t open = static_cast<std::uint16_t>(~pos.counted());
  for (int i = 0; i < n; ++i) {
    int k = 0;
    if (!moves[i].is_pass()) {
      k = history_score_[mover][moves[i].from][moves[i].to];
      const TwiceFourMove m = moves[i];
      std::uint16_t through = rules::tf_lines_through()[m.to] & open;
      const rules::TfBits after = (pos.pieces(mover) & ~(1u << m.from)) | (1u << m.to);
      while (through) {
        const int l = std::countr_zero(static_cast<unsigned>(through));
        through = static_cast<std::uint16_t>(through & (through - 1));
        if ((after & rules::tf_lines()[l]) == rules::tf_lines()[l]) k += 1 << 24;
      }
    }
    if (i == tt_move) k = INT32_MAX;
    keys[i] = k;
  }
  int order[rules::TF_MAX_MOVES];
  for (int i = 0; i < n; ++i) order[i] = i;
  std::stable_sort(order, order + n, [&](int a, int b) { return keys[a] > keys[b]; });

  int best = -SCORE_INF;
  int best_move = -1;
  for (int k = 0; k < n; ++k) {
    const int i = order[k];
    TwiceFourPosition child = pos;
    const Outcome o = child.play(moves[i]);
    int s;
    if (o.over()) {
      s = end_score(o, mover, ply);
    } else {
      const std::uint64_t rk = child.repetition_key();
      path_[ply + 1] = rk;
      if (occurrences(rk, ply + 1) >= 2) {
        // RULES.md B5: the third occurrence ends the round.
        s = end_score(child.judge_by_limit(rules::Reason::repetition), mover, ply);
      } else {
        s = -negamax(child, depth - 1, -beta, -alpha, ply + 1);
      }
    }
    if (stop_) return 0;
    if (s > best) {
      best = s;
      best_move = i;
    }
    if (s > alpha) alpha = s;
    if (alpha >= beta) {
      if (!moves[i].is_pass()) history_score_[mover][moves[i].from][moves[i].to] += depth * depth;
      break;
    }
  }
  const Bound bound = best <= alpha0 ? Bound::upper : best >= beta ? Bound::lower : Bound::exact;
  table_.store(key, to_table_score(best, ply), depth, bound, best_move);
  return best;
}

int Search::root(int depth, int alpha, int beta, SearchOutcome& out) {
  const TwiceFourPosition& pos = game_.position();
  const int mover = pos.to_move();
  int best = -SCORE_INF;
  for (RootMove& rm : out.root_moves) {
    TwiceFourPosition child = pos;
    const Outcome o = child.play(rm.move);
    int s;
    if (o.over()) {
      s = end_score(o, mover, 0);
    } else {
      const std::uint64_t rk = child.repetition_key();
      path_[1] = rk;
      if (occurrences(rk, 1) >= 2) {
        s = end_score(child.judge_by_limit(rules::Reason::repetition), mover, 0);
      } else {
        // With all_root_scores alpha stays -SCORE_INF: every move gets a full window.
        s = -negamax(child, depth - 1, -beta, -alpha, 1);
      }
    }
    if (stop_) return best;
    rm.score = s;
    ++out.depth;  // counts root moves finished in this iteration (the caller resets it)
    if (s > best) {
      best = s;
      out.best = rm.move;
      out.score = s;
    }
    if (!limits_.all_root_scores) alpha = std::max(alpha, s);
  }
  return best;
}

SearchOutcome Search::run(const SearchLimits& limits) {
  limits_ = limits;
  stop_ = false;
  nodes_ = 0;
  salt_ = hash_mix(0x5851f42d4c957f2dULL, static_cast<std::uint64_t>(limits.grade) + 0x7f4a);
  path_[0] = game_.position().repetition_key();

  SearchOutcome result;
  TwiceFourMove moves[rules::TF_MAX_MOVES];
  const int n = game_.position().legal_moves(moves);
  for (int i = 0; i < n; ++i) result.root_moves.push_back(RootMove{moves[i], 0});
  result.best = moves[0];
  if (game_.outcome().over()) return result;

  const int remaining = rules::TF_MOVE_LIMIT - game_.position().ply();
  deepen(
      result, &SearchOutcome::root_moves, 1, limits.max_depth, limits.all_root_scores, stop_,
      [&](int depth, SearchOutcome& iter) {
        horizon_ = false;
        root(depth, -SCORE_INF, SCORE_INF, iter);
      },
      [&](int depth) {
        if (is_proven(result.score)) {
          result.exact = true;  // a forced result: deeper search cannot change it
          return true;
        }
        if (!horizon_) {
          result.exact = true;  // every line reached the end of the round
          return true;
        }
        return depth >= remaining;
      });
  result.nodes = nodes_;
  return result;
}

}  // namespace ft::engine::twicefour
