// A restore charges what was charged when the moves were played, never the
// gaps between the stored times (an outage), and a restart grace stands the
// running clock (docs/protocol.md 6).
#include <gtest/gtest.h>

#include "match/match.h"
#include "match/match_json.h"
#include "match_test_util.h"

namespace ft::match {
namespace {

using testing::FakeClock;
using testing::MIN;
using testing::play;
using testing::SEC;

MatchConfig bank(std::int64_t bank_ms) {
  MatchConfig c;
  c.time = TimeControl{bank_ms, 0, 0};
  return c;
}

// A match with `bank_ms` per seat and no increment, started at the clock's now.
Match started(const FakeClock& clock, std::int64_t bank_ms) {
  Match m = Match::create(bank(bank_ms)).value();
  m.start(clock.now);
  return m;
}

// The rows a server would store for the moves of `m` since `from_ply`.
LoggedMove row(const Match& m, int game, int ply, int seat, const std::string& move,
               std::int64_t at, std::int64_t elapsed) {
  LoggedMove lm{game, ply, seat, move, std::nullopt, at, std::nullopt, {}};
  lm.elapsed_ms = elapsed;
  for (int s = 0; s < m.format().seats; ++s) lm.clocks_ms.push_back(m.clock().remaining(s, at));
  return lm;
}

TEST(RestoreClock, MovesCarryTheirTurnLengthIntoTheRecord) {
  FakeClock clock;
  Match m = started(clock, MIN);
  play(m, clock, {"d", "c"}, 1700);
  int moves = 0;
  for (const Input& in : m.record().inputs) {
    if (in.action != Action::move) continue;
    ++moves;
    ASSERT_TRUE(in.elapsed_ms.has_value());
    EXPECT_EQ(*in.elapsed_ms, 1700);
  }
  EXPECT_EQ(moves, 2);
  auto back = record_from_json(to_json(m.record()));
  ASSERT_TRUE(back.ok()) << back.error().message;
  EXPECT_EQ(back->inputs[1].elapsed_ms, m.record().inputs[1].elapsed_ms);
}

// The case of a table that vanished: a 10 s bank, an 11 s outage after
// ply 2, a move right after the first restart; at the second restart the
// replay used to charge that move the outage, its flag fell and the move
// was refused ("the match is over").
TEST(RestoreClock, AnOutageBetweenStoredMovesIsNotCharged) {
  FakeClock clock;
  Match live = Match::create(bank(10 * SEC)).value();
  live.start(clock.now);
  const MatchRecord snapshot = live.record();  // stored at the game's start
  std::vector<LoggedMove> rows;
  for (const char* mv : {"d", "d"}) {
    const int seat = live.seat_to_move();
    ASSERT_TRUE(live.move(seat, mv, clock.advance(SEC)).ok());
    rows.push_back(row(live, 0, int(rows.size()) + 1, seat, mv, clock.now, SEC));
  }
  clock.advance(11 * SEC);  // the outage
  auto first = Match::restore(snapshot, rows, clock.now, std::nullopt, {}, {}, 0);
  ASSERT_TRUE(first.ok()) << first.error().message;
  Match& restored = first.value();
  const int seat = restored.seat_to_move();
  ASSERT_TRUE(restored.move(seat, "c", clock.advance(500)).ok());
  rows.push_back(row(restored, 0, 3, seat, "c", clock.now, 500));
  clock.advance(2 * SEC);
  auto second = Match::restore(snapshot, rows, clock.now, std::nullopt, {}, {}, 0);
  ASSERT_TRUE(second.ok()) << second.error().message;
  EXPECT_EQ(second->phase(), Phase::playing);
  EXPECT_EQ(second->view(clock.now).remaining_ms, restored.view(clock.now - 2 * SEC).remaining_ms);
  // Without the stored turn lengths the same rows replay at their times.
  std::vector<LoggedMove> bare = rows;
  for (LoggedMove& lm : bare) {
    lm.elapsed_ms.reset();
    lm.clocks_ms.clear();
  }
  EXPECT_FALSE(Match::restore(snapshot, bare, clock.now).ok());
}

// Rows written before turn lengths were stored still end on their clocks.
TEST(RestoreClock, StoredClocksAreWhereARestoreEnds) {
  FakeClock clock;
  Match live = started(clock, MIN);
  const MatchRecord snapshot = live.record();
  ASSERT_TRUE(live.move(0, "d", clock.advance(4 * SEC)).ok());
  LoggedMove lm = row(live, 0, 1, 0, "d", clock.now, 4 * SEC);
  lm.elapsed_ms.reset();
  lm.clocks_ms[0] -= 250;  // the reading the server showed
  auto back = Match::restore(snapshot, {lm}, clock.advance(SEC));
  ASSERT_TRUE(back.ok());
  EXPECT_EQ(back->clock().remaining(0, clock.now), lm.clocks_ms[0]);
  EXPECT_EQ(back->clock().remaining(1, clock.now), lm.clocks_ms[1]);
}

// The restart grace: the running clock stands, then runs; a replay of the
// record (which holds the resume) gives the same clocks and the same flag.
TEST(RestoreClock, GraceStandsTheRunningClockAndReplays) {
  FakeClock clock;
  Match live = started(clock, MIN);
  play(live, clock, {"d"}, 2 * SEC);
  const std::int64_t left = live.clock().remaining(1, clock.now);
  clock.advance(30 * SEC);  // outage
  auto back = Match::restore(live.record(), clock.now, std::nullopt, {}, {}, 10 * SEC);
  ASSERT_TRUE(back.ok());
  EXPECT_EQ(back->clock().remaining(1, clock.now + 9 * SEC), left);
  EXPECT_EQ(back->clock().remaining(1, clock.now + 12 * SEC), left - 2 * SEC);
  ASSERT_TRUE(back.value().move(1, "c", clock.now + 4 * SEC).ok());  // within the grace: free
  EXPECT_EQ(back->clock().remaining(1, clock.now + 4 * SEC), left);
  auto again = Match::restore(back->record(), clock.now + 5 * SEC);
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(again->clock().remaining(1, clock.now + 5 * SEC), left);
  // Seat 0's turn, begun with that move, is not charged past the record's
  // last input: a restore never bills the time since.
  EXPECT_EQ(again->clock().remaining(0, clock.now + 5 * SEC),
            back->clock().remaining(0, clock.now + 4 * SEC));
}

// Two restarts inside one grace give one grace, whether the first restart's
// resume is in the record (a later replay) or not (the server restores the
// stored record, which may not hold it yet).
TEST(RestoreClock, TwoRestartsInsideOneGraceGiveOneGrace) {
  FakeClock clock;
  Match live = started(clock, MIN);
  play(live, clock, {"d"}, 2 * SEC);
  const std::int64_t left = live.clock().remaining(1, clock.now);
  const MatchRecord stored = live.record();
  const std::int64_t first = clock.advance(5 * SEC);
  auto once = Match::restore(stored, first, std::nullopt, {}, {}, 10 * SEC);
  ASSERT_TRUE(once.ok());
  const std::int64_t second = first + 3 * SEC;
  auto twice = Match::restore(once->record(), second, std::nullopt, {}, {}, 10 * SEC);
  auto from_stored = Match::restore(stored, second, std::nullopt, {}, {}, 10 * SEC);
  ASSERT_TRUE(twice.ok());
  ASSERT_TRUE(from_stored.ok());
  for (std::int64_t t : {second, second + 9 * SEC, second + 14 * SEC}) {
    EXPECT_EQ(twice->clock().remaining(1, t), from_stored->clock().remaining(1, t)) << t - second;
  }
  EXPECT_EQ(twice->clock().remaining(1, second + 10 * SEC), left);
  EXPECT_EQ(twice->clock().remaining(1, second + 11 * SEC), left - SEC);
  EXPECT_EQ(twice->next_deadline(), from_stored->next_deadline());
}

// RULES.md A4: a claim depends on who was connected, which the record does
// not keep; a claimed match replays as claimed all the same.
TEST(RestoreClock, AClaimedMatchReplays) {
  FakeClock clock;
  Match live = started(clock, MIN);
  play(live, clock, {"d"}, SEC);
  live.set_connected(1, false, clock.advance(SEC));
  ASSERT_TRUE(live.claim(0, clock.advance(31 * SEC)).ok());
  ASSERT_EQ(live.end(), MatchEnd::claimed);
  auto back = Match::restore(live.record(), clock.advance(SEC));
  ASSERT_TRUE(back.ok()) << back.error().message;
  EXPECT_EQ(back->phase(), Phase::over);
  EXPECT_EQ(back->end(), MatchEnd::claimed);
  EXPECT_EQ(back->score(), live.score());
}

// A flag that fell after a restart falls again on replay at the same time.
TEST(RestoreClock, AFlagAfterARestartReplays) {
  FakeClock clock;
  Match live = Match::create(bank(5 * SEC)).value();
  live.start(clock.now);
  play(live, clock, {"d"}, SEC);
  clock.advance(20 * SEC);  // outage
  auto back = Match::restore(live.record(), clock.now, std::nullopt, {}, {}, 3 * SEC);
  ASSERT_TRUE(back.ok());
  const std::int64_t flag = *back->next_deadline();
  EXPECT_GT(flag, clock.now + 3 * SEC + 5 * SEC - 1);
  back.value().tick(flag + 1);
  ASSERT_EQ(back->phase(), Phase::over);
  EXPECT_EQ(back->end(), MatchEnd::timeout);
  auto again = Match::restore(back->record(), flag + 100);
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(again->phase(), Phase::over);
  EXPECT_EQ(again->score(), back->score());
}

// RULES.md A3: resign match ends the game being played as resigned_match,
// not as an ordinary resignation.
TEST(RestoreClock, ResignMatchMarksTheGameItEnded) {
  FakeClock clock;
  Match m = started(clock, MIN);
  Update u = m.resign_match(1, clock.advance(SEC));
  int over = 0;
  for (const Event& e : u.events) {
    if (const auto* g = std::get_if<GameOver>(&e.body)) {
      EXPECT_EQ(g->end, over == 0 ? GameEnd::resigned_match : GameEnd::forfeited);
      ++over;
    }
  }
  EXPECT_EQ(over, 2);
}

}  // namespace
}  // namespace ft::match
