// The store: one interface, two implementations (SQLite for one node,
// PostgreSQL for several), one contract test suite (tests/store) that both
// must pass. The server is its only writer.
//
// Contract every implementation keeps:
// - Durability: when a write method returns, the write survives the process
//   being killed (SIGKILL) and, with the default settings, the machine losing
//   power. The server acknowledges a move only after append_moves returns.
// - Atomicity: each method is one transaction; on an exception nothing of it
//   is written.
// - Threading: every method may be called from any thread. Writes are
//   serialised on one connection, reads on a second one (each behind its own
//   mutex), so a read never waits for a commit's fsync and never sees an
//   uncommitted write. Calls block on disk or network I/O, so the server
//   calls them from its own store thread or pool, never from an I/O thread.
// - Errors: failures throw StoreError with a code the caller can branch on;
//   nothing else escapes. Lookups of something that does not exist return an
//   empty optional / vector; writes that refer to something that does not
//   exist throw StoreError{not_found}.
// - Time: every timestamp is passed in (records.h); the store never reads the
//   clock.
#pragma once

#include <exception>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "store/records.h"

namespace ft::store {

enum class StoreErrc {
  not_found,    // an id that does not exist (table, match, game, player)
  conflict,     // a duplicate key: existing table id, a ply already stored, a finished match
  bad_input,    // a value the schema cannot hold (empty id, gap in plies, bad URL)
  unavailable,  // cannot reach / open the database, disk full, connection lost
  schema,       // the database's schema is newer than this build, or a migration failed
  internal,     // anything else the database reported
};
const char* store_errc_name(StoreErrc code);  // "not-found", "conflict", ...

class StoreError : public std::runtime_error {
 public:
  StoreError(StoreErrc code, const std::string& message)
      : std::runtime_error(message), code_(code) {}
  StoreErrc code() const { return code_; }

 private:
  StoreErrc code_;
};

// Filter for the lobby.
struct TableQuery {
  bool listed_only = true;  // skip link-only tables
  std::vector<TableStatus> statuses = {TableStatus::open, TableStatus::playing};
  int limit = 200;
  // Only the tables where this player holds a seat ("your games" on every
  // node of several; migration 007 indexes seats by player).
  std::optional<PlayerId> player;
};

class Store {
 public:
  virtual ~Store() = default;
  Store() = default;
  Store(const Store&) = delete;
  Store& operator=(const Store&) = delete;

  // "sqlite" or "postgres".
  virtual std::string_view backend() const = 0;
  // The schema version after the migrations applied at open.
  virtual int schema_version() = 0;

  // --- players (guests) -------------------------------------------------
  // Creates a player identified by `token` (the raw cookie value; only its
  // hash is stored). conflict if the token is already in use.
  virtual Player create_player(std::string_view token, std::string_view display_name,
                               Millis now) = 0;
  virtual std::optional<Player> find_player(PlayerId id) = 0;
  virtual std::optional<Player> find_player_by_token(std::string_view token) = 0;
  // not_found for an unknown id; bad_input for an empty name or one without
  // a visible character; conflict if another player kept a name with the
  // same key (names.h name_key: a look-alike; set_account). The caller
  // checks the name's rule first (names.h clean_name).
  virtual void rename_player(PlayerId id, std::string_view display_name) = 0;
  virtual void touch_player(PlayerId id, Millis now) = 0;  // sets seen_ms

  // --- tables -----------------------------------------------------------
  // conflict if the id exists; bad_input for an empty id.
  virtual void create_table(const TableRecord& table) = 0;
  virtual std::optional<TableRecord> find_table(const TableId& id) = 0;
  // Replaces the seat list (a person sits down, a seat is freed).
  virtual void set_seats(const TableId& id, std::span<const Seat> seats, Millis now) = 0;
  virtual void set_table_status(const TableId& id, TableStatus status, Millis now) = 0;
  // Newest first.
  virtual std::vector<TableRecord> list_tables(const TableQuery& query) = 0;

