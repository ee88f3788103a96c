#include "server/http/puzzle_shelf.h"

#include <algorithm>

#include "rules/notation.h"

namespace ft::server {

PuzzleShelf::PuzzleShelf(std::vector<ShelfPuzzle> puzzles) : puzzles_(std::move(puzzles)) {
  for (std::size_t i = 0; i < puzzles_.size(); ++i) {
    by_id_.emplace(puzzles_[i].id, i);
    by_variant_[puzzles_[i].variant].push_back(&puzzles_[i]);
  }
}

const ShelfPuzzle* PuzzleShelf::find(std::string_view id) const {
  auto it = by_id_.find(id);
  return it == by_id_.end() ? nullptr : &puzzles_[it->second];
}

const std::vector<const ShelfPuzzle*>& PuzzleShelf::of_variant(std::string_view variant) const {
  static const std::vector<const ShelfPuzzle*> none;
  auto it = by_variant_.find(variant);
  return it == by_variant_.end() ? none : it->second;
}

const ShelfPuzzle* PuzzleShelf::daily(std::string_view variant, std::int64_t day) const {
  const auto& all = of_variant(variant);
  if (all.empty()) return nullptr;
  // FNV-1a over the day and the variant: stable across builds and nodes
  // (std::hash is neither), and consecutive days land far apart.
  std::uint64_t h = 14695981039346656037ULL;
  const std::string key = std::to_string(day) + ':' + std::string(variant);
  for (unsigned char c : key) h = (h ^ c) * 1099511628211ULL;
  return all[h % all.size()];
}

double puzzle_start_rating(const ShelfPuzzle& p) {
  return 1000.0 + 200.0 * std::clamp(p.length() - 1, 0, 8);
}

namespace {

// A move in the site's notation (`d`, `d^`) or the collection's (`4`, `4^`,
// `0` the tenth column), as the site writes it; nullopt for neither.
std::optional<std::string> site_move(std::string_view text, int width) {
  if (auto m = rules::parse_move(text, width)) return rules::format_move(*m);
  const bool pop = text.size() == 2 && text[1] == '^';
  if (text.empty() || text.size() > 2 || (text.size() == 2 && !pop)) return std::nullopt;
  if (text[0] < '0' || text[0] > '9') return std::nullopt;
  const int col = text[0] == '0' ? 9 : text[0] - '1';
  if (col >= width) return std::nullopt;
  return rules::format_move(rules::Move{static_cast<std::int8_t>(col), pop});
}

}  // namespace

std::optional<LineCheck> check_line(const ShelfPuzzle& p, const std::vector<std::string>& moves) {
  LineCheck c;
  std::vector<std::string> site;
  for (const std::string& m : moves) {
    auto s = site_move(m, p.width);
    if (!s) return std::nullopt;
    site.push_back(std::move(*s));
  }
  for (const std::string& m : site) {
    const std::size_t at = 2 * static_cast<std::size_t>(c.right);
    if (at >= p.line.size() || m != p.line[at]) return c;  // failed
    ++c.right;
  }
  if (c.right == p.length()) {
    c.state = LineCheck::State::solved;
  } else if (c.right > 0) {
    c.state = LineCheck::State::going_on;
    c.reply = p.line[2 * static_cast<std::size_t>(c.right) - 1];
  }
  return c;
}

}  // namespace ft::server
