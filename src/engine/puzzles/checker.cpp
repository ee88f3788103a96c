#include "engine/puzzles/checker.h"

#include "engine/puzzles/line.h"
#include "engine/puzzles/themes.h"

namespace ft::engine::puzzles {

Result<bool> PuzzleChecker::check(const Puzzle& p) {
  auto spec = puzzle_variant(p);
  if (!spec) return spec.error();
  const std::string key =
      spec->key + " " + std::to_string(spec->width) + "x" + std::to_string(spec->height);
  auto& oracle = oracles_[key];
  if (!oracle) {
    auto made =
        Oracle::create(*spec, (spec->popout ? std::size_t{64} : std::size_t{16}) << 20, max_nodes_);
    if (!made) return made.error();
    oracle = std::move(made).value();
  }
  const auto node = oracle->replay(p.moves);
  if (!node) return make_error(ErrorCode::bad_input, "the moves: " + node.error().message);
  if (puzzle_id(*spec, *node) != p.id)
    return make_error(ErrorCode::bad_input,
                      "the id is not the position's (" + puzzle_id(*spec, *node) + ")");
  if (themes_of(*oracle, *node, p.line) != p.themes)
    return make_error(ErrorCode::bad_input, "the themes are not those the line shows");
  return check_line(*oracle, *node, p.line);
}

std::uint64_t PuzzleChecker::nodes() const {
  std::uint64_t n = 0;
  for (const auto& [key, o] : oracles_) n += o->nodes();
  return n;
}

}  // namespace ft::engine::puzzles
