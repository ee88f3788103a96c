// Helpers shared by the rule tests.
#pragma once

#include <gtest/gtest.h>

#include <initializer_list>
#include <string_view>

#include "rules/four_game.h"

namespace ft::rules::testing {

inline FourGame game_of(std::string_view key, int width = 0, int height = 0) {
  VariantOptions o;
  o.width = width;
  o.height = height;
  auto spec = make_variant(key, o);
  EXPECT_TRUE(spec.ok()) << key;
  auto g = FourGame::create(spec.value());
  EXPECT_TRUE(g.ok()) << key;
  return g.value();
}

// Plays moves that must all be legal; returns the outcome after the last.
inline Outcome play_all(FourGame& g, std::initializer_list<std::string_view> moves) {
  Outcome o = g.outcome();
  for (auto m : moves) {
    auto r = g.play(m);
    EXPECT_TRUE(r.ok()) << "move " << m << ": " << (r.ok() ? "" : r.error().message);
    if (!r.ok()) break;
    o = *r;
  }
  return o;
}

// Plays a string of drops, one letter per move ("dcba").
inline Outcome play_letters(FourGame& g, std::string_view letters) {
  Outcome o = g.outcome();
  for (char c : letters) {
    auto r = g.play(std::string_view(&c, 1));
    EXPECT_TRUE(r.ok()) << "move " << c << ": " << (r.ok() ? "" : r.error().message);
    if (!r.ok()) break;
    o = *r;
  }
  return o;
}

inline Outcome win_by(int colour) {
  return Outcome{Status::win, colour, Reason::line};
}

}  // namespace ft::rules::testing
