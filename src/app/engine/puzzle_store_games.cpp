#include "app/engine/puzzle_store_games.h"

#include <cstdio>
#include <string>

#include "rules/notation.h"

namespace ft::app {
namespace {

namespace pz = ft::engine::puzzles;

// Whether a game's set-up lines (rules::format_setup) describe the empty
// board of `spec`: its size (the variant's when not said), no blocks, no
// drawn opening.
bool plain_board(const std::string& setup, const rules::VariantSpec& spec) {
  if (setup.find("Blocks:") != std::string::npos || setup.find("Opening:") != std::string::npos)
    return false;
  const std::size_t at = setup.find("Size: ");
  if (at == std::string::npos) return true;
  int w = 0;
  int h = 0;
  if (std::sscanf(setup.c_str() + at, "Size: %dx%d", &w, &h) != 2) return false;
  return w == spec.width && h == spec.height;
}

}  // namespace

std::vector<pz::SourceGame> store_games(store::Store& store, const rules::VariantSpec& spec,
                                        int max_tables) {
  store::TableQuery query;
  query.listed_only = false;
  query.statuses = {store::TableStatus::finished};
  query.limit = max_tables;
  std::vector<pz::SourceGame> out;
  for (const store::TableRecord& table : store.list_tables(query)) {
    if (table.variant != spec.key) continue;
    for (const store::MatchRecord& match : store.matches_of_table(table.id)) {
      for (const store::GameRecord& game : store.games_of_match(match.id)) {
        if (!game.finished || game.unplayed || game.variant != spec.key ||
            !plain_board(game.setup, spec))
          continue;
        pz::SourceGame g;
        g.source = "m" + std::to_string(match.id) + "." + std::to_string(game.number);
        bool readable = true;
        for (const store::MoveRecord& m : store.moves_of_game(match.id, game.number)) {
          const auto move = rules::parse_move(m.move, spec.width);
          if (!move) {
            readable = false;
            break;
          }
          g.moves.push_back({move->pop, move->col});
        }
        if (readable && !g.moves.empty()) out.push_back(std::move(g));
      }
    }
  }
  return out;
}

}  // namespace ft::app
