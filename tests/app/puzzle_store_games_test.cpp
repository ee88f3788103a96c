// The store as a source of puzzles (app/engine/puzzle_store_games.h): the
// finished games of the variant and board are read with their moves, other
// variants, boards and unfinished games are left out, and the builder keeps
// a puzzle from a stored game with the game as its source.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>

#include "app/engine/puzzle_store_games.h"
#include "engine/puzzles/puzzle.h"

namespace ft::app {
namespace {

namespace pz = ft::engine::puzzles;

// A game of 7x6 classic that red wins with 1, 4, 4 from the position after
// its first 35 moves, a puzzle (tests/engine/puzzles/puzzle_line_test.cpp).
const std::string GAME = "76725356655615227762122115633333771144";

// Stores a finished (or running) game at a new table; returns its match.
store::MatchId add_game(store::Store& s, const std::string& table_id, const std::string& variant,
                        const std::string& setup, const std::string& digits, bool finished) {
  store::TableRecord t;
  t.id = table_id;
  t.variant = variant;
  t.status = finished ? store::TableStatus::finished : store::TableStatus::playing;
  s.create_table(t);
  s.set_table_status(table_id, t.status, 1000);
  store::NewMatch m;
  m.table_id = table_id;
  m.format = "match";
  m.variant = variant;
  m.snapshot = store::MatchSnapshot{"{}", {1, 1}, 1000};
  const store::MatchId id = s.create_match(m);
  store::GameRecord g;
  g.match_id = id;
  g.number = 1;
  g.variant = variant;
  g.setup = setup;
  s.start_game(g);
  std::vector<store::MoveWrite> moves;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    store::MoveWrite w;
    w.move.match_id = id;
    w.move.game_number = 1;
    w.move.ply = static_cast<int>(i + 1);
    w.move.move = std::string(1, static_cast<char>('a' + (digits[i] - '1')));
    w.move.seat = static_cast<int>(i % 2);
    moves.push_back(w);
  }
  s.append_moves(moves);
  if (finished) s.finish_game(id, 1, "1-0", "record", 2000, std::nullopt);
  return id;
}

TEST(PuzzleStoreGames, ReadsTheFinishedGamesOfTheVariantAndBoard) {
  auto s = store::open_store("sqlite::memory:");
  const store::MatchId kept =
      add_game(*s, "t1", "classic", "Variant: classic\nSize: 7x6\n", GAME, true);
  add_game(*s, "t2", "misere", "", GAME, true);                  // another variant
  add_game(*s, "t3", "classic", "Size: 6x5\n", "1122", true);    // another board
  add_game(*s, "t4", "classic", "", GAME.substr(0, 20), false);  // still running
  const auto spec = rules::make_variant("classic", {});
  ASSERT_TRUE(spec.ok());
  const auto games = store_games(*s, *spec, 100);
  ASSERT_EQ(games.size(), 1u);
  EXPECT_EQ(games[0].source, "m" + std::to_string(kept) + ".1");
  EXPECT_EQ(pz::moves_text(games[0].moves), GAME);

  // The builder looks at it first: the puzzle it keeps comes from it.
  const std::string out =
      (std::filesystem::temp_directory_path() / ("puzzle_store_" + std::to_string(::getpid())))
          .string();
  std::filesystem::remove(out);
  pz::BuildOptions o;
  o.spec = *spec;
  o.games = games;
  o.count = 1;
  o.out = out;
  o.threads = 1;
  const auto built = pz::build_puzzles(o);
  ASSERT_TRUE(built.ok());
  const auto kept_puzzles = pz::read_puzzles(out);
  std::filesystem::remove(out);
  ASSERT_TRUE(kept_puzzles.ok());
  ASSERT_EQ(kept_puzzles->size(), 1u);
  EXPECT_EQ((*kept_puzzles)[0].source, games[0].source);
  EXPECT_EQ(GAME.rfind(pz::moves_text((*kept_puzzles)[0].moves), 0), 0u);  // a moment of it
}

}  // namespace
}  // namespace ft::app
