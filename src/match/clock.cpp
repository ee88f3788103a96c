#include "match/clock.h"

#include <algorithm>

namespace ft::match {

Result<TimeControl> twicefour_level_time(int level) {
  static constexpr std::int64_t SECONDS[] = {60, 50, 40, 30, 25, 20, 15};
  if (level < 1 || level > 7)
    return make_error(ErrorCode::bad_input,
                      "twiceFour level " + std::to_string(level) + " is not in 1..7");
  TimeControl tc;
  tc.per_move_ms = SECONDS[level - 1] * 1000;
  return tc;
}

Result<bool> validate(const TimeControl& tc) {
  constexpr std::int64_t DAY = 24LL * 3600 * 1000;
  if (tc.per_move_ms < 0 || tc.bank_ms < 0 || tc.increment_ms < 0)
    return make_error(ErrorCode::bad_input, "clock times must not be negative");
  if (tc.per_move()) {
    if (tc.bank_ms != 0 || tc.increment_ms != 0)
      return make_error(ErrorCode::bad_input, "a per-move clock has no bank and no increment");
    if (tc.per_move_ms < 1000 || tc.per_move_ms > 600000)
      return make_error(ErrorCode::bad_input, "time per move must be 1 s .. 10 min");
    return true;
  }
  if (tc.bank_ms < 10 || tc.bank_ms > DAY)
    return make_error(ErrorCode::bad_input, "the bank must be 10 ms .. 24 h");
  if (tc.increment_ms > 600000)
    return make_error(ErrorCode::bad_input, "the increment must be 0 .. 10 min");
  return true;
}

LagQuota lag_quota_for(const TimeControl& tc) {
  const std::int64_t estimate_ms =
      tc.per_move() ? tc.per_move_ms * 40 : tc.bank_ms + 40 * tc.increment_ms;
  constexpr std::int64_t FAST = 15000, SLOW = 180000, LOW = 200, HIGH = 1000;
  std::int64_t gain;
  if (estimate_ms <= FAST)
    gain = LOW;
  else if (estimate_ms >= SLOW)
    gain = HIGH;
  else
    gain = LOW + (HIGH - LOW) * (estimate_ms - FAST) / (SLOW - FAST);
  return LagQuota{gain, 3 * gain, 7 * gain};
}

Clock::Clock(const TimeControl& tc, int seats) {
  s_.control = tc;
  s_.quota = lag_quota_for(tc);
  SeatClock seat;
  seat.remaining_ms = tc.per_move() ? tc.per_move_ms : tc.bank_ms;
  seat.quota_ms = s_.quota.initial_ms;
  s_.seats.assign(static_cast<std::size_t>(std::max(seats, 0)), seat);
}

void Clock::start(int seat, std::int64_t now) {
  if (seat < 0 || seat >= static_cast<int>(s_.seats.size())) return;
  s_.running = seat;
  s_.turn_started_ms = now;
  if (s_.control.per_move()) s_.seats[seat].remaining_ms = s_.control.per_move_ms;
}

void Clock::stop() {
  s_.running = -1;
}

MoveCharge Clock::on_move(std::int64_t now, std::optional<std::int64_t> reported_think_ms) {
  MoveCharge c;
  if (s_.running < 0) return c;
  SeatClock& seat = s_.seats[s_.running];
  c.elapsed_ms = std::max<std::int64_t>(0, now - s_.turn_started_ms);
  // A flag that has already fallen cannot be undone by any report.
  const bool before_flag = c.elapsed_ms <= seat.remaining_ms + grace_ms();
  if (reported_think_ms) {
    const std::int64_t think = std::clamp<std::int64_t>(*reported_think_ms, 0, c.elapsed_ms);
    c.lag_credit_ms = std::min(c.elapsed_ms - think, seat.quota_ms);
  }
  c.charged_ms = c.elapsed_ms - c.lag_credit_ms;
  c.in_time = before_flag && c.charged_ms <= seat.remaining_ms;
  if (c.in_time) {
    seat.remaining_ms -= c.charged_ms;
    if (!s_.control.per_move()) {
      c.increment_ms = s_.control.increment_ms;
      seat.remaining_ms += c.increment_ms;
    }
    seat.quota_ms = std::min(seat.quota_ms + s_.quota.gain_ms - c.lag_credit_ms, s_.quota.max_ms);
    seat.lag_credited_ms += c.lag_credit_ms;
  } else {
    c.lag_credit_ms = 0;
    c.charged_ms = c.elapsed_ms;
    seat.remaining_ms = 0;
  }
  ++seat.moves;
  c.remaining_ms = seat.remaining_ms;
  s_.running = -1;
  return c;
}

std::int64_t Clock::remaining(int seat, std::int64_t now) const {
  if (seat < 0 || seat >= static_cast<int>(s_.seats.size())) return 0;
  std::int64_t left = s_.seats[seat].remaining_ms;
  if (seat == s_.running) left -= std::max<std::int64_t>(0, now - s_.turn_started_ms);
  return std::max<std::int64_t>(0, left);
}

std::int64_t Clock::grace_ms() const {
  if (s_.running < 0) return 0;
  return std::clamp<std::int64_t>(s_.seats[s_.running].quota_ms, 0, MAX_GRACE_MS);
}

std::optional<std::int64_t> Clock::flag_at() const {
  if (s_.running < 0) return std::nullopt;
  return s_.turn_started_ms + s_.seats[s_.running].remaining_ms + grace_ms();
}

bool Clock::flagged(std::int64_t now) const {
  const auto at = flag_at();
  return at && now > *at;
}

void Clock::flag() {
  if (s_.running < 0) return;
  s_.seats[s_.running].remaining_ms = 0;
  s_.running = -1;
}

void Clock::resume(std::int64_t last_seen, std::int64_t now, std::int64_t grace_ms) {
  if (s_.running < 0) return;
  // The turn's time up to last_seen stays charged; the gap is skipped, and
  // the grace after it (remaining() and on_move() count no time before the
  // turn's start, so a start in the future stands the clock still).
  const std::int64_t from = std::max(last_seen, s_.turn_started_ms);
  s_.turn_started_ms += std::max<std::int64_t>(0, now + std::max<std::int64_t>(0, grace_ms) - from);
}

void Clock::replay_turn(std::int64_t now, std::int64_t elapsed_ms) {
  if (s_.running < 0) return;
  s_.turn_started_ms = now - std::max<std::int64_t>(0, elapsed_ms);
}

void Clock::set_remaining(int seat, std::int64_t ms) {
  if (seat < 0 || seat >= static_cast<int>(s_.seats.size())) return;
  s_.seats[seat].remaining_ms = std::max<std::int64_t>(0, ms);
}

}  // namespace ft::match
