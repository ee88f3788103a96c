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

// The update's MatchOver: how the match ended, the teams that lost, the score.
inline void expect_match_over(const Update& u, MatchEnd end, const std::vector<int>& losers,
                              const std::string& score) {
  const MatchOver* over = find_event<MatchOver>(u);
  ASSERT_NE(over, nullptr);
  EXPECT_EQ(over->end, end);
  EXPECT_EQ(over->loser_teams, losers);
  EXPECT_EQ(over->score, score);
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

// A lottery that returns the scripted values in order (then 0).
inline Random scripted(std::vector<int> values) {
  auto v = std::make_shared<std::vector<int>>(std::move(values));
  auto i = std::make_shared<std::size_t>(0);
  return [v, i](int) { return *i < v->size() ? (*v)[(*i)++] : 0; };
}

}  // namespace ft::match::testing
