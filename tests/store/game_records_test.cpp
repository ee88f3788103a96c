// Contract: migration 011 (records that are true, docs/protocol.md 2.7):
// games lost unplayed with the match are marked and their borrowed record
// dropped; a record written with colour names gets the discs of RULES.md A1.
#include "store/sql_store.h"
#include "store_fixture.h"

namespace ft::store::test {
namespace {

// A match resigned in game 1 as the server stored it before 011: game 2
// started and finished in the same millisecond with game 1's moves, and
// game 1 written "1. red d".
TEST_P(StoreContract, Migration011MarksUnplayedGamesAndMendsTheirNotation) {
  store().create_table(table("t"));
  const MatchId m = start_match("t", 1, 2000);
  for (int ply = 1; ply <= 3; ++ply) store().append_move(move(m, 1, ply, ply == 3 ? "c" : "d"));
  const std::string old_record = "1. red d\n2. yellow d\n3. red c\n";
  store().finish_game(m, 1, "1-0", old_record, 5000, std::nullopt);
  GameRecord two;
  two.match_id = m;
  two.number = 2;
  two.variant = "classic";
  two.started_ms = 6000;
  store().start_game(two);
  store().finish_game(m, 2, "1-0", old_record, 6000, std::nullopt);

  auto& db = dynamic_cast<SqlStore&>(store()).db();
  for (const char* column : {"unplayed", "sides"})
    db.exec_script(std::string("ALTER TABLE games DROP COLUMN ") + column);
  db.exec_script("DELETE FROM schema_version WHERE version = 11");
  reopen();

  const auto one = store().find_game(m, 1);
  ASSERT_TRUE(one);
  EXPECT_FALSE(one->unplayed);
  EXPECT_EQ(one->record, "1. \xE2\x97\x8F d\n2. \xE2\x97\x8B d\n3. \xE2\x97\x8F c\n");
  EXPECT_EQ(one->result, "1-0");
  const auto unplayed = store().find_game(m, 2);
  ASSERT_TRUE(unplayed);
  EXPECT_TRUE(unplayed->unplayed);
  EXPECT_EQ(unplayed->record, "");
  EXPECT_EQ(unplayed->result, "unplayed");
}

// New games keep what the server writes: the flag and each seat's side.
TEST_P(StoreContract, GamesKeepUnplayedAndSides) {
  store().create_table(table("t"));
  const MatchId m = start_match("t", 0, 2000);
  GameRecord g;
  g.match_id = m;
  g.number = 1;
  g.variant = "classic";
  g.setup = "Variant: classic\nSize: 7x6\nOpening: d d c\n";
  g.sides = "yellow red";
  g.started_ms = 2000;
  store().start_game(g);
  g.number = 2;
  g.sides = "";
  g.unplayed = true;
  store().start_game(g);
  const auto games = store().games_of_match(m);
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(games[0].sides, "yellow red");
  EXPECT_EQ(games[0].setup, "Variant: classic\nSize: 7x6\nOpening: d d c\n");
  EXPECT_FALSE(games[0].unplayed);
  EXPECT_TRUE(games[1].unplayed);
}

}  // namespace
}  // namespace ft::store::test
