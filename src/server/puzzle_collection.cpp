#include "server/puzzle_collection.h"

#include <stdexcept>

#include "engine/puzzles/puzzle.h"
#include "rules/notation.h"

namespace ft::server {
namespace {

std::vector<std::string> site_moves(const std::vector<engine::puzzles::PuzzleMove>& moves) {
  std::vector<std::string> out;
  out.reserve(moves.size());
  for (const auto& m : moves)
    out.push_back(rules::format_move(rules::Move{static_cast<std::int8_t>(m.col), m.pop}));
  return out;
}

}  // namespace

std::shared_ptr<const PuzzleShelf> load_puzzle_shelf(const std::string& dir) {
  auto read = engine::puzzles::read_collection(dir);
  if (!read) throw std::runtime_error("puzzles: " + read.error().message);
  std::vector<ShelfPuzzle> shelf;
  shelf.reserve(read->size());
  for (const auto& p : *read)
    shelf.push_back(ShelfPuzzle{p.id, p.variant, p.width, p.height, site_moves(p.moves),
                                site_moves(p.line), p.themes});
  return std::make_shared<const PuzzleShelf>(std::move(shelf));
}

}  // namespace ft::server
