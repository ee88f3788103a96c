// The match clock (RULES.md A4, B7): server-authoritative, in milliseconds,
// one clock per seat, only the running seat's time goes down. Two modes:
//   bank      a bank for the whole match plus a Fischer increment added after
//             each move made in time (four in a row);
//   per move  a fixed time for every move, unused time is not carried over
//             (twiceFour, RULES.md B7).
// It never reads the time: every call takes `now`.
//
// Lag compensation, after the idea of lichess's lag tracker (our own code):
// a client reports how long it thought; the difference between the time the
// server measured and that report is transport lag, and the server credits it
// back, but never more than the seat's quota. The quota refills by `gain`
// per move up to `max`, and is smaller for fast time controls, so a client
// that lies ("I thought 0 ms") gains at most its quota, not the whole move.
// A flag falls only after a grace of min(quota, 2 s) past zero, so a move
// already on the wire is not lost to lag; a move that arrives after that
// grace is lost whatever it reports.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "rules/result.h"

namespace ft::match {

inline constexpr std::int64_t MAX_GRACE_MS = 2000;

struct TimeControl {
  std::int64_t bank_ms = 0;       // RULES.md A4: one bank for the whole match
  std::int64_t increment_ms = 0;  // RULES.md A4: Fischer increment
  std::int64_t per_move_ms = 0;   // RULES.md B7: time per move (then bank and increment are 0)

  bool per_move() const { return per_move_ms > 0; }
  friend bool operator==(const TimeControl&, const TimeControl&) = default;
};

// RULES.md B7: level 1..7 -> 60, 50, 40, 30, 25, 20, 15 seconds per move.
Result<TimeControl> twicefour_level_time(int level);

// A bank of 10 ms .. 24 h, increment 0 .. 10 min, or per move 1 s .. 10 min.
Result<bool> validate(const TimeControl& tc);

struct LagQuota {
  std::int64_t gain_ms = 0;     // refill per move
  std::int64_t initial_ms = 0;  // quota at the start of the match
  std::int64_t max_ms = 0;      // quota never exceeds this
  friend bool operator==(const LagQuota&, const LagQuota&) = default;
};

// The quota for a time control: the estimated time of a 40-move game decides;
// 200 ms gain per move for a game of 15 s or less, 1 s for 3 minutes or more,
// linear between; start with three moves' worth, hold at most seven.
LagQuota lag_quota_for(const TimeControl& tc);

struct SeatClock {
  std::int64_t remaining_ms = 0;     // at the start of the current turn if running
  std::int64_t quota_ms = 0;         // lag credit still available
  std::int64_t lag_credited_ms = 0;  // total credited so far (for statistics)
  int moves = 0;
  friend bool operator==(const SeatClock&, const SeatClock&) = default;
};

// What one move cost.
struct MoveCharge {
  bool in_time = false;
  std::int64_t elapsed_ms = 0;     // measured by the server
  std::int64_t lag_credit_ms = 0;  // given back from the quota
  std::int64_t charged_ms = 0;     // elapsed - credit
  std::int64_t increment_ms = 0;   // added (0 unless in time, bank mode)
  std::int64_t remaining_ms = 0;   // after the move (0 when flagged)
};

// The whole clock as plain values: what the store persists and the server sends.
struct ClockState {
  TimeControl control;
  LagQuota quota;
  std::vector<SeatClock> seats;
  int running = -1;                  // seat whose time runs, -1 when stopped
  std::int64_t turn_started_ms = 0;  // when the running seat's turn began
  friend bool operator==(const ClockState&, const ClockState&) = default;
};

class Clock {
 public:
  Clock() = default;
  Clock(const TimeControl& tc, int seats);
  explicit Clock(ClockState state) : s_(std::move(state)) {}

  const ClockState& state() const { return s_; }
  const TimeControl& control() const { return s_.control; }
  int running() const { return s_.running; }

  // Starts `seat`'s turn (stops whichever was running without charging it;
  // call on_move first for a move). Per-move mode resets the seat's time.
  void start(int seat, std::int64_t now);
  // Stops the clock without charging anyone: between games nothing runs.
  void stop();

  // Ends the running seat's turn for a move. `reported_think_ms` is the
  // client's own thinking time (nullopt: no report, no lag credit). A move
  // not in time leaves the remaining time at 0 and adds no increment. The
  // clock is stopped afterwards; start the next seat.
  MoveCharge on_move(std::int64_t now, std::optional<std::int64_t> reported_think_ms);

  // Time left for `seat` at `now` (never negative); for the running seat the
  // current turn is taken off.
  std::int64_t remaining(int seat, std::int64_t now) const;
  // min(quota, 2 s) for the running seat: how far past zero its flag waits.
  std::int64_t grace_ms() const;
  // When the running seat's flag falls (grace included); nullopt if stopped.
  std::optional<std::int64_t> flag_at() const;
  bool flagged(std::int64_t now) const;
  // Charges the running seat for a flag: its time becomes 0 and the clock stops.
  void flag();

  // After a restart: the time between `last_seen` (when the clock state was
  // last known to be current) and `now`, and `grace_ms` after `now`, is
  // charged to nobody (the running seat's turn starts again at now + grace).
  void resume(std::int64_t last_seen, std::int64_t now, std::int64_t grace_ms = 0);
  // Replays a stored move: the running seat's turn began `elapsed_ms` before
  // `now`, as the server measured it then (Input::elapsed_ms).
  void replay_turn(std::int64_t now, std::int64_t elapsed_ms);
  // Sets a seat's time left (for the running seat: at the start of its
  // turn), from the clocks stored with the last move.
  void set_remaining(int seat, std::int64_t ms);

 private:
  ClockState s_;
};

}  // namespace ft::match
