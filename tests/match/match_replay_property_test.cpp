// Random calls against matches of every format (fixed seed): nothing crashes,
// the points add up, and a match restored from its record is the same match.
#include <gtest/gtest.h>

#include "match/match_json.h"
#include "match_test_util.h"
#include "rules/setup_draw.h"

namespace ft::match {
namespace {

using namespace ft::match::testing;

int finished_points_halves(const MatchView& v) {
  int sum = 0;
  for (Points p : v.points) sum += p.halves;
  return sum;
}

// The restored match is the same match at the same instant.
void check_replay(const Match& m, std::int64_t now, std::uint64_t seed) {
  auto rec = record_from_json(to_json(m.record()));
  ASSERT_TRUE(rec.ok()) << rec.error().message;
  auto back = Match::restore(*rec, now, now);
  ASSERT_TRUE(back.ok()) << back.error().message;
  EXPECT_EQ(to_json(back->view(now)), to_json(m.view(now))) << "seed " << seed;
  EXPECT_EQ(back->next_deadline(), m.next_deadline()) << "seed " << seed;
}

void random_match(const MatchConfig& c, std::uint64_t seed) {
  rules::SeededRandom rng(seed);
  auto created = Match::create(c);
  ASSERT_TRUE(created.ok()) << created.error().message;
  Match m = std::move(created).value();
  FakeClock clock;
  m.start(clock.now);
  const int seats = m.format().seats;
  for (int step = 0; step < 400 && m.phase() != Phase::over; ++step) {
    if (step % 50 == 49) {
      check_replay(m, clock.now, seed);  // mid-game, between games, anywhere
      if (::testing::Test::HasFatalFailure()) return;
    }
    clock.advance(rng.below(4000));
    const int seat = rng.below(seats);
    const int what = rng.below(100);
    Update u;
    if (what < 80) {
      // Mostly legal moves by the right seat, sometimes junk or the wrong seat.
      const int mover = m.seat_to_move();
      const auto legal = m.view(clock.now).legal_moves;
      if (mover >= 0 && !legal.empty() && what < 75) {
        const std::optional<std::int64_t> think =
            rng.below(2) ? std::optional<std::int64_t>(rng.below(3000)) : std::nullopt;
        u = m.move(mover, legal[rng.below(static_cast<int>(legal.size()))], clock.now, think);
      } else {
        u = m.move(seat, rng.below(2) ? "zz" : "a", clock.now);
      }
    } else if (what < 92) {
      u = m.ready(seat, clock.now);
    } else if (what < 95) {
      u = m.choose_piece(seat, rng.below(3), clock.now);
    } else if (what < 98) {
      u = m.tick(clock.advance(rng.below(200000)));
    } else if (what < 99) {
      u = m.resign_game(seat, clock.now);
    } else {
      u = m.resign_match(seat, clock.now);
    }
    if (!u.ok()) {
      ASSERT_NE(u.refusal, Refusal::none);
      ASSERT_NE(u.refusal, Refusal::internal) << u.error->message;
    }
  }
  const MatchView live = m.view(clock.now);
  // Points: every finished two-team game hands out exactly one point, except
  // games forfeited when every team abandoned (nobody wins those).
  if (live.format.teams == 2) {
    const bool all_lost = live.loser_teams.size() == 2;
    int expected = 0;
    for (const GameRecord& g : live.games) {
      if (g.end == GameEnd::playing) continue;
      expected += g.end == GameEnd::forfeited && all_lost ? 0 : 2;
    }
    EXPECT_EQ(finished_points_halves(live), expected);
  }
  check_replay(m, clock.now, seed);
}

TEST(MatchProperty, RandomCallsReplayToTheSameMatch) {
  const std::vector<std::string> variants = {"classic",
                                             "popout",
                                             "three-players",
                                             "two-vs-two",
                                             "drawn-opening",
                                             "single",
                                             std::string(ft::rules::TWICEFOUR_VARIANT)};
  for (const std::string& v : variants) {
    for (std::uint64_t seed = 1; seed <= 25; ++seed) {
      MatchConfig c;
      c.variant = v;
      c.seed = seed;
      c.time = v == ft::rules::TWICEFOUR_VARIANT ? TimeControl{0, 0, 15000}
                                                 : TimeControl{60000, 1000, 0};
      SCOPED_TRACE(v + " seed " + std::to_string(seed));
      random_match(c, seed * 7919);
      if (::testing::Test::HasFatalFailure()) return;
    }
  }
}

}  // namespace
}  // namespace ft::match