  // --- matches ----------------------------------------------------------
  // not_found for an unknown table.
  virtual MatchId create_match(const NewMatch& match) = 0;
  virtual std::optional<MatchRecord> find_match(MatchId id) = 0;
  // The table's matches, oldest first.
  virtual std::vector<MatchRecord> matches_of_table(const TableId& id) = 0;
  // Any state change that is not a move (ready flags, clocks paused between
  // games, a game over). conflict if the match is finished.
  virtual void save_snapshot(MatchId id, const MatchSnapshot& snapshot) = 0;
  // Ends the match: result, final state, each person's line and new ratings,
  // all in one transaction. conflict if already finished.
  virtual void finish_match(MatchId id, const MatchFinish& finish) = 0;

  // --- games ------------------------------------------------------------
  // conflict if (match, number) exists; not_found for an unknown match.
  virtual void start_game(const GameRecord& game) = 0;
  // Sets result, record and finished_ms; optionally the match snapshot in the
  // same transaction.
  virtual void finish_game(MatchId match, int number, std::string_view result,
                           std::string_view record, Millis now,
                           const std::optional<MatchSnapshot>& snapshot) = 0;
  virtual std::optional<GameRecord> find_game(MatchId match, int number) = 0;
  virtual std::vector<GameRecord> games_of_match(MatchId match) = 0;

  // --- moves ------------------------------------------------------------
  // Writes the moves (and their snapshots) in ONE transaction, durable when
  // this returns: the server may batch the moves of many tables that arrived
  // within a few milliseconds (group commit) and acknowledge them all after
  // this call. All or nothing: not_found if a game does not exist (start_game
  // first); conflict if a ply is already stored or the game or match is
  // finished; bad_input if a ply leaves a gap or a field is empty/negative.
  virtual void append_moves(std::span<const MoveWrite> moves) = 0;
  void append_move(const MoveWrite& move) { append_moves(std::span(&move, 1)); }
  // Ordered by ply.
  virtual std::vector<MoveRecord> moves_of_game(MatchId match, int number) = 0;

  // --- group commit ---------------------------------------------------------
  // One write: any sequence of calls to this store's write (and read) methods.
  using Write = std::function<void(Store&)>;
  // Runs every write in ONE transaction (one fsync), in order, and returns
  // when they are durable, with one entry per write: null if it is written,
  // else the exception it threw. A write's calls run on this thread and see
  // the batch's earlier writes; reads from other threads see none of the
  // batch until it commits. A write that throws is undone as a whole and the
  // others still commit: the batch is rolled back and run again with each
  // write in a transaction of its own, so a write may run twice and must not
  // depend on state it changes outside the store, other than setting it
  // again. A write must let a StoreError of its calls escape: one that it
  // catches still fails the write (the failed call may have written part of
  // itself). Never throws; a commit that fails is every write's error.
  // GroupCommitter (group_commit.h) feeds it.
  virtual std::vector<std::exception_ptr> write_batch(std::span<const Write> writes) = 0;

  // --- ratings and profiles ---------------------------------------------
  virtual std::optional<Rating> find_rating(PlayerId player, std::string_view variant) = 0;
  virtual std::vector<Rating> ratings_of(PlayerId player) = 0;  // ordered by variant
  // Newest first; `before_ms` > 0 pages backwards (matches finished before it).
  virtual std::vector<FinishedMatch> finished_matches(PlayerId player, int limit,
                                                      Millis before_ms = 0) = 0;

  // --- a name to keep: accounts and sessions (migration 006) --------------
  // A player may have several session tokens (one per browser it logged in
  // from); find_player_by_token finds any of them. As with create_player
  // only the token's hash is stored. conflict if the token is in use;
  // not_found for an unknown player; bad_input for an empty token.
  virtual void add_session(std::string_view token, PlayerId player, Millis now) = 0;
  // Forgets the token (log out); nothing if it is unknown.
  virtual void end_session(std::string_view token) = 0;
  // Forgets every token of the player but `keep` (a changed password logs
  // the other browsers out). How many were forgotten.
  virtual int end_other_sessions(PlayerId player, std::string_view keep) = 0;
  // Sets the player's password hash and, in the same transaction, its
  // display name (the kept name). conflict if another account's name has the
  // same key (names.h name_key, kept in accounts.name_skeleton under a unique
  // index, migration 012); not_found for an unknown player; bad_input for an
  // empty name or hash or a name without a visible character.
  virtual void set_account(PlayerId player, std::string_view name, std::string_view password_hash,
                           Millis now) = 0;
  virtual std::optional<Account> find_account(PlayerId player) = 0;
  // By names.h name_key: "ann", "ANN" and "Аnn" (Cyrillic А) find "Ann".
  virtual std::optional<Account> find_account_by_name(std::string_view name) = 0;

