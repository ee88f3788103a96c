// A whole game of four in a row: the variant, its set-up (blocks, pre-filled
// columns, drawn opening), the moves, the result, and the repetition count of
// RULES.md A7 that a bare Position cannot know.
#pragma once

#include <memory>
#include <unordered_map>
#include <vector>

#include "rules/game_base.h"
#include "rules/geometry.h"
#include "rules/notation.h"
#include "rules/position.h"

namespace ft::rules {

// What stands on the board before the first move of a game.
struct Setup {
  std::vector<Cell> blocks;  // RULES.md A8, listed bottom up within a column
  std::vector<int> opening;  // RULES.md A9: columns of the drawn opening's drops
};

class FourGame final : public GameBase<FourGame, Position, Move> {
 public:
  static Result<FourGame> create(const VariantSpec& spec, const Setup& setup = {});

  GameKind kind() const override { return GameKind::four; }
  std::string_view variant() const override { return geo_->spec().key; }
  int sides() const override { return geo_->colours(); }
  std::string_view side_name(int side) const override { return colour_name(side); }
  // '.' empty, 'R' red, 'Y' yellow, 'G' green, '#' block.
  std::vector<std::string> board_rows() const override;

  // The typed side of the same operations (position(), move_list(): GameBase).
  using GameBase::play;
  Result<Outcome> play(Move m);
  const VariantSpec& spec() const { return geo_->spec(); }
  const Setup& setup() const { return setup_; }
  const Position& start() const { return start_; }
  // The cells of the winning line(s) once the game is won by a line.
  std::vector<Cell> winning_cells() const;
  // How often the current position has arisen in this game.
  int repetitions() const;

 private:
  friend class GameBase<FourGame, Position, Move>;
  static constexpr int MAX_LEGAL = MAX_MOVES;
  static std::string format(Move m) { return format_move(m); }
  Result<Move> parse(std::string_view text) const { return parse_move(text, geo_->width()); }

  explicit FourGame(std::shared_ptr<const Geometry> geo);

  std::shared_ptr<const Geometry> geo_;
  Setup setup_;
  std::unordered_map<PositionKey, int, PositionKeyHash> seen_;
};

}  // namespace ft::rules
