#include "store/sql_store.h"

#include <algorithm>
#include <charconv>
#include <initializer_list>
#include <map>
#include <utility>

#include "common/name_table.h"
#include "store/ids.h"
#include "store/migrations.h"
#include "store/names.h"

namespace ft::store {
namespace {

using sql::Row;
using sql::Value;

// Column lists shared by every SELECT of a record, in the order the decoders
// below read them.
constexpr const char* PLAYER_COLS = "id, display_name, created_ms, seen_ms, bot_ms";
constexpr const char* TABLE_COLS =
    "id, settings_json, variant, listed, rated, status, created_ms, updated_ms";
constexpr const char* MATCH_COLS =
    "id, table_id, format, variant, rated, seed, state_json, clocks_ms, saved_ms, finished, "
    "result, started_ms, finished_ms";
constexpr const char* GAME_COLS =
    "match_id, number, variant, setup, finished, result, record, started_ms, finished_ms, "
    "unplayed, sides";
constexpr const char* MOVE_COLS =
    "match_id, game_number, ply, move, seat, clock_ms, think_ms, server_ms, elapsed_ms, "
    "clocks_ms, client_id, version";
constexpr const char* RATING_COLS =
    "player_id, variant, rating, deviation, volatility, last_rated_ms, games";

constexpr std::size_t MAX_NAME_BYTES = 200;
constexpr std::size_t MAX_ID_BYTES = 64;

std::string cols(const char* c) {
  return c;
}

std::int64_t b(bool v) {
  return v ? 1 : 0;
}

[[noreturn]] void fail(StoreErrc code, const std::string& msg) {
  throw StoreError(code, msg);
}

std::string encode_clocks(const std::vector<Millis>& clocks) {
  std::string out;
  for (std::size_t i = 0; i < clocks.size(); ++i) {
    if (i) out += ',';
    out += std::to_string(clocks[i]);
  }
  return out;
}

std::vector<Millis> decode_clocks(const std::string& text) {
  std::vector<Millis> out;
  if (text.empty()) return out;
  const char* p = text.data();
  const char* end = p + text.size();
  while (p < end) {
    Millis v = 0;
    auto [next, ec] = std::from_chars(p, end, v);
    if (ec != std::errc()) fail(StoreErrc::internal, "stored clocks are not numbers: " + text);
    out.push_back(v);
    p = next;
    if (p < end) {
      if (*p != ',') fail(StoreErrc::internal, "stored clocks are malformed: " + text);
      ++p;
    }
  }
  return out;
}

// A row's columns in the order of the query's select list, each read into a
// field of its type: the decoders below name the fields they fill, never a
// column number.
class Columns {
 public:
  explicit Columns(const Row& r) : r_(r) {}
  Columns& operator>>(std::int64_t& v) {
    v = r_.integer(i_++);
    return *this;
  }
  Columns& operator>>(std::uint64_t& v) {
    v = static_cast<std::uint64_t>(r_.integer(i_++));
    return *this;
  }
  Columns& operator>>(int& v) {
    v = static_cast<int>(r_.integer(i_++));
    return *this;
  }
  Columns& operator>>(bool& v) {
    v = r_.integer(i_++) != 0;
    return *this;
  }
  Columns& operator>>(double& v) {
    v = r_.real(i_++);
    return *this;
  }
  Columns& operator>>(std::string& v) {
    v = r_.text(i_++);
    return *this;
  }
  Columns& operator>>(std::vector<Millis>& v) {  // a clocks column
    v = decode_clocks(r_.text(i_++));
    return *this;
  }

 private:
  const Row& r_;
  std::size_t i_ = 0;
};

Player player_from(const Row& r) {
  Player p;
  Columns(r) >> p.id >> p.display_name >> p.created_ms >> p.seen_ms >> p.bot_ms;
  return p;
}

TableRecord table_from(const Row& r) {
  TableRecord t;
  std::string status;
  Columns(r) >> t.id >> t.settings_json >> t.variant >> t.listed >> t.rated >> status >>
      t.created_ms >> t.updated_ms;
  auto st = table_status_from_name(status);
  if (!st) fail(StoreErrc::internal, "table " + t.id + " has an unknown status " + status);
  t.status = *st;
  return t;
}

MatchRecord match_from(const Row& r) {
  MatchRecord m;
  Columns(r) >> m.id >> m.table_id >> m.format >> m.variant >> m.rated >> m.seed >>
      m.snapshot.state_json >> m.snapshot.clocks_ms >> m.snapshot.saved_ms >> m.finished >>
      m.result >> m.started_ms >> m.finished_ms;
  return m;
}

GameRecord game_from(const Row& r) {
  GameRecord g;
  Columns(r) >> g.match_id >> g.number >> g.variant >> g.setup >> g.finished >> g.result >>
      g.record >> g.started_ms >> g.finished_ms >> g.unplayed >> g.sides;
  return g;
}

MoveRecord move_from(const Row& r) {
  MoveRecord m;
  Columns(r) >> m.match_id >> m.game_number >> m.ply >> m.move >> m.seat >> m.clock_ms >>
      m.think_ms >> m.server_ms >> m.elapsed_ms >> m.clocks_ms >> m.client_id >> m.version;
  return m;
}

Rating rating_from(const Row& r) {
  Rating x;
  Columns(r) >> x.player >> x.variant >> x.rating >> x.deviation >> x.volatility >>
      x.last_rated_ms >> x.games;
  return x;
}

// Decodes every row, or the first one, with one of the *_from functions.
template <typename Decode>
auto all_rows(const std::vector<Row>& rows, Decode decode) {
  std::vector<decltype(decode(rows.front()))> out;
  out.reserve(rows.size());
  for (const Row& r : rows) out.push_back(decode(r));
  return out;
}
template <typename Decode>
auto first_row(const std::vector<Row>& rows, Decode decode)
    -> std::optional<decltype(decode(rows.front()))> {
  if (rows.empty()) return std::nullopt;
  return decode(rows.front());
}

void check_name(std::string_view name) {
  if (name.empty()) fail(StoreErrc::bad_input, "display name is empty");
  if (name.size() > MAX_NAME_BYTES) {
    fail(StoreErrc::bad_input,
         "display name is longer than " + std::to_string(MAX_NAME_BYTES) + " bytes");
  }
}

void check_table_id(const TableId& id) {
  if (id.empty()) fail(StoreErrc::bad_input, "table id is empty");
  if (id.size() > MAX_ID_BYTES) fail(StoreErrc::bad_input, "table id is too long");
}

void check_seats(std::span<const Seat> seats) {
  std::vector<int> seen;
  for (const Seat& s : seats) {
    if (s.index < 0) fail(StoreErrc::bad_input, "seat index is negative");
    if (s.bot_level < 0) fail(StoreErrc::bad_input, "bot level is negative");
    if (s.player && s.bot_level > 0) {
      fail(StoreErrc::bad_input,
           "seat " + std::to_string(s.index) + " holds both a person and the computer");
    }
    if (std::find(seen.begin(), seen.end(), s.index) != seen.end()) {
      fail(StoreErrc::bad_input, "seat " + std::to_string(s.index) + " is listed twice");
    }
    seen.push_back(s.index);
  }
}

std::string match_ref(MatchId id) {
  return "match " + std::to_string(id);
}
std::string game_ref(MatchId id, int number) {
  return "game " + std::to_string(number) + " of match " + std::to_string(id);
}

}  // namespace

// clang-format off
constexpr auto TABLE_STATUS_NAMES = name_table<TableStatus>({
    {TableStatus::open, "open"}, {TableStatus::playing, "playing"},
    {TableStatus::finished, "finished"}, {TableStatus::abandoned, "abandoned"}});

constexpr auto STORE_ERRC_NAMES = name_table<StoreErrc>({
    {StoreErrc::not_found, "not-found"}, {StoreErrc::conflict, "conflict"},
    {StoreErrc::bad_input, "bad-input"}, {StoreErrc::unavailable, "unavailable"},
    {StoreErrc::schema, "schema"}, {StoreErrc::internal, "internal"}});
// clang-format on

// The tables' texts are string literals, so .data() ends with a NUL.
const char* table_status_name(TableStatus s) {
  return TABLE_STATUS_NAMES.text(s, "?").data();
}
std::optional<TableStatus> table_status_from_name(std::string_view name) {
  return TABLE_STATUS_NAMES.value(name);
}

constexpr auto ANALYSIS_JOB_STATE_NAMES =
    name_table<AnalysisJobState>({{AnalysisJobState::queued, "queued"},
                                  {AnalysisJobState::running, "running"},
                                  {AnalysisJobState::done, "done"}});

const char* analysis_job_state_name(AnalysisJobState s) {
  return ANALYSIS_JOB_STATE_NAMES.text(s, "?").data();
}
namespace {
std::optional<AnalysisJobState> analysis_job_state_from_name(std::string_view name) {
  return ANALYSIS_JOB_STATE_NAMES.value(name);
}
}  // namespace

const char* store_errc_name(StoreErrc code) {
  return STORE_ERRC_NAMES.text(code, "?").data();
}

// --- plumbing ---------------------------------------------------------------

namespace {
std::vector<Row> q(sql::Db& db, const std::string& text, std::initializer_list<Value> params) {
  return db.query(text, std::span<const Value>(params.begin(), params.size()));
}
}  // namespace

namespace {
// The store whose write_batch this thread is running, if any: its calls join
// the batch's transaction instead of opening (and locking) their own.
thread_local const SqlStore* t_batch = nullptr;
}  // namespace

template <typename F>
auto SqlStore::transaction(F&& f) -> decltype(f()) {
  if (t_batch == this) {
    try {
      return f();
    } catch (...) {
      // Remembered even if the write catches it: the batch must not commit
      // whatever part of this call was written before it failed.
      if (!batch_error_) batch_error_ = std::current_exception();
      throw;
    }
  }
  std::lock_guard lock(mutex_);
  db_->begin();
  try {
    if constexpr (std::is_void_v<decltype(f())>) {
      f();
      db_->commit();
    } else {
      auto result = f();
      db_->commit();
      return result;
    }
  } catch (...) {
    db_->rollback();
    throw;
  }
}

// A read on the reader connection when there is one (so reads never queue
// behind a commit's fsync on the writer), else on the writer under its mutex.
// `snapshot`: several statements that must see one state of the database.
// Inside a batch (on its thread) a read uses the batch's own transaction, so
// it sees the batch's earlier writes.
class SqlStore::ReadScope {
 public:
  ReadScope(SqlStore& store, bool snapshot)
      : lock_(t_batch == &store
                  ? std::unique_lock<std::mutex>()
                  : std::unique_lock<std::mutex>(store.reader_ ? store.read_mutex_ : store.mutex_)),
        db_(t_batch != &store && store.reader_ ? *store.reader_ : *store.db_),
        transaction_(snapshot && t_batch != &store) {
    if (transaction_) db_.begin_read();
  }
  ~ReadScope() {
    if (transaction_) db_.rollback();  // nothing to keep: ends the snapshot
  }
  ReadScope(const ReadScope&) = delete;
  ReadScope& operator=(const ReadScope&) = delete;
  sql::Db& db() { return db_; }

