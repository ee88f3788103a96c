// The match as a pure state machine (RULES.md A3, A4, A10, A11, B2, B6, B7).
//
// Seats and teams. A table has `seats` seats (2, 3 or 4) and `teams` sides of
// the match: seat s belongs to team s % teams. Two players: two teams of one.
// Three players (A10): three teams of one. Two vs two (A11): team 0 is seats
// 0 and 2, team 1 is seats 1 and 3. Match points belong to teams; clocks to
// seats (A11: every player has their own clock).
//
// Who plays what. In four in a row, game g gives colour c to team
// (c + g) % teams: game 2 swaps colours and first move (A3), the three-player
// order rotates so each moves first once (A10), the teams of A11 swap colours.
// Within a team the colour's k-th move of a game is played by member k % 2,
// which gives the order Red 1, Yellow 1, Red 2, Yellow 2 (A11). In twiceFour
// each player keeps the piece chosen before round 1 (B2); round starters come
// from the lottery (B6).
//
// Time, randomness, I/O. Every call takes `now` (ms, any epoch, monotonic per
// match); lotteries draw from the Random passed in; nothing here touches a
// socket or a database. Every accepted call is appended to the match's
// record (config, inputs, lottery draws), from which restore() rebuilds the
// identical match after a server restart.
//
// Connections are not part of the record (they are facts about sockets): a
// restored match starts with every seat connected, and the server reports
// who is gone.
//
// Games lost without a result on the board (resign, timeout, abandonment,
// claim; our rules where RULES.md is silent): the losing team(s) score 0; a
// single remaining team takes the win; two remaining players of a
// three-player match draw it; if every team lost (every team had someone not
// Ready), nobody scores.
//
// Every call first lets due deadlines fire (a fallen flag, the Ready
// timeout), so a move that arrives after its flag fell finds the match lost,
// whether or not the server's timer called tick() in time.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "match/clock.h"
#include "match/score.h"
#include "rules/game_state.h"
#include "rules/twicefour_position.h"
#include "rules/variant.h"

namespace ft::match {

inline constexpr std::int64_t READY_TIMEOUT_MS = 3 * 60 * 1000;  // RULES.md A3
inline constexpr std::int64_t CLAIM_AFTER_MS = 30 * 1000;        // RULES.md A4

// Uniform draw in [0, n). Lotteries only (the set-up comes from the seed).
using Random = std::function<int(int n)>;
// A Random driven by rules::SeededRandom: the default, reproducible from the seed.
Random seeded_random(std::uint64_t seed);

struct MatchConfig {
  std::string variant = "classic";  // a rules variant key (RULES.md A6), or "twicefour"
  rules::VariantOptions options;    // four in a row table settings
  bool single_game = false;         // RULES.md A3: one game, unrated
  TimeControl time{5 * 60 * 1000, 3000, 0};
  std::uint64_t seed = 0;  // RULES.md A8, A9: one obstacle layout / drawn opening per match
  std::int64_t ready_timeout_ms = READY_TIMEOUT_MS;
  std::int64_t claim_after_ms = CLAIM_AFTER_MS;
  // twiceFour: the start of RULES.md B2 its rounds begin from
  // (rules::TfStart). A record without it began from the first start.
  int twicefour_start = static_cast<int>(rules::TF_START_CURRENT);
  // four in a row: columns dropped into after the set-up and before the
  // first move of every game (a position opened as a new game).
  std::vector<int> start;

