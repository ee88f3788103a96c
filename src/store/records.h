// The values the store keeps. Plain structs, no behaviour: the server fills
// them from `match`, `rating` and `rules` values; the store only persists them.
// Everything a room needs after a SIGKILL is here (LiveTable).
//
// Times are wall-clock milliseconds since the Unix epoch (Millis) and are
// always passed in by the caller: the store never reads the clock, so tests
// use fixed times and the server decides what "now" is.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ft::store {

using Millis = std::int64_t;
using PlayerId = std::int64_t;  // assigned by the store, > 0
using MatchId = std::int64_t;   // assigned by the store, > 0
using TableId = std::string;    // short unguessable id (new_table_id() in ids.h)

// A person: today a guest identified by a cookie token. The store keeps only a
// hash of the token (ids.h token_hash); the raw token never reaches the disk.
struct Player {
  PlayerId id = 0;
  std::string display_name;
  Millis created_ms = 0;
  Millis seen_ms = 0;
  Millis bot_ms = 0;  // when the account became a bot (migration 014); 0: a person
  friend bool operator==(const Player&, const Player&) = default;
};

enum class TableStatus : std::uint8_t {
  open,       // waiting for players to fill the seats
  playing,    // a match or game is running (or between games of a match)
  finished,   // the match is over; the table is kept for its link and records
  abandoned,  // closed without a result (RULES.md A4 Ready timeout, everyone left)
};
const char* table_status_name(TableStatus s);  // "open", "playing", ...
std::optional<TableStatus> table_status_from_name(std::string_view name);

// One seat at a table. A seat holds a person, the computer at a level, or
// nobody yet.
struct Seat {
  int index = 0;                   // 0-based seat number, stable for the table's life
  std::optional<PlayerId> player;  // set for a person
  int bot_level = 0;               // 1..7 for a computer seat, 0 for a person / empty
  friend bool operator==(const Seat&, const Seat&) = default;
};

struct TableRecord {
  TableId id;
  // The server's table settings as JSON (game, variant and options, format,
  // clock, rated, lobby visibility, opponent). Opaque to the store; the few
  // fields the lobby filters on are copied into the columns below.
  std::string settings_json;
  std::string variant;  // variant key ("classic", "popout", ..., "twicefour")
  bool listed = true;   // shown in the lobby (false: by link only)
  bool rated = false;
  TableStatus status = TableStatus::open;
  std::vector<Seat> seats;  // ordered by index, one entry per seat of the variant
  Millis created_ms = 0;
  Millis updated_ms = 0;
  friend bool operator==(const TableRecord&, const TableRecord&) = default;
};

// What the match library's state looks like at one instant: its JSON and the
// clocks it implies (remaining ms per seat, in seat order). Written together
// with a move, or alone on any other state change (ready flags, game over).
struct MatchSnapshot {
  std::string state_json;
  std::vector<Millis> clocks_ms{};
  Millis saved_ms = 0;  // wall time of this snapshot: on restart the server
                        // resumes clocks from the snapshot and charges nobody
                        // for the time between saved_ms and the restart.
  friend bool operator==(const MatchSnapshot&, const MatchSnapshot&) = default;
};

struct MatchRecord {
  MatchId id = 0;
  TableId table_id;
  std::string format;  // "match", "single-game", "twicefour", ... (server's words)
  std::string variant;
  bool rated = false;
  std::uint64_t seed = 0;  // seed of the set-ups (rules/setup_draw.h): same seed, same match
  MatchSnapshot snapshot;  // latest state
  bool finished = false;
  std::string result;  // "" while running; the score, e.g. "1½:½"
  Millis started_ms = 0;
  Millis finished_ms = 0;  // 0 while running
  friend bool operator==(const MatchRecord&, const MatchRecord&) = default;
};

// What the server knows when a match starts.
struct NewMatch {
  TableId table_id;
  std::string format;
  std::string variant;
  bool rated = false;
  std::uint64_t seed = 0;
  MatchSnapshot snapshot;
  Millis started_ms = 0;
};

