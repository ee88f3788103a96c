// What the store benchmarks share: a classic table with its match and first
// game started, written as the server writes them.
#pragma once

#include <utility>

#include "store/store.h"

namespace ft::bench {

// Creates `table` (as classic) with a two-game match whose snapshot is
// `snapshot`, starts game 1 and returns the match's id.
inline store::MatchId start_classic_match(store::Store& s, store::TableRecord table,
                                          store::MatchSnapshot snapshot) {
  table.variant = "classic";
  s.create_table(table);
  store::NewMatch m;
  m.table_id = table.id;
  m.format = "match";
  m.variant = "classic";
  m.snapshot = std::move(snapshot);
  const store::MatchId id = s.create_match(m);
  store::GameRecord g;
  g.match_id = id;
  g.number = 1;
  g.variant = "classic";
  s.start_game(g);
  return id;
}

}  // namespace ft::bench