 private:
  std::unique_lock<std::mutex> lock_;
  sql::Db& db_;
  bool transaction_;
};

SqlStore::SqlStore(std::unique_ptr<sql::Db> writer, std::unique_ptr<sql::Db> reader)
    : db_(std::move(writer)), reader_(std::move(reader)) {
  migrate();
}

// Migrations are applied by the versions a database lacks, not by "every
// version above its highest": branches developed side by side take numbers
// in advance (004, 005, 006), so a build may carry 006 before 004 exists and
// a database made by it must still get 004 when that arrives.
void SqlStore::migrate() {
  auto list = migrations();
  for (std::size_t i = 0; i < list.size(); ++i) {
    if (list[i].version < 1 || (i > 0 && list[i].version <= list[i - 1].version)) {
      fail(StoreErrc::schema, "migrations are not numbered in increasing order: found " +
                                  std::to_string(list[i].version) + " at position " +
                                  std::to_string(i + 1));
    }
  }
  transaction([&] {
    db_->lock_for_migration();
    db_->exec_script(
        "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER PRIMARY KEY, "
        "name TEXT NOT NULL, applied_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP)");
    std::vector<int> applied;
    for (const Row& r : q(*db_, "SELECT version FROM schema_version ORDER BY version", {}))
      applied.push_back(static_cast<int>(r.integer(0)));
    for (int v : applied) {
      const bool known =
          std::any_of(list.begin(), list.end(), [v](const Migration& m) { return m.version == v; });
      if (!known) {
        fail(StoreErrc::schema, "the database has schema version " + std::to_string(v) +
                                    ", which this build does not know (it knows up to " +
                                    std::to_string(list.empty() ? 0 : list.back().version) +
                                    "); run a newer fourtable");
      }
    }
    for (const Migration& m : list) {
      if (std::find(applied.begin(), applied.end(), m.version) != applied.end()) continue;
      std::string text(m.sql);
      for (std::size_t at = text.find("@ID@"); at != std::string::npos;
           at = text.find("@ID@", at)) {
        text.replace(at, 4, db_->id_column());
      }
      try {
        db_->exec_script(text);
      } catch (const StoreError& e) {
        fail(StoreErrc::schema, "migration " + std::to_string(m.version) + " (" +
                                    std::string(m.name) + ") failed: " + e.what());
      }
      q(*db_, "INSERT INTO schema_version (version, name) VALUES ($1, $2)",
        {std::int64_t{m.version}, m.name});
    }
    fill_name_skeletons();
  });
}

// Kept names' skeletons (migration 012) cannot be computed in SQL: the NULL
// ones are filled here, oldest account first, and all of them again when
// they were made under another name_key_version (an ICU upgrade). A skeleton
// an older account has already is left NULL (see 012).
void SqlStore::fill_name_skeletons() {
  const std::string version = name_key_version();
  auto stored = q(*db_, "SELECT version FROM name_keys", {});
  if (stored.size() != 1 || stored[0].text(0) != version) {
    q(*db_, "UPDATE accounts SET name_skeleton = NULL", {});
    q(*db_, "DELETE FROM name_keys", {});
    q(*db_, "INSERT INTO name_keys (version) VALUES ($1)", {version});
  }
  auto rows = q(*db_,
                "SELECT a.player_id, p.display_name FROM accounts a JOIN players p "
                "ON p.id = a.player_id WHERE a.name_skeleton IS NULL "
                "ORDER BY a.created_ms, a.player_id",
                {});
  for (const Row& r : rows) {
    const std::string key = name_key(r.text(1));
    if (key.empty() ||
        !q(*db_, "SELECT player_id FROM accounts WHERE name_skeleton = $1", {key}).empty())
      continue;
    q(*db_, "UPDATE accounts SET name_skeleton = $1 WHERE player_id = $2", {key, r.integer(0)});
  }
}

int SqlStore::schema_version() {
  ReadScope scope(*this, false);
  auto rows = q(scope.db(), "SELECT COALESCE(MAX(version), 0) FROM schema_version", {});
  return static_cast<int>(rows.at(0).integer(0));
}

// --- players ----------------------------------------------------------------

Player SqlStore::create_player(std::string_view token, std::string_view display_name, Millis now) {
  if (token.empty()) fail(StoreErrc::bad_input, "player token is empty");
  check_name(display_name);
  const std::string hash = token_hash(token);
  return transaction([&] {
    if (!q(*db_, "SELECT id FROM players WHERE token_hash = $1", {hash}).empty()) {
      fail(StoreErrc::conflict, "a player with this token exists");
    }
    auto rows = q(*db_,
                  "INSERT INTO players (token_hash, display_name, created_ms, seen_ms) "
                  "VALUES ($1, $2, $3, $4) RETURNING id",
                  {hash, display_name, now, now});
    const PlayerId id = rows.at(0).integer(0);
    q(*db_, "INSERT INTO sessions (token_hash, player_id, created_ms) VALUES ($1, $2, $3)",
      {hash, id, now});
    return Player{id, std::string(display_name), now, now, 0};
  });
}

std::optional<Player> SqlStore::find_player(PlayerId id) {
  ReadScope scope(*this, false);
  sql::Db& db = scope.db();
  auto rows = q(db, "SELECT " + cols(PLAYER_COLS) + " FROM players WHERE id = $1", {id});
  return first_row(rows, player_from);
}

std::optional<Player> SqlStore::find_player_by_token(std::string_view token) {
  const std::string hash = token_hash(token);
  ReadScope scope(*this, false);
  sql::Db& db = scope.db();
  auto rows = q(db,
                "SELECT p.id, p.display_name, p.created_ms, p.seen_ms, p.bot_ms FROM sessions s "
                "JOIN players p ON p.id = s.player_id WHERE s.token_hash = $1",
                {hash});
  return first_row(rows, player_from);
}

void SqlStore::rename_player(PlayerId id, std::string_view display_name) {
  check_name(display_name);
  const NameKeys keys = name_keys(display_name);
  transaction([&] {
    check_name_free(keys, id);
    auto rows = q(*db_, "UPDATE players SET display_name = $1 WHERE id = $2 RETURNING id",
                  {display_name, id});
    if (rows.empty()) fail(StoreErrc::not_found, "no player " + std::to_string(id));
    q(*db_, "UPDATE accounts SET name_key = $1, name_skeleton = $2 WHERE player_id = $3",
      {keys.folded, keys.skeleton, id});
  });
}

void SqlStore::touch_player(PlayerId id, Millis now) {
  transaction([&] {
    auto rows = q(*db_, "UPDATE players SET seen_ms = $1 WHERE id = $2 RETURNING id", {now, id});
    if (rows.empty()) fail(StoreErrc::not_found, "no player " + std::to_string(id));
  });
}

// --- accounts and sessions (006) -------------------------------------------

SqlStore::NameKeys SqlStore::name_keys(std::string_view name) {
  NameKeys keys{name_key(name), folded_name(name)};
  if (keys.skeleton.empty()) fail(StoreErrc::bad_input, "display name has no visible character");
  return keys;
}

// By skeleton; by the 006 key too, for an account left without a skeleton
// (a look-alike older than migration 012).
void SqlStore::check_name_free(const NameKeys& keys, PlayerId player) {
  for (const Row& r :
       q(*db_, "SELECT player_id FROM accounts WHERE name_skeleton = $1 OR name_key = $2",
         {keys.skeleton, keys.folded}))
    if (r.integer(0) != player) fail(StoreErrc::conflict, "the name is kept by another player");
}

void SqlStore::add_session(std::string_view token, PlayerId player, Millis now) {
  if (token.empty()) fail(StoreErrc::bad_input, "session token is empty");
  const std::string hash = token_hash(token);
  transaction([&] {
    if (q(*db_, "SELECT id FROM players WHERE id = $1", {player}).empty())
      fail(StoreErrc::not_found, "no player " + std::to_string(player));
    if (!q(*db_, "SELECT player_id FROM sessions WHERE token_hash = $1", {hash}).empty() ||
        !q(*db_, "SELECT id FROM players WHERE token_hash = $1", {hash}).empty())
      fail(StoreErrc::conflict, "the session token is in use");
    q(*db_, "INSERT INTO sessions (token_hash, player_id, created_ms) VALUES ($1, $2, $3)",
      {hash, player, now});
  });
}

void SqlStore::end_session(std::string_view token) {
  const std::string hash = token_hash(token);
  transaction([&] { q(*db_, "DELETE FROM sessions WHERE token_hash = $1", {hash}); });
}

int SqlStore::end_other_sessions(PlayerId player, std::string_view keep) {
  const std::string hash = token_hash(keep);
  return transaction([&] {
    auto rows = q(*db_,
                  "DELETE FROM sessions WHERE player_id = $1 AND token_hash <> $2 "
                  "RETURNING player_id",
                  {player, hash});
    return static_cast<int>(rows.size());
  });
}

void SqlStore::set_account(PlayerId player, std::string_view name, std::string_view password_hash,
                           Millis now) {
  check_name(name);
  if (password_hash.empty()) fail(StoreErrc::bad_input, "password hash is empty");
  const NameKeys keys = name_keys(name);
  transaction([&] {
    if (q(*db_, "UPDATE players SET display_name = $1 WHERE id = $2 RETURNING id", {name, player})
            .empty())
      fail(StoreErrc::not_found, "no player " + std::to_string(player));
    check_name_free(keys, player);
    q(*db_,
      "INSERT INTO accounts (player_id, name_key, name_skeleton, password_hash, created_ms, "
      "changed_ms) VALUES ($1, $2, $3, $4, $5, $5) ON CONFLICT (player_id) DO UPDATE SET "
      "name_key = excluded.name_key, name_skeleton = excluded.name_skeleton, "
      "password_hash = excluded.password_hash, changed_ms = excluded.changed_ms",
      {player, keys.folded, keys.skeleton, password_hash, now});
  });
}

namespace {
constexpr const char* ACCOUNT_SELECT =
    "SELECT a.player_id, p.display_name, a.password_hash, a.created_ms, a.changed_ms "
    "FROM accounts a JOIN players p ON p.id = a.player_id ";

Account account_from(const Row& r) {
  Account a;
  Columns(r) >> a.player >> a.name >> a.password_hash >> a.created_ms >> a.changed_ms;
  return a;
}
}  // namespace

std::optional<Account> SqlStore::find_account(PlayerId player) {
  ReadScope scope(*this, false);
  return first_row(q(scope.db(), std::string(ACCOUNT_SELECT) + "WHERE a.player_id = $1", {player}),
                   account_from);
}

// An account left without a skeleton (a look-alike older than migration
// 012) is found by its exact 006 key first, so that it can still log in.
std::optional<Account> SqlStore::find_account_by_name(std::string_view name) {
  const std::string key = name_key(name);
  if (key.empty()) return std::nullopt;
  ReadScope scope(*this, false);
  if (auto a = first_row(
          q(scope.db(),
            std::string(ACCOUNT_SELECT) + "WHERE a.name_skeleton IS NULL AND a.name_key = $1",
            {folded_name(name)}),
          account_from))
    return a;
  return first_row(q(scope.db(), std::string(ACCOUNT_SELECT) + "WHERE a.name_skeleton = $1", {key}),
                   account_from);
}

// --- personal API tokens and bots (014) ------------------------------------

namespace {
constexpr const char* TOKEN_COLS =
    "id, player_id, description, scopes, created_ms, last_used_ms FROM api_tokens ";

ApiToken api_token_from(const Row& r) {
  ApiToken t;
  Columns(r) >> t.id >> t.player >> t.description >> t.scopes >> t.created_ms >> t.last_used_ms;
  return t;
}
}  // namespace

std::optional<ApiToken> SqlStore::add_api_token(std::string_view token, PlayerId player,
                                                std::string_view description,
                                                std::string_view scopes, Millis now,
                                                int max_per_player) {
  if (token.empty() || description.empty() || scopes.empty())
    fail(StoreErrc::bad_input, "a token, its description and its scopes may not be empty");
  const std::string hash = token_hash(token);
  return transaction([&]() -> std::optional<ApiToken> {
    if (q(*db_, "SELECT id FROM players WHERE id = $1", {player}).empty())
      fail(StoreErrc::not_found, "no player " + std::to_string(player));
    if (!q(*db_, "SELECT id FROM api_tokens WHERE token_hash = $1", {hash}).empty())
      fail(StoreErrc::conflict, "the token is in use");
    auto held = q(*db_, "SELECT COUNT(*) FROM api_tokens WHERE player_id = $1", {player});
    if (held.at(0).integer(0) >= max_per_player) return std::nullopt;
    auto rows = q(*db_,
                  "INSERT INTO api_tokens (player_id, token_hash, description, scopes, "
                  "created_ms, last_used_ms) VALUES ($1, $2, $3, $4, $5, 0) RETURNING id",
                  {player, hash, description, scopes, now});
    return ApiToken{rows.at(0).integer(0), player, std::string(description),
                    std::string(scopes),   now,    0};
  });
}

std::vector<ApiToken> SqlStore::api_tokens_of(PlayerId player) {
  ReadScope scope(*this, false);
  return all_rows(
      q(scope.db(), "SELECT " + cols(TOKEN_COLS) + "WHERE player_id = $1 ORDER BY created_ms, id",
        {player}),
      api_token_from);
}

std::optional<ApiToken> SqlStore::find_api_token(std::string_view token) {
  const std::string hash = token_hash(token);
  ReadScope scope(*this, false);
  return first_row(q(scope.db(), "SELECT " + cols(TOKEN_COLS) + "WHERE token_hash = $1", {hash}),
                   api_token_from);
}

bool SqlStore::revoke_api_token(PlayerId player, std::int64_t id) {
  return transaction([&] {
    return !q(*db_, "DELETE FROM api_tokens WHERE id = $1 AND player_id = $2 RETURNING id",
              {id, player})
                .empty();
  });
}

void SqlStore::touch_api_token(std::int64_t id, Millis now) {
  transaction([&] { q(*db_, "UPDATE api_tokens SET last_used_ms = $1 WHERE id = $2", {now, id}); });
}

Store::BotUpgrade SqlStore::make_bot(PlayerId player, Millis now) {
  return transaction([&] {
    auto rows = q(*db_, "SELECT bot_ms FROM players WHERE id = $1", {player});
    if (rows.empty()) fail(StoreErrc::not_found, "no player " + std::to_string(player));
    if (rows[0].integer(0) > 0) return BotUpgrade::already_bot;
    if (q(*db_, "SELECT player_id FROM accounts WHERE player_id = $1", {player}).empty())
      return BotUpgrade::no_account;
    if (!q(*db_, "SELECT seat FROM seats WHERE player_id = $1 LIMIT 1", {player}).empty())
      return BotUpgrade::has_games;
    q(*db_, "UPDATE players SET bot_ms = $1 WHERE id = $2", {now, player});
    return BotUpgrade::done;
  });
}

// --- challenges (015) --------------------------------------------------------

constexpr auto CHALLENGE_STATUS_NAMES =
    name_table<ChallengeStatus>({{ChallengeStatus::open, "open"},
                                 {ChallengeStatus::accepted, "accepted"},
                                 {ChallengeStatus::declined, "declined"},
                                 {ChallengeStatus::canceled, "canceled"},
                                 {ChallengeStatus::expired, "expired"}});

const char* challenge_status_name(ChallengeStatus s) {
  return CHALLENGE_STATUS_NAMES.text(s, "?").data();
}
std::optional<ChallengeStatus> challenge_status_from_name(std::string_view name) {
  return CHALLENGE_STATUS_NAMES.value(name);
}

namespace {
constexpr const char* CHALLENGE_FIELDS =
    "id, challenger, challenged, settings, status, reason, table_id, created_ms, expires_ms, "
    "answered_ms";
// "SELECT <fields> FROM challenges ", for a WHERE to follow.
std::string select_challenges() {
  return "SELECT " + std::string(CHALLENGE_FIELDS) + " FROM challenges ";
}

Challenge challenge_from(const Row& r) {
  Challenge c;
  std::string status;
  Columns(r) >> c.id >> c.challenger >> c.challenged >> c.settings >> status >> c.reason >>
      c.table >> c.created_ms >> c.expires_ms >> c.answered_ms;
  auto st = challenge_status_from_name(status);
  if (!st) fail(StoreErrc::internal, "challenge " + std::to_string(c.id) + ": status " + status);
  c.status = *st;
  return c;
}
}  // namespace

std::optional<Challenge> SqlStore::add_challenge(PlayerId challenger, PlayerId challenged,
                                                 std::string_view settings, Millis now,
                                                 Millis expires_ms, int max_open) {
  if (challenger == challenged) fail(StoreErrc::bad_input, "a player cannot challenge itself");
  if (settings.empty()) fail(StoreErrc::bad_input, "a challenge needs its settings");
  return transaction([&]() -> std::optional<Challenge> {
    for (PlayerId p : {challenger, challenged})
      if (q(*db_, "SELECT id FROM players WHERE id = $1", {p}).empty())
        fail(StoreErrc::not_found, "no player " + std::to_string(p));
    auto open = q(*db_,
                  "SELECT COUNT(*) FROM challenges WHERE challenger = $1 AND status = 'open' "
                  "AND expires_ms > $2",
                  {challenger, now});
    if (open.at(0).integer(0) >= max_open) return std::nullopt;
    auto rows = q(*db_,
                  "INSERT INTO challenges (challenger, challenged, settings, status, created_ms, "
                  "expires_ms) VALUES ($1, $2, $3, 'open', $4, $5) RETURNING id",
                  {challenger, challenged, settings, now, expires_ms});
    Challenge c;
    c.id = rows.at(0).integer(0);
    c.challenger = challenger;
    c.challenged = challenged;
    c.settings = std::string(settings);
    c.created_ms = now;
    c.expires_ms = expires_ms;
    return c;
  });
}

std::optional<Challenge> SqlStore::find_challenge(std::int64_t id) {
  ReadScope scope(*this, false);
  return first_row(q(scope.db(), select_challenges() + "WHERE id = $1", {id}), challenge_from);
}

std::vector<Challenge> SqlStore::open_challenges_of(PlayerId player, Millis now) {
  ReadScope scope(*this, false);
  return all_rows(
      q(scope.db(),
        select_challenges() + "WHERE (challenger = $1 OR challenged = $1) AND status = 'open' AND "
                              "expires_ms > $2 ORDER BY created_ms, id",
        {player, now}),
      challenge_from);
}

Store::Answered SqlStore::answer_challenge(std::int64_t id, PlayerId by, ChallengeStatus to,
                                           std::string_view reason, std::string_view table,
                                           Millis now) {
  if (to == ChallengeStatus::open || to == ChallengeStatus::expired)
    fail(StoreErrc::bad_input, "a challenge is answered by accepting, declining or canceling");
  return transaction([&]() -> Answered {
    const std::string select = select_challenges() + "WHERE id = $1";
    auto found = first_row(q(*db_, select, {id}), challenge_from);
    if (!found) return {ChallengeAnswer::not_found, std::nullopt};
    const PlayerId may = to == ChallengeStatus::canceled ? found->challenger : found->challenged;
    if (by != found->challenger && by != found->challenged)
      return {ChallengeAnswer::not_found, std::nullopt};
    if (by != may) return {ChallengeAnswer::not_yours, found};
    if (found->status == ChallengeStatus::open && found->expires_ms <= now) {
      q(*db_,
        "UPDATE challenges SET status = 'expired', answered_ms = $1 WHERE id = $2 AND "
        "status = 'open'",
        {found->expires_ms, id});
      return {ChallengeAnswer::not_open, first_row(q(*db_, select, {id}), challenge_from)};
    }
    // Only an open one changes: of two answers at once (two nodes), the
    // second finds it answered.
    auto changed = q(*db_,
                     "UPDATE challenges SET status = $1, reason = $2, table_id = $3, "
                     "answered_ms = $4 WHERE id = $5 AND status = 'open' RETURNING id",
                     {challenge_status_name(to), reason, table, now, id});
    auto after = first_row(q(*db_, select, {id}), challenge_from);
    return {changed.empty() ? ChallengeAnswer::not_open : ChallengeAnswer::done, after};
  });
}

bool SqlStore::challenges_due(Millis now) {
  ReadScope scope(*this, false);
  return !q(scope.db(),
            "SELECT id FROM challenges WHERE status = 'open' AND expires_ms <= $1 LIMIT 1", {now})
              .empty();
}

std::vector<Challenge> SqlStore::expire_challenges(Millis now, int limit) {
  return transaction([&] {
    std::vector<Challenge> out;
    auto due = q(*db_,
                 "SELECT id FROM challenges WHERE status = 'open' AND expires_ms <= $1 "
                 "ORDER BY expires_ms, id LIMIT $2",
                 {now, std::int64_t{limit}});
    for (const Row& r : due) {
      // Claimed by the UPDATE: another node's sweep at the same moment finds
      // it expired already and returns it not.
      auto rows = q(*db_,
                    "UPDATE challenges SET status = 'expired', answered_ms = expires_ms WHERE "
                    "id = $1 AND status = 'open' RETURNING " +
                        std::string(CHALLENGE_FIELDS),
                    {r.integer(0)});
      if (!rows.empty()) out.push_back(challenge_from(rows[0]));
    }
    return out;
  });
}

// --- puzzle ratings and attempts (016) -------------------------------------

namespace {
constexpr const char* PUZZLE_RATING_COLS =
    "player_id, variant, rating, deviation, volatility, last_rated_ms, attempts FROM "
    "puzzle_ratings ";
constexpr const char* PUZZLE_SCORE_COLS =
    "puzzle_id, variant, rating, deviation, volatility, last_rated_ms, attempts, solved FROM "
    "puzzle_scores ";
constexpr const char* PUZZLE_ATTEMPT_COLS =
    "player_id, puzzle_id, variant, solved, at_ms, rating_before, rating_after FROM "
    "puzzle_attempts ";

PuzzleScore puzzle_score_from(const Row& r) {
  PuzzleScore x;
  Columns(r) >> x.puzzle >> x.variant >> x.rating >> x.deviation >> x.volatility >>
      x.last_rated_ms >> x.attempts >> x.solved;
  return x;
}

PuzzleAttempt puzzle_attempt_from(const Row& r) {
  PuzzleAttempt x;
  Columns(r) >> x.player >> x.puzzle >> x.variant >> x.solved >> x.at_ms >> x.rating_before >>
      x.rating_after;
  return x;
}
}  // namespace

std::optional<Rating> SqlStore::find_puzzle_rating(PlayerId player, std::string_view variant) {
  ReadScope scope(*this, false);
  return first_row(
      q(scope.db(), "SELECT " + cols(PUZZLE_RATING_COLS) + "WHERE player_id = $1 AND variant = $2",
        {player, variant}),
      rating_from);
}

std::optional<PuzzleScore> SqlStore::find_puzzle_score(std::string_view puzzle) {
  ReadScope scope(*this, false);
  return first_row(
      q(scope.db(), "SELECT " + cols(PUZZLE_SCORE_COLS) + "WHERE puzzle_id = $1", {puzzle}),
      puzzle_score_from);
}

std::vector<PuzzleScore> SqlStore::puzzle_scores_of(std::string_view variant) {
  ReadScope scope(*this, false);
  return all_rows(
      q(scope.db(), "SELECT " + cols(PUZZLE_SCORE_COLS) + "WHERE variant = $1 ORDER BY puzzle_id",
        {variant}),
      puzzle_score_from);
}

std::optional<PuzzleAttempt> SqlStore::find_puzzle_attempt(PlayerId player,
                                                           std::string_view puzzle) {
  ReadScope scope(*this, false);
  return first_row(
      q(scope.db(),
        "SELECT " + cols(PUZZLE_ATTEMPT_COLS) + "WHERE player_id = $1 AND puzzle_id = $2",
        {player, puzzle}),
      puzzle_attempt_from);
}

std::vector<PuzzleAttempt> SqlStore::puzzle_attempts_of(PlayerId player, std::string_view variant,
                                                        int limit) {
  ReadScope scope(*this, false);
  return all_rows(q(scope.db(),
                    "SELECT " + cols(PUZZLE_ATTEMPT_COLS) +
                        "WHERE player_id = $1 AND variant = $2 "
                        "ORDER BY at_ms DESC, puzzle_id LIMIT $3",
                    {player, variant, static_cast<std::int64_t>(std::max(limit, 0))}),
                  puzzle_attempt_from);
}

std::vector<Rating> SqlStore::puzzle_ratings_of(PlayerId player) {
  ReadScope scope(*this, false);
  return all_rows(
      q(scope.db(), "SELECT " + cols(PUZZLE_RATING_COLS) + "WHERE player_id = $1 ORDER BY variant",
        {player}),
      rating_from);
}

std::vector<PuzzleAttempt> SqlStore::puzzle_attempts_page(PlayerId player, int limit,
                                                          const PuzzleCursor& before) {
  ReadScope scope(*this, false);
  const Value lim = static_cast<std::int64_t>(std::max(limit, 0));
  if (before.at_ms <= 0)
    return all_rows(q(scope.db(),
                      "SELECT " + cols(PUZZLE_ATTEMPT_COLS) +
                          "WHERE player_id = $1 ORDER BY at_ms DESC, puzzle_id DESC LIMIT $2",
                      {player, lim}),
                    puzzle_attempt_from);
  return all_rows(q(scope.db(),
                    "SELECT " + cols(PUZZLE_ATTEMPT_COLS) +
                        "WHERE player_id = $1 AND (at_ms < $2 OR (at_ms = $2 AND puzzle_id < $3)) "
                        "ORDER BY at_ms DESC, puzzle_id DESC LIMIT $4",
                    {player, before.at_ms, before.puzzle, lim}),
                  puzzle_attempt_from);
}

// The attempt's row is made first: of two first attempts of a player at a
// puzzle at once, the second waits on its key (PostgreSQL) or for the writer
// lock (SQLite) and then finds it. The two rating rows are made when new
// (as "none yet": attempts 0, never kept so, since this transaction rates
// them) so that PostgreSQL has a row to lock; then both are read locked
// (FOR UPDATE), rated, and written. Every caller locks the player's row
// before the puzzle's, so two of these never wait on each other in a circle.
std::optional<PuzzleRated> SqlStore::rate_puzzle_attempt(PlayerId player, std::string_view puzzle,
                                                         std::string_view variant,
                                                         const RatePuzzle& rate) {
  if (puzzle.empty() || variant.empty()) fail(StoreErrc::bad_input, "an attempt needs a puzzle");
  const std::string lock = db_->dialect() == "postgres" ? " FOR UPDATE" : "";
  return transaction([&]() -> std::optional<PuzzleRated> {
    if (q(*db_, "SELECT id FROM players WHERE id = $1", {player}).empty())
      fail(StoreErrc::not_found, "no player " + std::to_string(player));
    if (q(*db_,
          "INSERT INTO puzzle_attempts (player_id, puzzle_id, variant, solved, at_ms, "
          "rating_before, rating_after) VALUES ($1, $2, $3, 0, 0, 0, 0) "
          "ON CONFLICT (player_id, puzzle_id) DO NOTHING RETURNING player_id",
          {player, puzzle, variant})
            .empty())
      return std::nullopt;
    q(*db_,
      "INSERT INTO puzzle_ratings (player_id, variant, rating, deviation, volatility, "
      "last_rated_ms, attempts) VALUES ($1, $2, 0, 0, 0, 0, 0) "
      "ON CONFLICT (player_id, variant) DO NOTHING",
      {player, variant});
    q(*db_,
      "INSERT INTO puzzle_scores (puzzle_id, variant, rating, deviation, volatility, "
      "last_rated_ms, attempts, solved) VALUES ($1, $2, 0, 0, 0, 0, 0, 0) "
      "ON CONFLICT (puzzle_id) DO NOTHING",
      {puzzle, variant});
    auto mine = first_row(
        q(*db_,
          "SELECT " + cols(PUZZLE_RATING_COLS) + "WHERE player_id = $1 AND variant = $2" + lock,
          {player, variant}),
        rating_from);
    auto theirs = first_row(
        q(*db_, "SELECT " + cols(PUZZLE_SCORE_COLS) + "WHERE puzzle_id = $1" + lock, {puzzle}),
        puzzle_score_from);
    if (mine && mine->games == 0) mine.reset();
    if (theirs && theirs->attempts == 0) theirs.reset();
    const PuzzleRated r = rate(mine, theirs);
    const PuzzleAttempt& a = r.attempt;
    if (a.player != player || a.puzzle != puzzle || a.variant != variant ||
        r.player.player != player || r.player.variant != variant || r.puzzle.puzzle != puzzle ||
        r.puzzle.variant != variant)
      fail(StoreErrc::bad_input, "an attempt's ratings must be its player's and its puzzle's");
    write_puzzle_rated(r);
    return r;
  });
}

void SqlStore::write_puzzle_rated(const PuzzleRated& r) {
  const PuzzleAttempt& a = r.attempt;
  q(*db_,
    "UPDATE puzzle_attempts SET solved = $1, at_ms = $2, rating_before = $3, rating_after = $4 "
    "WHERE player_id = $5 AND puzzle_id = $6",
    {b(a.solved), a.at_ms, a.rating_before, a.rating_after, a.player, a.puzzle});
  q(*db_,
    "UPDATE puzzle_ratings SET rating = $1, deviation = $2, volatility = $3, last_rated_ms = $4, "
    "attempts = $5 WHERE player_id = $6 AND variant = $7",
    {r.player.rating, r.player.deviation, r.player.volatility, r.player.last_rated_ms,
     static_cast<std::int64_t>(r.player.games), a.player, a.variant});
  const PuzzleScore& s = r.puzzle;
  q(*db_,
    "UPDATE puzzle_scores SET rating = $1, deviation = $2, volatility = $3, last_rated_ms = $4, "
    "attempts = $5, solved = $6 WHERE puzzle_id = $7",
    {s.rating, s.deviation, s.volatility, s.last_rated_ms, static_cast<std::int64_t>(s.attempts),
     static_cast<std::int64_t>(s.solved), s.puzzle});
}

// --- failed logins ----------------------------------------------------------

Store::LoginFailures SqlStore::login_failures(std::string_view name_key, std::string_view address,
                                              Millis since, int limit) {
  ReadScope scope(*this, false);
  auto times = [](const std::vector<Row>& rows) {
    std::vector<Millis> out;
    for (const Row& r : rows) out.push_back(r.integer(0));
    return out;
  };
  const Value lim = std::int64_t{limit};
  LoginFailures f;
  f.by_name = times(q(scope.db(),
                      "SELECT at_ms FROM login_failures WHERE name_key = $1 AND at_ms > $2 "
                      "ORDER BY at_ms DESC LIMIT $3",
                      {name_key, since, lim}));
  f.by_address = times(q(scope.db(),
                         "SELECT at_ms FROM login_failures WHERE address = $1 AND at_ms > $2 "
                         "ORDER BY at_ms DESC LIMIT $3",
                         {address, since, lim}));
  f.by_name_and_address = times(q(scope.db(),
                                  "SELECT at_ms FROM login_failures WHERE name_key = $1 AND "
                                  "address = $2 AND at_ms > $3 ORDER BY at_ms DESC LIMIT $4",
                                  {name_key, address, since, lim}));
  return f;
}

void SqlStore::add_login_failure(std::string_view name_key, std::string_view address, Millis at,
                                 Millis forget_until) {
  transaction([&] {
    q(*db_, "DELETE FROM login_failures WHERE at_ms <= $1", {forget_until});
    q(*db_, "INSERT INTO login_failures (name_key, address, at_ms) VALUES ($1, $2, $3)",
      {name_key, address, at});
  });
}

void SqlStore::clear_login_failures(std::string_view name_key, std::string_view address) {
  transaction([&] {
    q(*db_, "DELETE FROM login_failures WHERE name_key = $1 AND address = $2", {name_key, address});
  });
}

void SqlStore::add_login_address(PlayerId player, std::string_view address, Millis now,
                                 Millis forget_until) {
  transaction([&] {
    if (q(*db_, "SELECT id FROM players WHERE id = $1", {player}).empty())
      fail(StoreErrc::not_found, "no player " + std::to_string(player));
    q(*db_, "DELETE FROM login_addresses WHERE last_ms <= $1", {forget_until});
    q(*db_,
      "INSERT INTO login_addresses (player_id, address, last_ms) VALUES ($1, $2, $3) "
      "ON CONFLICT (player_id, address) DO UPDATE SET last_ms = excluded.last_ms",
      {player, address, now});
  });
}

bool SqlStore::login_address_known(PlayerId player, std::string_view address, Millis since) {
  ReadScope scope(*this, false);
  return !q(scope.db(),
            "SELECT last_ms FROM login_addresses WHERE player_id = $1 AND address = $2 AND "
            "last_ms > $3",
            {player, address, since})
              .empty();
}

std::vector<Millis> SqlStore::password_failures(std::string_view token, Millis since, int limit) {
  const std::string hash = token_hash(token);
  ReadScope scope(*this, false);
  std::vector<Millis> out;
  for (const Row& r : q(scope.db(),
                        "SELECT at_ms FROM password_failures WHERE token_hash = $1 AND at_ms > $2 "
                        "ORDER BY at_ms DESC LIMIT $3",
                        {hash, since, std::int64_t{limit}}))
    out.push_back(r.integer(0));
  return out;
}

void SqlStore::add_password_failure(std::string_view token, Millis at, Millis forget_until) {
  const std::string hash = token_hash(token);
  transaction([&] {
    q(*db_, "DELETE FROM password_failures WHERE at_ms <= $1", {forget_until});
    q(*db_, "INSERT INTO password_failures (token_hash, at_ms) VALUES ($1, $2)", {hash, at});
  });
}

// --- tables -----------------------------------------------------------------

std::vector<Seat> SqlStore::seats_of(sql::Db& db, const TableId& id) {
  auto rows =
      q(db, "SELECT seat, player_id, bot_level FROM seats WHERE table_id = $1 ORDER BY seat", {id});
  std::vector<Seat> seats;
  for (const Row& r : rows) {
    Seat s;
    s.index = static_cast<int>(r.integer(0));
    if (!r.is_null(1)) s.player = r.integer(1);
    s.bot_level = static_cast<int>(r.integer(2));
    seats.push_back(s);
  }
  return seats;
}

std::optional<TableRecord> SqlStore::table_row(sql::Db& db, const TableId& id) {
  auto rows = q(db, "SELECT " + cols(TABLE_COLS) + " FROM tables WHERE id = $1", {id});
  if (rows.empty()) return std::nullopt;
  TableRecord t = table_from(rows[0]);
  t.seats = seats_of(db, id);
  return t;
}

namespace {
void insert_seats(sql::Db& db, const TableId& id, std::span<const Seat> seats) {
  for (const Seat& s : seats) {
    Value player = nullptr;
    if (s.player) player = *s.player;
    try {
      q(db, "INSERT INTO seats (table_id, seat, player_id, bot_level) VALUES ($1, $2, $3, $4)",
        {id, std::int64_t{s.index}, player, std::int64_t{s.bot_level}});
    } catch (const StoreError& e) {
      if (e.code() == StoreErrc::not_found) {
        fail(StoreErrc::not_found, "seat " + std::to_string(s.index) + " names an unknown player " +
                                       std::to_string(s.player.value_or(0)));
      }
      throw;
    }
  }
}
}  // namespace

void SqlStore::create_table(const TableRecord& t) {
  check_table_id(t.id);
  check_seats(t.seats);
  transaction([&] {
    if (!q(*db_, "SELECT id FROM tables WHERE id = $1", {t.id}).empty()) {
      fail(StoreErrc::conflict, "table " + t.id + " exists");
    }
    q(*db_,
      "INSERT INTO tables (id, settings_json, variant, listed, rated, status, created_ms, "
      "updated_ms) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
      {t.id, t.settings_json, t.variant, b(t.listed), b(t.rated),
       std::string_view(table_status_name(t.status)), t.created_ms, t.updated_ms});
    insert_seats(*db_, t.id, t.seats);
  });
}

std::optional<TableRecord> SqlStore::find_table(const TableId& id) {
  ReadScope scope(*this, true);
  sql::Db& db = scope.db();
  return table_row(db, id);
}

void SqlStore::set_seats(const TableId& id, std::span<const Seat> seats, Millis now) {
  check_seats(seats);
  transaction([&] {
    auto rows = q(*db_, "UPDATE tables SET updated_ms = $1 WHERE id = $2 RETURNING id", {now, id});
    if (rows.empty()) fail(StoreErrc::not_found, "no table " + id);
    q(*db_, "DELETE FROM seats WHERE table_id = $1", {id});
    insert_seats(*db_, id, seats);
  });
}

void SqlStore::set_table_status(const TableId& id, TableStatus status, Millis now) {
  transaction([&] {
    auto rows = q(*db_, "UPDATE tables SET status = $1, updated_ms = $2 WHERE id = $3 RETURNING id",
                  {std::string_view(table_status_name(status)), now, id});
    if (rows.empty()) fail(StoreErrc::not_found, "no table " + id);
  });
}

std::vector<TableRecord> SqlStore::list_tables(const TableQuery& query) {
  if (query.statuses.empty() || query.limit <= 0) return {};
  // The status list has at most four values, so at most a handful of
  // statement texts reach the statement cache.
  std::vector<TableStatus> statuses = query.statuses;
  std::sort(statuses.begin(), statuses.end());
  statuses.erase(std::unique(statuses.begin(), statuses.end()), statuses.end());
  std::string where = "status IN (";
  std::vector<Value> params;
  for (std::size_t i = 0; i < statuses.size(); ++i) {
    if (i) where += ", ";
    where += "$" + std::to_string(i + 1);
    params.emplace_back(std::string_view(table_status_name(statuses[i])));
  }
  where += ")";
  if (query.listed_only) where += " AND listed = 1";
  if (query.player) {
    params.emplace_back(std::int64_t{*query.player});
    where += " AND id IN (SELECT table_id FROM seats WHERE player_id = $" +
             std::to_string(params.size()) + ")";
  }
  params.emplace_back(std::int64_t{query.limit});
  const std::string limit = "$" + std::to_string(params.size());
  ReadScope scope(*this, true);
  sql::Db& db = scope.db();
  auto rows = db.query("SELECT " + cols(TABLE_COLS) + " FROM tables WHERE " + where +
                           " ORDER BY created_ms DESC, id LIMIT " + limit,
                       params);
  std::vector<TableRecord> tables;
  std::map<std::string, std::size_t> index;
  for (const Row& r : rows) {
    index[r.text(0)] = tables.size();
    tables.push_back(table_from(r));
  }
  if (tables.empty()) return tables;
  auto seat_rows = db.query(
      "SELECT table_id, seat, player_id, bot_level FROM seats WHERE table_id IN (SELECT id "
      "FROM tables WHERE " +
          where + " ORDER BY created_ms DESC, id LIMIT " + limit + ") ORDER BY table_id, seat",
      params);
  for (const Row& r : seat_rows) {
    auto it = index.find(r.text(0));
    if (it == index.end()) continue;
    Seat s;
    s.index = static_cast<int>(r.integer(1));
    if (!r.is_null(2)) s.player = r.integer(2);
    s.bot_level = static_cast<int>(r.integer(3));
    tables[it->second].seats.push_back(s);
  }
  return tables;
}

// --- matches ----------------------------------------------------------------

MatchId SqlStore::create_match(const NewMatch& m) {
  const std::string clocks = encode_clocks(m.snapshot.clocks_ms);
  return transaction([&] {
    if (q(*db_, "SELECT id FROM tables WHERE id = $1", {m.table_id}).empty()) {
      fail(StoreErrc::not_found, "no table " + m.table_id);
    }
    auto rows = q(*db_,
                  "INSERT INTO matches (table_id, format, variant, rated, seed, state_json, "
                  "clocks_ms, saved_ms, started_ms) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) "
                  "RETURNING id",
                  {m.table_id, m.format, m.variant, b(m.rated), static_cast<std::int64_t>(m.seed),
                   m.snapshot.state_json, clocks, m.snapshot.saved_ms, m.started_ms});
    return rows.at(0).integer(0);
  });
}

std::optional<MatchRecord> SqlStore::find_match(MatchId id) {
  ReadScope scope(*this, false);
  sql::Db& db = scope.db();
  auto rows = q(db, "SELECT " + cols(MATCH_COLS) + " FROM matches WHERE id = $1", {id});
  return first_row(rows, match_from);
}

std::vector<MatchRecord> SqlStore::matches_of_table(const TableId& id) {
  ReadScope scope(*this, false);
  sql::Db& db = scope.db();
  auto rows =
      q(db, "SELECT " + cols(MATCH_COLS) + " FROM matches WHERE table_id = $1 ORDER BY id", {id});
  return all_rows(rows, match_from);
}

void SqlStore::check_match_open(MatchId id) {
  auto rows = q(*db_, "SELECT finished FROM matches WHERE id = $1", {id});
  if (rows.empty()) fail(StoreErrc::not_found, "no " + match_ref(id));
  if (rows[0].integer(0) != 0) fail(StoreErrc::conflict, match_ref(id) + " is finished");
}

void SqlStore::write_snapshot(MatchId id, const MatchSnapshot& s) {
  const std::string clocks = encode_clocks(s.clocks_ms);
  auto rows = q(*db_,
                "UPDATE matches SET state_json = $1, clocks_ms = $2, saved_ms = $3 "
                "WHERE id = $4 AND finished = 0 RETURNING id",
                {s.state_json, clocks, s.saved_ms, id});
  if (rows.empty()) check_match_open(id);  // throws the precise reason
}

void SqlStore::save_snapshot(MatchId id, const MatchSnapshot& snapshot) {
  transaction([&] { write_snapshot(id, snapshot); });
}

void SqlStore::finish_match(MatchId id, const MatchFinish& f) {
  for (const Rating& r : f.ratings) {
    if (r.variant.empty()) fail(StoreErrc::bad_input, "rating without a variant");
  }
  const std::string clocks = encode_clocks(f.snapshot.clocks_ms);
  transaction([&] {
    check_match_open(id);
    // `finished = 0` again in the update: two nodes finishing the match at
    // once both pass the check above; PostgreSQL re-reads the row the first
    // one committed, so the second updates nothing and fails here, before
    // any result or rating of it is written.
    if (q(*db_,
          "UPDATE matches SET finished = 1, result = $1, state_json = $2, clocks_ms = $3, "
          "saved_ms = $4, finished_ms = $5 WHERE id = $6 AND finished = 0 RETURNING id",
          {f.result, f.snapshot.state_json, clocks, f.snapshot.saved_ms, f.finished_ms, id})
            .empty())
      fail(StoreErrc::conflict, "match " + std::to_string(id) + " is already finished");
    for (const MatchPlayerResult& p : f.players) {
      try {
        q(*db_,
          "INSERT INTO match_players (match_id, seat, player_id, score, rating_before, "
          "rating_after, finished_ms) VALUES ($1, $2, $3, $4, $5, $6, $7)",
          {id, std::int64_t{p.seat}, p.player, p.score, p.rating_before, p.rating_after,
           f.finished_ms});
      } catch (const StoreError& e) {
        if (e.code() == StoreErrc::not_found) {
          fail(StoreErrc::not_found,
               "match result names an unknown player " + std::to_string(p.player));
        }
        if (e.code() == StoreErrc::conflict) {
          fail(StoreErrc::bad_input,
               "match result lists seat " + std::to_string(p.seat) + " twice");
        }
        throw;
      }
    }
    for (const Rating& r : f.ratings) {
      try {
        q(*db_,
          "INSERT INTO ratings (player_id, variant, rating, deviation, volatility, "
          "last_rated_ms, games) VALUES ($1, $2, $3, $4, $5, $6, $7) "
          "ON CONFLICT (player_id, variant) DO UPDATE SET rating = excluded.rating, "
          "deviation = excluded.deviation, volatility = excluded.volatility, "
          "last_rated_ms = excluded.last_rated_ms, games = excluded.games",
          {r.player, r.variant, r.rating, r.deviation, r.volatility, r.last_rated_ms,
           std::int64_t{r.games}});
      } catch (const StoreError& e) {
        if (e.code() == StoreErrc::not_found) {
          fail(StoreErrc::not_found, "rating for an unknown player " + std::to_string(r.player));
        }
        throw;
      }
    }
  });
}

// --- games ------------------------------------------------------------------

void SqlStore::start_game(const GameRecord& g) {
  if (g.number < 1) fail(StoreErrc::bad_input, "game numbers start at 1");
  transaction([&] {
    check_match_open(g.match_id);
    if (!q(*db_, "SELECT number FROM games WHERE match_id = $1 AND number = $2",
           {g.match_id, std::int64_t{g.number}})
             .empty()) {
      fail(StoreErrc::conflict, game_ref(g.match_id, g.number) + " exists");
    }
    q(*db_,
      "INSERT INTO games (match_id, number, variant, setup, finished, result, record, "
      "started_ms, finished_ms, unplayed, sides) "
      "VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
      {g.match_id, std::int64_t{g.number}, g.variant, g.setup, b(g.finished), g.result, g.record,
       g.started_ms, g.finished_ms, b(g.unplayed), g.sides});
  });
}

void SqlStore::finish_game(MatchId match, int number, std::string_view result,
                           std::string_view record, Millis now,
                           const std::optional<MatchSnapshot>& snapshot) {
  transaction([&] {
    auto rows = q(*db_, "SELECT finished FROM games WHERE match_id = $1 AND number = $2",
                  {match, std::int64_t{number}});
    if (rows.empty()) fail(StoreErrc::not_found, "no " + game_ref(match, number));
    if (rows[0].integer(0) != 0)
      fail(StoreErrc::conflict, game_ref(match, number) + " is finished");
    q(*db_,
      "UPDATE games SET finished = 1, result = $1, record = $2, finished_ms = $3 "
      "WHERE match_id = $4 AND number = $5",
      {result, record, now, match, std::int64_t{number}});
    if (snapshot) write_snapshot(match, *snapshot);
  });
}

std::optional<GameRecord> SqlStore::find_game(MatchId match, int number) {
  ReadScope scope(*this, false);
  sql::Db& db = scope.db();
  auto rows = q(db, "SELECT " + cols(GAME_COLS) + " FROM games WHERE match_id = $1 AND number = $2",
                {match, std::int64_t{number}});
  return first_row(rows, game_from);
}

std::vector<GameRecord> SqlStore::games_of_match(MatchId match) {
  ReadScope scope(*this, false);
  sql::Db& db = scope.db();
  auto rows = q(db, "SELECT " + cols(GAME_COLS) + " FROM games WHERE match_id = $1 ORDER BY number",
                {match});
  return all_rows(rows, game_from);
}

// --- export of a player's games ---------------------------------------------

std::vector<PlayerGame> SqlStore::games_of_player(const GameQuery& query) {
  if (query.limit <= 0) fail(StoreErrc::bad_input, "page limit must be positive");
  const std::int64_t limit = std::min(query.limit, MAX_GAME_PAGE);
  ReadScope scope(*this, true);
  sql::Db& db = scope.db();
  // (finished_ms, match, number) after the cursor, spelled out: PostgreSQL
  // and SQLite both have row values, but not for every placement of $n.
  auto rows =
      q(db,
        "SELECT g.match_id, g.number, g.variant, g.setup, g.finished, g.result, g.record, "
        "g.started_ms, g.finished_ms, g.unplayed, g.sides, m.table_id, m.format, m.rated "
        "FROM match_players mp JOIN matches m ON m.id = mp.match_id "
        "JOIN games g ON g.match_id = mp.match_id "
        "WHERE mp.player_id = $1 AND g.finished = 1 AND g.unplayed = 0 "
        "AND (CAST($2 AS TEXT) = '' OR m.variant = $2) "
        "AND g.finished_ms >= $3 AND (CAST($4 AS BIGINT) = 0 OR g.finished_ms < $4) "
        "AND (g.finished_ms > $5 OR (g.finished_ms = $5 AND (g.match_id > $6 OR "
        "(g.match_id = $6 AND g.number > $7)))) "
        "ORDER BY g.finished_ms, g.match_id, g.number LIMIT $8",
        {query.player, query.variant, query.since_ms, query.until_ms, query.after.finished_ms,
         query.after.match, std::int64_t{query.after.number}, limit});
  std::vector<PlayerGame> out;
  out.reserve(rows.size());
  for (const Row& r : rows) {
    PlayerGame pg;
    pg.game = game_from(r);
    pg.table_id = r.text(11);
    pg.format = r.text(12);
    pg.rated = r.integer(13) != 0;
    // The page's games come in runs of one match: its people are read once.
    if (!out.empty() && out.back().game.match_id == pg.game.match_id) {
      pg.people = out.back().people;
    } else {
      for (const Row& p : q(db,
                            "SELECT mp.seat, mp.player_id, p.display_name, p.bot_ms FROM "
                            "match_players mp "
                            "JOIN players p ON p.id = mp.player_id WHERE mp.match_id = $1 "
                            "ORDER BY mp.seat",
                            {pg.game.match_id}))
        pg.people.push_back(
            {static_cast<int>(p.integer(0)), p.integer(1), p.text(2), p.integer(3) > 0});
    }
    out.push_back(std::move(pg));
  }
  return out;
}

// --- moves ------------------------------------------------------------------

void SqlStore::append_moves(std::span<const MoveWrite> moves) {
  for (const MoveWrite& w : moves) {
    const MoveRecord& m = w.move;
    if (m.move.empty()) fail(StoreErrc::bad_input, "move text is empty");
    if (m.ply < 1) fail(StoreErrc::bad_input, "plies start at 1");
    if (m.seat < 0) fail(StoreErrc::bad_input, "seat index is negative");
  }
  if (moves.empty()) return;
  transaction([&] {
    for (const MoveWrite& w : moves) {
      const MoveRecord& m = w.move;
      // The common case in one statement: the move goes in only if its game
      // and match are running and it is the next ply. The casts give
      // PostgreSQL the parameter types that a SELECT list cannot infer.
      auto inserted = q(*db_,
                        "INSERT INTO moves (match_id, game_number, ply, move, seat, clock_ms, "
                        "think_ms, server_ms, elapsed_ms, clocks_ms, client_id, version) "
                        "SELECT CAST($1 AS BIGINT), CAST($2 AS INTEGER), "
                        "CAST($3 AS INTEGER), CAST($4 AS TEXT), CAST($5 AS INTEGER), "
                        "CAST($6 AS BIGINT), CAST($7 AS BIGINT), CAST($8 AS BIGINT), "
                        "CAST($9 AS BIGINT), CAST($10 AS TEXT), CAST($11 AS TEXT), "
                        "CAST($12 AS BIGINT) "
                        "FROM games g JOIN matches m ON m.id = g.match_id "
                        "WHERE g.match_id = $1 AND g.number = $2 AND g.finished = 0 "
                        "AND m.finished = 0 AND COALESCE((SELECT MAX(ply) FROM moves x "
                        "WHERE x.match_id = $1 AND x.game_number = $2), 0) = $3 - 1 "
                        "RETURNING ply",
                        {m.match_id, std::int64_t{m.game_number}, std::int64_t{m.ply}, m.move,
                         std::int64_t{m.seat}, m.clock_ms, m.think_ms, m.server_ms, m.elapsed_ms,
                         encode_clocks(m.clocks_ms), m.client_id, m.version});
      if (inserted.empty()) refuse_move(m);
      if (w.snapshot) write_snapshot(m.match_id, *w.snapshot);
    }
  });
}

void SqlStore::refuse_move(const MoveRecord& m) {
  auto rows = q(*db_,
                "SELECT g.finished, m.finished, COALESCE((SELECT MAX(ply) FROM moves x "
                "WHERE x.match_id = g.match_id AND x.game_number = g.number), 0) "
                "FROM games g JOIN matches m ON m.id = g.match_id "
                "WHERE g.match_id = $1 AND g.number = $2",
                {m.match_id, std::int64_t{m.game_number}});
  const std::string ref = game_ref(m.match_id, m.game_number);
  if (rows.empty()) fail(StoreErrc::not_found, "no " + ref);
  if (rows[0].integer(1) != 0) fail(StoreErrc::conflict, match_ref(m.match_id) + " is finished");
  if (rows[0].integer(0) != 0) fail(StoreErrc::conflict, ref + " is finished");
  const std::int64_t last = rows[0].integer(2);
  if (m.ply <= last) {
    fail(StoreErrc::conflict, "ply " + std::to_string(m.ply) + " of " + ref + " is stored");
  }
  fail(StoreErrc::bad_input, "ply " + std::to_string(m.ply) + " of " + ref +
                                 " leaves a gap after ply " + std::to_string(last));
}

std::vector<MoveRecord> SqlStore::moves_of_game(MatchId match, int number) {
  ReadScope scope(*this, false);
  sql::Db& db = scope.db();
  auto rows = q(db,
                "SELECT " + cols(MOVE_COLS) +
                    " FROM moves WHERE match_id = $1 AND game_number = $2 ORDER BY ply",
                {match, std::int64_t{number}});
  return all_rows(rows, move_from);
}

// --- group commit -----------------------------------------------------------

std::exception_ptr SqlStore::run_batch(std::span<const Write> writes) {
  if (t_batch == this) {
    return std::make_exception_ptr(
        StoreError(StoreErrc::internal, "write_batch called inside a write of a batch"));
  }
  std::lock_guard lock(mutex_);
  try {
    db_->begin();
  } catch (...) {
    return std::current_exception();
  }
  t_batch = this;
  batch_error_ = nullptr;
  std::exception_ptr error;
  try {
    for (const Write& w : writes) w(*this);
  } catch (...) {
    error = std::current_exception();
  }
  t_batch = nullptr;
  if (!error) error = std::exchange(batch_error_, nullptr);
  batch_error_ = nullptr;
  if (!error) {
    try {
      db_->commit();
      return nullptr;
    } catch (...) {
      error = std::current_exception();
    }
  }
  db_->rollback();
  return error;
}

std::vector<std::exception_ptr> SqlStore::write_batch(std::span<const Write> writes) {
  std::vector<std::exception_ptr> errors(writes.size());
  if (writes.empty()) return errors;
  std::exception_ptr error = run_batch(writes);
  if (!error) return errors;
  if (writes.size() == 1) {
    errors[0] = error;
    return errors;
  }
  // Something failed and nothing was written: find out which writes are at
  // fault by giving each its own transaction (rare: a bug or a broken disk).
  for (std::size_t i = 0; i < writes.size(); ++i) errors[i] = run_batch(writes.subspan(i, 1));
  return errors;
}

// --- ratings and profiles ---------------------------------------------------

std::optional<Rating> SqlStore::find_rating(PlayerId player, std::string_view variant) {
  ReadScope scope(*this, false);
  sql::Db& db = scope.db();
  auto rows =
      q(db, "SELECT " + cols(RATING_COLS) + " FROM ratings WHERE player_id = $1 AND variant = $2",
        {player, variant});
  return first_row(rows, rating_from);
}

std::vector<Rating> SqlStore::ratings_of(PlayerId player) {
  ReadScope scope(*this, false);
  sql::Db& db = scope.db();
  auto rows =
      q(db, "SELECT " + cols(RATING_COLS) + " FROM ratings WHERE player_id = $1 ORDER BY variant",
        {player});
  return all_rows(rows, rating_from);
}

std::vector<FinishedMatch> SqlStore::finished_matches(PlayerId player, int limit,
                                                      Millis before_ms) {
  return finished_matches_page(player, limit, MatchCursor{before_ms, 0});
}

// --- profiles and leaderboards (migration 004) -------------------------------

std::vector<FinishedMatch> SqlStore::finished_matches_page(PlayerId player, int limit,
                                                           const MatchCursor& cursor) {
  if (limit <= 0) return {};
  ReadScope scope(*this, true);
  sql::Db& db = scope.db();
  // Match ids are > 0, so a cursor without one keeps only what finished
  // strictly before its time.
  auto rows = q(db,
                "SELECT mp.match_id, m.table_id, m.format, m.variant, m.rated, m.result, "
                "m.finished_ms, mp.seat, mp.score, mp.rating_before, mp.rating_after "
                "FROM match_players mp JOIN matches m ON m.id = mp.match_id "
                "WHERE mp.player_id = $1 AND (CAST($2 AS BIGINT) = 0 OR mp.finished_ms < $2 "
                "OR (mp.finished_ms = $2 AND mp.match_id < $3)) "
                "ORDER BY mp.finished_ms DESC, mp.match_id DESC LIMIT $4",
                {player, cursor.finished_ms, cursor.match_id, std::int64_t{limit}});
  std::vector<FinishedMatch> out;
  for (const Row& r : rows) {
    FinishedMatch f;
    f.match_id = r.integer(0);
    f.table_id = r.text(1);
    f.format = r.text(2);
    f.variant = r.text(3);
    f.rated = r.integer(4) != 0;
    f.result = r.text(5);
    f.finished_ms = r.integer(6);
    f.self =
        MatchPlayerResult{player, static_cast<int>(r.integer(7)), r.real(8), r.real(9), r.real(10)};
    auto others = q(db,
                    "SELECT mp.player_id, mp.seat, mp.score, mp.rating_before, "
                    "mp.rating_after, p.display_name, p.bot_ms FROM match_players mp "
                    "JOIN players p ON p.id = mp.player_id "
                    "WHERE mp.match_id = $1 AND mp.player_id <> $2 ORDER BY mp.seat",
                    {f.match_id, player});
    for (const Row& o : others) {
      f.opponents.push_back(
          FinishedMatch::Opponent{MatchPlayerResult{o.integer(0), static_cast<int>(o.integer(1)),
                                                    o.real(2), o.real(3), o.real(4)},
                                  o.text(5), o.integer(6) > 0});
    }
    out.push_back(std::move(f));
  }
  return out;
}

std::vector<FinishedMatch> SqlStore::match_results(PlayerId player) {
  ReadScope scope(*this, false);
  // One row per seat of each of the player's matches (the player's own line
  // included), so the counts never cost a query per match.
  auto rows = q(scope.db(),
                "SELECT mine.match_id, m.variant, m.rated, m.result, mine.finished_ms, mine.seat, "
                "o.player_id, o.seat, o.score "
                "FROM match_players mine JOIN matches m ON m.id = mine.match_id "
                "JOIN match_players o ON o.match_id = mine.match_id "
                "WHERE mine.player_id = $1 ORDER BY mine.finished_ms, mine.match_id, o.seat",
                {player});
  std::vector<FinishedMatch> out;
  for (const Row& r : rows) {
    if (out.empty() || out.back().match_id != r.integer(0)) {
      FinishedMatch f;
      Columns(r) >> f.match_id >> f.variant >> f.rated >> f.result >> f.finished_ms >> f.self.seat;
      f.self.player = player;
      out.push_back(std::move(f));
    }
    FinishedMatch& f = out.back();
    MatchPlayerResult line;
    line.player = r.integer(6);
    line.seat = static_cast<int>(r.integer(7));
    line.score = r.real(8);
    if (line.seat == f.self.seat) {
      f.self.score = line.score;
    } else {
      f.opponents.push_back(FinishedMatch::Opponent{line, {}});
    }
  }
  return out;
}

std::vector<RatingPoint> SqlStore::rating_history(PlayerId player) {
  ReadScope scope(*this, false);
  // A rated match whose rating could not be computed stores 0 -> 0: no point.
  auto rows = q(scope.db(),
                "SELECT m.variant, m.started_ms, mp.finished_ms, mp.rating_before, "
                "mp.rating_after FROM match_players mp JOIN matches m ON m.id = mp.match_id "
                "WHERE mp.player_id = $1 AND m.rated = 1 AND mp.rating_after > 0 "
                "ORDER BY mp.finished_ms, mp.match_id",
                {player});
  return all_rows(rows, [](const Row& r) {
    RatingPoint p;
    Columns(r) >> p.variant >> p.started_ms >> p.finished_ms >> p.before >> p.after;
    return p;
  });
}

std::vector<LeaderboardEntry> SqlStore::leaderboard(const LeaderboardQuery& query) {
  if (query.limit <= 0) return {};
  ReadScope scope(*this, false);
  // ratings_by_pool (004) holds the order and the filter's columns: the scan
  // stops after `limit` admitted rows.
  auto rows = q(scope.db(),
                "SELECT r.player_id, r.variant, r.rating, r.deviation, r.volatility, "
                "r.last_rated_ms, r.games, p.display_name, p.bot_ms FROM ratings r "
                "JOIN players p ON p.id = r.player_id "
                "WHERE r.variant = $1 AND r.deviation < $2 AND r.last_rated_ms >= $3 "
                "ORDER BY r.rating DESC, r.player_id LIMIT $4",
                {query.variant, query.max_deviation, query.rated_since, std::int64_t{query.limit}});
  return all_rows(rows, [](const Row& r) {
    LeaderboardEntry e;
    Columns(r) >> e.rating.player >> e.rating.variant >> e.rating.rating >> e.rating.deviation >>
        e.rating.volatility >> e.rating.last_rated_ms >> e.rating.games >> e.display_name;
    e.bot = r.integer(8) > 0;
    return e;
  });
}

std::optional<int> SqlStore::leaderboard_place(const LeaderboardQuery& query, PlayerId player) {
  ReadScope scope(*this, true);
  sql::Db& db = scope.db();
  auto mine = first_row(
      q(db, "SELECT " + cols(RATING_COLS) + " FROM ratings WHERE player_id = $1 AND variant = $2",
        {player, query.variant}),
      rating_from);
  if (!mine || mine->deviation >= query.max_deviation || mine->last_rated_ms < query.rated_since)
    return std::nullopt;
  auto ahead = q(db,
                 "SELECT COUNT(*) FROM ratings WHERE variant = $1 AND deviation < $2 AND "
                 "last_rated_ms >= $3 AND (rating > $4 OR (rating = $4 AND player_id < $5))",
                 {query.variant, query.max_deviation, query.rated_since, mine->rating, player});
  return static_cast<int>(ahead.at(0).integer(0)) + 1;
}

// --- exact analysis (migration 005) ------------------------------------------

void SqlStore::save_analysis(const StoredAnalysis& a) {
  if (a.analysis_json.empty()) fail(StoreErrc::bad_input, "analysis JSON is empty");
  transaction([&] { write_analysis(a); });
}

void SqlStore::write_analysis(const StoredAnalysis& a) {
  auto rows = q(*db_, "SELECT finished FROM games WHERE match_id = $1 AND number = $2",
                {a.match_id, std::int64_t{a.game_number}});
  if (rows.empty()) fail(StoreErrc::not_found, "no " + game_ref(a.match_id, a.game_number));
  q(*db_,
    "INSERT INTO game_analyses (match_id, game_number, format, analysis_json, computed_ms) "
    "VALUES ($1, $2, $3, $4, $5) ON CONFLICT (match_id, game_number) DO UPDATE SET "
    "format = excluded.format, analysis_json = excluded.analysis_json, "
    "computed_ms = excluded.computed_ms",
    {a.match_id, std::int64_t{a.game_number}, std::int64_t{a.format}, a.analysis_json,
     a.computed_ms});
  q(*db_, "DELETE FROM analysis_seats WHERE match_id = $1 AND game_number = $2",
    {a.match_id, std::int64_t{a.game_number}});
  for (const SeatAccuracy& s : a.seats)
    q(*db_,
      "INSERT INTO analysis_seats (match_id, game_number, seat, decisive, kept, mistakes) "
      "VALUES ($1, $2, $3, $4, $5, $6)",
      {a.match_id, std::int64_t{a.game_number}, std::int64_t{s.seat}, std::int64_t{s.decisive},
       std::int64_t{s.kept}, std::int64_t{s.mistakes}});
}

std::optional<StoredAnalysis> SqlStore::find_analysis(MatchId match, int number) {
  ReadScope scope(*this, false);
  auto rows = q(scope.db(),
                "SELECT match_id, game_number, format, analysis_json, computed_ms "
                "FROM game_analyses WHERE match_id = $1 AND game_number = $2",
                {match, std::int64_t{number}});
  auto found = first_row(rows, [](const Row& r) {
    StoredAnalysis a;
    Columns(r) >> a.match_id >> a.game_number >> a.format >> a.analysis_json >> a.computed_ms;
    return a;
  });
  if (found)
    found->seats = all_rows(q(scope.db(),
                              "SELECT seat, decisive, kept, mistakes FROM analysis_seats "
                              "WHERE match_id = $1 AND game_number = $2 ORDER BY seat",
                              {match, std::int64_t{number}}),
                            [](const Row& r) {
                              SeatAccuracy s;
                              Columns(r) >> s.seat >> s.decisive >> s.kept >> s.mistakes;
                              return s;
                            });
  return found;
}

// --- the analysis queue ------------------------------------------------------

namespace {

constexpr const char* JOB_COLS =
    "j.match_id, j.game_number, m.table_id, j.priority, j.state, j.queued_ms, j.owner, "
    "j.lease_until_ms, j.claim, j.attempts";

AnalysisJob job_from(const Row& r) {
  AnalysisJob j;
  std::string state;
  Columns(r) >> j.match_id >> j.game_number >> j.table_id >> j.priority >> state >> j.queued_ms >>
      j.owner >> j.lease_until_ms >> j.claim >> j.attempts;
  auto st = analysis_job_state_from_name(state);
  if (!st) fail(StoreErrc::internal, "analysis job has an unknown state " + state);
  j.state = *st;
  return j;
}

}  // namespace

std::optional<AnalysisJob> SqlStore::queue_analysis(MatchId match, int number, int priority,
                                                    Millis now, int min_format) {
  // PostgreSQL: the game's row is locked first, as complete_analysis_job
  // locks it, so a completion never slips between the check and the queueing
  // (SQLite's writer lock already orders them).
  const std::string lock = db_->dialect() == "postgres" ? " FOR UPDATE" : "";
  return transaction([&]() -> std::optional<AnalysisJob> {
    if (q(*db_, "SELECT number FROM games WHERE match_id = $1 AND number = $2" + lock,
          {match, std::int64_t{number}})
            .empty())
      fail(StoreErrc::not_found, "no " + game_ref(match, number));
    if (!q(*db_,
           "SELECT format FROM game_analyses WHERE match_id = $1 AND game_number = $2 "
           "AND format >= $3",
           {match, std::int64_t{number}, std::int64_t{min_format}})
             .empty())
      return std::nullopt;
    q(*db_,
      "INSERT INTO analysis_jobs (match_id, game_number, priority, state, queued_ms) "
      "VALUES ($1, $2, $3, 'queued', $4) ON CONFLICT (match_id, game_number) DO UPDATE SET "
      "priority = CASE WHEN analysis_jobs.state = 'done' OR analysis_jobs.priority < "
      "excluded.priority THEN excluded.priority ELSE analysis_jobs.priority END, "
      "queued_ms = CASE WHEN analysis_jobs.state = 'done' THEN excluded.queued_ms "
      "ELSE analysis_jobs.queued_ms END, "
      "state = CASE WHEN analysis_jobs.state = 'done' THEN 'queued' ELSE analysis_jobs.state END, "
      "attempts = CASE WHEN analysis_jobs.state = 'done' THEN 0 ELSE analysis_jobs.attempts END",
      {match, std::int64_t{number}, std::int64_t{priority}, now});
    return first_row(q(*db_,
                       std::string("SELECT ") + JOB_COLS +
                           " FROM analysis_jobs j JOIN matches m ON m.id = j.match_id "
                           "WHERE j.match_id = $1 AND j.game_number = $2",
                       {match, std::int64_t{number}}),
                     job_from);
  });
}

std::optional<AnalysisJob> SqlStore::claim_analysis_job(std::string_view worker, Millis now,
                                                        Millis lease_ms, int max_attempts) {
  if (worker.empty()) fail(StoreErrc::bad_input, "worker name is empty");
  if (lease_ms <= 0) fail(StoreErrc::bad_input, "lease must be positive");
  // One statement: the sub-select picks the job and the update takes it.
  // PostgreSQL locks the picked row and skips rows other workers hold
  // locked, so concurrent claims take different jobs; SQLite runs it under
  // the writer lock (BEGIN IMMEDIATE), one claim at a time.
  const std::string skip = db_->dialect() == "postgres" ? " FOR UPDATE SKIP LOCKED" : "";
  return transaction([&]() -> std::optional<AnalysisJob> {
    auto rows = q(*db_,
                  "UPDATE analysis_jobs SET state = 'running', owner = $1, lease_until_ms = $2, "
                  "claim = claim + 1, attempts = attempts + 1 "
                  "WHERE (match_id, game_number) = (SELECT match_id, game_number "
                  "FROM analysis_jobs WHERE (state = 'queued' OR (state = 'running' AND "
                  "lease_until_ms <= $3)) AND attempts < $4 "
                  "ORDER BY priority DESC, queued_ms, match_id, game_number LIMIT 1" +
                      skip + ") RETURNING match_id, game_number",
                  {worker, now + lease_ms, now, std::int64_t{max_attempts}});
    if (rows.empty()) return std::nullopt;
    return first_row(q(*db_,
                       std::string("SELECT ") + JOB_COLS +
                           " FROM analysis_jobs j JOIN matches m ON m.id = j.match_id "
                           "WHERE j.match_id = $1 AND j.game_number = $2",
                       {rows[0].integer(0), rows[0].integer(1)}),
                     job_from);
  });
}

bool SqlStore::renew_analysis_job(MatchId match, int number, std::int64_t claim, Millis now,
                                  Millis lease_ms) {
  if (lease_ms <= 0) fail(StoreErrc::bad_input, "lease must be positive");
  return transaction([&] {
    return !q(*db_,
              "UPDATE analysis_jobs SET lease_until_ms = $1 WHERE match_id = $2 "
              "AND game_number = $3 AND claim = $4 AND state = 'running' RETURNING claim",
              {now + lease_ms, match, std::int64_t{number}, claim})
                .empty();
  });
}

bool SqlStore::complete_analysis_job(const StoredAnalysis& a, std::int64_t claim) {
  if (a.analysis_json.empty()) fail(StoreErrc::bad_input, "analysis JSON is empty");
  const std::string lock = db_->dialect() == "postgres" ? " FOR UPDATE" : "";
  return transaction([&] {
    q(*db_, "SELECT number FROM games WHERE match_id = $1 AND number = $2" + lock,
      {a.match_id, std::int64_t{a.game_number}});
    if (q(*db_,
          "UPDATE analysis_jobs SET state = 'done', owner = '', lease_until_ms = 0 "
          "WHERE match_id = $1 AND game_number = $2 AND claim = $3 AND state = 'running' "
          "RETURNING claim",
          {a.match_id, std::int64_t{a.game_number}, claim})
            .empty())
      return false;
    write_analysis(a);
    return true;
  });
}

void SqlStore::release_analysis_job(MatchId match, int number, std::int64_t claim) {
  transaction([&] {
    q(*db_,
      "UPDATE analysis_jobs SET state = 'queued', owner = '', lease_until_ms = 0 "
      "WHERE match_id = $1 AND game_number = $2 AND claim = $3 AND state = 'running'",
      {match, std::int64_t{number}, claim});
  });
}

std::optional<AnalysisJob> SqlStore::find_analysis_job(MatchId match, int number) {
  ReadScope scope(*this, false);
  return first_row(q(scope.db(),
                     std::string("SELECT ") + JOB_COLS +
                         " FROM analysis_jobs j JOIN matches m ON m.id = j.match_id "
                         "WHERE j.match_id = $1 AND j.game_number = $2",
                     {match, std::int64_t{number}}),
                   job_from);
}

int SqlStore::analysis_jobs_ahead(const AnalysisJob& job) {
  ReadScope scope(*this, false);
  auto rows =
      q(scope.db(),
        "SELECT COUNT(*) FROM analysis_jobs WHERE state = 'queued' AND "
        "(priority > $1 OR (priority = $1 AND (queued_ms < $2 OR (queued_ms = $2 AND "
        "(match_id < $3 OR (match_id = $3 AND game_number < $4))))))",
        {std::int64_t{job.priority}, job.queued_ms, job.match_id, std::int64_t{job.game_number}});
  return rows.empty() ? 0 : static_cast<int>(rows[0].integer(0));
}

std::vector<VariantAccuracy> SqlStore::accuracy_of(PlayerId player) {
  ReadScope scope(*this, false);
  return all_rows(q(scope.db(),
                    "SELECT m.variant, COUNT(*), SUM(a.decisive), SUM(a.kept), SUM(a.mistakes) "
                    "FROM match_players p JOIN matches m ON m.id = p.match_id "
                    "JOIN analysis_seats a ON a.match_id = p.match_id AND a.seat = p.seat "
                    "WHERE p.player_id = $1 GROUP BY m.variant ORDER BY m.variant",
                    {player}),
                  [](const Row& r) {
                    VariantAccuracy v;
                    Columns(r) >> v.variant >> v.games >> v.decisive >> v.kept >> v.mistakes;
                    return v;
                  });
}

// ---- pools (migration 017) ----------------------------------------------------

namespace {

constexpr const char* POOL_WAIT_COLS =
    "player_id, pool, rating, joined_ms, seen_ms, table_id, paired_ms FROM pool_waits ";

PoolWait pool_wait_from(const Row& r) {
  PoolWait w;
  Columns(r) >> w.player >> w.pool >> w.rating >> w.joined_ms >> w.seen_ms >> w.table >>
      w.paired_ms;
  return w;
}

}  // namespace

std::optional<PoolWait> SqlStore::find_pool_wait(PlayerId player) {
  ReadScope scope(*this, false);
  return first_row(
      q(scope.db(), "SELECT " + cols(POOL_WAIT_COLS) + "WHERE player_id = $1", {player}),
      pool_wait_from);
}

void SqlStore::put_pool_wait(const PoolWait& w) {
  if (w.pool.empty()) fail(StoreErrc::bad_input, "a wait's pool may not be empty");
  transaction([&] {
    if (q(*db_, "SELECT id FROM players WHERE id = $1", {w.player}).empty())
      fail(StoreErrc::not_found, "no player " + std::to_string(w.player));
    q(*db_, "DELETE FROM pool_waits WHERE player_id = $1", {w.player});
    q(*db_,
      "INSERT INTO pool_waits (player_id, pool, rating, joined_ms, seen_ms, table_id, paired_ms) "
      "VALUES ($1, $2, $3, $4, $5, $6, $7)",
      {w.player, w.pool, w.rating, w.joined_ms, w.seen_ms, w.table, w.paired_ms});
  });
}

bool SqlStore::touch_pool_wait(PlayerId player, Millis now) {
  return transaction([&] {
    return !q(*db_, "UPDATE pool_waits SET seen_ms = $1 WHERE player_id = $2 RETURNING player_id",
              {now, player})
                .empty();
  });
}

bool SqlStore::end_pool_wait(PlayerId player, std::string_view pool) {
  return transaction([&] {
    return !q(*db_,
              "DELETE FROM pool_waits WHERE player_id = $1 AND pool = $2 AND table_id = '' "
              "RETURNING player_id",
              {player, pool})
                .empty();
  });
}

std::vector<PoolWait> SqlStore::pool_waits(Millis seen_since) {
  ReadScope scope(*this, false);
  return all_rows(q(scope.db(),
                    "SELECT " + cols(POOL_WAIT_COLS) +
                        "WHERE table_id = '' AND seen_ms >= $1 ORDER BY joined_ms, player_id",
                    {seen_since}),
                  pool_wait_from);
}

bool SqlStore::pair_pool_waits(std::string_view pool, PlayerId a, PlayerId b, const TableId& table,
                               Millis now, Millis seen_since) {
  if (a == b) fail(StoreErrc::bad_input, "a player is not paired with themself");
  if (table.empty()) fail(StoreErrc::bad_input, "a pairing needs its table");
  // Rows in player order, so two pairings lock in one order; a row another
  // pairing holds is skipped, and the pair is then refused at once.
  const std::string lock = db_->dialect() == "postgres" ? " FOR UPDATE SKIP LOCKED" : "";
  return transaction([&] {
    auto free = q(*db_,
                  "SELECT player_id FROM pool_waits WHERE player_id IN ($1, $2) AND pool = $3 "
                  "AND table_id = '' AND seen_ms >= $4 ORDER BY player_id" +
                      lock,
                  {a, b, pool, seen_since});
    if (free.size() != 2) return false;
    q(*db_,
      "UPDATE pool_waits SET table_id = $1, paired_ms = $2, seen_ms = $2 "
      "WHERE player_id IN ($3, $4)",
      {table, now, a, b});
    return true;
  });
}

int SqlStore::drop_pool_waits(Millis before) {
  return transaction([&] {
    return static_cast<int>(
        q(*db_, "DELETE FROM pool_waits WHERE seen_ms < $1 RETURNING player_id", {before}).size());
  });
}

// --- table leases ----------------------------------------------------------

bool SqlStore::claim_table(const TableId& id, std::string_view node, Millis now, Millis lease_ms) {
  if (node.empty()) fail(StoreErrc::bad_input, "node name is empty");
  if (lease_ms <= 0) fail(StoreErrc::bad_input, "lease must be positive");
  return transaction([&] {
    if (q(*db_, "SELECT id FROM tables WHERE id = $1", {id}).empty()) {
      fail(StoreErrc::not_found, "no table " + id);
    }
    // A lease changes hands by a delete and an insert, never an update: a
    // delete waits for the key-share lock a write of the table holds on the
    // row (check_lease), so no claim slips in between a write's check and
    // its commit, while a renewal (an update of lease_until_ms alone) never
    // waits for a write. Of two nodes claiming at once, the second one's
    // delete finds the first one's row (not run out) or none, and its insert
    // then conflicts: nothing is returned.
    q(*db_, "DELETE FROM table_owners WHERE table_id = $1 AND node <> $2 AND lease_until_ms <= $3",
      {id, node, now});
    auto rows = q(*db_,
                  "INSERT INTO table_owners (table_id, node, lease_until_ms) VALUES ($1, $2, $3) "
                  "ON CONFLICT (table_id) DO UPDATE SET lease_until_ms = excluded.lease_until_ms "
                  "WHERE table_owners.node = excluded.node "
                  "RETURNING node",
                  {id, node, now + lease_ms});
    return !rows.empty();
  });
}

void SqlStore::release_table(const TableId& id, std::string_view node) {
  transaction([&] {
    q(*db_, "DELETE FROM table_owners WHERE table_id = $1 AND node = $2", {id, node});
  });
}

std::optional<std::string> SqlStore::table_owner(const TableId& id, Millis now) {
  ReadScope scope(*this, false);
  sql::Db& db = scope.db();
  auto rows =
      q(db, "SELECT node FROM table_owners WHERE table_id = $1 AND lease_until_ms > $2", {id, now});
  if (rows.empty()) return std::nullopt;
  return rows[0].text(0);
}

std::vector<TableId> SqlStore::renew_tables(std::string_view node, Millis now, Millis lease_ms) {
  if (node.empty()) fail(StoreErrc::bad_input, "node name is empty");
  if (lease_ms <= 0) fail(StoreErrc::bad_input, "lease must be positive");
  return transaction([&] {
    std::vector<TableId> held;
    for (const Row& r : q(*db_,
                          "UPDATE table_owners SET lease_until_ms = $1 "
                          "WHERE node = $2 AND lease_until_ms > $3 RETURNING table_id",
                          {now + lease_ms, node, now}))
      held.push_back(r.text(0));
    return held;
  });
}

void SqlStore::release_tables(std::string_view node, Millis now) {
  transaction([&] {
    q(*db_, "UPDATE table_owners SET lease_until_ms = $1 WHERE node = $2 AND lease_until_ms > $1",
      {now, node});
  });
}

std::vector<TableId> SqlStore::unleased_tables(Millis before, int limit) {
  ReadScope scope(*this, false);
  std::vector<TableId> out;
  for (const Row& r : q(scope.db(),
                        "SELECT t.id FROM tables t LEFT JOIN table_owners o ON o.table_id = t.id "
                        "WHERE t.status IN ('open', 'playing') "
                        "AND (o.table_id IS NULL OR o.lease_until_ms <= $1) "
                        "ORDER BY t.created_ms, t.id LIMIT $2",
                        {before, std::int64_t{limit}}))
    out.push_back(r.text(0));
  return out;
}

void SqlStore::check_lease(const TableId& id, std::string_view node, Millis now) {
  // FOR KEY SHARE (PostgreSQL) holds the row until this transaction ends: a
  // claim by another node (a delete, claim_table) waits for it, while this
  // node's lease keeper, which only updates lease_until_ms, does not. With
  // FOR SHARE a renewal waited for every write in flight, and one that
  // renewed two tables written in the other order deadlocked with it.
  // SQLite's writer lock already serialises every write.
  const std::string lock = db_->dialect() == "postgres" ? " FOR KEY SHARE" : "";
  transaction([&] {
    if (q(*db_,
          "SELECT node FROM table_owners WHERE table_id = $1 AND node = $2 "
          "AND lease_until_ms > $3" +
              lock,
          {id, node, now})
            .empty())
      fail(StoreErrc::conflict, "node " + std::string(node) + " does not hold table " + id);
  });
}

// --- recovery ---------------------------------------------------------------

std::vector<LiveTable> SqlStore::load_live_tables() {
  ReadScope scope(*this, true);
  sql::Db& db = scope.db();
  auto rows = q(db,
                "SELECT " + cols(TABLE_COLS) +
                    " FROM tables WHERE status IN ('open', 'playing') ORDER BY created_ms, id",
                {});
  std::vector<LiveTable> out;
  for (const Row& r : rows) {
    LiveTable live;
    live.table = table_from(r);
    live.table.seats = seats_of(db, live.table.id);
    auto match_rows = q(db,
                        "SELECT " + cols(MATCH_COLS) +
                            " FROM matches WHERE table_id = $1 AND finished = 0 "
                            "ORDER BY id DESC LIMIT 1",
                        {live.table.id});
    if (!match_rows.empty()) {
      live.match = match_from(match_rows[0]);
      const MatchId id = live.match->id;
      for (const Row& g :
           q(db, "SELECT " + cols(GAME_COLS) + " FROM games WHERE match_id = $1 ORDER BY number",
             {id})) {
        live.games.push_back(game_from(g));
      }
      for (const Row& m : q(db,
                            "SELECT " + cols(MOVE_COLS) +
                                " FROM moves WHERE match_id = $1 ORDER BY game_number, ply",
                            {id})) {
        live.moves.push_back(move_from(m));
      }
    }
    out.push_back(std::move(live));
  }
  return out;
}

}  // namespace ft::store