  // --- personal API tokens and bot accounts (migration 014) -----------------
  // Keeps a new token of the player (only its hash, as with sessions) with
  // its description and scopes; nullopt, writing nothing, when the player
  // holds `max_per_player` tokens already. not_found for an unknown player;
  // bad_input for an empty token, description or scopes; conflict if the
  // token is in use.
  virtual std::optional<ApiToken> add_api_token(std::string_view token, PlayerId player,
                                                std::string_view description,
                                                std::string_view scopes, Millis now,
                                                int max_per_player) = 0;
  // The player's tokens, oldest first.
  virtual std::vector<ApiToken> api_tokens_of(PlayerId player) = 0;
  // The token's row; nullopt for a token never made or revoked.
  virtual std::optional<ApiToken> find_api_token(std::string_view token) = 0;
  // Deletes the player's token `id`; false when the player holds no such token.
  virtual bool revoke_api_token(PlayerId player, std::int64_t id) = 0;
  // Notes a use of token `id` at `now`; nothing for one revoked meanwhile.
  virtual void touch_api_token(std::int64_t id, Millis now) = 0;
  enum class BotUpgrade { done, already_bot, no_account, has_games };
  // Makes the player a bot for good (Player::bot_ms = now) when it has a
  // password and never held a seat at a table; else says why not, writing
  // nothing. not_found for an unknown player.
  virtual BotUpgrade make_bot(PlayerId player, Millis now) = 0;

  // --- challenges (migration 015, docs/bot-api.md "Challenges") ------------
  // A new open challenge of `challenger` to `challenged` with the table
  // settings `settings` (JSON text), open until `expires_ms`; nullopt,
  // writing nothing, when the challenger has `max_open` open challenges
  // (sent, not expired at `now`) already. not_found for an unknown player;
  // bad_input for a challenge to oneself or empty settings.
  virtual std::optional<Challenge> add_challenge(PlayerId challenger, PlayerId challenged,
                                                 std::string_view settings, Millis now,
                                                 Millis expires_ms, int max_open) = 0;
  virtual std::optional<Challenge> find_challenge(std::int64_t id) = 0;
  // The player's open challenges not expired at `now`, sent and received,
  // oldest first.
  virtual std::vector<Challenge> open_challenges_of(PlayerId player, Millis now) = 0;
  // An answer to challenge `id` by player `by`: `to` is accepted (with
  // `table`) or declined (with `reason`) by the challenged player, canceled
  // by the challenger. Only an open challenge not expired at `now` changes
  // (one found expired is marked so now); of two answers at once one
  // changes it. The challenge as it stands after, with whether this call
  // changed it.
  enum class ChallengeAnswer { done, not_found, not_yours, not_open };
  struct Answered {
    ChallengeAnswer answer = ChallengeAnswer::not_found;
    std::optional<Challenge> challenge;
  };
  virtual Answered answer_challenge(std::int64_t id, PlayerId by, ChallengeStatus to,
                                    std::string_view reason, std::string_view table,
                                    Millis now) = 0;
  // Whether an open challenge's time ran out by `now` (a read: the sweep
  // of every node asks each second, and writes only when there is one).
  virtual bool challenges_due(Millis now) = 0;
  // At most `limit` open challenges whose time ran out by `now`, marked
  // expired and returned: each once, to whichever node asks first.
  virtual std::vector<Challenge> expire_challenges(Millis now, int limit) = 0;
  // --- puzzle ratings and attempts (migration 016) -------------------------
  // A player's puzzle rating in a variant (Rating::games counts rated
  // attempts), a pool apart from find_rating's; nullopt before the first.
  virtual std::optional<Rating> find_puzzle_rating(PlayerId player, std::string_view variant) = 0;
  // The puzzle's own rating; nullopt before its first rated attempt.
  virtual std::optional<PuzzleScore> find_puzzle_score(std::string_view puzzle) = 0;
  // Every puzzle of the variant that has a rating, by id (one query: the
  // server matches a player to a puzzle over the whole variant).
  virtual std::vector<PuzzleScore> puzzle_scores_of(std::string_view variant) = 0;
  // The player's rated attempt at the puzzle, if any.
  virtual std::optional<PuzzleAttempt> find_puzzle_attempt(PlayerId player,
                                                           std::string_view puzzle) = 0;
  // The player's attempts in a variant, newest first, at most `limit`.
  virtual std::vector<PuzzleAttempt> puzzle_attempts_of(PlayerId player, std::string_view variant,
                                                        int limit) = 0;
  // The player's puzzle ratings, one per variant, ordered by variant.
  virtual std::vector<Rating> puzzle_ratings_of(PlayerId player) = 0;
  // A page of the player's attempts in every variant, newest first (at_ms,
  // then puzzle id, both descending), after `before` (at_ms 0: from the
  // newest), at most `limit`.
  virtual std::vector<PuzzleAttempt> puzzle_attempts_page(PlayerId player, int limit,
                                                          const PuzzleCursor& before) = 0;
  // The player's first attempt at a puzzle, rated: in one transaction that
  // holds the player's puzzle rating in the variant and the puzzle's rating
  // locked against every other writer (PostgreSQL: the rows, made first when
  // new, FOR UPDATE; SQLite: the writer lock), reads both as they stand
  // (nullopt: none yet), calls `rate` with them and keeps the attempt and
  // both ratings it returns. So two attempts at once at the same puzzle, or
  // by the same player, never rate from the same old value: each reads what
  // the other wrote. nullopt, writing nothing, when the player attempted the
  // puzzle already (of two first attempts at once, one is rated). not_found
  // for an unknown player; bad_input when `rate` returns another player,
  // puzzle or variant (nothing is written).
  using RatePuzzle = std::function<PuzzleRated(const std::optional<Rating>& player,
                                               const std::optional<PuzzleScore>& puzzle)>;
  virtual std::optional<PuzzleRated> rate_puzzle_attempt(PlayerId player, std::string_view puzzle,
                                                         std::string_view variant,
                                                         const RatePuzzle& rate) = 0;