struct GameRecord {
  MatchId match_id = 0;
  int number = 1;  // 1-based within the match
  std::string variant;
  // The board before the first move as text: for four in a row the set-up
  // lines of the rules record (rules::format_setup: Variant, Size, PopOut,
  // Blocks, Opening); "" for none (twiceFour) or not known.
  std::string setup;
  bool finished = false;
  // "" while running; each seat's points in seat order ("1-0", "½-½",
  // "0-1-0"; games stored before migration 011: each team's), or "unplayed".
  std::string result;
  std::string record;  // the finished game's move lines in the rules notation; "" while running
  Millis started_ms = 0;
  Millis finished_ms = 0;
  // Migration 011: lost with the match before it began (no moves, no record),
  // and each seat's side by name in seat order ("yellow red"; "" unknown).
  bool unplayed = false;
  std::string sides{};
  friend bool operator==(const GameRecord&, const GameRecord&) = default;
};

// One move as played. (match_id, game_number, ply) is the key: plies are
// 1-based and consecutive within a game, so a duplicate or a gap is refused.
struct MoveRecord {
  MatchId match_id = 0;
  int game_number = 1;
  int ply = 1;
  std::string move;      // rules notation: "d", "d^", a twiceFour move
  int seat = 0;          // the mover's seat index
  Millis clock_ms = -1;  // mover's remaining time after the move; -1: no clock
  Millis think_ms = -1;  // client-reported thinking time; -1: not reported
  Millis server_ms = 0;  // when the server accepted the move
  // The server's reading at the move (migration 003): the mover's turn
  // length (-1: unknown) and every seat's time left after it (empty:
  // unknown), so a restore replays exactly what was charged.
  Millis elapsed_ms = -1;
  std::vector<Millis> clocks_ms{};
  std::string client_id{};   // the client's move id ("" none): a resend is acked again
  std::int64_t version = 0;  // the table event version of the move (0: unknown)
  friend bool operator==(const MoveRecord&, const MoveRecord&) = default;
};

// A move and, when the server has it, the match state after the move; both are
// written in one transaction.
struct MoveWrite {
  MoveRecord move;
  std::optional<MatchSnapshot> snapshot;
};

// Glicko-2 state of one player in one variant (RULES.md A5). The store never
// invents a rating: the defaults only mirror Glicko-2's starting values; the
// rating library's numbers are the ones that count.
struct Rating {
  PlayerId player = 0;
  std::string variant;
  double rating = 1500.0;
  double deviation = 500.0;
  double volatility = 0.06;
  Millis last_rated_ms = 0;
  int games = 0;  // rated matches counted
  friend bool operator==(const Rating&, const Rating&) = default;
};

// One participant's line in a finished match.
struct MatchPlayerResult {
  PlayerId player = 0;
  int seat = 0;
  double score = 0.0;          // points in the match, e.g. 1.5
  double rating_before = 0.0;  // 0 for unrated matches
  double rating_after = 0.0;
  friend bool operator==(const MatchPlayerResult&, const MatchPlayerResult&) = default;
};

// Everything that changes when a match ends; written in one transaction so
// that a crash never leaves a finished match without its rating change.
struct MatchFinish {
  std::string result;      // e.g. "1½:½"
  MatchSnapshot snapshot;  // final state
  Millis finished_ms = 0;
  std::vector<MatchPlayerResult> players;  // people only (computer seats have no id)
  std::vector<Rating> ratings;             // new ratings (empty for casual matches)
};

// For a profile page: one finished match as seen by one of its players.
struct FinishedMatch {
  MatchId match_id = 0;
  TableId table_id;
  std::string format;
  std::string variant;
  bool rated = false;
  std::string result;
  Millis finished_ms = 0;
  MatchPlayerResult self;
  // The other people of the match with their display names.
  struct Opponent {
    MatchPlayerResult line;
    std::string display_name;
    bool bot = false;  // a bot account (migration 014), read with the name
    friend bool operator==(const Opponent&, const Opponent&) = default;
  };
  std::vector<Opponent> opponents;
  friend bool operator==(const FinishedMatch&, const FinishedMatch&) = default;
};

// A player who set a password (migration 006). The name is the player's
// display name; password_hash is crypto_pwhash_str's string.
struct Account {
  PlayerId player = 0;
  std::string name;
  std::string password_hash;
  Millis created_ms = 0;
  Millis changed_ms = 0;
  friend bool operator==(const Account&, const Account&) = default;
};

