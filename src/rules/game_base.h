// What the two games (FourGame, TwiceFourGame) do alike behind GameState:
// keep the start, the position, the moves, the outcome and the repetition
// warning, and turn moves to and from notation. A game supplies its typed
// play(Move) and, as static members, MAX_LEGAL (the most legal moves of a
// position), format(Move) and parse(text) of its notation.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "rules/game_state.h"

namespace ft::rules {

template <class Game, class Pos, class MoveT>
class GameBase : public GameState {
 public:
  std::unique_ptr<GameState> clone() const override {
    return std::make_unique<Game>(static_cast<const Game&>(*this));
  }
  int side_to_move() const override { return pos_.to_move(); }
  int ply() const override { return pos_.ply(); }
  const Outcome& outcome() const override { return outcome_; }
  bool repetition_warning() const override { return warning_; }

  std::vector<std::string> legal_moves() const override {
    std::vector<std::string> out;
    if (outcome_.over()) return out;
    MoveT buf[Game::MAX_LEGAL];
    const int n = pos_.legal_moves(buf);
    out.reserve(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) out.push_back(Game::format(buf[i]));
    return out;
  }

  Result<Outcome> play(std::string_view move) override {
    auto m = static_cast<const Game&>(*this).parse(move);
    if (!m) return m.error();
    return static_cast<Game&>(*this).play(*m);
  }

  std::vector<std::string> moves() const override {
    std::vector<std::string> out;
    out.reserve(moves_.size());
    for (const MoveT& m : moves_) out.push_back(Game::format(m));
    return out;
  }

  const Pos& position() const { return pos_; }
  const std::vector<MoveT>& move_list() const { return moves_; }

 protected:
  explicit GameBase(const Pos& start) : start_(start), pos_(start) {}

  Pos start_;
  Pos pos_;
  std::vector<MoveT> moves_;
  Outcome outcome_;
  bool warning_ = false;
};

}  // namespace ft::rules