  // --- failed logins (migrations 008 and 010) ---------------------------
  // Kept here so that every node counts the same failures (a login may
  // reach any node behind nginx) and a restart forgets none.
  struct LoginFailures {
    std::vector<Millis> by_name;              // newest first
    std::vector<Millis> by_address;           // newest first
    std::vector<Millis> by_name_and_address;  // newest first
  };
  // The newest `limit` failures after `since` for the name key, for the
  // address, and for the two together.
  virtual LoginFailures login_failures(std::string_view name_key, std::string_view address,
                                       Millis since, int limit) = 0;
  // Records a failure and forgets every one at or before `forget_until`.
  virtual void add_login_failure(std::string_view name_key, std::string_view address, Millis at,
                                 Millis forget_until) = 0;
  // A login succeeded: the failures of that name from that address are
  // forgotten (the name's from elsewhere and the address's for other names
  // stay).
  virtual void clear_login_failures(std::string_view name_key, std::string_view address) = 0;
  // Where the player's logins succeeded (010): `address` is noted at `now`,
  // and every address noted at or before `forget_until` (any player's) is
  // forgotten. not_found for an unknown player.
  virtual void add_login_address(PlayerId player, std::string_view address, Millis now,
                                 Millis forget_until) = 0;
  // Whether a login of the player succeeded from `address` after `since`.
  virtual bool login_address_known(PlayerId player, std::string_view address, Millis since) = 0;
  // Wrong old passwords in a change of password, by the session's token (as
  // with sessions only its hash is stored): the newest `limit` after `since`,
  // newest first; adding one forgets every one at or before `forget_until`.
  virtual std::vector<Millis> password_failures(std::string_view token, Millis since,
                                                int limit) = 0;
  virtual void add_password_failure(std::string_view token, Millis at, Millis forget_until) = 0;

  // --- export -----------------------------------------------------------
  // One page of the player's finished games of finished matches (games lost
  // unplayed with the match left out: GameRecord::unplayed), ordered by
  // (finished_ms, match, number), starting after query.after; at most
  // min(query.limit, MAX_GAME_PAGE) of them, so an export never has more
  // than one page in memory. bad_input for a limit <= 0.
  static constexpr int MAX_GAME_PAGE = 200;
  virtual std::vector<PlayerGame> games_of_player(const GameQuery& query) = 0;

