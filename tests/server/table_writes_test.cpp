// The table's store writes (server/tables/table_writes.h): a match's start, its
// games and moves go to the store with the match's id even when the match is
// created by the same job; a finished game's record is rules' text.
#include "server/tables/table_writes.h"

#include <gtest/gtest.h>

#include "rules/game_record.h"
#include "server/tables/room_events.h"

namespace ft::server {
namespace {

constexpr std::int64_t T0 = 1764487050000;

struct Table {
  std::unique_ptr<store::Store> store = store::open_store("sqlite::memory:");
  TableState t;
  TableWrites writes{"t1"};

  explicit Table(std::string variant = "classic") {
    t.id = "t1";
    t.settings.variant = variant;
    t.settings.spec = rules::make_variant(variant, {}).value();
    t.seats.resize(2);
    for (int i = 0; i < 2; ++i) {
      const store::Player p = store->create_player("token" + std::to_string(i), "P", T0);
      t.seats[std::size_t(i)].player = p.id;
    }
    store::TableRecord rec;
    rec.id = "t1";
    rec.settings_json = "{}";
    rec.variant = "classic";
    rec.seats = seat_rows(t.seats);
    store->create_table(rec);
    t.match.emplace(match::Match::create(match_config(t.settings, 5)).value());
  }

  // As the room does: follow each event, number the table's events, write.
  void apply(StoreJob& job, const match::Update& update, std::int64_t now,
             const MoveOrigin& origin = {}) {
    for (const match::Event& ev : update.events) {
      follow(t, ev.body);
      if (event_json(t, ev.body, now)) ++t.version;
      writes.event(job, t, ev.body, now, origin);
    }
  }

  // The match starts at T0 and is stored, as the room's first job does. A
  // move is never in the job that creates its match: the room stores a
  // match's start before any move is made.
  void start() {
    StoreJob job;
    writes.match_started(job, t, T0);
    apply(job, t.match->start(T0), T0);
    commit(job);
  }

  // As the host does: one transaction of the job's moves, then the rest.
  void commit(StoreJob& job) {
    store::Store::Write w = [&job](store::Store& st) {
      if (!job.moves.empty()) st.append_moves(job.moves);
      if (job.then) job.then(st);
    };
    for (const auto& e : store->write_batch(std::span(&w, 1))) {
      if (e) std::rethrow_exception(e);
    }
  }
};

TEST(TableWrites, AMatchItsGameAndAMoveLandWithTheMatchesId) {
  Table table;
  table.start();
  ASSERT_NE(table.writes.match_id(), 0);
  const auto matches = table.store->matches_of_table("t1");
  ASSERT_EQ(matches.size(), 1u);
  EXPECT_EQ(matches[0].id, table.writes.match_id());
  EXPECT_EQ(table.store->games_of_match(matches[0].id).size(), 1u);
  EXPECT_EQ(table.store->find_table("t1")->status, store::TableStatus::playing);

  StoreJob move;
  table.apply(move, table.t.match->move(0, "d", T0 + 1000, 700), T0 + 1000, {700, "m1"});
  ASSERT_EQ(move.moves.size(), 1u);
  table.commit(move);
  const auto rows = table.store->moves_of_game(matches[0].id, 1);
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0].move, "d");
  EXPECT_EQ(rows[0].ply, 1);
  EXPECT_EQ(rows[0].seat, 0);
  EXPECT_EQ(rows[0].think_ms, 700);
  EXPECT_EQ(rows[0].client_id, "m1");
  EXPECT_EQ(rows[0].version, table.t.version);
  EXPECT_EQ(rows[0].server_ms, T0 + 1000);
  EXPECT_EQ(rows[0].clocks_ms.size(), 2u);
}

