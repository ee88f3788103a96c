#include "engine/puzzles/themes.h"

namespace ft::engine::puzzles {
namespace {

bool wins_now(const Oracle& o, const Node& n, PuzzleMove m) {
  const Played p = o.play(n, m);
  return p.result && *p.result > 0;
}

// After `m`, the game is lost at once: the move itself loses (a line in
// misère, a pop that makes only the opponent's), or the opponent then has a
// move that wins at once.
bool loses_at_once(const Oracle& o, const Node& n, PuzzleMove m) {
  const Played p = o.play(n, m);
  if (p.result) return *p.result < 0;
  for (const PuzzleMove& reply : o.legal(p.next))
    if (wins_now(o, p.next, reply)) return true;
  return false;
}

}  // namespace

std::vector<std::string> themes_of(const Oracle& o, const Node& n,
                                   const std::vector<PuzzleMove>& line) {
  std::vector<std::string> out;
  if (line.empty()) return out;
  const PuzzleMove first = line.front();
  if (line.size() == 1 && wins_now(o, n, first)) out.emplace_back("win-now");
  if (!o.misere() && !first.pop && wins_now(o, o.swapped(n), first))
    out.emplace_back("block-and-win");
  if (!o.misere() && line.size() >= 3) {
    const PuzzleMove reply = line[line.size() - 2];
    const PuzzleMove last = line.back();
    if (!reply.pop && !last.pop && reply.col == last.col) {
      Node before_reply = n;
      for (std::size_t i = 0; i + 2 < line.size(); ++i)
        before_reply = o.play(before_reply, line[i]).next;
      // Blocking one of two stacked threats, or forced under one.
      const bool blocked = wins_now(o, o.swapped(before_reply), reply);
      out.emplace_back(blocked ? "stacked-threats" : "zugzwang");
    }
  }
  if (o.popout()) {
    for (std::size_t i = 0; i < line.size(); i += 2) {
      if (line[i].pop) {
        out.emplace_back("pop");
        break;
      }
    }
  }
  if (o.misere()) {
    for (const PuzzleMove& m : o.legal(n)) {
      const Played p = o.play(n, m);
      if (p.result && *p.result < 0) {
        out.emplace_back("avoid-four");
        break;
      }
    }
  }
  return out;
}

bool obvious_start(const Oracle& o, const Node& n, const std::vector<PuzzleMove>& line) {
  if (line.empty()) return false;
  if (wins_now(o, n, line.front())) return true;
  int safe = 0;
  for (const PuzzleMove& m : o.legal(n)) safe += loses_at_once(o, n, m) ? 0 : 1;
  return safe <= 1;
}

}  // namespace ft::engine::puzzles
