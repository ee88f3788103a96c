// The store as a source of puzzles (`fourtable puzzles build --store URL`):
// the finished games of one variant and board, each with its moves as the
// puzzle builder reads them (engine/puzzles/builder.h). Every position of
// such a game is a moment where a player found or missed the only win, or
// none; the builder keeps the ones that are puzzles.
#pragma once

#include <vector>

#include "engine/puzzles/builder.h"
#include "rules/variant.h"
#include "store/store.h"

namespace ft::app {

// At most `max_tables` finished tables (the newest first) are looked at;
// games with blocks, a drawn opening or another board are left out.
std::vector<engine::puzzles::SourceGame> store_games(store::Store& store,
                                                     const rules::VariantSpec& spec,
                                                     int max_tables);

}  // namespace ft::app
