#include "engine/puzzles/level_games.h"

#include "engine/computer.h"
#include "rules/four_game.h"
#include "rules/setup_draw.h"

namespace ft::engine::puzzles {
namespace {

constexpr int LOW_LEVEL = 1;
constexpr int LEVELS = 4;         // 1..4
constexpr int OPENING_PLIES = 4;  // at most; random drops that make no line

}  // namespace

Result<LevelGame> play_level_game(const rules::VariantSpec& spec, std::uint64_t seed,
                                  std::chrono::milliseconds budget) {
  auto created = rules::FourGame::create(spec);
  if (!created) return created.error();
  rules::FourGame game = std::move(*created);
  rules::SeededRandom rng(seed * 0x9e3779b97f4a7c15ULL + 1);
  LevelGame out;
  out.first_level = LOW_LEVEL + rng.below(LEVELS);
  out.second_level = LOW_LEVEL + rng.below(LEVELS);
  const int opening = rng.below(OPENING_PLIES + 1);
  for (int ply = 0; ply < MAX_GAME_PLIES && !game.outcome().over(); ++ply) {
    std::string move;
    if (ply < opening) {
      // A drop that does not end the game (the levels would find none).
      std::vector<std::string> quiet;
      for (const std::string& m : game.legal_moves()) {
        if (m.find('^') != std::string::npos) continue;
        rules::FourGame trial = game;
        if (auto r = trial.play(m); r && !r->over()) quiet.push_back(m);
      }
      if (quiet.empty()) break;
      move = quiet[static_cast<std::size_t>(rng.below(static_cast<int>(quiet.size())))];
    } else {
      ComputerRequest req;
      req.level = ply % 2 == 0 ? out.first_level : out.second_level;
      req.seed = seed * 1000 + static_cast<std::uint64_t>(ply);
      req.budget = budget;
      const ComputerMove cm = choose_move(game, req);
      if (cm.move.empty()) return make_error(ErrorCode::bad_input, cm.error);
      move = cm.move;
    }
    if (auto r = game.play(move); !r) return r.error();
  }
  for (const rules::Move& m : game.move_list()) out.moves.push_back({m.pop, m.col});
  return out;
}

}  // namespace ft::engine::puzzles
