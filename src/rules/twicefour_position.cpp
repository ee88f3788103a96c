#include "rules/twicefour_position.h"

#include <bit>

namespace ft::rules {
namespace {

constexpr TfBits pt(int col, int row) {
  return 1u << tf_index(col, row);
}

// Four points from (col,row) in direction (dc,dr).
constexpr TfBits line_from(int col, int row, int dc, int dr) {
  TfBits b = 0;
  for (int i = 0; i < 4; ++i) b |= pt(col + i * dc, row + i * dr);
  return b;
}

// RULES.md B1. Columns are 0..4 (a..e), rows 0..4 (1..5).
// The order is the lines' index (tf_lines()), which records and counted-line
// sets store: rows 2, 3, 4 (a-d, then b-e), columns b, c, d (1-4, then 2-5),
// then the diagonals a2-d5, b1-e4, a4-d1, b5-e2.
constexpr std::array<TfBits, TF_LINES> LINES = [] {
  std::array<TfBits, TF_LINES> lines{};
  std::size_t n = 0;
  for (int row = 1; row <= 3; ++row) {
    for (int col = 0; col <= 1; ++col) lines[n++] = line_from(col, row, 1, 0);
  }
  for (int col = 1; col <= 3; ++col) {
    for (int row = 0; row <= 1; ++row) lines[n++] = line_from(col, row, 0, 1);
  }
  lines[n++] = line_from(0, 1, 1, 1);
  lines[n++] = line_from(1, 0, 1, 1);
  lines[n++] = line_from(0, 3, 1, -1);
  lines[n++] = line_from(1, 4, 1, -1);
  return lines;
}();

// First and last point of each line, for its name (`d2-d5`).
struct LineEnds {
  int first, last;
};
constexpr std::array<LineEnds, TF_LINES> LINE_ENDS = {{
    {tf_index(0, 1), tf_index(3, 1)},
    {tf_index(1, 1), tf_index(4, 1)},
    {tf_index(0, 2), tf_index(3, 2)},
    {tf_index(1, 2), tf_index(4, 2)},
    {tf_index(0, 3), tf_index(3, 3)},
    {tf_index(1, 3), tf_index(4, 3)},
    {tf_index(1, 0), tf_index(1, 3)},
    {tf_index(1, 1), tf_index(1, 4)},
    {tf_index(2, 0), tf_index(2, 3)},
    {tf_index(2, 1), tf_index(2, 4)},
    {tf_index(3, 0), tf_index(3, 3)},
    {tf_index(3, 1), tf_index(3, 4)},
    {tf_index(0, 1), tf_index(3, 4)},
    {tf_index(1, 0), tf_index(4, 3)},
    {tf_index(0, 3), tf_index(3, 0)},
    {tf_index(1, 4), tf_index(4, 1)},
}};

constexpr std::array<TfBits, 25> make_neighbours() {
  std::array<TfBits, 25> n{};
  for (int col = 0; col < 5; ++col) {
    for (int row = 0; row < 5; ++row) {
      if (!tf_is_point(tf_index(col, row))) continue;
      TfBits b = 0;
      if (col > 0) b |= pt(col - 1, row);
      if (col < 4) b |= pt(col + 1, row);
      if (row > 0) b |= pt(col, row - 1);
      if (row < 4) b |= pt(col, row + 1);
      n[tf_index(col, row)] = b & TF_BOARD;
    }
  }
  return n;
}
constexpr std::array<TfBits, 25> NEIGHBOURS = make_neighbours();

constexpr std::array<std::uint16_t, 25> make_lines_through() {
  std::array<std::uint16_t, 25> t{};
  for (int i = 0; i < 25; ++i) {
    for (int l = 0; l < TF_LINES; ++l) {
      if ((LINES[l] >> i) & 1u) t[i] = static_cast<std::uint16_t>(t[i] | (1u << l));
    }
  }
  return t;
}
constexpr std::array<std::uint16_t, 25> LINES_THROUGH = make_lines_through();

// Points of `side` that have at least one empty neighbour.
TfBits steppers(TfBits own, TfBits empty) {
  // Column-major layout: up/down is +-1 (not across a column end), left/right
  // is +-5. Corners are never in `empty`, so off-board targets drop out.
  constexpr TfBits NOT_TOP = 0x1FFFFFFu & ~(pt(0, 4) | pt(1, 4) | pt(2, 4) | pt(3, 4) | pt(4, 4));
  constexpr TfBits NOT_BOTTOM =
      0x1FFFFFFu & ~(pt(0, 0) | pt(1, 0) | pt(2, 0) | pt(3, 0) | pt(4, 0));
  const TfBits reach = ((empty >> 1) & NOT_TOP) | ((empty << 1) & NOT_BOTTOM) | (empty >> 5) |
                       ((empty << 5) & 0x1FFFFFFu);
  return own & reach;
}

}  // namespace

const std::array<TfBits, TF_LINES>& tf_lines() {
  return LINES;
}
const std::array<std::uint16_t, 25>& tf_lines_through() {
  return LINES_THROUGH;
}
const std::array<TfBits, 25>& tf_neighbours() {
  return NEIGHBOURS;
}

std::string tf_format_point(int index) {
  return std::string(1, static_cast<char>('a' + index / 5)) + std::to_string(index % 5 + 1);
}

Result<int> tf_parse_point(std::string_view text) {
  if (text.size() != 2 || text[0] < 'a' || text[0] > 'e' || text[1] < '1' || text[1] > '5')
    return make_error(ErrorCode::bad_input, "a point is a letter a-e and a digit 1-5, like c3");
  const int index = tf_index(text[0] - 'a', text[1] - '1');
  if (!tf_is_point(index))
    return make_error(ErrorCode::bad_input,
                      std::string(text) + " is a corner, not a point of the board");
  return index;
}

std::string tf_format_move(TwiceFourMove m) {
  if (m.is_pass()) return "pass";
  return tf_format_point(m.from) + "-" + tf_format_point(m.to);
}

Result<TwiceFourMove> tf_parse_move(std::string_view text) {
  if (text == "pass") return TwiceFourMove::pass();
  const auto dash = text.find('-');
  if (dash == std::string_view::npos)
    return make_error(ErrorCode::bad_input, "a move is a step like d4-e4 or the word pass, not '" +
                                                std::string(text) + "'");
  auto from = tf_parse_point(text.substr(0, dash));
  if (!from) return from.error();
  auto to = tf_parse_point(text.substr(dash + 1));
  if (!to) return to.error();
  if (((NEIGHBOURS[*from] >> *to) & 1u) == 0)
    return make_error(
        ErrorCode::illegal_move,
        std::string(text) + ": a step goes to an adjacent point, across or up and down only");
  return TwiceFourMove{static_cast<std::int8_t>(*from), static_cast<std::int8_t>(*to)};
}

std::string tf_format_line(int line) {
  return tf_format_point(LINE_ENDS[line].first) + "-" + tf_format_point(LINE_ENDS[line].last);
}

Result<int> tf_parse_line(std::string_view text) {
  for (int l = 0; l < TF_LINES; ++l) {
    // Either direction names the same line.
    const std::string a = tf_format_line(l);
    const std::string b =
        tf_format_point(LINE_ENDS[l].last) + "-" + tf_format_point(LINE_ENDS[l].first);
    if (text == a || text == b) return l;
  }
  return make_error(ErrorCode::bad_input, "'" + std::string(text) + "' is not one of the 16 lines");
}

std::string_view tf_side_name(int side) {
  return side == TF_CROSS ? "cross" : "circle";
}

int tf_side_from_name(std::string_view name) {
  if (name == "cross") return TF_CROSS;
  if (name == "circle") return TF_CIRCLE;
  return -1;
}

bool tf_start_known(int id) {
  return id == static_cast<int>(TfStart::first) || id == static_cast<int>(TfStart::fair);
}

TwiceFourPosition TwiceFourPosition::start(int first, TfStart layout) {
  TwiceFourPosition p;
  if (layout == TfStart::first) {
    // The first start: cross a2, b1, c1, d1, e2.
    p.pieces_[TF_CROSS] = pt(0, 1) | pt(1, 0) | pt(2, 0) | pt(3, 0) | pt(4, 1);
  } else {
    // RULES.md B2 (our rule, 2026-12-01): cross b1, c1, d1, b2, d2.
    p.pieces_[TF_CROSS] = pt(1, 0) | pt(2, 0) | pt(3, 0) | pt(1, 1) | pt(3, 1);
  }
  // Circle: the same turned by 180 degrees, (col, row) -> (4 - col, 4 - row).
  for (TfBits c = p.pieces_[TF_CROSS]; c; c &= c - 1) {
    const int i = std::countr_zero(c);
    p.pieces_[TF_CIRCLE] |= pt(4 - i / 5, 4 - i % 5);
  }
  p.to_move_ = static_cast<std::uint8_t>(first == TF_CIRCLE ? TF_CIRCLE : TF_CROSS);
  return p;
}

Result<TwiceFourPosition> TwiceFourPosition::from_parts(TfBits cross, TfBits circle,
                                                        std::uint16_t counted, int cross_points,
                                                        int circle_points, int to_move, int ply) {
  if ((cross & ~TF_BOARD) || (circle & ~TF_BOARD))
    return make_error(ErrorCode::bad_setup, "a piece stands off the 21 points");
  if (cross & circle) return make_error(ErrorCode::bad_setup, "two pieces on one point");
  if (std::popcount(cross) > TF_PIECES || std::popcount(circle) > TF_PIECES)
    return make_error(ErrorCode::bad_setup, "a side has more than five pieces");
  if (to_move != TF_CROSS && to_move != TF_CIRCLE)
    return make_error(ErrorCode::bad_setup, "the side to move is cross or circle");
  if (ply < 0 || ply >= TF_MOVE_LIMIT)
    return make_error(ErrorCode::bad_setup, "the half-move count must be 0..79");
  if (cross_points < 0 || circle_points < 0 || cross_points >= TF_POINTS_TO_WIN ||
      circle_points >= TF_POINTS_TO_WIN)
    return make_error(ErrorCode::bad_setup, "points must be 0 or 1 in a round not yet won");
  if (std::popcount(static_cast<unsigned>(counted)) < cross_points + circle_points)
    return make_error(ErrorCode::bad_setup, "more points than counted lines");
  for (int l = 0; l < TF_LINES; ++l) {
    const bool full = (cross & LINES[l]) == LINES[l] || (circle & LINES[l]) == LINES[l];
    if (full && !((counted >> l) & 1u))
      return make_error(ErrorCode::bad_setup,
                        "line " + tf_format_line(l) + " is full but not counted");
  }
  TwiceFourPosition p;
  p.pieces_ = {cross, circle};
  p.counted_ = counted;
  p.points_ = {static_cast<std::uint8_t>(cross_points), static_cast<std::uint8_t>(circle_points)};
  p.to_move_ = static_cast<std::uint8_t>(to_move);
  p.ply_ = static_cast<std::uint8_t>(ply);
  return p;
}

int TwiceFourPosition::at(int index) const {
  if ((pieces_[0] >> index) & 1u) return 0;
  if ((pieces_[1] >> index) & 1u) return 1;
  return -1;
}

int TwiceFourPosition::placement(int side) const {
  const TfBits own = pieces_[side], opp = pieces_[1 - side];
  int sum = 0;
  for (int l = 0; l < TF_LINES; ++l) {
    if ((counted_ >> l) & 1u) continue;
    if (opp & LINES[l]) continue;
    const int n = std::popcount(own & LINES[l]);
    sum += n * n;
  }
  return sum;
}

bool TwiceFourPosition::can_step(int side) const {
  return steppers(pieces_[side], empty()) != 0;
}

int TwiceFourPosition::legal_moves(TwiceFourMove* out) const {
  const TfBits empty_points = empty();
  TfBits from = steppers(pieces_[to_move_], empty_points);
  int n = 0;
  while (from) {
    const int f = std::countr_zero(from);
    from &= from - 1;
    TfBits to = NEIGHBOURS[f] & empty_points;
    while (to) {
      const int t = std::countr_zero(to);
      to &= to - 1;
      out[n++] = TwiceFourMove{static_cast<std::int8_t>(f), static_cast<std::int8_t>(t)};
    }
  }
  // RULES.md B3: a player with no step passes.
  if (n == 0) out[n++] = TwiceFourMove::pass();
  return n;
}

Result<bool> TwiceFourPosition::check(TwiceFourMove m) const {
  const TfBits own = pieces_[to_move_];
  if (m.is_pass()) {
    if (can_step(to_move_))
      return make_error(
          ErrorCode::illegal_move,
          "pass is only allowed when " + std::string(tf_side_name(to_move_)) + " has no step");
    return true;
  }
  if (!tf_is_point(m.from) || !tf_is_point(m.to) || ((NEIGHBOURS[m.from] >> m.to) & 1u) == 0)
    return make_error(ErrorCode::illegal_move, "not a step between adjacent points");
  if (((own >> m.from) & 1u) == 0)
    return make_error(ErrorCode::illegal_move, "no " + std::string(tf_side_name(to_move_)) +
                                                   " piece on " + tf_format_point(m.from));
  if (((empty() >> m.to) & 1u) == 0)
    return make_error(ErrorCode::illegal_move, tf_format_point(m.to) + " is not empty");
  return true;
}

Outcome TwiceFourPosition::play(TwiceFourMove m) {
  const int mover = to_move_;
  last_scored_ = 0;
  if (!m.is_pass()) {
    pieces_[mover] ^= (1u << m.from) | (1u << m.to);
    // RULES.md B3: only lines through the target can have become full; each
    // line scores once per round, for either player; a double line counts both.
    std::uint16_t candidates = LINES_THROUGH[m.to] & static_cast<std::uint16_t>(~counted_);
    while (candidates) {
      const int l = std::countr_zero(static_cast<unsigned>(candidates));
      candidates = static_cast<std::uint16_t>(candidates & (candidates - 1));
      if ((pieces_[mover] & LINES[l]) == LINES[l])
        last_scored_ = static_cast<std::uint16_t>(last_scored_ | (1u << l));
    }
    if (last_scored_) {
      counted_ = static_cast<std::uint16_t>(counted_ | last_scored_);
      points_[mover] = static_cast<std::uint8_t>(points_[mover] + std::popcount(last_scored_));
    }
  }
  to_move_ = static_cast<std::uint8_t>(1 - mover);
  ++ply_;
  if (points_[mover] >= TF_POINTS_TO_WIN) return Outcome{Status::win, mover, Reason::points};
  if (ply_ >= TF_MOVE_LIMIT) return judge_by_limit(Reason::move_limit);
  // RULES.md B3 (our rule). On the connected 21-point board with ten pieces
  // some side can always step, so this is a guard for arbitrary set-ups.
  if (!can_step(0) && !can_step(1)) return judge_by_limit(Reason::no_moves);
  return Outcome{};
}

Outcome TwiceFourPosition::judge_by_limit(Reason reason) const {
  int winner = -1;
  if (points_[0] != points_[1]) {
    winner = points_[0] > points_[1] ? 0 : 1;
  } else {
    const int p0 = placement(0), p1 = placement(1);
    if (p0 != p1) winner = p0 > p1 ? 0 : 1;
  }
  if (winner < 0) return Outcome{Status::draw, -1, reason};
  return Outcome{Status::win, winner, reason};
}

}  // namespace ft::rules
