// A 7x6 classic game between two computer levels, seeded so a run replays:
// the games the analysis measures (analysis_plies, analysis_served) play.
#pragma once

#include <chrono>
#include <cstdint>
#include <string_view>
#include <vector>

#include "engine/computer.h"
#include "server/analysis/game_analysis.h"

namespace ft::bench {

inline std::vector<server::PlayedMove> computer_game(int level_a, int level_b, std::uint64_t seed) {
  auto game = rules::FourGame::create(*rules::find_variant("classic"));
  std::vector<server::PlayedMove> moves;
  while (!game->outcome().over()) {
    engine::ComputerRequest req;
    const int seat = int(moves.size() % 2);
    req.level = seat == 0 ? level_a : level_b;
    req.seed = seed * 1000 + moves.size();
    req.budget = std::chrono::milliseconds(500);
    const engine::ComputerMove m = engine::choose_move(*game, req);
    if (m.move.empty()) break;
    game.value().play(std::string_view(m.move));
    moves.push_back({m.move, seat});
  }
  return moves;
}

}  // namespace ft::bench