// A personal API token (migration 014) as its owner's list shows it: the
// token itself is never stored, only its hash (ids.h token_hash).
struct ApiToken {
  std::int64_t id = 0;  // assigned by the store, > 0
  PlayerId player = 0;
  std::string description;
  std::string scopes;  // scope names separated by one space ("bot:play challenge:write")
  Millis created_ms = 0;
  Millis last_used_ms = 0;  // 0: never used
  friend bool operator==(const ApiToken&, const ApiToken&) = default;
};

// A challenge (migration 015, docs/bot-api.md "Challenges"): one player asks
// another to a table with these settings. Only an open one changes, once.
enum class ChallengeStatus { open, accepted, declined, canceled, expired };
const char* challenge_status_name(ChallengeStatus s);  // "open", "accepted", ...
std::optional<ChallengeStatus> challenge_status_from_name(std::string_view name);

struct Challenge {
  std::int64_t id = 0;  // assigned by the store, > 0
  PlayerId challenger = 0;
  PlayerId challenged = 0;
  std::string settings;  // the table settings' JSON text (protocol.md 2.3)
  ChallengeStatus status = ChallengeStatus::open;
  std::string reason;  // declined: the reason's key ("later")
  std::string table;   // accepted: the table it opened
  Millis created_ms = 0;
  Millis expires_ms = 0;
  Millis answered_ms = 0;  // 0 while open
  friend bool operator==(const Challenge&, const Challenge&) = default;
};

// Which of a player's finished games an export reads (Store::games_of_player),
// and where the page starts: after the game `after` names (finish time, match,
// number), in the export's order.
struct GameQuery {
  PlayerId player = 0;
  std::string variant;  // "" any; else the match's variant (its rating pool)
  Millis since_ms = 0;  // finished at or after; 0 no bound
  Millis until_ms = 0;  // finished before; 0 no bound
  struct Cursor {
    Millis finished_ms = 0;
    MatchId match = 0;
    int number = 0;
  } after;
  int limit = 100;  // at most MAX_GAME_PAGE
};

// One game of an export with what a reader needs besides the record.
struct PlayerGame {
  GameRecord game;
  TableId table_id;
  std::string format;
  bool rated = false;
  struct Person {
    int seat = 0;
    PlayerId player = 0;
    std::string display_name;
    bool bot = false;  // a bot account (migration 014), read with the name
    friend bool operator==(const Person&, const Person&) = default;
  };
  std::vector<Person> people;  // the match's people by seat (no computer seats)
  friend bool operator==(const PlayerGame&, const PlayerGame&) = default;
};

// --- profiles and leaderboards (migration 004) -----------------------------

// Where a page of finished matches ends: the next page holds the matches
// finished before it (finished_ms, then match id, both descending), so two
// matches that end in the same millisecond are neither lost nor repeated.
struct MatchCursor {
  Millis finished_ms = 0;  // 0: from the newest
  MatchId match_id = 0;
  friend bool operator==(const MatchCursor&, const MatchCursor&) = default;
};

// One rated match of a player as a point of its rating history.
struct RatingPoint {
  std::string variant;  // the pool
  Millis started_ms = 0;
  Millis finished_ms = 0;
  double before = 0.0;
  double after = 0.0;
  friend bool operator==(const RatingPoint&, const RatingPoint&) = default;
};

// Who is on a pool's leaderboard: deviation below `max_deviation` and a rated
// match at or after `rated_since`; the best `limit`, by rating, then id.
struct LeaderboardQuery {
  std::string variant;
  double max_deviation = 110.0;
  Millis rated_since = 0;
  int limit = 100;
};

struct LeaderboardEntry {
  Rating rating;
  std::string display_name;
  bool bot = false;  // a bot account (migration 014), read with the name
  friend bool operator==(const LeaderboardEntry&, const LeaderboardEntry&) = default;
};

// The exact analysis of a finished game (migration 005), as the server
// computed it: its JSON is opaque to the store.
// Per seat, what the analysis says of its play (migration 013): the moves
// where some move would have lost the result, how many of those kept it,
// and the moves that changed it.
struct SeatAccuracy {
  int seat = 0;
  int decisive = 0;
  int kept = 0;
  int mistakes = 0;
  friend bool operator==(const SeatAccuracy&, const SeatAccuracy&) = default;
};

