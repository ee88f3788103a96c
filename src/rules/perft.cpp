#include "rules/perft.h"

#include <algorithm>

namespace ft::rules {
namespace {

// A position of one perft level in 32 bytes. Within a level the side to move
// is fixed (it follows the ply) and the blocks never move (they are set up
// before any disc, so they stand at the foot of their columns where no pop
// reaches), so the pieces are: red discs plus one marker bit just
// above the top of each column (which fixes every column's height, hence the
// occupied cells), and the green discs; yellow is what remains.
struct Entry {
  Bits red_and_tops = 0;
  Bits green = 0;
  std::uint64_t count = 0;
  bool over = false;
};

bool key_less(const Entry& a, const Entry& b) {
  return a.red_and_tops != b.red_and_tops ? a.red_and_tops < b.red_and_tops : a.green < b.green;
}
bool key_equal(const Entry& a, const Entry& b) {
  return a.red_and_tops == b.red_and_tops && a.green == b.green;
}

// Sorts and adds up the counts of equal positions.
void merge(std::vector<Entry>& level) {
  std::sort(level.begin(), level.end(), key_less);
  std::size_t out = 0;
  for (std::size_t i = 0; i < level.size(); ++i) {
    if (out > 0 && key_equal(level[out - 1], level[i])) {
      level[out - 1].count += level[i].count;
    } else {
      level[out++] = level[i];
    }
  }
  level.resize(out);
}

class Codec {
 public:
  Codec(const Geometry& geo, Bits blocks) : geo_(geo), blocks_(blocks) {}

  Entry encode(const Position& p) const {
    // occupied + bottom carries each column's run of filled cells into the
    // cell just above it: the column's top marker (at most the sentinel bit).
    const Bits tops = p.occupied() + geo_.bottom_row();
    return Entry{p.discs(0) | tops, p.discs(2), 0, false};
  }

  void decode(const Entry& e, Position& p) const {
    Bits occupied = 0;
    for (int c = 0; c < geo_.width(); ++c) {
      const Bits col = e.red_and_tops & column_with_sentinel(c);
      const Bits top = highest_bit(col);
      occupied |= (top - 1) & column_with_sentinel(c);
    }
    const Bits red = e.red_and_tops & occupied;
    const Bits yellow = occupied & ~red & ~e.green & ~blocks_;
    p.set_pieces({red, yellow, e.green}, blocks_);
  }

 private:
  Bits column_with_sentinel(int c) const {
    return geo_.column(c) | bit(geo_.index(c, geo_.height()));
  }
  static Bits highest_bit(Bits b) {
    const auto hi = static_cast<std::uint64_t>(b >> 64);
    if (hi != 0) return Bits{1} << (127 - __builtin_clzll(hi));
    return Bits{1} << (63 - __builtin_clzll(static_cast<std::uint64_t>(b)));
  }

  const Geometry& geo_;
  Bits blocks_;
};

// Children are merged whenever this many have piled up, so memory stays near
// the number of distinct positions rather than the number of sequences.
constexpr std::size_t MERGE_EVERY = std::size_t{1} << 21;

}  // namespace

std::vector<PerftRow> perft(const FourGame& game, int depth) {
  const Position& root = game.position();
  const Codec codec(root.geometry(), root.blocks());
  std::vector<PerftRow> rows;
  std::vector<Entry> level{codec.encode(root)};
  level[0].count = 1;
  level[0].over = game.outcome().over();
  Position p = root;
  Move moves[MAX_MOVES];
  for (int ply = 0;; ++ply) {
    PerftRow row{ply, 0, level.size()};
    for (const Entry& e : level) row.sequences += e.count;
    rows.push_back(row);
    if (ply == depth) break;

    std::vector<Entry> next;
    std::size_t merged_size = 0;
    for (const Entry& e : level) {
      if (e.over) continue;
      codec.decode(e, p);
      p.set_ply(root.ply() + ply);
      const int n = p.legal_moves(moves);
      for (int i = 0; i < n; ++i) {
        Position child = p;
        const Outcome o = child.play(moves[i]);
        Entry c = codec.encode(child);
        c.count = e.count;
        c.over = o.over();
        next.push_back(c);
      }
      if (next.size() - merged_size > MERGE_EVERY) {
        merge(next);
        merged_size = next.size();
      }
    }
    merge(next);
    level = std::move(next);
  }
  return rows;
}

}  // namespace ft::rules
