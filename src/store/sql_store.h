// The store's logic, written once in SQL both databases understand, on top of
// a driver (sql_db.h). Both open_store("sqlite:...") and
// open_store("postgres://...") return one of these; the contract tests in
// tests/store run the same cases against each.
#pragma once

#include <memory>
#include <mutex>

#include "store/sql_db.h"
#include "store/store.h"

namespace ft::store {

class SqlStore final : public Store {
 public:
  // Applies pending migrations before returning. Writes go to `writer`;
  // reads go to `reader` when given (a second connection to the same
  // database, so reads do not wait for a commit's fsync), else to `writer`.
  explicit SqlStore(std::unique_ptr<sql::Db> writer, std::unique_ptr<sql::Db> reader = nullptr);

  std::string_view backend() const override { return db_->dialect(); }
  int schema_version() override;

  Player create_player(std::string_view token, std::string_view display_name, Millis now) override;
  std::optional<Player> find_player(PlayerId id) override;
  std::optional<Player> find_player_by_token(std::string_view token) override;
  void rename_player(PlayerId id, std::string_view display_name) override;
  void touch_player(PlayerId id, Millis now) override;

  void create_table(const TableRecord& table) override;
  std::optional<TableRecord> find_table(const TableId& id) override;
  void set_seats(const TableId& id, std::span<const Seat> seats, Millis now) override;
  void set_table_status(const TableId& id, TableStatus status, Millis now) override;
  std::vector<TableRecord> list_tables(const TableQuery& query) override;

  MatchId create_match(const NewMatch& match) override;
  std::optional<MatchRecord> find_match(MatchId id) override;
  std::vector<MatchRecord> matches_of_table(const TableId& id) override;
  void save_snapshot(MatchId id, const MatchSnapshot& snapshot) override;
  void finish_match(MatchId id, const MatchFinish& finish) override;

  void start_game(const GameRecord& game) override;
  void finish_game(MatchId match, int number, std::string_view result, std::string_view record,
                   Millis now, const std::optional<MatchSnapshot>& snapshot) override;
  std::optional<GameRecord> find_game(MatchId match, int number) override;
  std::vector<GameRecord> games_of_match(MatchId match) override;

  void append_moves(std::span<const MoveWrite> moves) override;
  std::vector<MoveRecord> moves_of_game(MatchId match, int number) override;

  std::vector<std::exception_ptr> write_batch(std::span<const Write> writes) override;

  std::optional<Rating> find_rating(PlayerId player, std::string_view variant) override;
  std::vector<Rating> ratings_of(PlayerId player) override;
  std::vector<FinishedMatch> finished_matches(PlayerId player, int limit,
                                              Millis before_ms) override;
  std::vector<FinishedMatch> finished_matches_page(PlayerId player, int limit,
                                                   const MatchCursor& cursor) override;
  std::vector<FinishedMatch> match_results(PlayerId player) override;
  std::vector<RatingPoint> rating_history(PlayerId player) override;
  std::vector<LeaderboardEntry> leaderboard(const LeaderboardQuery& query) override;
  std::optional<int> leaderboard_place(const LeaderboardQuery& query, PlayerId player) override;

  void add_session(std::string_view token, PlayerId player, Millis now) override;
  void end_session(std::string_view token) override;
  int end_other_sessions(PlayerId player, std::string_view keep) override;
  void set_account(PlayerId player, std::string_view name, std::string_view password_hash,
                   Millis now) override;
  std::optional<Account> find_account(PlayerId player) override;
  std::optional<Account> find_account_by_name(std::string_view name) override;
  std::optional<ApiToken> add_api_token(std::string_view token, PlayerId player,
                                        std::string_view description, std::string_view scopes,
                                        Millis now, int max_per_player) override;
  std::vector<ApiToken> api_tokens_of(PlayerId player) override;
  std::optional<ApiToken> find_api_token(std::string_view token) override;
  bool revoke_api_token(PlayerId player, std::int64_t id) override;
  void touch_api_token(std::int64_t id, Millis now) override;
  BotUpgrade make_bot(PlayerId player, Millis now) override;
  std::optional<Challenge> add_challenge(PlayerId challenger, PlayerId challenged,
                                         std::string_view settings, Millis now, Millis expires_ms,
                                         int max_open) override;
  std::optional<Challenge> find_challenge(std::int64_t id) override;
  std::vector<Challenge> open_challenges_of(PlayerId player, Millis now) override;
  Answered answer_challenge(std::int64_t id, PlayerId by, ChallengeStatus to,
                            std::string_view reason, std::string_view table, Millis now) override;
  bool challenges_due(Millis now) override;
  std::vector<Challenge> expire_challenges(Millis now, int limit) override;
  std::optional<Rating> find_puzzle_rating(PlayerId player, std::string_view variant) override;
  std::optional<PuzzleScore> find_puzzle_score(std::string_view puzzle) override;
  std::vector<PuzzleScore> puzzle_scores_of(std::string_view variant) override;
  std::optional<PuzzleAttempt> find_puzzle_attempt(PlayerId player,
                                                   std::string_view puzzle) override;
  std::vector<PuzzleAttempt> puzzle_attempts_of(PlayerId player, std::string_view variant,
                                                int limit) override;
  std::vector<Rating> puzzle_ratings_of(PlayerId player) override;
  std::vector<PuzzleAttempt> puzzle_attempts_page(PlayerId player, int limit,
                                                  const PuzzleCursor& before) override;
  std::optional<PuzzleRated> rate_puzzle_attempt(PlayerId player, std::string_view puzzle,
                                                 std::string_view variant,
                                                 const RatePuzzle& rate) override;
  LoginFailures login_failures(std::string_view name_key, std::string_view address, Millis since,
                               int limit) override;
  void add_login_failure(std::string_view name_key, std::string_view address, Millis at,
                         Millis forget_until) override;
  void clear_login_failures(std::string_view name_key, std::string_view address) override;
  void add_login_address(PlayerId player, std::string_view address, Millis now,
                         Millis forget_until) override;
  bool login_address_known(PlayerId player, std::string_view address, Millis since) override;
  std::vector<Millis> password_failures(std::string_view token, Millis since, int limit) override;
  void add_password_failure(std::string_view token, Millis at, Millis forget_until) override;
  std::vector<PlayerGame> games_of_player(const GameQuery& query) override;

