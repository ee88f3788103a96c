// A reference for the PopOut solver's values on small boards (4x4, 5x4,
// 4x5): retrograde analysis of every position, written for the tests from
// RULES.md A7 alone and sharing no code with engine/solver.
//
// It computes the value of the game graph in which endless play is a draw:
// the memoised, bottom-up form of the solver's cycle rule, which
// popout_search.h argues gives the same values. A top-down memoised search
// with "a repetition on the path is a draw" was tried first as this
// reference: the values that rest on a repetition above the node cannot be
// memoised, and it did not finish the 4x4 empty board in 120 s nor 90 of 100
// random 5x4 positions within 200,000 nodes each.
//
// How: every position (the side to move's discs and the other's, column by
// column) has an index. A first pass counts each position's moves that do not
// end the game and marks the wins in one. Then values spread backwards, from
// each decided position to its predecessors (un-drops and un-pops): a
// predecessor of a loss is a win; a predecessor whose every such move leads
// to a win, and which has no move that draws at once, is a loss. What is never
// decided is a draw. The queue is first in, first out, so positions are
// decided in the order of their distance to the end: a win takes its
// quickest loss among the children, a loss its last (longest) win, which
// gives each decided position its length in plies (the perfect level's).
#pragma once

#include <cstdint>
#include <vector>

namespace ft::engine::solver::reference {

class PopoutRetrograde {
 public:
  static constexpr std::int8_t DRAW = 0;

  // Boards with W * (H + 1) <= 64 and fewer than 2^32 positions.
  PopoutRetrograde(int w, int h) : w_(w), h_(h), base_((1 << (h + 1)) - 1) {
    column_tables();
    std::uint64_t n = 1;
    for (int c = 0; c < w_; ++c) {
      pow_[c] = static_cast<std::uint32_t>(n);
      n *= static_cast<std::uint64_t>(base_);
    }
    states_ = static_cast<std::uint32_t>(n);
    value_.assign(states_, UNKNOWN);
    left_.assign(states_, 0);
    plies_.assign(states_, 0);
    std::vector<std::uint32_t> queue;
    first_pass(queue);
    spread(queue);
  }

  int width() const { return w_; }
  int height() const { return h_; }
  std::uint32_t states() const { return states_; }

  // The index of a position given per column as the number of discs and the
  // side to move's discs (bit r: row r, from the bottom).
  std::uint32_t index(const std::vector<int>& discs, const std::vector<int>& mine) const {
    std::uint32_t s = 0;
    for (int c = 0; c < w_; ++c) s += pow_[c] * static_cast<std::uint32_t>(code(discs[c], mine[c]));
    return s;
  }
  // The inverse of index(): each column's number of discs and the side to
  // move's discs among them.
  void columns(std::uint32_t s, std::vector<int>& discs, std::vector<int>& mine) const {
    discs.assign(static_cast<std::size_t>(w_), 0);
    mine.assign(static_cast<std::size_t>(w_), 0);
    for (int c = 0; c < w_; ++c) {
      const int d = static_cast<int>(s % static_cast<std::uint32_t>(base_));
      s /= static_cast<std::uint32_t>(base_);
      discs[static_cast<std::size_t>(c)] = discs_[d];
      mine[static_cast<std::size_t>(c)] = mine_[d];
    }
  }
  // 1 the side to move wins, 0 a draw, -1 it loses; NOT_A_POSITION for
  // boards no game reaches (a line on them, or full).
  int value(std::uint32_t s) const { return value_[s]; }
  // Plies to the end of a win or loss with the quickest win and the longest
  // loss (a win in one is 1); 0 for a draw.
  int plies(std::uint32_t s) const { return plies_[s]; }
  static constexpr std::int8_t NOT_A_POSITION = 2;

 private:
  static constexpr std::int8_t UNKNOWN = 3;
  static constexpr std::uint8_t DRAWS_AT_ONCE = 0x80;  // in left_: a move draws at once

  int code(int k, int b) const { return (1 << k) - 1 + b; }

  void column_tables() {
    const int n = base_;
    discs_.assign(n, 0);
    mine_.assign(n, 0);
    swap_.assign(n, 0);
    drop_.assign(n, -1);
    pop_.assign(n, -1);
    undrop_.assign(n, -1);
    unpop_.assign(n, -1);
    for (int k = 0; k <= h_; ++k) {
      for (int b = 0; b < (1 << k); ++b) {
        const int d = code(k, b);
        const int all = (1 << k) - 1;
        discs_[d] = k;
        mine_[d] = b;
        swap_[d] = code(k, all & ~b);
        if (k < h_) drop_[d] = code(k + 1, b | (1 << k));     // the mover's disc on top
        if (k > 0 && (b & 1)) pop_[d] = code(k - 1, b >> 1);  // the mover's disc at the bottom
        // Undone moves of the other side (the one that moved last):
        if (k > 0 && !(b >> (k - 1) & 1)) undrop_[d] = code(k - 1, b);  // its disc on top
        if (k < h_) unpop_[d] = code(k + 1, b << 1);  // its disc back under the column
      }
    }
  }

