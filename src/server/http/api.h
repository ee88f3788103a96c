// The HTTP API of docs/protocol.md section 2 and the web client's files:
// every request is routed by the route table (protocol/http_routes.h), held
// to the same-site rule (request_guard.h), given the caller's guest as its
// route needs (guests.h) and answered by the handler of its resource, one
// file each: tables.cpp, me.cpp, accounts.cpp, tokens.cpp, bots.cpp,
// players.cpp, export.cpp, games.cpp, pools.cpp, puzzles.cpp, puzzle_history.cpp,
// service.cpp. A request with a
// personal API token (tokens.cpp) is its player's, without cookie or same-site rule. Runs on the
// blocking pool, so it may call the store.
#pragma once

#include <boost/json.hpp>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "server/analysis/analysis_service.h"
#include "server/cluster/lobby.h"
#include "server/cluster/player_events.h"
#include "server/edge/metrics.h"
#include "server/edge/net.h"
#include "server/edge/rate_limits.h"
#include "server/edge/static_files.h"
#include "server/http/bot_events.h"
#include "server/http/guests.h"
#include "server/http/login_policy.h"
#include "server/http/puzzle_shelf.h"
#include "server/protocol/http_routes.h"
#include "server/protocol/pools.h"
#include "server/tables/clock.h"
#include "server/tables/pool_pairer.h"
#include "server/tables/registry.h"
#include "store/group_commit.h"
#include "store/store.h"

namespace ft::server {

struct ApiOptions {
  // The built web client's files, read at start (static_files.h); null: API only.
  std::shared_ptr<const StaticFiles> web;
  // Leaderboards (protocol.md 2.15): who is listed.
  double leaderboard_max_rd = 110.0;  // deviation below this (not provisional)
  int leaderboard_days = 30;          // a rated match within this many days
  // Origins besides the request's own whose pages may change state
  // (--public-origin, --allow-origin; request_guard.h).
  std::vector<std::string> site_origins;
  // Open tables (a seat still free, protocol.md 2.3): per player, and per
  // client address over the tables this node made (0: no limit).
  int open_tables = 5;
  int open_tables_per_address = 20;
  // Analysis-board positions a player may ask for a minute
  // (analysis_service.h); an address may ask twice as many.
  double board_per_minute = 30;
  // Personal API tokens one account may hold (docs/bot-api.md).
  int tokens_per_account = 20;
  // The Bot API (bot-api.md): game streams one bot may hold open, and how
  // often each event stream reads the store.
  int game_streams_per_bot = 16;
  int bot_events_poll_ms = 1000;
  // Challenges (bot-api.md): open ones a player may have sent, and how
  // long one waits for its answer.
  int open_challenges = 5;
  std::int64_t challenge_ms = 120'000;
  // The puzzle collection, read at start (puzzle_shelf.h); null: no puzzles
  // (every variant is unknown_variant).
  std::shared_ptr<const PuzzleShelf> puzzles;
};

// What the handlers work with; each outlives the Api.
struct ApiParts {
  store::Store& store;
  store::GroupCommitter& committer;
  RoomHost& host;  // new tables' rooms report to it
  Registry& tables;
  Guests& guests;
  const Lobby& lobby;
  AnalysisService& analysis;
  Metrics& metrics;
  Clock& clock;
  const PoolPairer& pools;  // play someone now: the waiting counts
  // The bots' connections to tables go in where a browser's socket does
  // (the hub: hello, commands, leaving), so they are held to the same rules.
  Application& door;
  PlayerEvents& player_events;  // each player's own events (the bot event stream)
};

class Api {
 public:
  Api(ApiParts parts, ApiOptions options);
  void set_counters(const NetCounters* counters) { counters_ = counters; }

  ~Api();
  // Every request; a store that is away answers 503 with Retry-After.
  HttpResponse http(const HttpRequest& request);
  // Shutdown: the bots' streams end (their bots reconnect elsewhere).
  void close_streams();
  // challenges.cpp: the open challenges whose time ran out, marked expired
  // and told to both players; how many. Off the network threads.
  int expire_challenges();
  // A `challenge` event for each open challenge of `player` (protocol.md
  // 4.10: what a socket asking for its events is sent first).
  std::vector<boost::json::object> open_challenge_events(std::int64_t player);