struct StoredAnalysis {
  MatchId match_id = 0;
  int game_number = 1;
  int format = 1;  // the server's layout version of analysis_json
  std::string analysis_json;
  Millis computed_ms = 0;
  std::vector<SeatAccuracy> seats;  // by seat; empty for a game without analysis
  friend bool operator==(const StoredAnalysis&, const StoredAnalysis&) = default;
};

// A game waiting for, or under, its exact analysis (migration 013).
enum class AnalysisJobState : std::uint8_t { queued, running, done };
const char* analysis_job_state_name(AnalysisJobState s);  // "queued", "running", "done"

// Larger first (store.h claim_analysis_job).
namespace analysis_priority {
inline constexpr int backlog = 0;  // an older game nobody waits for
inline constexpr int casual = 1;   // an unrated game just finished
inline constexpr int rated = 2;    // a rated game just finished
inline constexpr int waiting = 3;  // a person waits on the game page
}  // namespace analysis_priority

struct AnalysisJob {
  MatchId match_id = 0;
  int game_number = 1;
  TableId table_id;  // the match's table
  int priority = 0;
  AnalysisJobState state = AnalysisJobState::queued;
  Millis queued_ms = 0;
  std::string owner;  // the worker holding it while running
  Millis lease_until_ms = 0;
  std::int64_t claim = 0;  // the claim a completion must name
  int attempts = 0;
  friend bool operator==(const AnalysisJob&, const AnalysisJob&) = default;
};

// One variant's sum over a player's analysed games (the profile).
struct VariantAccuracy {
  std::string variant;
  int games = 0;
  int decisive = 0;
  int kept = 0;
  int mistakes = 0;
  friend bool operator==(const VariantAccuracy&, const VariantAccuracy&) = default;
};

// A player waiting in a pool to be paired (migration 017, protocol.md 2.19):
// one per player. `table` is empty while they wait, then the table they
// were paired at (at paired_ms).
struct PoolWait {
  PlayerId player = 0;
  std::string pool;     // the pool's id ("classic-5-5-rated")
  double rating = 0.0;  // in the pool's rating pool when they joined
  Millis joined_ms = 0;
  Millis seen_ms = 0;  // the last time a page of theirs said it still waits
  TableId table;
  Millis paired_ms = 0;
  friend bool operator==(const PoolWait&, const PoolWait&) = default;
};

// A table that was open or playing when the process stopped, with everything
// the room needs to continue: its latest unfinished match, that match's games,
// and the moves of all those games (ordered by game, then ply).
struct LiveTable {
  TableRecord table;
  std::optional<MatchRecord> match;
  std::vector<GameRecord> games;
  std::vector<MoveRecord> moves;
};

// A puzzle's own rating (migration 016): Glicko-2 values as in Rating, kept
// by the puzzle's id once someone attempted it.
struct PuzzleScore {
  std::string puzzle;
  std::string variant;
  double rating = 1500.0;
  double deviation = 500.0;
  double volatility = 0.06;
  Millis last_rated_ms = 0;
  int attempts = 0;  // rated attempts
  int solved = 0;    // of them, solved
  friend bool operator==(const PuzzleScore&, const PuzzleScore&) = default;
};

// A player's rated (first) attempt at a puzzle (migration 016).
struct PuzzleAttempt {
  PlayerId player = 0;
  std::string puzzle;
  std::string variant;
  bool solved = false;
  Millis at_ms = 0;
  double rating_before = 0.0;  // the player's puzzle rating in the variant
  double rating_after = 0.0;
  friend bool operator==(const PuzzleAttempt&, const PuzzleAttempt&) = default;
};

// What a rated attempt keeps: the attempt and the two ratings it produced.
struct PuzzleRated {
  PuzzleAttempt attempt;
  Rating player;       // the player's puzzle rating in the variant after it
  PuzzleScore puzzle;  // the puzzle's rating after it
  friend bool operator==(const PuzzleRated&, const PuzzleRated&) = default;
};

// Where a page of a player's puzzle attempts ends: the next page holds the
// attempts made before it (at_ms, then puzzle id, both descending).
struct PuzzleCursor {
  Millis at_ms = 0;  // 0: from the newest
  std::string puzzle;
  friend bool operator==(const PuzzleCursor&, const PuzzleCursor&) = default;
};

}  // namespace ft::store
