// The API's entry (api.h): the route, the same-site rule, the caller's
// guest, the handler; the web client's files.
#include "server/http/api.h"

#include <algorithm>

#include "server/http/json.h"
#include "server/http/request_guard.h"
#include "server/protocol/log.h"

namespace ft::server {
namespace json = boost::json;

Api::Api(ApiParts parts, ApiOptions options)
    : store_(parts.store),
      committer_(parts.committer),
      host_(parts.host),
      tables_(parts.tables),
      guests_(parts.guests),
      lobby_(parts.lobby),
      analysis_(parts.analysis),
      metrics_(parts.metrics),
      clock_(parts.clock),
      pools_(parts.pools),
      player_events_(parts.player_events),
      options_(std::move(options)),
      // Twice a player's own limit (analysis_service.h): a family behind
      // one address may study at the same time.
      board_buckets_(2.0 * options_.board_per_minute / 60.0, 2.0 * options_.board_per_minute),
      // A page polls its wait every 2 s: two tabs and a few clicks fit.
      pool_buckets_(2.0, 20.0),
      door_(parts.door),
      bot_events_(std::make_unique<BotEvents>(
          store_, parts.player_events, options_.bot_events_poll_ms,
          [this](std::int64_t bot, const std::string& id) { decline_unplayed(bot, id); })) {}

Api::~Api() = default;

void Api::close_streams() {
  bot_events_->close_all();
  std::map<std::uint64_t, std::shared_ptr<LineStream>> feeds;
  {
    std::lock_guard lock(bot_mu_);
    feeds = game_feeds_;
  }
  for (auto& [id, out] : feeds) out->close();
}

HttpResponse Api::http(const HttpRequest& request) {
  try {
    return answer(request);
  } catch (const store::StoreError& e) {
    // The store is away: retryable, not a 500 (the store's own message
    // names hosts, so it stays in the log).
    if (e.code() != store::StoreErrc::unavailable) throw;
    log::warn() << request.target.substr(0, 200) << ": " << e.what();
    HttpResponse r =
        error(HttpError::unavailable, "the database is not reachable just now; try again shortly");
    r.headers.emplace_back("Retry-After", "1");
    return r;
  }
}

// Every request, in this order: the route (404, 405); with a token the
// token's player (tokens.cpp); else the same-site rule for what changes
// state (request_guard.h), the caller's guest as the route needs it (made
// now, within the address's limit), the handler.
HttpResponse Api::answer(const HttpRequest& request) {
  const std::string path = request.target.substr(0, request.target.find('?'));
  const RouteMatch m = match_route(request.method, path, clock_.is_test());
  if (m.status == 404) return error(HttpError::not_found, "no such endpoint");
  if (m.status == 405) {
    HttpResponse r = error(HttpError::method_not_allowed, "use " + m.allow);
    r.headers.emplace_back("Allow", m.allow);
    return r;
  }
  if (m.route == Route::web) return static_file(request, path);
  if (!request.authorization.empty()) return answer_bearer(request, m);
  if (token_scope(m.token))
    return error(HttpError::no_token, "this endpoint takes a personal API token: " +
                                          std::string("Authorization: Bearer <token>"));
  if (auto refused =
          refuse_forged(request, SiteOrigins{request.scheme, request.host, &options_.site_origins}))
    return *refused;
  std::optional<Identity> who;
  if (m.guest == GuestNeed::make) {
    std::int64_t wait_ms = 0;
    who = guests_.identify(request.guest_token, request.address, wait_ms);
    if (!who) {
      HttpResponse r = error(HttpError::guest_rate_limited,
                             "this address made too many guests lately; try again later");
      r.headers.emplace_back("Retry-After", std::to_string(retry_after_seconds(wait_ms)));
      return r;
    }
  } else if (m.guest == GuestNeed::if_known) {
    who = guests_.known(request.guest_token);
  }
  HttpResponse r = dispatch(request, m, who ? &*who : nullptr);
  // A guest made now gets its cookie; over https a known guest's token
  // that came under the plain name moves to the __Host- name (protocol.md
  // 1). Not when the handler set the cookie itself (login, password).
  const bool set_by_handler = std::any_of(r.headers.begin(), r.headers.end(),
                                          [](const auto& h) { return h.first == "Set-Cookie"; });
  if (who && !set_by_handler) {
    std::vector<std::string> cookies;
    if (!who->new_token.empty())
      cookies = guest_cookie_headers(who->new_token, request.https, request.plain_cookie);
    else if (request.plain_cookie)
      cookies = guest_cookie_headers(request.guest_token, request.https, true);
    for (std::string& c : cookies) r.headers.emplace_back("Set-Cookie", std::move(c));
  }
  return r;
}

HttpResponse Api::dispatch(const HttpRequest& request, const RouteMatch& m, const Identity* who) {
  const std::string path = request.target.substr(0, request.target.find('?'));
  const std::string_view arg = m.args.empty() ? std::string_view() : m.args.front();
  switch (m.route) {
    case Route::healthz:
      return healthz();
    case Route::metrics:
      return metrics();
    case Route::me:
      return api_me(request, *who);
    case Route::my_tables:
      return api_my_tables(who);
    case Route::create_table:
      return api_create_table(request, *who);
    case Route::table:
      return api_table(std::string(arg));
    case Route::lobby:
      return json_response(200, lobby_.lists());
    case Route::player:
    case Route::player_ratings:
    case Route::player_puzzles:
      return api_players(std::string_view(path).substr(13), request);
    case Route::player_games:
      return api_player_games(arg, request.target);
    case Route::leaderboard:
      return api_leaderboard(arg, request, who);
    case Route::game:
      return api_game_export(arg, request.target);
    case Route::game_analysis:
      return api_game_analysis(arg);
    case Route::analysis_board:
      return api_analysis_board(request, *who);
    case Route::puzzle_next:
      return api_puzzle_next(request, who);
    case Route::puzzle_daily:
      return api_puzzle_daily(request, who);
    case Route::puzzle:
      return api_puzzle(arg, who);
    case Route::puzzle_attempt:
      return api_puzzle_attempt(arg, request, *who);
    case Route::account_login:
    case Route::account_logout:
    case Route::account_password:
    case Route::account_change:
      return api_account(path, request, who);
    case Route::account_tokens:
      return api_tokens(request, m, who);
    case Route::bot_upgrade:
      return api_bot_upgrade(*who);
    case Route::pools:
      return api_pools(who);
    case Route::pool:
      return api_pool(request, arg, who);
    case Route::challenges:
      return api_challenges(who);
    case Route::challenge_create:
      return api_challenge_create(request, arg, *who);
    case Route::challenge_accept:
    case Route::challenge_decline:
    case Route::challenge_cancel:
      if (who == nullptr) return error(HttpError::not_found, "you have no challenges");
      if (m.route == Route::challenge_accept) return api_challenge_accept(arg, *who);
      return api_challenge_answer(request, arg,
                                  m.route == Route::challenge_decline
                                      ? store::ChallengeStatus::declined
                                      : store::ChallengeStatus::canceled,
                                  *who);
    case Route::test_clock:
      return api_test_clock(request);
    case Route::bot_events:
    case Route::bot_game_stream:
    case Route::bot_move:
    case Route::bot_action:
    case Route::bot_piece:
      break;  // answer_bearer (a token alone)
    case Route::web:
      break;
  }
  return error(HttpError::not_found, "no such endpoint");
}

HttpResponse Api::static_file(const HttpRequest& request, std::string_view path) {
  static const StaticFiles none;
  const bool get = request.method == "GET" || request.method == "HEAD";
  HttpResponse r =
      (options_.web ? *options_.web : none).answer(path, get ? request.accept_encoding : "");
  if (get || r.status != 200) return r;
  r = error(HttpError::method_not_allowed, "use GET");
  r.headers.emplace_back("Allow", "GET, HEAD");
  return r;
}

}  // namespace ft::server