  // The side to move's and the other's discs as bitboards (column c at bit
  // c * (H + 1), row r above it), and each column's code.
  void decode(std::uint32_t s, std::uint64_t& mine, std::uint64_t& other, int* digit,
              int& discs) const {
    mine = other = 0;
    discs = 0;
    for (int c = 0; c < w_; ++c) {
      const int d = static_cast<int>(s % static_cast<std::uint32_t>(base_));
      s /= static_cast<std::uint32_t>(base_);
      digit[c] = d;
      discs += discs_[d];
      const std::uint64_t all = (std::uint64_t{1} << discs_[d]) - 1;
      mine |= static_cast<std::uint64_t>(mine_[d]) << (c * (h_ + 1));
      other |= (all & ~static_cast<std::uint64_t>(mine_[d])) << (c * (h_ + 1));
    }
  }
  std::uint64_t column_bits(int d, bool of_mover) const {
    const std::uint64_t all = (std::uint64_t{1} << discs_[d]) - 1;
    return of_mover ? static_cast<std::uint64_t>(mine_[d])
                    : all & ~static_cast<std::uint64_t>(mine_[d]);
  }

  bool line(std::uint64_t x) const {
    const int shifts[4] = {1, h_, h_ + 1, h_ + 2};  // vertical, the two diagonals, horizontal
    for (const int d : shifts) {
      const std::uint64_t y = x & (x >> d);
      if ((y & (y >> (2 * d))) != 0) return true;
    }
    return false;
  }

  // The index seen by the other side: every column's colours swapped.
  std::uint32_t swapped(const int* digit) const {
    std::uint32_t s = 0;
    for (int c = 0; c < w_; ++c) s += pow_[c] * static_cast<std::uint32_t>(swap_[digit[c]]);
    return s;
  }
  std::uint32_t with_column(std::uint32_t swapped_index, const int* digit, int c, int d) const {
    return swapped_index - pow_[c] * static_cast<std::uint32_t>(swap_[digit[c]]) +
           pow_[c] * static_cast<std::uint32_t>(swap_[d]);
  }

  std::uint64_t replace(std::uint64_t board, int c, std::uint64_t bits) const {
    const std::uint64_t col = ((std::uint64_t{1} << h_) - 1) << (c * (h_ + 1));
    return (board & ~col) | (bits << (c * (h_ + 1)));
  }

  void first_pass(std::vector<std::uint32_t>& queue) {
    int digit[16];
    for (std::uint32_t s = 0; s < states_; ++s) {
      std::uint64_t mine = 0;
      std::uint64_t other = 0;
      int discs = 0;
      decode(s, mine, other, digit, discs);
      if (line(mine) || line(other) || discs == w_ * h_) {
        value_[s] = NOT_A_POSITION;
        continue;
      }
      int moves = 0;
      bool draws = false;
      bool wins = false;
      for (int c = 0; c < w_ && !wins; ++c) {
        if (const int d = drop_[digit[c]]; d >= 0) {
          if (line(replace(mine, c, column_bits(d, true)))) {
            wins = true;
          } else if (discs + 1 == w_ * h_) {
            draws = true;
          } else {
            ++moves;
          }
        }
        if (const int d = pop_[digit[c]]; d >= 0) {
          const std::uint64_t m2 = replace(mine, c, column_bits(d, true));
          const std::uint64_t o2 = replace(other, c, column_bits(d, false));
          if (line(m2)) {
            wins = true;
          } else if (line(o2)) {
            // a line for the other side only: this move loses, never chosen
          } else if ((m2 | o2) == 0) {
            draws = true;
          } else {
            ++moves;
          }
        }
      }
      if (wins) {
        value_[s] = 1;
        plies_[s] = 1;
        queue.push_back(s);
      } else {
        left_[s] = static_cast<std::uint8_t>(moves | (draws ? DRAWS_AT_ONCE : 0));
      }
    }
  }

  void spread(std::vector<std::uint32_t>& queue) {
    int digit[16];
    for (std::size_t i = 0; i < queue.size(); ++i) {
      const std::uint32_t s = queue[i];
      const int v = value_[s];
      std::uint64_t mine = 0;
      std::uint64_t other = 0;
      int discs = 0;
      decode(s, mine, other, digit, discs);
      const std::uint32_t sw = swapped(digit);
      for (int c = 0; c < w_; ++c) {
        // The predecessor is seen by the side that moved last; a board no
        // game reaches (a line, full) is no predecessor. An empty board has
        // no predecessor by a pop (that pop draws at once).
        const int undo[2] = {undrop_[digit[c]], discs > 0 ? unpop_[digit[c]] : -1};
        for (const int d : undo) {
          if (d < 0) continue;
          const std::uint32_t q = with_column(sw, digit, c, d);
          if (value_[q] != UNKNOWN) continue;
          if (v == -1) {
            value_[q] = 1;
          } else if (--left_[q] != 0) {  // DRAWS_AT_ONCE keeps it above 0
            continue;
          } else {
            value_[q] = -1;
          }
          plies_[q] = static_cast<std::uint16_t>(plies_[s] + 1);
          queue.push_back(q);
        }
      }
    }
    for (auto& v : value_) {
      if (v == UNKNOWN) v = DRAW;
    }
  }

  int w_;
  int h_;
  int base_;
  std::uint32_t states_ = 0;
  std::uint32_t pow_[16] = {};
  std::vector<int> discs_, mine_, swap_, drop_, pop_, undrop_, unpop_;
  std::vector<std::int8_t> value_;
  std::vector<std::uint8_t> left_;
  std::vector<std::uint16_t> plies_;
};

}  // namespace ft::engine::solver::reference
