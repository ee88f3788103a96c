#include "server/protocol/http_routes.h"

#include <array>

namespace ft::server {
namespace {

struct Entry {
  std::string_view method;   // "GET" (HEAD too) or "POST"
  std::string_view pattern;  // segments; "{}" is any one non-empty segment
  Route route;
  GuestNeed guest;
  // Reads take a token; the person's own writes do not (bot-api.md).
  TokenUse token = TokenUse::may;
};

constexpr TokenUse NEVER = TokenUse::never;

// Every endpoint of protocol.md 2. Patterns are matched segment by
// segment, so "/api/players/{}" never matches ".../games" by prefix.
constexpr std::array ROUTES{
    Entry{"GET", "/healthz", Route::healthz, GuestNeed::none},
    Entry{"GET", "/metrics", Route::metrics, GuestNeed::none},
    Entry{"GET", "/api/me", Route::me, GuestNeed::make},
    Entry{"POST", "/api/me", Route::me, GuestNeed::make, NEVER},
    Entry{"GET", "/api/me/tables", Route::my_tables, GuestNeed::if_known},
    Entry{"POST", "/api/tables", Route::create_table, GuestNeed::make, NEVER},
    Entry{"GET", "/api/tables/{}", Route::table, GuestNeed::none},
    Entry{"GET", "/api/lobby", Route::lobby, GuestNeed::none},
    Entry{"GET", "/api/players/{}", Route::player, GuestNeed::none},
    Entry{"GET", "/api/players/{}/games", Route::player_games, GuestNeed::none},
    Entry{"GET", "/api/players/{}/ratings", Route::player_ratings, GuestNeed::none},
    Entry{"GET", "/api/players/{}/puzzles", Route::player_puzzles, GuestNeed::none},
    Entry{"GET", "/api/leaderboard/{}", Route::leaderboard, GuestNeed::if_known},
    Entry{"GET", "/api/games/{}", Route::game, GuestNeed::none},
    Entry{"GET", "/api/games/{}/analysis", Route::game_analysis, GuestNeed::none},
    Entry{"POST", "/api/analysis", Route::analysis_board, GuestNeed::make, NEVER},
    // Puzzles (2.21): reads look at the caller's puzzle rating if the
    // cookie names one; an attempt makes a guest. "next" and "daily" come
    // before "{}", which would match them too.
    Entry{"GET", "/api/puzzles/next", Route::puzzle_next, GuestNeed::if_known},
    Entry{"GET", "/api/puzzles/daily", Route::puzzle_daily, GuestNeed::if_known},
    Entry{"GET", "/api/puzzles/{}", Route::puzzle, GuestNeed::if_known},
    Entry{"POST", "/api/puzzles/{}/attempt", Route::puzzle_attempt, GuestNeed::make, NEVER},
    // Logging in and out read the cookie themselves and make no guest.
    Entry{"POST", "/api/account/login", Route::account_login, GuestNeed::none, NEVER},
    Entry{"POST", "/api/account/logout", Route::account_logout, GuestNeed::none, NEVER},
    Entry{"POST", "/api/account/password", Route::account_password, GuestNeed::if_known, NEVER},
    Entry{"POST", "/api/account/change-password", Route::account_change, GuestNeed::if_known,
          NEVER},
    // Tokens are made and revoked by the account's own browser alone.
    Entry{"GET", "/api/account/tokens", Route::account_tokens, GuestNeed::if_known, NEVER},
    Entry{"POST", "/api/account/tokens", Route::account_tokens, GuestNeed::if_known, NEVER},
    Entry{"DELETE", "/api/account/tokens/{}", Route::account_tokens, GuestNeed::if_known, NEVER},
    Entry{"POST", "/api/bot/account/upgrade", Route::bot_upgrade, GuestNeed::if_known,
          TokenUse::bot_play},
    // Play someone now (2.19): the pools are read by anyone; waiting and
    // cancelling are a person's, in their browser.
    Entry{"GET", "/api/pools", Route::pools, GuestNeed::if_known},
    Entry{"POST", "/api/pools/{}", Route::pool, GuestNeed::make, NEVER},
    Entry{"DELETE", "/api/pools/{}", Route::pool, GuestNeed::if_known, NEVER},
    // The Bot API's streams and games (bot-api.md): a bot's token alone.
    Entry{"GET", "/api/stream/event", Route::bot_events, GuestNeed::none, TokenUse::bot_play},
    Entry{"GET", "/api/bot/game/stream/{}", Route::bot_game_stream, GuestNeed::none,
          TokenUse::bot_play},
    Entry{"POST", "/api/bot/game/{}/move/{}", Route::bot_move, GuestNeed::none, TokenUse::bot_play},
    Entry{"POST", "/api/bot/game/{}/ready", Route::bot_action, GuestNeed::none, TokenUse::bot_play},
    Entry{"POST", "/api/bot/game/{}/resign", Route::bot_action, GuestNeed::none,
          TokenUse::bot_play},
    Entry{"POST", "/api/bot/game/{}/resign-match", Route::bot_action, GuestNeed::none,
          TokenUse::bot_play},
    Entry{"POST", "/api/bot/game/{}/join", Route::bot_action, GuestNeed::none, TokenUse::bot_play},
    Entry{"POST", "/api/bot/game/{}/piece/{}", Route::bot_piece, GuestNeed::none,
          TokenUse::bot_play},
    // Challenges (bot-api.md): the site's pages, or a token of the scope.
    Entry{"GET", "/api/challenge", Route::challenges, GuestNeed::if_known},
    Entry{"POST", "/api/challenge/{}", Route::challenge_create, GuestNeed::make,
          TokenUse::challenge},
    Entry{"POST", "/api/challenge/{}/accept", Route::challenge_accept, GuestNeed::if_known,
          TokenUse::challenge_answer},
    Entry{"POST", "/api/challenge/{}/decline", Route::challenge_decline, GuestNeed::if_known,
          TokenUse::challenge_answer},
    Entry{"POST", "/api/challenge/{}/cancel", Route::challenge_cancel, GuestNeed::if_known,
          TokenUse::challenge},
    Entry{"POST", "/api/test/clock", Route::test_clock, GuestNeed::none, NEVER},
};

// The next segment of `path` (after its leading '/'), and the rest.
std::string_view next_segment(std::string_view& path) {
  path.remove_prefix(1);
  const std::size_t slash = path.find('/');
  const std::string_view segment = path.substr(0, slash);
  path = slash == std::string_view::npos ? std::string_view() : path.substr(slash);
  return segment;
}

// Whether `path` has the shape of `pattern`; its {} parts appended to `args`.
bool matches(std::string_view pattern, std::string_view path, std::vector<std::string_view>& args) {
  args.clear();
  while (!pattern.empty() && !path.empty()) {
    const std::string_view want = next_segment(pattern);
    const std::string_view got = next_segment(path);
    if (want == "{}") {
      if (got.empty()) return false;
      args.push_back(got);
    } else if (want != got) {
      return false;
    }
  }
  return pattern.empty() && path.empty();
}

bool is_get(std::string_view method) {
  return method == "GET" || method == "HEAD";
}

}  // namespace

bool token_scope_known(std::string_view scope) {
  for (std::string_view s : TOKEN_SCOPES)
    if (s == scope) return true;
  return false;
}

std::optional<std::string_view> token_scope(TokenUse use) {
  if (use == TokenUse::bot_play) return TOKEN_SCOPES[0];
  if (use == TokenUse::challenge_write) return TOKEN_SCOPES[1];
  return std::nullopt;
}

std::vector<std::string_view> token_scopes_taken(TokenUse use) {
  switch (use) {
    case TokenUse::bot_play:
      return {TOKEN_SCOPES[0]};
    case TokenUse::challenge_write:
    case TokenUse::challenge:
      return {TOKEN_SCOPES[1]};
    case TokenUse::challenge_answer:
      return {TOKEN_SCOPES[1], TOKEN_SCOPES[0]};
    case TokenUse::may:
    case TokenUse::never:
      break;
  }
  return {};
}

bool safe_method(std::string_view method) {
  return is_get(method) || method == "OPTIONS";
}

RouteMatch match_route(std::string_view method, std::string_view path, bool test_clock) {
  RouteMatch m;
  const bool api = path.starts_with("/api/") || path == "/healthz" || path == "/metrics";
  if (!api) {
    // A page or a file of the web client; the static table says which
    // exist, and answers 405 to any other method on one that does.
    m.route = Route::web;
    return m;
  }
  std::vector<std::string_view> args;
  for (const Entry& e : ROUTES) {
    if (e.route == Route::test_clock && !test_clock) continue;
    if (!matches(e.pattern, path, args)) continue;
    if (e.method == method || (e.method == "GET" && is_get(method))) {
      m.route = e.route;
      m.guest = e.guest;
      m.token = e.token;
      m.args = std::move(args);
      m.allow.clear();
      return m;
    }
    if (!m.allow.empty()) m.allow += ", ";
    m.allow += e.method == "GET" ? "GET, HEAD" : std::string(e.method);
  }
  m.status = m.allow.empty() ? 404 : 405;
  return m;
}

}  // namespace ft::server
