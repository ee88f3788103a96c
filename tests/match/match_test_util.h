// Helpers for driving matches with a fake clock in tests.
#pragma once

#include <gtest/gtest.h>

#include <initializer_list>
#include <string>
#include <vector>

#include "match/match.h"
#include "rules/four_game.h"

namespace ft::match::testing {

inline constexpr std::int64_t SEC = 1000;
inline constexpr std::int64_t MIN = 60 * SEC;

// Red (side 0) wins with a vertical line in column a (RULES.md A2).
inline const std::vector<std::string> RED_WINS = {"a", "b", "a", "b", "a", "b", "a"};
// Yellow (side 1) wins with a vertical line in column b.
inline const std::vector<std::string> YELLOW_WINS = {"a", "b", "a", "b", "a", "b", "c", "b"};
// A classic 7x6 game that fills the board with no line (RULES.md A2 draw).
inline const std::vector<std::string> CLASSIC_DRAW = {
    "e", "a", "f", "a", "g", "c", "a", "e", "f", "e", "f", "a", "b", "f",
    "g", "c", "g", "b", "e", "d", "e", "f", "e", "f", "d", "d", "b", "g",
    "g", "c", "c", "b", "c", "a", "a", "b", "b", "c", "d", "d", "g", "d"};

// A fake wall clock: every call advances it explicitly.
struct FakeClock {
  std::int64_t now = 1'000'000;
  std::int64_t advance(std::int64_t ms) { return now += ms; }
};

template <typename T>
const T* find_event(const Update& u) {
  for (const Event& e : u.events)
    if (const T* t = std::get_if<T>(&e.body)) return t;
  return nullptr;
}

template <typename T>
int count_events(const Update& u) {
  int n = 0;
  for (const Event& e : u.events) n += std::holds_alternative<T>(e.body) ? 1 : 0;
  return n;
}

// Plays the moves by whoever is to move, `think` ms each; returns the last update.
inline Update play(Match& m, FakeClock& clock, const std::vector<std::string>& moves,
                   std::int64_t think = SEC) {
  Update last;
  for (const std::string& mv : moves) {
    const int seat = m.seat_to_move();
    EXPECT_GE(seat, 0) << "nobody to move before " << mv;
    last = m.move(seat, mv, clock.advance(think));
    EXPECT_TRUE(last.ok()) << mv << ": " << (last.ok() ? "" : last.error->message);
    if (!last.ok()) break;
  }
  return last;
}

inline std::vector<std::string> halves_text(const std::vector<Points>& p) {
  std::vector<std::string> out;
  for (Points x : p) out.push_back(format_points(x));
  return out;
}

// A stand-in for the twiceFour game while the rules library has none: a
// classic four-in-a-row game whose sides are relabelled so that `first_side`
// moves first, exactly the contract the match asks of a twiceFour factory.
class StarterShiftedGame final : public rules::GameState {
 public:
  StarterShiftedGame(rules::FourGame g, int shift) : g_(std::move(g)), shift_(shift) { sync(); }
  std::unique_ptr<rules::GameState> clone() const override {
    return std::make_unique<StarterShiftedGame>(*this);
  }
  std::string_view game() const override { return "twicefour-standin"; }
  std::string_view variant() const override { return "twicefour"; }
  int sides() const override { return 2; }
  std::string_view side_name(int side) const override { return side == 0 ? "cross" : "circle"; }
  int side_to_move() const override { return map(g_.side_to_move()); }
  int ply() const override { return g_.ply(); }
  std::vector<std::string> legal_moves() const override { return g_.legal_moves(); }
  Result<rules::Outcome> play(std::string_view move) override {
    auto r = g_.play(move);
    if (!r) return r.error();
    sync();
    return outcome_;
  }
  const rules::Outcome& outcome() const override { return outcome_; }
  bool repetition_warning() const override { return g_.repetition_warning(); }
  std::vector<std::string> board_rows() const override { return g_.board_rows(); }
  std::vector<std::string> moves() const override { return g_.moves(); }

 private:
  int map(int side) const { return side < 0 ? side : (side + shift_) % 2; }
  void sync() {
    outcome_ = g_.outcome();
    outcome_.winner = map(outcome_.winner);
  }
  rules::FourGame g_;
  int shift_;
  rules::Outcome outcome_;
};

inline GameFactory starter_shifted_factory() {
  return [](const GameSpec& spec) -> Result<std::unique_ptr<rules::GameState>> {
    auto g = rules::FourGame::create(rules::find_variant("classic").value());
    if (!g) return g.error();
    return std::unique_ptr<rules::GameState>(
        std::make_unique<StarterShiftedGame>(std::move(g).value(), spec.first_side));
  };
}

// A lottery that returns the scripted values in order (then 0).
inline Random scripted(std::vector<int> values) {
  auto v = std::make_shared<std::vector<int>>(std::move(values));
  auto i = std::make_shared<std::size_t>(0);
  return [v, i](int) { return *i < v->size() ? (*v)[(*i)++] : 0; };
}

}  // namespace ft::match::testing
