#include "engine/puzzles/oracle.h"

#include <algorithm>

namespace ft::engine::puzzles {
namespace {

namespace sv = solver;

// PopOut keeps its distance values in a table of their own; the drop
// variants never use it, so they get a token one.
constexpr std::size_t UNUSED_TABLE_BYTES = std::size_t{1} << 16;

// Columns from the centre outwards (ties of the defence go to the centre,
// as the perfect level's do).
std::vector<int> centre_out(int width) {
  std::vector<int> order;
  for (int i = 0; i < width; ++i) order.push_back(width / 2 + (1 - 2 * (i % 2)) * (i + 1) / 2);
  return order;
}

}  // namespace

std::string move_text(PuzzleMove m) {
  std::string s(1, m.col == 9 ? '0' : static_cast<char>('1' + m.col));
  if (m.pop) s += '^';
  return s;
}

std::string moves_text(const std::vector<PuzzleMove>& moves) {
  std::string s;
  for (const PuzzleMove& m : moves) s += move_text(m);
  return s;
}

Result<std::vector<PuzzleMove>> parse_moves(std::string_view text, int width) {
  std::vector<PuzzleMove> out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char ch = text[i];
    int col = -1;
    if (ch >= '1' && ch <= '9') col = ch - '1';
    if (ch == '0') col = 9;
    if (col < 0 || col >= width)
      return make_error(ErrorCode::bad_input, "'" + std::string(1, ch) + "' at " +
                                                  std::to_string(i + 1) +
                                                  " is not a column of this board");
    PuzzleMove m{false, col};
    if (i + 1 < text.size() && text[i + 1] == '^') {
      m.pop = true;
      ++i;
    }
    out.push_back(m);
  }
  return out;
}

Oracle::Oracle(const rules::VariantSpec& spec, std::size_t table_bytes, std::uint64_t max_nodes)
    : spec_(spec),
      table_(table_bytes),
      distance_table_(spec.popout ? table_bytes : UNUSED_TABLE_BYTES),
      drop_solver_(table_),
      pop_solver_(table_, &distance_table_),
      book_(&sv::shared_book()),
      max_nodes_(max_nodes) {}

Result<std::unique_ptr<Oracle>> Oracle::create(const rules::VariantSpec& spec,
                                               std::size_t table_bytes, std::uint64_t max_nodes) {
  std::unique_ptr<Oracle> o(new Oracle(spec, table_bytes, max_nodes));
  if (spec.popout) {
    auto start = sv::popout_board(spec);
    if (!start) return start.error();
    o->pop_start_ = *start;
  } else {
    auto board = sv::board_for(spec);
    if (!board) return board.error();
    if (spec.blocks > 0 || spec.prefilled_outer || spec.opening_plies > 0 || spec.seats != 2)
      return make_error(ErrorCode::bad_input,
                        "puzzles start from the empty board of two players: not " + spec.key);
    o->drop_start_.board = *board;
  }
  return o;
}

sv::Limits Oracle::limits() const {
  sv::Limits l;
  l.max_nodes = max_nodes_;
  return l;
}

Node Oracle::start() const {
  Node n;
  n.drops = drop_start_;
  n.pops = pop_start_;
  return n;
}

Result<Node> Oracle::replay(const std::vector<PuzzleMove>& moves) const {
  Node n = start();
  const std::string text = moves_text(moves);
  if (popout()) {
    auto p = sv::popout_play_moves(pop_start_, text);
    if (!p) return p.error();
    n.pops = *p;
  } else {
    if (text.find('^') != std::string::npos)
      return make_error(ErrorCode::pop_not_allowed, "a pop outside PopOut");
    auto p = sv::play_moves(drop_start_, text);
    if (!p) return p.error();
    n.drops = *p;
  }
  return n;
}

std::vector<PuzzleMove> Oracle::legal(const Node& n) const {
  std::vector<PuzzleMove> out;
  for (int col : centre_out(spec_.width)) {
    if (popout() ? sv::popout_legal(n.pops, {false, col}) : sv::can_play(n.drops, col))
      out.push_back({false, col});
  }
  if (popout()) {
    for (int col : centre_out(spec_.width))
      if (sv::popout_legal(n.pops, {true, col})) out.push_back({true, col});
  }
  return out;
}

Played Oracle::play(const Node& n, PuzzleMove m) const {
  Played r;
  r.next = n;
  if (popout()) {
    const sv::PopoutOutcome o = sv::popout_play(n.pops, {m.pop, m.col});
    r.result = o.result;
    r.next.pops = o.next;
    return r;
  }
  if (sv::makes_line(n.drops, m.col)) {
    r.result = misere() ? -1 : 1;
  }
  r.next.drops = sv::play(n.drops, m.col);
  const sv::Board& b = n.drops.board;
  if (!r.result && r.next.drops.discs() >= b.width * b.height - rules::popcount(b.blocks))
    r.result = 0;
  return r;
}

Node Oracle::swapped(const Node& n) const {
  Node s = n;
  std::swap(s.drops.mover, s.drops.other);
  std::swap(s.pops.mover, s.pops.other);
  return s;
}

std::optional<bool> Oracle::wins(const Node& n) {
  if (popout()) {
    const auto v = pop_solver_.solve(n.pops, limits());
    if (!v) return std::nullopt;
    return *v > 0;
  }
  if (const auto known = book_->find(n.drops)) return known->score > 0;
  return drop_solver_.score_at_least(n.drops, 1, limits());
}

std::optional<bool> Oracle::loses(const Node& n) {
  if (popout()) {
    const auto v = pop_solver_.solve(n.pops, limits());
    if (!v) return std::nullopt;
    return *v < 0;
  }
  if (const auto known = book_->find(n.drops)) return known->score < 0;
  return drop_solver_.score_at_most(n.drops, -1, limits());
}

std::optional<bool> Oracle::wins_within(const Node& n, int k) {
  if (popout()) return pop_solver_.ends_within(n.pops, true, 2 * k - 1, limits());
  // The solver's score counts the discs left when the line is made
  // (solver.h): a win with the mover's k-th disc from d discs on scores
  // (W*H + 1 - d) / 2 - (k - 1); in misère the opponent's forced disc after
  // it, (W*H + 2 - d) / 2 - k. Both sides' discs alternate, so the halves
  // are exact.
  const sv::Board& b = n.drops.board;
  const int cells = b.width * b.height;
  const int d = n.drops.discs();
  const int top = misere() ? (cells + 2 - d) / 2 - 1 : (cells + 1 - d) / 2;
  const int t = std::max(1, top - (k - 1));
  if (const auto known = book_->find(n.drops)) return known->score >= t;
  return drop_solver_.score_at_least(n.drops, t, limits());
}

std::optional<bool> Oracle::loses_within(const Node& n, int k) {
  if (popout()) return pop_solver_.ends_within(n.pops, false, 2 * k, limits());
  // As wins_within, one disc later: the opponent's k-th disc is dropped at
  // d + 2k - 1 discs (normal), or the mover's forced line at d + 2k (misère).
  const sv::Board& b = n.drops.board;
  const int cells = b.width * b.height;
  const int d = n.drops.discs();
  const int t = std::max(1, misere() ? (cells + 1 - d) / 2 - k : (cells + 2 - d) / 2 - k);
  if (const auto known = book_->find(n.drops)) return known->score <= -t;
  return drop_solver_.score_at_most(n.drops, -t, limits());
}

std::uint64_t Oracle::nodes() const {
  return drop_solver_.stats().nodes + pop_solver_.nodes();
}

}  // namespace ft::engine::puzzles
