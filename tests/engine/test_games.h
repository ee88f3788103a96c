// Helpers shared by the engine tests: games of a variant, moves in notation.
#pragma once

#include <gtest/gtest.h>

#include <initializer_list>
#include <string>
#include <string_view>

#include "engine/computer.h"
#include "rules/four_game.h"
#include "rules/setup_draw.h"

namespace ft::engine::testing {

// The request the server's computer seat makes at `level`.
inline ComputerRequest at_level(int level, int budget_ms = 200, std::uint64_t seed = 7) {
  ComputerRequest r;
  r.level = level;
  r.seed = seed;
  r.budget = std::chrono::milliseconds(budget_ms);
  return r;
}

inline rules::FourGame new_game(std::string_view key, std::uint64_t seed = 1) {
  const rules::VariantSpec spec = rules::find_variant(key).value();
  return rules::FourGame::create(spec, rules::draw_setup(spec, seed)).value();
}

inline rules::FourGame sized_game(std::string_view key, int width, int height) {
  rules::VariantOptions o;
  o.width = width;
  o.height = height;
  return rules::FourGame::create(rules::make_variant(key, o).value()).value();
}

inline void play_moves(rules::FourGame& g, std::initializer_list<std::string_view> moves) {
  for (auto m : moves) {
    auto r = g.play(m);
    ASSERT_TRUE(r.ok()) << m << ": " << r.error().message;
    ASSERT_FALSE(r->over()) << "the set-up ended the game at " << m;
  }
}

inline bool is_legal(const rules::GameState& g, const std::string& move) {
  for (const auto& m : g.legal_moves()) {
    if (m == move) return true;
  }
  return false;
}

// A game of `variant` in which side `seat` is the computer at `level` and
// every other side moves at random; the winner's side, or -1 for a draw.
inline int level_against_random(std::string_view variant, int level, int seat, std::uint64_t seed) {
  auto g = new_game(variant);
  rules::SeededRandom rng(seed);
  while (!g.outcome().over()) {
    std::string move;
    if (g.side_to_move() == seat) {
      ComputerRequest r;
      r.level = level;
      r.seed = seed;
      r.budget = std::chrono::milliseconds(5000);
      move = choose_move(g, r).move;
    } else {
      const auto moves = g.legal_moves();
      move = moves[rng.below(static_cast<int>(moves.size()))];
    }
    if (!g.play(move).ok()) return -2;  // an illegal move: never a win
  }
  return g.outcome().status == rules::Status::win ? g.outcome().winner : -1;
}

}  // namespace ft::engine::testing