  rules::GameKind game() const { return rules::game_kind_of_variant(variant); }
};

// The shape of a match, derived from its config.
struct Format {
  bool twicefour = false;
  int seats = 2;
  int teams = 2;
  int games = 2;  // games (rounds) always played; twiceFour may add a third
  int max_games = 2;
  bool rated = true;  // RULES.md A5: matches are rated, single games are not
};

// What a game factory is asked for.
struct GameSpec {
  int index = 0;       // 0-based game (round) of the match
  int first_side = 0;  // twiceFour: the piece that moves first (B6); four: 0
};
using GameFactory = std::function<Result<std::unique_ptr<rules::GameState>>(const GameSpec&)>;

// The factory the config names: four in a row from the rules library with
// the set-up drawn once from config.seed (same blocks and opening in every
// game), or twiceFour once the rules library provides it.
Result<GameFactory> game_factory_for(const MatchConfig& config);
Result<Format> format_for(const MatchConfig& config);

enum class Phase : std::uint8_t {
  not_started,
  choosing_pieces,  // twiceFour before round 1 (B2)
  playing,
  between_games,  // waiting for Ready (A3); no clock runs
  over,
};

enum class GameEnd : std::uint8_t {
  playing,
  rules,           // the rules decided (line, full board, repetition, points, ...)
  resigned,        // RULES.md A3 resign game, B3 resignation loses the round
  resigned_match,  // RULES.md A3 resign match: the game being played when it was resigned
  timeout,         // RULES.md B3: a twiceFour round lost on time
  forfeited,       // lost with the match (resign match, timeout, abandonment, claim)
};

enum class MatchEnd : std::uint8_t {
  none,
  completed,  // every game played
  resigned,   // RULES.md A3 resign match
  timeout,    // RULES.md A4 a flag fell
  abandoned,  // RULES.md A3 not Ready within 3 minutes
  claimed,    // RULES.md A4 disconnected for 30 s on own turn, opponent claimed
};

std::string_view phase_name(Phase p);
std::string_view game_end_name(GameEnd e);
std::string_view match_end_name(MatchEnd e);

struct GameRecord {
  int index = 0;
  std::vector<int> side_team;  // team that plays each side (colour / piece)
  int first_side = 0;
  bool starter_by_lottery = false;  // twiceFour rounds 1 and 3 (B6)
  std::vector<std::string> moves;
  std::vector<int> move_seats;  // seat that made each move
  rules::Outcome outcome;       // as the rules saw it (ongoing when forfeited)
  GameEnd end = GameEnd::playing;
  int loser_team = -1;         // resigned / timeout / forfeited
  std::vector<Points> points;  // per team, once over
  // False for a game lost with the match before it began (resign match
  // between games or in an earlier game, a timeout, claim or abandonment):
  // it scores, but nobody played it, so it has no sides and no moves.
  bool played() const { return !side_team.empty(); }
};

// ---- events: plain values the server sends and the store keeps -----------
struct PiecesChosen {
  std::vector<int> team_piece;  // piece (side) of each team
  bool lottery = false;         // both wanted the same piece (B2)
};
struct GameStarted {
  int game = 0;
  std::vector<int> side_team;
  int first_side = 0;
  int first_seat = 0;
  bool starter_by_lottery = false;
};
struct MoveMade {
  int game = 0;
  int seat = 0;
  int side = 0;
  std::string move;
  MoveCharge charge;
  bool repetition_warning = false;  // RULES.md A7, B5
};
struct ClockUpdate {
  std::vector<std::int64_t> remaining_ms;  // per seat
  int running = -1;
  std::optional<std::int64_t> flag_at;
};
struct GameOver {
  int game = 0;
  GameEnd end = GameEnd::rules;
  rules::Outcome outcome;
  int loser_team = -1;
  std::vector<Points> points;
};
// A seat pressed Ready (A3), or, in twiceFour, chose its piece while the
// other has not yet (B2; the choice is round 1's Ready, our rule).
struct ReadyPressed {
  int seat = 0;
  std::int64_t deadline = 0;  // when the not-ready lose by abandonment (A3)
};
struct ConnectionChanged {
  int seat = 0;
  bool connected = true;
};
struct MatchOver {
  MatchEnd end = MatchEnd::completed;
  std::vector<int> loser_teams;  // empty for a completed match
  std::vector<Points> points;    // per team
  std::string score;             // "1½:½"
  bool rated = false;
};
using EventBody = std::variant<PiecesChosen, GameStarted, MoveMade, ClockUpdate, GameOver,
                               ReadyPressed, ConnectionChanged, MatchOver>;
struct Event {
  std::int64_t at = 0;
  EventBody body;
};

// Why a call was refused, in the words of the protocol's error codes.
enum class Refusal : std::uint8_t {
  none,
  not_your_turn,  // a move by a seat that is not to move
  illegal_move,   // the rules refused the move (their reason in the message)
  not_now,        // the match does not allow this action at this point
  no_such_seat,
  bad_input,  // a value out of range (piece, ...)
  internal,   // the game factory failed: a server fault, not the player's
};
std::string_view refusal_name(Refusal r);

// The reply to a call: what happened (deadlines that fired included) and,
// if the call itself was refused, why. A refused call changes nothing else.
struct Update {
  std::vector<Event> events;
  std::optional<Error> error;
  Refusal refusal = Refusal::none;
  bool ok() const { return !error.has_value(); }
};

// ---- the record: config + inputs + lottery draws ---------------------------
enum class Action : std::uint8_t {
  start,
  choose_piece,
  move,
  resign_game,
  resign_match,
  ready,
  connect,
  disconnect,
  claim,
  tick,
  resume,
};
std::string_view action_name(Action a);
std::optional<Action> action_from_name(std::string_view name);

struct Input {
  Action action = Action::tick;
  std::int64_t at = 0;
  int seat = -1;
  std::string move;                      // Action::move
  std::optional<std::int64_t> think_ms;  // Action::move: client-reported thinking time
  int piece = -1;                        // Action::choose_piece
  std::int64_t last_seen = 0;            // Action::resume
  std::int64_t grace_ms = 0;             // Action::resume: the mover's clock stands this long
  // Action::move: how long the mover's turn lasted, as the server measured it
  // when the move was first played. A replay charges exactly this, whatever
  // the gap between the recorded times (an outage between them, a restart),
  // so a restart can never bill the players for time nobody played.
  std::optional<std::int64_t> elapsed_ms{};
};

struct MatchRecord {
  MatchConfig config;
  std::vector<Input> inputs;
  std::vector<int> draws;  // lottery results in the order they were drawn
};

// A move as a move log keeps it (the store's MoveRecord): for restoring moves
// made after the last persisted record.
struct LoggedMove {
  int game = 0;  // 0-based game (round) of the match
  int ply = 1;   // 1-based among the players' moves of that game
  int seat = 0;
  std::string move;
  std::optional<std::int64_t> think_ms;
  std::int64_t at = 0;  // when the server accepted it
  // The server's reading when it accepted the move (MoveMade::charge): the
  // mover's turn length, and every seat's time left after the move. With
  // them a replay charges what was charged then, not the gaps between the
  // stored times; a restore ends on the stored clocks. Unknown: unset / empty.
  std::optional<std::int64_t> elapsed_ms{};
  std::vector<std::int64_t> clocks_ms{};
};

// Everything a client needs to draw the table, as plain values.
struct MatchView {
  Phase phase = Phase::not_started;
  Format format;
  int game = 0;                   // the game the board shows: current or last played (-1 none)
  std::vector<GameRecord> games;  // played, current and lost unplayed with the match
  std::vector<Points> points;     // per team, games finished so far
  std::string score;
  int seat_to_move = -1;
  std::vector<std::string> legal_moves;
  std::vector<std::string> board;
  ClockState clock;
  std::vector<std::int64_t> remaining_ms;      // per seat at `now`
  std::vector<bool> ready;                     // per seat
  std::optional<std::int64_t> ready_deadline;  // also the piece-choice deadline (B2)
  std::vector<bool> connected;                 // per seat
  std::vector<int> team_piece;                 // twiceFour: piece of each team (-1 unknown)
  std::vector<int> piece_wish;                 // twiceFour: what each seat asked for
  std::optional<std::int64_t> claim_from;      // when the opponents of seat_to_move may claim
  MatchEnd end = MatchEnd::none;
  std::vector<int> loser_teams;
};

class Match {
 public:
  // A match that has not started; call start(). The factory defaults to
  // game_factory_for(config), the random source to seeded_random(config.seed).
  static Result<Match> create(const MatchConfig& config, Random random = {},
                              GameFactory factory = {});
  // Rebuilds a match from its record and resumes it at `now`: whatever time
  // passed since the last recorded input (or `last_seen`, if later, e.g. a
  // persisted heartbeat) is charged to nobody, on any clock or deadline.
  // `grace_ms` more is charged to nobody after `now` (the running clock
  // stands, the Ready deadline moves on): the players' time to reconnect
  // after a server restart (docs/protocol.md 6). The resume, grace included,
  // is an input of the record, so a later replay gives the same clocks.
  static Result<Match> restore(const MatchRecord& record, std::int64_t now,
                               std::optional<std::int64_t> last_seen = std::nullopt,
                               Random random = {}, GameFactory factory = {},
                               std::int64_t grace_ms = 0);
  // The same from a record persisted at some point plus the move log: moves
  // the record already holds are skipped, later ones are replayed with the
  // turn lengths stored with them (LoggedMove::elapsed_ms; else at their
  // times), and the clocks end as stored with the last of them; a gap or a
  // move the match refuses is an error.
  static Result<Match> restore(const MatchRecord& record, const std::vector<LoggedMove>& moves,
                               std::int64_t now,
                               std::optional<std::int64_t> last_seen = std::nullopt,
                               Random random = {}, GameFactory factory = {},
                               std::int64_t grace_ms = 0);