  void save_analysis(const StoredAnalysis& analysis) override;
  std::optional<StoredAnalysis> find_analysis(MatchId match, int number) override;
  std::optional<AnalysisJob> queue_analysis(MatchId match, int number, int priority, Millis now,
                                            int min_format) override;
  std::optional<AnalysisJob> claim_analysis_job(std::string_view worker, Millis now,
                                                Millis lease_ms, int max_attempts) override;
  bool renew_analysis_job(MatchId match, int number, std::int64_t claim, Millis now,
                          Millis lease_ms) override;
  bool complete_analysis_job(const StoredAnalysis& analysis, std::int64_t claim) override;
  void release_analysis_job(MatchId match, int number, std::int64_t claim) override;
  std::optional<AnalysisJob> find_analysis_job(MatchId match, int number) override;
  int analysis_jobs_ahead(const AnalysisJob& job) override;
  std::vector<VariantAccuracy> accuracy_of(PlayerId player) override;

  std::optional<PoolWait> find_pool_wait(PlayerId player) override;
  void put_pool_wait(const PoolWait& wait) override;
  bool touch_pool_wait(PlayerId player, Millis now) override;
  bool end_pool_wait(PlayerId player, std::string_view pool) override;
  std::vector<PoolWait> pool_waits(Millis seen_since) override;
  bool pair_pool_waits(std::string_view pool, PlayerId a, PlayerId b, const TableId& table,
                       Millis now, Millis seen_since) override;
  int drop_pool_waits(Millis before) override;

  bool claim_table(const TableId& id, std::string_view node, Millis now, Millis lease_ms) override;
  void release_table(const TableId& id, std::string_view node) override;
  std::optional<std::string> table_owner(const TableId& id, Millis now) override;
  std::vector<TableId> renew_tables(std::string_view node, Millis now, Millis lease_ms) override;
  void release_tables(std::string_view node, Millis now) override;
  std::vector<TableId> unleased_tables(Millis before, int limit) override;
  void check_lease(const TableId& id, std::string_view node, Millis now) override;

  std::vector<LiveTable> load_live_tables() override;

  // The writer's driver, for driver-specific tests (PRAGMAs). Not for the server.
  sql::Db& db() { return *db_; }

 private:
  void migrate();
  void fill_name_skeletons();
  // Runs f inside a transaction under the mutex; rolls back on any exception.
  // Inside write_batch (on the batch's thread) f joins the batch's transaction.
  template <typename F>
  auto transaction(F&& f) -> decltype(f());
  // One transaction for all of `writes`; null when it committed, else the
  // first error (after rolling back).
  std::exception_ptr run_batch(std::span<const Write> writes);

  class ReadScope;
  // rate_puzzle_attempt's writes, in its transaction, over the rows it made.
  void write_puzzle_rated(const PuzzleRated& rated);
  std::vector<Seat> seats_of(sql::Db& db, const TableId& id);
  std::optional<TableRecord> table_row(sql::Db& db, const TableId& id);
  void write_snapshot(MatchId id, const MatchSnapshot& snapshot);
  // save_analysis's writes, inside the caller's transaction.
  void write_analysis(const StoredAnalysis& analysis);
  void check_match_open(MatchId id);
  // A name's keys in accounts: name_skeleton (012) and name_key (006).
  // bad_input for a name without a visible character (an empty skeleton).
  struct NameKeys {
    std::string skeleton;
    std::string folded;
  };
  static NameKeys name_keys(std::string_view name);
  // conflict if a player other than `player` kept a name with these keys.
  void check_name_free(const NameKeys& keys, PlayerId player);
  // Throws the precise reason a move was not inserted.
  [[noreturn]] void refuse_move(const MoveRecord& m);

  std::mutex mutex_;  // the writer's
  // The first error of a call inside the running batch (writer thread only).
  std::exception_ptr batch_error_;
  std::unique_ptr<sql::Db> db_;
  std::mutex read_mutex_;
  std::unique_ptr<sql::Db> reader_;  // may be null
};

}  // namespace ft::store