  // --- profiles and leaderboards (migration 004) ---------------------------
  // A page of finished_matches after `cursor` (a zero cursor: the newest).
  virtual std::vector<FinishedMatch> finished_matches_page(PlayerId player, int limit,
                                                           const MatchCursor& cursor) = 0;
  // Every finished match of the player, oldest first, with every seat's line
  // (opponents without names) and the result: what win/draw/loss counts need,
  // in one query.
  virtual std::vector<FinishedMatch> match_results(PlayerId player) = 0;
  // The player's rated matches that changed a rating, oldest first.
  virtual std::vector<RatingPoint> rating_history(PlayerId player) = 0;
  // The best of a pool (LeaderboardQuery), best first.
  virtual std::vector<LeaderboardEntry> leaderboard(const LeaderboardQuery& query) = 0;
  // The player's 1-based place among everyone the query admits (ignoring its
  // limit); nullopt if the query does not admit the player.
  virtual std::optional<int> leaderboard_place(const LeaderboardQuery& query, PlayerId player) = 0;

  // --- exact analysis of finished games (migration 005) -------------------
  // Stores the analysis of a game, replacing an earlier one (a newer format).
  // not_found if the game does not exist; bad_input for empty JSON.
  virtual void save_analysis(const StoredAnalysis& analysis) = 0;
  virtual std::optional<StoredAnalysis> find_analysis(MatchId match, int number) = 0;

  // --- the analysis queue (migration 013) ----------------------------------
  // Every node and worker shares it: a game is analysed once in all.
  // Queues the game at `priority` (analysis_priority), or raises a queued
  // or running job's priority to it. Nothing when an analysis of at least
  // `min_format` is stored (nullopt then); a done job whose stored analysis
  // is older is queued again. The job as it stands after the call.
  // not_found if the game does not exist.
  virtual std::optional<AnalysisJob> queue_analysis(MatchId match, int number, int priority,
                                                    Millis now, int min_format) = 0;
  // Takes the next job for `worker` until now + lease_ms: the queued one of
  // the highest priority (then the oldest), or a running one whose lease
  // ran out at or before `now` (its worker died) and that was claimed fewer
  // than `max_attempts` times. One statement: two workers never take the
  // same job (PostgreSQL: FOR UPDATE SKIP LOCKED; SQLite: the writer lock).
  // nullopt when there is none. bad_input for an empty worker or lease_ms <= 0.
  virtual std::optional<AnalysisJob> claim_analysis_job(std::string_view worker, Millis now,
                                                        Millis lease_ms, int max_attempts) = 0;
  // Extends the lease of the job's claim `claim` to now + lease_ms; false
  // when that claim is no longer the job's (claimed again, or done).
  virtual bool renew_analysis_job(MatchId match, int number, std::int64_t claim, Millis now,
                                  Millis lease_ms) = 0;
  // Stores the analysis of the job's claim `claim` and marks the job done,
  // in one transaction; false, storing nothing, when that claim is no longer
  // the job's. So a result is stored once, by the last claim. bad_input for
  // empty JSON.
  virtual bool complete_analysis_job(const StoredAnalysis& analysis, std::int64_t claim) = 0;
  // A worker that stops: its claim's job is queued again at once.
  virtual void release_analysis_job(MatchId match, int number, std::int64_t claim) = 0;
  virtual std::optional<AnalysisJob> find_analysis_job(MatchId match, int number) = 0;
  // Queued jobs that a claim at `now` takes before `job` (its place, less one).
  virtual int analysis_jobs_ahead(const AnalysisJob& job) = 0;
  // A player's analysed games of finished matches, summed per variant
  // (ordered by variant).
  virtual std::vector<VariantAccuracy> accuracy_of(PlayerId player) = 0;