  Match(Match&&) noexcept;
  Match& operator=(Match&&) noexcept;
  ~Match();

  // Four in a row: game 1 starts and the first mover's clock runs.
  // twiceFour: piece choice opens (B2).
  Update start(std::int64_t now);
  // RULES.md B2: piece 0 cross, 1 circle (the twiceFour game's sides). A
  // seat may change its wish until both have chosen. Our rule: whoever has
  // not chosen 3 minutes after the other did loses by abandonment (A3).
  Update choose_piece(int seat, int piece, std::int64_t now);
  Update move(int seat, std::string_view move, std::int64_t now,
              std::optional<std::int64_t> think_ms = std::nullopt);
  Update resign_game(int seat, std::int64_t now);
  Update resign_match(int seat, std::int64_t now);
  Update ready(int seat, std::int64_t now);
  Update set_connected(int seat, bool connected, std::int64_t now);
  // RULES.md A4: an opponent of the seat to move claims the match after that
  // seat has been disconnected for 30 s on its own turn.
  Update claim(int seat, std::int64_t now);
  // Lets deadlines fire: a flag (with its grace), the Ready timeout.
  Update tick(std::int64_t now);

  // The next time something is due: a flag falls or the Ready deadline
  // passes (tick() acts on both), or a claim becomes possible (tick() does
  // nothing; the server tells the opponents). With `after`, a claim time at
  // or before it is left out, so a timer loop does not spin once the claim
  // is possible. nullopt when nothing is pending.
  std::optional<std::int64_t> next_deadline(std::optional<std::int64_t> after = std::nullopt) const;

  const MatchConfig& config() const;
  const Format& format() const;
  Phase phase() const;
  // The index of the game game() holds: the current or last played one.
  // Games lost unplayed with the match (GameRecord::played) are never
  // current, so a match resigned in game 1 still shows game 1.
  int game_index() const;
  const rules::GameState* game() const;  // the current or last game; null before start
  int seat_to_move() const;              // -1 unless playing
  int team_of(int seat) const;
  std::vector<Points> points() const;  // per team
  std::string score() const;
  MatchEnd end() const;
  const Clock& clock() const;
  bool can_claim(int seat, std::int64_t now) const;
  MatchView view(std::int64_t now) const;
  const MatchRecord& record() const;

 private:
  struct Impl;
  explicit Match(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace ft::match