 private:
  // http() without its answer to a store that is away: the route, the
  // same-site rule, the caller's guest, the handler.
  HttpResponse answer(const HttpRequest& request);
  // The handler of a matched API route; `who` is null when the route needs
  // no guest or the cookie named nobody.
  HttpResponse dispatch(const HttpRequest& request, const RouteMatch& route, const Identity* who);
  // A page or file of the web client for GET; for other methods 405 when
  // the path names one, else 404.
  HttpResponse static_file(const HttpRequest& request, std::string_view path);
  // A store write through the group commit, waited for.
  void write_now(store::Store::Write write) { committer_.write(std::move(write)); }

  // tables.cpp (protocol.md 2.3, 2.4, 2.11)
  HttpResponse api_table(const std::string& id);
  HttpResponse api_create_table(const HttpRequest& request, const Identity& who);
  HttpResponse api_my_tables(const Identity* who);
  // Why `address` may not open one more table, if so (409). The bound per
  // player is checked in the store write that creates the table.
  std::optional<HttpResponse> too_many_from_address(const std::string& address);
  // me.cpp (protocol.md 2.2): who the caller is; POST renames.
  HttpResponse api_me(const HttpRequest& request, const Identity& who);
  // {"id", "name", "account", "bot"}: the caller as /api/me shows it.
  boost::json::object me_json(std::int64_t player, std::string_view name);
  // The player's name changed: the cached identities and the rooms follow.
  void renamed(std::int64_t player, const std::string& name);
  // players.cpp: profiles and leaderboards (protocol.md 2.14, 2.15).
  HttpResponse api_players(std::string_view rest, const HttpRequest& request);
  HttpResponse api_player(const store::Player& player, const HttpRequest& request);
  HttpResponse api_player_ratings(const store::Player& player);
  // `who`: the caller if the cookie names one (their own place is shown).
  HttpResponse api_leaderboard(std::string_view pool, const HttpRequest& request,
                               const Identity* who);
  // export.cpp (protocol.md 2.13): the player's games as NDJSON, streamed a
  // store page at a time; a game as a file to save.
  HttpResponse api_player_games(std::string_view id, std::string_view target);
  HttpResponse api_game_export(std::string_view id, std::string_view target);
  // games.cpp: a game (protocol.md 2.7), its analysis, the analysis board.
  HttpResponse api_game(std::string_view id);
  HttpResponse api_game_analysis(std::string_view id);
  HttpResponse api_analysis_board(const HttpRequest& request, const Identity& who);
  // accounts.cpp: a name to keep (protocol.md 2.12): POST
  // /api/account/{password,login,logout,change-password}. `who` is null for
  // login and logout (GuestNeed::none in http_routes.cpp), which make no guest.
  HttpResponse api_account(std::string_view path, const HttpRequest& request, const Identity* who);
  HttpResponse account_set_password(const HttpRequest& request, const Identity& who);
  HttpResponse account_login(const HttpRequest& request);
  HttpResponse account_logout(const HttpRequest& request);
  HttpResponse account_change_password(const HttpRequest& request, const Identity& who);
  // The login limits over the failures the store keeps (login_policy.h);
  // `owner` is the player who kept the name, 0 for none.
  LoginVerdict login_verdict(const std::string& address, const std::string& name_key,
                             std::int64_t owner, std::int64_t now);
  void login_failed(const std::string& address, const std::string& name_key, std::int64_t now);
  // A new session token for `player` in place of `old_token` (ended; "" for
  // none), written with `also` in one transaction (which may throw), and the
  // address noted as one its owner logs in from. With `all_others` every
  // other session of the player ends too; how many besides `old_token`.
  struct NewSession {
    std::string token;
    int others_ended = 0;
  };
  NewSession renew_session(std::int64_t player, const std::string& old_token,
                           const std::string& address, bool all_others,
                           store::Store::Write also = {});
  // tokens.cpp (bot-api.md): a request with `Authorization`, answered as
  // its token's player or refused (401, 403); the account's tokens.
  HttpResponse answer_bearer(const HttpRequest& request, const RouteMatch& route);
  HttpResponse api_tokens(const HttpRequest& request, const RouteMatch& route, const Identity* who);
  HttpResponse create_token(const HttpRequest& request, const Identity& who);
  HttpResponse revoke_token(std::string_view id, const Identity& who);
  // bots.cpp (bot-api.md): the token's account becomes a bot.
  HttpResponse api_bot_upgrade(const Identity& who);
  // pools.cpp (protocol.md 2.19): play someone now.
  HttpResponse api_pools(const Identity* who);
  HttpResponse api_pool(const HttpRequest& request, std::string_view id, const Identity* who);
  // 403 bot_not_allowed: a bot's cookie or token asking to wait in a pool.
  static HttpResponse bot_refused();
  HttpResponse pool_join(const Pool& pool, std::int64_t player, std::optional<std::int64_t> since);
  HttpResponse pool_leave(const Pool& pool, std::int64_t player);
  // bot_games.cpp (bot-api.md): the event stream, a game's stream and the
  // commands, for a bot account's token.
  struct BotCaller {
    Identity who;
    std::int64_t token_id = 0;
    std::string token;
    bool bot = false;
  };
  static bool bot_route(Route route);
  HttpResponse api_bot(const HttpRequest& request, const RouteMatch& route, const BotCaller& bot);
  HttpResponse bot_game_stream(const std::string& table, const Identity& who);
  HttpResponse bot_command(const std::string& table, std::string_view action, std::string_view move,
                           const Identity& who);
  // challenges.cpp (bot-api.md, "Challenges").
  HttpResponse api_challenges(const Identity* who);
  HttpResponse api_challenge_create(const HttpRequest& request, std::string_view to,
                                    const Identity& who);
  HttpResponse api_challenge_accept(std::string_view id, const Identity& who);
  // Decline (with the body's reason) or cancel.
  HttpResponse api_challenge_answer(const HttpRequest& request, std::string_view id,
                                    store::ChallengeStatus to, const Identity& who);
  // The refusal of an answer the store did not take, if so.
  std::optional<HttpResponse> refused_answer(const store::Store::Answered& answered,
                                             std::string_view id);
  boost::json::object challenge_json(const store::Challenge& c);
  // The event `type` with the challenge, to both its players.
  void challenge_event(const char* type, const store::Challenge& c);
  // BotEvents: the challenge `id` to `bot`, in a variant its event stream
  // did not declare, declined for it with the reason `variant`.
  void decline_unplayed(std::int64_t bot, const std::string& id);
  // puzzles.cpp (protocol.md 2.21): a puzzle near the caller's puzzle
  // rating, one by id, the day's, and an attempt (rated once per player).
  HttpResponse api_puzzle_next(const HttpRequest& request, const Identity* who);
  HttpResponse api_puzzle_daily(const HttpRequest& request, const Identity* who);
  HttpResponse api_puzzle(std::string_view id, const Identity* who);
  HttpResponse api_puzzle_attempt(std::string_view id, const HttpRequest& request,
                                  const Identity& who);
  // The puzzle as 2.21 shows it to `who` (null: nobody): the solution and
  // the attempt only once they attempted it.
  boost::json::object puzzle_json(const ShelfPuzzle& p, const Identity* who);
  // puzzle_history.cpp (protocol.md 2.22): a player's puzzle ratings and
  // attempts, newest first, a page at a time.
  HttpResponse api_player_puzzles(const store::Player& player, const HttpRequest& request);
  const PuzzleShelf& puzzles() const;
  // service.cpp (protocol.md 2.8, 2.9): health, metrics, the test clock.
  HttpResponse healthz();
  HttpResponse metrics();
  HttpResponse api_test_clock(const HttpRequest& request);

  store::Store& store_;
  store::GroupCommitter& committer_;
  RoomHost& host_;
  Registry& tables_;
  Guests& guests_;
  const Lobby& lobby_;
  AnalysisService& analysis_;
  Metrics& metrics_;
  Clock& clock_;
  const PoolPairer& pools_;
  PlayerEvents& player_events_;
  const ApiOptions options_;
  const NetCounters* counters_ = nullptr;
  KeyedBuckets board_buckets_;  // analysis-board positions, per client address
  KeyedBuckets pool_buckets_;   // joins, polls and cancels of pools, per player
  LoginLimits login_limits_;
  Application& door_;
  std::unique_ptr<BotEvents> bot_events_;
  std::mutex bot_mu_;
  std::map<std::int64_t, int> game_streams_;  // open game streams per bot
  std::map<std::uint64_t, std::shared_ptr<LineStream>>
      game_feeds_;  // by peer id, to end at shutdown
};

}  // namespace ft::server