  // --- pools: players waiting to be paired (migration 017) -------------------
  // Every node shares them, so players waiting on different nodes meet.
  // The player's wait, paired or not, if any.
  virtual std::optional<PoolWait> find_pool_wait(PlayerId player) = 0;
  // Puts `wait` in place of the player's wait, if any. not_found for an
  // unknown player; bad_input for an empty pool.
  virtual void put_pool_wait(const PoolWait& wait) = 0;
  // Sets seen_ms of the player's wait; false when they have none.
  virtual bool touch_pool_wait(PlayerId player, Millis now) = 0;
  // Ends the player's wait in `pool` unless it is paired; whether it did.
  virtual bool end_pool_wait(PlayerId player, std::string_view pool) = 0;
  // Waits not paired and seen at or after `seen_since`, in every pool,
  // longest waiting first.
  virtual std::vector<PoolWait> pool_waits(Millis seen_since) = 0;
  // Pairs the waits of `a` and `b` at `table`: both must be in `pool`, not
  // paired and seen at or after `seen_since`; false, changing nothing,
  // otherwise. Two pairings never take one wait: PostgreSQL locks both
  // rows FOR UPDATE SKIP LOCKED (a row another pairing holds counts as
  // taken), SQLite runs under the writer lock.
  virtual bool pair_pool_waits(std::string_view pool, PlayerId a, PlayerId b, const TableId& table,
                               Millis now, Millis seen_since) = 0;
  // Deletes every wait, paired or not, last seen before `before`; how many.
  virtual int drop_pool_waits(Millis before) = 0;

  // --- several nodes: who runs a table's room -----------------------------
  // Takes the table's lease for `node` until now + lease_ms, or renews it if
  // `node` holds it. Returns false, changing nothing, while another node's
  // lease runs. Atomic across nodes (one upsert). not_found for an unknown
  // table; bad_input for an empty node or lease_ms <= 0. Nodes compare their
  // own clocks with the stored time, so keep them in sync (NTP) and the
  // lease long against the skew (tens of seconds).
  virtual bool claim_table(const TableId& id, std::string_view node, Millis now,
                           Millis lease_ms) = 0;
  // Gives the lease up if `node` holds it (a clean shutdown); else nothing.
  virtual void release_table(const TableId& id, std::string_view node) = 0;
  // The node whose lease on the table runs at `now`, if any.
  virtual std::optional<std::string> table_owner(const TableId& id, Millis now) = 0;
  // Renews, in one statement, every lease `node` still holds at `now` to now +
  // lease_ms; the tables it holds (a lease that ran out is not renewed: the
  // node must stop running that room).
  virtual std::vector<TableId> renew_tables(std::string_view node, Millis now, Millis lease_ms) = 0;
  // A clean shutdown: every lease of `node` ends at `now`, so any node may
  // claim the tables at once.
  virtual void release_tables(std::string_view node, Millis now) = 0;
  // Open or playing tables that no lease covers since `before` (none ever
  // taken, or it ran out at or before `before`): tables of a node that died
  // and that nobody has asked for. At most `limit`, oldest first.
  virtual std::vector<TableId> unleased_tables(Millis before, int limit) = 0;
  // Inside a write: throws StoreError{conflict} unless `node` holds the
  // table's lease at `now`. On PostgreSQL the lease row stays locked until
  // the transaction ends, so no other node's claim slips in before it commits.
  virtual void check_lease(const TableId& id, std::string_view node, Millis now) = 0;

  // --- recovery ---------------------------------------------------------
  // Every table whose status is open or playing, with its latest unfinished
  // match, games and moves: what the server needs to bring every room back
  // after a SIGKILL. Oldest table first.
  virtual std::vector<LiveTable> load_live_tables() = 0;
};

// Opens a store by URL and applies pending migrations:
//   sqlite:PATH                   e.g. sqlite:./fourtable.db (a relative path is
//                                 relative to the working directory)
//   sqlite:PATH?synchronous=normal  trade power-loss durability for speed
//                                 (SIGKILL durability stays; docs/operations.md)
//   sqlite::memory:               a private in-memory database (tests only)
//   postgres://user:pass@host:port/db?...   or postgresql://..., any libpq URI
// Throws StoreError{bad_input} for an unknown scheme, {unavailable} when the
// database cannot be opened or reached, {schema} when its schema is newer
// than this build.
std::unique_ptr<Store> open_store(std::string_view url);

// The URL used when none is given: sqlite:./fourtable.db
inline constexpr std::string_view DEFAULT_STORE_URL = "sqlite:./fourtable.db";

}  // namespace ft::store
