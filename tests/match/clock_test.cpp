#include "match/clock.h"

#include <gtest/gtest.h>

namespace ft::match {
namespace {

constexpr std::int64_t MIN = 60 * 1000;
const TimeControl THREE_PLUS_TWO{3 * MIN, 2000, 0};

// RULES.md A4: only the clock of the player to move runs.
TEST(RulesA4Clock, OnlyThePlayerToMoveRuns) {
  Clock c(THREE_PLUS_TWO, 2);
  c.start(0, 1000);
  EXPECT_EQ(c.remaining(0, 11000), 3 * MIN - 10000);
  EXPECT_EQ(c.remaining(1, 11000), 3 * MIN);
  c.on_move(11000, std::nullopt);
  c.start(1, 11000);
  EXPECT_EQ(c.remaining(0, 20000), 3 * MIN - 10000 + 2000);
  EXPECT_EQ(c.remaining(1, 20000), 3 * MIN - 9000);
}

// RULES.md A4: the Fischer increment is added only for a move made in time.
TEST(RulesA4Clock, IncrementOnlyForAMoveMadeInTime) {
  Clock c(TimeControl{10000, 5000, 0}, 2);
  c.start(0, 0);
  MoveCharge in_time = c.on_move(9000, std::nullopt);
  EXPECT_TRUE(in_time.in_time);
  EXPECT_EQ(in_time.increment_ms, 5000);
  EXPECT_EQ(in_time.remaining_ms, 1000 + 5000);
  // Next move: 6 s left; the move comes 6.5 s later with no lag report, past
  // zero but inside the grace: still lost, and no increment.
  c.start(0, 100000);
  MoveCharge late = c.on_move(106500, std::nullopt);
  EXPECT_FALSE(late.in_time);
  EXPECT_EQ(late.increment_ms, 0);
  EXPECT_EQ(late.remaining_ms, 0);
  EXPECT_EQ(c.remaining(0, 200000), 0);
}

// RULES.md A4 (lag compensation): honest transport lag is credited back.
TEST(ClockLag, HonestLagIsCreditedUpToTheQuota) {
  Clock c(THREE_PLUS_TWO, 2);
  const std::int64_t quota = c.state().seats[0].quota_ms;
  ASSERT_GT(quota, 400);
  c.start(0, 0);
  // Server saw 5.3 s; the client thought 5 s: 300 ms were the network.
  MoveCharge m = c.on_move(5300, 5000);
  EXPECT_TRUE(m.in_time);
  EXPECT_EQ(m.lag_credit_ms, 300);
  EXPECT_EQ(m.charged_ms, 5000);
  EXPECT_EQ(m.remaining_ms, 3 * MIN - 5000 + 2000);
  EXPECT_EQ(c.state().seats[0].quota_ms,
            std::min(quota + c.state().quota.gain_ms - 300, c.state().quota.max_ms));
}

// RULES.md A4 (lag compensation): a client that always claims to have thought
// 0 ms gains no more than its quota, which refills by `gain` per move only.
TEST(ClockLag, QuotaCapsWhatALyingClientGains) {
  Clock liar(THREE_PLUS_TWO, 2);
  Clock honest(THREE_PLUS_TWO, 2);
  const LagQuota q = liar.state().quota;
  std::int64_t t = 0;
  const int moves = 30;
  for (int i = 0; i < moves; ++i) {
    liar.start(0, t);
    honest.start(0, t);
    t += 4000;  // really thought 4 s each move
    liar.on_move(t, 0);
    honest.on_move(t, 4000);
    t += 1000;
  }
  const std::int64_t gained = liar.remaining(0, t) - honest.remaining(0, t);
  EXPECT_GT(gained, 0);
  EXPECT_LE(gained, q.initial_ms + (moves - 1) * q.gain_ms);
  EXPECT_LE(liar.state().seats[0].lag_credited_ms, q.initial_ms + (moves - 1) * q.gain_ms);
  // Without the cap the liar would have gained every second of the 30 moves.
  EXPECT_LT(gained, moves * 4000);
  EXPECT_LE(liar.state().seats[0].quota_ms, q.max_ms);
}

// Faster time controls get a smaller quota.
TEST(ClockLag, FasterTimeControlsHaveSmallerQuota) {
  const LagQuota bullet = lag_quota_for(TimeControl{10000, 0, 0});
  const LagQuota blitz = lag_quota_for(TimeControl{MIN, 1000, 0});
  const LagQuota slow = lag_quota_for(TimeControl{10 * MIN, 5000, 0});
  EXPECT_LT(bullet.gain_ms, blitz.gain_ms);
  EXPECT_LT(blitz.gain_ms, slow.gain_ms);
  EXPECT_EQ(bullet.gain_ms, 200);
  EXPECT_EQ(slow.gain_ms, 1000);
  EXPECT_LE(bullet.initial_ms, bullet.max_ms);
}

// RULES.md A4: the flag falls only after a grace, and the grace never
// exceeds 2 s however large the quota grew.
TEST(RulesA4Clock, GraceNeverExceedsTwoSeconds) {
  Clock c(TimeControl{10 * MIN, 10000, 0}, 2);
  std::int64_t t = 0;
  // Many quick honest moves fill the quota up to its maximum (7 s here).
  for (int i = 0; i < 20; ++i) {
    c.start(0, t);
    t += 100;
    c.on_move(t, 100);
  }
  ASSERT_GT(c.state().seats[0].quota_ms, MAX_GRACE_MS);
  c.start(0, t);
  EXPECT_EQ(c.grace_ms(), MAX_GRACE_MS);
  const std::int64_t left = c.remaining(0, t);
  EXPECT_EQ(*c.flag_at(), t + left + MAX_GRACE_MS);
  EXPECT_FALSE(c.flagged(t + left + MAX_GRACE_MS));
  EXPECT_TRUE(c.flagged(t + left + MAX_GRACE_MS + 1));
  // A move arriving after the grace is lost even if it claims huge lag.
  MoveCharge m = c.on_move(t + left + MAX_GRACE_MS + 1, 0);
  EXPECT_FALSE(m.in_time);
}

// A move that arrives inside the grace is in time when the lag credit covers
// the overrun: the player really moved before zero.
TEST(RulesA4Clock, MoveInsideGraceWithLagCreditIsInTime) {
  Clock c(TimeControl{10000, 1000, 0}, 2);
  c.start(0, 0);
  MoveCharge m = c.on_move(10400, 9900);  // thought 9.9 s, 500 ms on the wire
  EXPECT_TRUE(m.in_time);
  EXPECT_EQ(m.charged_ms, 9900);
  EXPECT_EQ(m.remaining_ms, 100 + 1000);
}

// RULES.md B7: per-move time; nothing carries over, no increment.
TEST(RulesB7, PerMoveTimeResetsEachMove) {
  auto tc = twicefour_level_time(7);
  ASSERT_TRUE(tc.ok());
  EXPECT_EQ(tc->per_move_ms, 15000);
  EXPECT_EQ(twicefour_level_time(1)->per_move_ms, 60000);
  EXPECT_FALSE(twicefour_level_time(8).ok());
  Clock c(*tc, 2);
  c.start(0, 0);
  MoveCharge m = c.on_move(3000, std::nullopt);
  EXPECT_TRUE(m.in_time);
  EXPECT_EQ(m.increment_ms, 0);
  c.start(0, 5000);
  EXPECT_EQ(c.remaining(0, 5000), 15000);  // 12 s left over are not kept
  EXPECT_FALSE(c.flagged(5000 + 15000));
  EXPECT_TRUE(c.flagged(5000 + 15000 + c.grace_ms() + 1));
}

// RULES.md A3: between games no clock runs.
TEST(RulesA3, NoClockRunsWhenStopped) {
  Clock c(THREE_PLUS_TWO, 2);
  c.start(0, 0);
  c.on_move(1000, std::nullopt);
  c.stop();
  EXPECT_EQ(c.running(), -1);
  EXPECT_EQ(c.remaining(0, 10 * MIN), 3 * MIN - 1000 + 2000);
  EXPECT_EQ(c.remaining(1, 10 * MIN), 3 * MIN);
  EXPECT_FALSE(c.flag_at().has_value());
  EXPECT_FALSE(c.flagged(100 * MIN));
}

// A clock resumed after a restart charges nobody for the downtime.
TEST(ClockRestart, ResumeChargesNoDowntime) {
  Clock c(THREE_PLUS_TWO, 2);
  c.start(1, 0);
  // Persisted at 4 s into the turn (the server's last heartbeat), the server
  // died, and came back 10 minutes later.
  const ClockState saved = c.state();
  Clock back(saved);
  back.resume(4000, 4000 + 10 * MIN);
  EXPECT_EQ(back.remaining(1, 4000 + 10 * MIN), 3 * MIN - 4000);
  EXPECT_EQ(back.remaining(0, 4000 + 10 * MIN), 3 * MIN);
  EXPECT_FALSE(back.flagged(4000 + 10 * MIN));
  MoveCharge m = back.on_move(4000 + 10 * MIN + 1000, std::nullopt);
  EXPECT_TRUE(m.in_time);
  EXPECT_EQ(m.charged_ms, 5000);
}

TEST(ClockInput, BadTimeControlsAreRejected) {
  EXPECT_FALSE(validate(TimeControl{0, 0, 0}).ok());
  EXPECT_FALSE(validate(TimeControl{-5, 0, 0}).ok());
  EXPECT_FALSE(validate(TimeControl{MIN, 0, 15000}).ok());
  EXPECT_TRUE(validate(TimeControl{MIN, 0, 0}).ok());
  EXPECT_TRUE(validate(TimeControl{0, 0, 15000}).ok());
}

}  // namespace
}  // namespace ft::match
