// A round of twiceFour (RULES.md part B) behind the GameState interface: the
// position, the moves, the result, and the repetition count of B5 that a bare
// TwiceFourPosition cannot know. The match of B6 (rounds, lottery) belongs to
// the match library; one TwiceFourGame is one round.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "rules/game_base.h"
#include "rules/twicefour_position.h"

namespace ft::rules {

// A position written in notation, for worked examples and analysis
// (TwiceFourGame::from_setup); the standard start needs none of it.
struct TwiceFourSetup {
  std::vector<std::string> cross{};  // points, e.g. {"b1", "c2"}
  std::vector<std::string> circle{};
  std::vector<std::string> counted{};  // lines already scored this round, e.g. {"d2-d5"}
  int cross_points = 0;
  int circle_points = 0;
  int to_move = TF_CROSS;
  int ply = 0;
};

class TwiceFourGame final : public GameBase<TwiceFourGame, TwiceFourPosition, TwiceFourMove> {
 public:
  // RULES.md B2: the start position with `first` (cross or circle) to move;
  // `layout` the first start for matches stored before it changed.
  static TwiceFourGame start(int first = TF_CROSS, TfStart layout = TF_START_CURRENT);
  static Result<TwiceFourGame> from_setup(const TwiceFourSetup& setup);
  static TwiceFourGame from_position(const TwiceFourPosition& position);

  GameKind kind() const override { return GameKind::twicefour; }
  std::string_view variant() const override { return TWICEFOUR_VARIANT; }
  int sides() const override { return 2; }
  std::string_view side_name(int side) const override { return tf_side_name(side); }
  // Top row (5) first, columns a..e: 'X' cross, 'O' circle, '.' empty
  // point, ' ' a corner (not a point).
  std::vector<std::string> board_rows() const override;

  // The typed side of the same operations (position(), move_list(): GameBase).
  using GameBase::play;
  Result<Outcome> play(TwiceFourMove m);
  const TwiceFourPosition& start_position() const { return start_; }
  // How often the current position (pieces and side to move) has arisen.
  int repetitions() const;
  // How often a position with this repetition key has arisen in the round.
  int occurrences(std::uint64_t repetition_key) const;
  int points(int side) const { return pos_.points(side); }
  int placement(int side) const { return pos_.placement(side); }

  // A line counted this round (RULES.md B3: used up for both sides), who
  // scored it and with which half-move (1-based). Lines a set-up gives as
  // counted have side -1 and ply 0: the set-up does not say who scored them.
  struct CountedLine {
    int line = 0;  // tf_lines() index
    int side = -1;
    int ply = 0;
  };
  const std::vector<CountedLine>& counted_lines() const { return counted_lines_; }

 private:
  friend class GameBase<TwiceFourGame, TwiceFourPosition, TwiceFourMove>;
  static constexpr int MAX_LEGAL = TF_MAX_MOVES;
  static std::string format(TwiceFourMove m) { return tf_format_move(m); }
  static Result<TwiceFourMove> parse(std::string_view text) { return tf_parse_move(text); }

  explicit TwiceFourGame(const TwiceFourPosition& start);

  std::unordered_map<std::uint64_t, int> seen_;
  std::vector<CountedLine> counted_lines_;
};

}  // namespace ft::rules
