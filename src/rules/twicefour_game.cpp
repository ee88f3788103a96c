#include "rules/twicefour_game.h"

namespace ft::rules {

TwiceFourGame::TwiceFourGame(const TwiceFourPosition& start) : GameBase(start) {
  seen_[pos_.repetition_key()] = 1;
  for (int l = 0; l < TF_LINES; ++l) {
    if ((start.counted() >> l) & 1u) counted_lines_.push_back({l, -1, 0});
  }
}

TwiceFourGame TwiceFourGame::start(int first, TfStart layout) {
  return TwiceFourGame(TwiceFourPosition::start(first, layout));
}

TwiceFourGame TwiceFourGame::from_position(const TwiceFourPosition& position) {
  return TwiceFourGame(position);
}

Result<TwiceFourGame> TwiceFourGame::from_setup(const TwiceFourSetup& setup) {
  auto points_of = [](const std::vector<std::string>& names) -> Result<TfBits> {
    TfBits b = 0;
    for (const auto& name : names) {
      auto p = tf_parse_point(name);
      if (!p) return p.error();
      if ((b >> *p) & 1u) return make_error(ErrorCode::bad_setup, name + " is listed twice");
      b |= 1u << *p;
    }
    return b;
  };
  auto cross = points_of(setup.cross);
  if (!cross) return cross.error();
  auto circle = points_of(setup.circle);
  if (!circle) return circle.error();
  std::uint16_t counted = 0;
  for (const auto& name : setup.counted) {
    auto l = tf_parse_line(name);
    if (!l) return l.error();
    counted = static_cast<std::uint16_t>(counted | (1u << *l));
  }
  auto pos = TwiceFourPosition::from_parts(*cross, *circle, counted, setup.cross_points,
                                           setup.circle_points, setup.to_move, setup.ply);
  if (!pos) return pos.error();
  return TwiceFourGame(*pos);
}

Result<Outcome> TwiceFourGame::play(TwiceFourMove m) {
  if (outcome_.over()) return make_error(ErrorCode::game_over, "the round is over");
  if (auto ok = pos_.check(m); !ok) return ok.error();
  const int mover = pos_.to_move();
  outcome_ = pos_.play(m);
  moves_.push_back(m);
  for (int l = 0; l < TF_LINES; ++l) {
    if ((pos_.last_scored() >> l) & 1u) counted_lines_.push_back({l, mover, pos_.ply()});
  }
  // RULES.md B5: the third occurrence of a position ends the round, the
  // second shows a warning. A round already ended by points or by the move
  // limit keeps that reason.
  const int seen = ++seen_[pos_.repetition_key()];
  warning_ = false;
  if (!outcome_.over()) {
    if (seen >= 3)
      outcome_ = pos_.judge_by_limit(Reason::repetition);
    else
      warning_ = seen == 2;
  }
  return outcome_;
}

int TwiceFourGame::repetitions() const {
  return occurrences(pos_.repetition_key());
}

int TwiceFourGame::occurrences(std::uint64_t repetition_key) const {
  auto it = seen_.find(repetition_key);
  return it == seen_.end() ? 0 : it->second;
}

std::vector<std::string> TwiceFourGame::board_rows() const {
  std::vector<std::string> rows;
  for (int row = 4; row >= 0; --row) {
    std::string line;
    for (int col = 0; col < 5; ++col) {
      const int index = tf_index(col, row);
      if (!tf_is_point(index)) {
        line += ' ';
        continue;
      }
      const int piece = pos_.at(index);
      line += piece < 0 ? '.' : (piece == TF_CROSS ? 'X' : 'O');
    }
    rows.push_back(std::move(line));
  }
  return rows;
}

}  // namespace ft::rules
