// The HTTP API's route table (docs/protocol.md 2): every endpoint the server
// answers, by method and path pattern, with what it needs of the caller's
// guest identity and what it takes of a personal API token (bot-api.md). A pure function over the
// request target, so the fuzz target (fuzz/request_target_fuzz.cpp) runs it without a server. The
// API (http/api.cpp) maps each route to its handler; a path no route names is a page or a file of
// the web client (static_files.h) for GET, and 404 for every other method.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ft::server {

enum class Route {
  healthz,
  metrics,
  me,                 // GET, POST /api/me
  my_tables,          // GET /api/me/tables
  create_table,       // POST /api/tables
  table,              // GET /api/tables/{id}
  lobby,              // GET /api/lobby
  player,             // GET /api/players/{id}
  player_games,       // GET /api/players/{id}/games
  player_ratings,     // GET /api/players/{id}/ratings
  player_puzzles,     // GET /api/players/{id}/puzzles
  leaderboard,        // GET /api/leaderboard/{pool}
  game,               // GET /api/games/{id}
  game_analysis,      // GET /api/games/{id}/analysis
  analysis_board,     // POST /api/analysis
  account_login,      // POST /api/account/login
  account_logout,     // POST /api/account/logout
  account_password,   // POST /api/account/password
  account_change,     // POST /api/account/change-password
  account_tokens,     // GET, POST /api/account/tokens; DELETE /api/account/tokens/{id}
  bot_upgrade,        // POST /api/bot/account/upgrade
  pools,              // GET /api/pools
  pool,               // POST, DELETE /api/pools/{id}
  bot_events,         // GET /api/stream/event (NDJSON)
  bot_game_stream,    // GET /api/bot/game/stream/{id} (NDJSON)
  bot_move,           // POST /api/bot/game/{id}/move/{move}
  bot_action,         // POST /api/bot/game/{id}/{ready,resign,resign-match,join}
  bot_piece,          // POST /api/bot/game/{id}/piece/{cross,circle} (twiceFour)
  challenges,         // GET /api/challenge (the caller's open ones)
  challenge_create,   // POST /api/challenge/{player}
  challenge_accept,   // POST /api/challenge/{id}/accept
  challenge_decline,  // POST /api/challenge/{id}/decline
  challenge_cancel,   // POST /api/challenge/{id}/cancel
  puzzle_next,        // GET /api/puzzles/next
  puzzle_daily,       // GET /api/puzzles/daily
  puzzle,             // GET /api/puzzles/{id}
  puzzle_attempt,     // POST /api/puzzles/{id}/attempt
  test_clock,         // POST /api/test/clock (serve --test-clock only)
  web,                // GET anything else: the web client (static_files.h)
};

// What a route needs of the guest cookie (protocol.md 1): a guest is made
// only when a person does something that needs one.
enum class GuestNeed {
  none,      // never looks at the cookie
  if_known,  // the caller when the cookie names one; nobody otherwise
  make,      // the caller, made now if the cookie names nobody
};

// What a route takes of a personal API token (docs/bot-api.md): a request
// with `Authorization: Bearer <token>` is the token's player.
enum class TokenUse {
  may,               // a token of any scope, or the cookie
  never,             // the account's own browser only (403 session_only to a token)
  bot_play,          // only a token, holding the scope bot:play (403 missing_scope)
  challenge_write,   // only a token, holding the scope challenge:write
  challenge,         // the cookie, or a token holding challenge:write
  challenge_answer,  // the cookie, or a token holding challenge:write or bot:play
};

// Every scope a token may hold, in the order the store keeps them.
inline constexpr std::string_view TOKEN_SCOPES[] = {"bot:play", "challenge:write"};
bool token_scope_known(std::string_view scope);
// The scope a route needs ("bot:play") when it takes only a token; nullopt
// for the routes a cookie may call too.
std::optional<std::string_view> token_scope(TokenUse use);
// The scopes of which a token must hold one to call the route (empty: any).
std::vector<std::string_view> token_scopes_taken(TokenUse use);

struct RouteMatch {
  int status = 200;  // 200: `route` answers; 404: no such endpoint; 405: not this method
  Route route = Route::web;
  GuestNeed guest = GuestNeed::none;
  TokenUse token = TokenUse::may;
  std::string allow;                   // 405: the methods the path takes ("GET, POST")
  std::vector<std::string_view> args;  // the pattern's {id} parts, views into the path
};

// GET and HEAD are one method here; `path` is the target without its query.
// `test_clock`: whether the server runs under the test clock (else that
// route does not exist).
RouteMatch match_route(std::string_view method, std::string_view path, bool test_clock = false);

// Methods that change nothing (GET, HEAD, OPTIONS): every other one is held
// to the same-site rule of request_guard.h.
bool safe_method(std::string_view method);

}  // namespace ft::server
