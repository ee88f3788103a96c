// A whole game of four in a row: the variant, its set-up (blocks, pre-filled
// columns, drawn opening), the moves, the result, and the repetition count of
// RULES.md A7 that a bare Position cannot know.
#pragma once

#include <memory>
#include <unordered_map>
#include <vector>

#include "rules/game_state.h"
#include "rules/geometry.h"
#include "rules/notation.h"
#include "rules/position.h"

namespace ft::rules {

// What stands on the board before the first move of a game.
struct Setup {
  std::vector<Cell> blocks;  // RULES.md A8, listed bottom up within a column
  std::vector<int> opening;  // RULES.md A9: columns of the drawn opening's drops
};

class FourGame final : public GameState {
 public:
  static Result<FourGame> create(const VariantSpec& spec, const Setup& setup = {});

  std::unique_ptr<GameState> clone() const override;
  std::string_view game() const override { return "four"; }
  std::string_view variant() const override { return geo_->spec().key; }
  int sides() const override { return geo_->colours(); }
  std::string_view side_name(int side) const override { return colour_name(side); }
  int side_to_move() const override { return pos_.to_move(); }
  int ply() const override { return pos_.ply(); }
  std::vector<std::string> legal_moves() const override;
  Result<Outcome> play(std::string_view move) override;
  const Outcome& outcome() const override { return outcome_; }
  bool repetition_warning() const override { return warning_; }
  // '.' empty, 'R' red, 'Y' yellow, 'G' green, '#' block.
  std::vector<std::string> board_rows() const override;
  std::vector<std::string> moves() const override;

  // The typed side of the same operations.
  Result<Outcome> play(Move m);
  const VariantSpec& spec() const { return geo_->spec(); }
  const Setup& setup() const { return setup_; }
  const Position& position() const { return pos_; }
  const Position& start() const { return start_; }
  const std::vector<Move>& move_list() const { return moves_; }
  // The cells of the winning line(s) once the game is won by a line.
  std::vector<Cell> winning_cells() const;
  // How often the current position has arisen in this game.
  int repetitions() const;

 private:
  explicit FourGame(std::shared_ptr<const Geometry> geo);

  std::shared_ptr<const Geometry> geo_;
  Setup setup_;
  Position start_;
  Position pos_;
  std::vector<Move> moves_;
  Outcome outcome_;
  bool warning_ = false;
  std::unordered_map<PositionKey, int, PositionKeyHash> seen_;
};

}  // namespace ft::rules
