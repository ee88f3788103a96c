#include "engine/solver/book.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <mutex>

namespace ft::engine::solver {
namespace {

constexpr int W = 7;
constexpr int H = 6;
constexpr int STRIDE = H + 1;
constexpr char MAGIC[8] = {'F', 'T', 'B', 'O', 'O', 'K', '0', '1'};

std::uint64_t bottom_row() {
  std::uint64_t r = 0;
  for (int c = 0; c < W; ++c) r |= std::uint64_t{1} << (c * STRIDE);
  return r;
}

std::uint64_t mirror(std::uint64_t x) {
  const std::uint64_t col = (std::uint64_t{1} << STRIDE) - 1;
  std::uint64_t r = 0;
  for (int c = 0; c < W; ++c) r |= ((x >> (c * STRIDE)) & col) << ((W - 1 - c) * STRIDE);
  return r;
}

// Whether the position stands on the board as `covers` wants it (the
// entries were written for that board).
bool on_book_board(const Problem& p) {
  return OpeningBook::covers(p.board);
}

}  // namespace

OpeningBook::OpeningBook(std::vector<std::uint64_t> entries) : entries_(std::move(entries)) {
  std::sort(entries_.begin(), entries_.end());
  for (std::uint64_t e : entries_) {
    max_discs_ = std::max(max_discs_, problem_of(key(e)).discs());
  }
}

bool OpeningBook::covers(const Board& b) {
  return b.width == W && b.height == H && b.line == 4 && !b.cylinder && !b.misere && b.blocks == 0;
}

std::uint64_t OpeningBook::key_of(const Problem& p, bool* flipped) {
  const auto mover = static_cast<std::uint64_t>(p.mover);
  const auto mask = static_cast<std::uint64_t>(p.mover | p.other);
  const std::uint64_t k = mover + mask + bottom_row();
  const std::uint64_t m = mirror(k);
  if (flipped != nullptr) *flipped = m < k;
  return std::min(k, m);
}

std::uint64_t OpeningBook::pack(std::uint64_t key, int score, int column) {
  return key << 15 | static_cast<std::uint64_t>(score + 32) << 3 |
         static_cast<std::uint64_t>(column);
}

Problem OpeningBook::problem_of(std::uint64_t key) {
  // In each column, the key is mover + mask + bottom: the highest set bit is
  // the empty cell above the column's discs, and below it the mover's discs.
  Problem p;
  p.board = Board{};
  for (int c = 0; c < W; ++c) {
    const std::uint64_t col = (key >> (c * STRIDE)) & ((std::uint64_t{1} << STRIDE) - 1);
    const int height = 63 - __builtin_clzll(col);  // the marker bit's row
    const std::uint64_t discs = (std::uint64_t{1} << height) - 1;
    const std::uint64_t mover = col & discs;
    p.mover |= static_cast<Bits>(mover) << (c * STRIDE);
    p.other |= static_cast<Bits>(discs & ~mover) << (c * STRIDE);
  }
  return p;
}

std::optional<BookMove> OpeningBook::find(const Problem& p) const {
  if (entries_.empty() || !on_book_board(p) || p.discs() > max_discs_) return std::nullopt;
  bool flipped = false;
  const std::uint64_t k = key_of(p, &flipped);
  const auto it = std::lower_bound(entries_.begin(), entries_.end(), k << 15);
  if (it == entries_.end() || key(*it) != k) return std::nullopt;
  BookMove m;
  m.score = score(*it);
  m.column = flipped ? W - 1 - column(*it) : column(*it);
  return m;
}

std::optional<std::vector<std::optional<int>>> OpeningBook::analyze(const Problem& p) const {
  const auto own = find(p);
  if (!own) return std::nullopt;
  std::vector<std::optional<int>> out(W);
  const int cells = W * H;
  for (int col = 0; col < W; ++col) {
    if (!can_play(p, col)) continue;
    if (makes_line(p, col)) {
      out[col] = (cells + 1 - p.discs()) / 2;
      continue;
    }
    const Problem child = play(p, col);
    if (child.discs() >= cells) {
      out[col] = 0;
      continue;
    }
    if (const auto c = find(child)) {
      out[col] = -c->score;
    } else if (col == own->column) {
      out[col] = own->score;
    } else {
      return std::nullopt;
    }
  }
  return out;
}

Result<OpeningBook> OpeningBook::load(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return make_error(ErrorCode::bad_input, "cannot read the book " + path);
  char magic[8];
  std::uint64_t count = 0;
  if (!in.read(magic, 8) || std::memcmp(magic, MAGIC, 8) != 0 ||
      !in.read(reinterpret_cast<char*>(&count), 8) || count > (std::uint64_t{1} << 32))
    return make_error(ErrorCode::bad_input, path + " is not a fourtable book");
  std::vector<std::uint64_t> entries(count);
  if (!in.read(reinterpret_cast<char*>(entries.data()), static_cast<std::streamsize>(count * 8)))
    return make_error(ErrorCode::bad_input, path + " is cut short");
  for (std::uint64_t e : entries) {
    if (score(e) < -21 || score(e) > 21 || column(e) >= W)
      return make_error(ErrorCode::bad_input, path + " holds a bad entry");
  }
  return OpeningBook(std::move(entries));
}

Result<bool> OpeningBook::save(const std::string& path) const {
  const std::string tmp = path + ".tmp";
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    const std::uint64_t count = entries_.size();
    out.write(MAGIC, 8);
    out.write(reinterpret_cast<const char*>(&count), 8);
    out.write(reinterpret_cast<const char*>(entries_.data()),
              static_cast<std::streamsize>(count * 8));
    if (!out) return make_error(ErrorCode::bad_input, "cannot write " + tmp);
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0)
    return make_error(ErrorCode::bad_input, "cannot rename " + tmp + " to " + path);
  return true;
}

std::string shared_book_path() {
  if (const char* env = std::getenv("FOURTABLE_BOOK"); env != nullptr && *env != 0) return env;
  return FT_BOOK_FILE;
}

namespace {

struct SharedBook {
  OpeningBook book;
  std::string error;  // why it could not be read, or empty
};

const SharedBook& shared() {
  static const SharedBook loaded = [] {
    SharedBook r;
    auto book = OpeningBook::load(shared_book_path());
    if (book) {
      r.book = std::move(*book);
    } else {
      r.error = book.error().message;
    }
    return r;
  }();
  return loaded;
}

}  // namespace

const OpeningBook& shared_book() {
  return shared().book;
}

const std::string& shared_book_error() {
  return shared().error;
}

}  // namespace ft::engine::solver