// Red's line on the first row: the stored result and the move lines of the
// record (RULES.md A1), as rules::format_record writes them.
TEST(TableWrites, AFinishedGameStoresItsResultAndMoveLines) {
  Table table;
  table.start();
  StoreJob moves;
  std::int64_t now = T0;
  for (const char* m : {"a", "a", "b", "b", "c", "c", "d"}) {
    now += 1000;
    table.apply(moves, table.t.match->move(table.t.match->seat_to_move(), m, now), now);
  }
  table.commit(moves);
  const auto game = table.store->find_game(table.writes.match_id(), 1);
  ASSERT_TRUE(game && game->finished);
  EXPECT_EQ(game->result, "1-0");
  EXPECT_EQ(game->record,
            "1. \xE2\x97\x8F a\n2. \xE2\x97\x8B a\n3. \xE2\x97\x8F b\n4. \xE2\x97\x8B b\n"
            "5. \xE2\x97\x8F c\n6. \xE2\x97\x8B c\n7. \xE2\x97\x8F d\n");
}

// RULES.md A3: a match resigned in game 1 loses game 2 unplayed. Before:
// game 1 was written "1. red d" (the board shown was taken for game 2's) and
// game 2 was stored with game 1's moves.
TEST(TableWrites, AMatchResignedInGameOneStoresGameTwoUnplayed) {
  Table table;
  table.start();
  StoreJob job;
  std::int64_t now = T0;
  for (const char* m : {"d", "d", "c"}) {
    now += 1000;
    table.apply(job, table.t.match->move(table.t.match->seat_to_move(), m, now), now);
  }
  table.apply(job, table.t.match->resign_match(1, now + 1000), now + 1000);
  table.commit(job);
  EXPECT_EQ(table.t.match->game_index(), 0) << "the board shown is still game 1's";
  const auto one = table.store->find_game(table.writes.match_id(), 1);
  ASSERT_TRUE(one && one->finished);
  EXPECT_FALSE(one->unplayed);
  EXPECT_EQ(one->record, "1. \xE2\x97\x8F d\n2. \xE2\x97\x8B d\n3. \xE2\x97\x8F c\n");
  EXPECT_EQ(one->result, "1-0");
  EXPECT_EQ(one->sides, "red yellow");
  EXPECT_EQ(one->setup, "Variant: classic\nSize: 7x6\n");
  const auto two = table.store->find_game(table.writes.match_id(), 2);
  ASSERT_TRUE(two && two->finished);
  EXPECT_TRUE(two->unplayed);
  EXPECT_EQ(two->record, "");
  EXPECT_EQ(two->result, "unplayed");
}

// After a drawn opening the first move is numbered after it (RULES.md A1).
TEST(TableWrites, MoveLinesCountTheDrawnOpening) {
  Table table("drawn-opening");  // two plies drawn (RULES.md A9)
  table.t.match->start(T0);
  const int seat = table.t.match->seat_to_move();
  const std::string move = table.t.match->game()->legal_moves().front();
  StoreJob job;
  table.apply(job, table.t.match->move(seat, move, T0 + 1000), T0 + 1000);
  const GameText text = game_text(table.t, 0, T0 + 1000);
  EXPECT_EQ(text.moves.substr(0, 3), "3. ");
  // The set-up holds the drawn opening, so the move lines replay from it.
  auto parsed = rules::parse_setup(text.setup);
  ASSERT_TRUE(parsed) << text.setup;
  rules::FourGame start = std::move(parsed).value();
  EXPECT_EQ(start.ply(), 2);
  EXPECT_TRUE(start.play(move));
}

TEST(TableWrites, SeatRowsKeepPeopleAndComputerLevels) {
  std::vector<SeatInfo> seats(2);
  seats[0].player = 9;
  seats[1].computer = 4;
  const auto rows = seat_rows(seats);
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0].index, 0);
  EXPECT_EQ(rows[0].player, 9);
  EXPECT_EQ(rows[0].bot_level, 0);
  EXPECT_EQ(rows[1].player, std::nullopt);
  EXPECT_EQ(rows[1].bot_level, 4);
}

}  // namespace
}  // namespace ft::server
