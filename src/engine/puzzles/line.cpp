#include "engine/puzzles/line.h"

#include <algorithm>

namespace ft::engine::puzzles {
namespace {

// The one move of `n` that wins, or why there is not exactly one.
struct Winner {
  Reject why = Reject::none;
  PuzzleMove move;
};

// `k`, when known, is the number of moves within which the side to move
// wins: moves that win about as quickly are looked for first (a cheap probe
// each), so that a second winning move is mostly found without a full search.
Winner unique_winner(Oracle& o, const Node& n, int k = 0) {
  const std::vector<PuzzleMove> moves = o.legal(n);
  std::vector<int> known(moves.size(), -1);  // 1 wins, 0 does not, -1 not known yet
  int count = 0;
  Winner w;
  for (int pass = 0; pass < 2; ++pass) {
    for (std::size_t i = 0; i < moves.size(); ++i) {
      if (known[i] >= 0) continue;
      const Played p = o.play(n, moves[i]);
      if (p.result) {
        known[i] = *p.result > 0 ? 1 : 0;
      } else if (pass == 0) {
        if (k < 1) continue;
        const auto quick = o.loses_within(p.next, k);
        if (!quick) return {Reject::node_limit, {}};
        if (!*quick) continue;  // decided in the full pass
        known[i] = 1;
      } else {
        const auto lost = o.loses(p.next);
        if (!lost) return {Reject::node_limit, {}};
        known[i] = *lost ? 1 : 0;
      }
      if (known[i] == 0) continue;
      if (++count > 1) return {Reject::not_unique, {}};
      w.move = moves[i];
    }
  }
  if (count == 0) w.why = Reject::inconsistent;
  return w;
}

// A longest resistance of the defender at `q`, when the solver needed `k`
// moves before the move that led to `q`: a reply after which it needs k-1
// again (not k-2). A reply that ends the game (a line in misère, a losing
// pop) only when every reply does.
struct Reply {
  Reject why = Reject::none;
  PuzzleMove move;
  bool ends = false;
};

Reply longest_resistance(Oracle& o, const Node& q, int k) {
  std::optional<PuzzleMove> ending;
  for (const PuzzleMove& m : o.legal(q)) {
    const Played p = o.play(q, m);
    if (p.result) {
      if (*p.result < 0 && !ending) ending = m;
      continue;
    }
    if (k - 2 < 1) return {Reject::none, m, false};
    const auto quick = o.wins_within(p.next, k - 2);
    if (!quick) return {Reject::node_limit, {}, false};
    if (!*quick) return {Reject::none, m, false};
  }
  if (ending) return {Reject::none, *ending, true};
  return {Reject::inconsistent, {}, false};
}

// The fewest of its own moves within which the side to move at `n` wins, up
// to `max_moves`; 0 when it takes longer or never.
std::optional<int> win_distance(Oracle& o, const Node& n, int max_moves) {
  const auto at_all = o.wins_within(n, max_moves);
  if (!at_all || !*at_all) return at_all ? std::optional<int>(0) : std::nullopt;
  for (int k = 1; k < max_moves; ++k) {
    const auto within = o.wins_within(n, k);
    if (!within) return std::nullopt;
    if (*within) return k;
  }
  return max_moves;
}

Error step_error(std::size_t i, const std::string& what) {
  return make_error(ErrorCode::bad_input,
                    "move " + std::to_string(i + 1) + " of the line: " + what);
}

}  // namespace

const char* reject_name(Reject r) {
  switch (r) {
    case Reject::none:
      return "kept";
    case Reject::forced:
      return "forced";
    case Reject::no_short_win:
      return "no-short-win";
    case Reject::not_unique:
      return "not-unique";
    case Reject::node_limit:
      return "node-limit";
    case Reject::inconsistent:
      return "inconsistent";
  }
  return "inconsistent";
}

FindResult find_line(Oracle& o, const Node& n, int max_moves) {
  FindResult r;
  if (o.legal(n).size() <= 1) {
    r.why = Reject::forced;
    return r;
  }
  const auto distance = win_distance(o, n, max_moves);
  if (!distance) {
    r.why = Reject::node_limit;
    return r;
  }
  if (*distance == 0) {
    r.why = Reject::no_short_win;
    return r;
  }
  Node node = n;
  for (int k = *distance; k >= 1; --k) {
    const Winner w = unique_winner(o, node, k);
    if (w.why != Reject::none) {
      r.why = w.why;
      r.line.clear();
      return r;
    }
    r.line.push_back(w.move);
    const Played p = o.play(node, w.move);
    if (p.result) {
      if (*p.result <= 0) r.why = Reject::inconsistent;
      return r;
    }
    const Reply reply = longest_resistance(o, p.next, k);
    if (reply.why != Reject::none) {
      r.why = reply.why;
      r.line.clear();
      return r;
    }
    if (reply.ends) return r;  // every reply loses at once: the win is complete
    r.line.push_back(reply.move);
    node = o.play(p.next, reply.move).next;
  }
  r.why = Reject::inconsistent;  // the win took longer than the solver said
  r.line.clear();
  return r;
}

Result<bool> check_line(Oracle& o, const Node& n, const std::vector<PuzzleMove>& line) {
  if (o.legal(n).size() <= 1) return step_error(0, "the start has one legal move: nothing to find");
  if (line.empty() || line.size() % 2 == 0)
    return make_error(ErrorCode::bad_input,
                      "a line has the solver's moves and the replies between them: an odd count");
  Node node = n;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const PuzzleMove m = line[i];
    const std::vector<PuzzleMove> legal = o.legal(node);
    if (std::find(legal.begin(), legal.end(), m) == legal.end())
      return step_error(i, move_text(m) + " is not legal");
    if (i % 2 == 0) {
      const Winner w = unique_winner(o, node);
      if (w.why == Reject::not_unique) return step_error(i, "more than one move wins");
      if (w.why != Reject::none)
        return step_error(i, std::string("no answer: ") + reject_name(w.why));
      if (!(w.move == m))
        return step_error(i, move_text(m) + " does not win; " + move_text(w.move) + " does");
    }
    const Played p = o.play(node, m);
    if (p.result) {
      if (i + 1 != line.size() || *p.result <= 0)
        return step_error(i, "the game ends here, not with the solver's win");
      return true;
    }
    if (i % 2 == 1) {
      // A longest resistance: no other reply makes the win take longer than
      // the rest of the line does (which the remaining steps check is a win).
      const int left = static_cast<int>(line.size() - i) / 2;  // the solver's moves after it
      for (const PuzzleMove& other : legal) {
        const Played q = o.play(node, other);
        if (q.result) continue;  // a reply that ends the game loses at once
        const auto within = o.wins_within(q.next, left);
        if (!within) return step_error(i, "no answer: node-limit");
        if (!*within)
          return step_error(i, move_text(other) + " resists longer than " + move_text(m));
      }
    }
    node = p.next;
  }
  // The solver's last move did not make the line: only misère and PopOut end
  // so, when every reply left to the defender loses at once.
  for (const PuzzleMove& m : o.legal(node)) {
    const Played q = o.play(node, m);
    if (!q.result || *q.result >= 0)
      return step_error(line.size() - 1, "the line stops before the win (" + move_text(m) +
                                             " does not lose at once)");
  }
  return true;
}

}  // namespace ft::engine::puzzles
