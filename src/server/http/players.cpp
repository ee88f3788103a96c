// Profiles and leaderboards of docs/protocol.md 2.6, 2.12 and 2.13: a
// player's ratings, win/draw/loss counts and finished matches (paged by a
// cursor), the rating history per pool, and the best players of a pool.
// Runs on the blocking pool, so it may call the store.
#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <map>

#include "match/results.h"
#include "rating/glicko2.h"
#include "rating/match_rating.h"
#include "rules/game_kind.h"
#include "rules/variant.h"
#include "server/http/api.h"
#include "server/http/json.h"
#include "server/protocol/plain_json.h"

namespace ft::server {
namespace json = boost::json;
namespace {

constexpr int DEFAULT_PAGE = 50;
constexpr int MAX_PAGE = 100;
constexpr int LEADERBOARD_SIZE = 100;

// The value of `name` in the target's query string; nullopt if absent. The
// values this API reads are digits and '_', so nothing is percent-decoded.
std::optional<std::string_view> query_param(std::string_view target, std::string_view name) {
  const std::size_t q = target.find('?');
  if (q == std::string_view::npos) return std::nullopt;
  std::string_view rest = target.substr(q + 1);
  while (!rest.empty()) {
    const std::size_t amp = rest.find('&');
    const std::string_view item = rest.substr(0, amp);
    const std::size_t eq = item.find('=');
    if (item.substr(0, eq) == name)
      return eq == std::string_view::npos ? std::string_view() : item.substr(eq + 1);
    if (amp == std::string_view::npos) break;
    rest.remove_prefix(amp + 1);
  }
  return std::nullopt;
}

// A whole decimal number in lo..hi; nullopt otherwise.
std::optional<std::int64_t> to_number(std::string_view text, std::int64_t lo, std::int64_t hi) {
  std::int64_t v = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || end != text.data() + text.size() || v < lo || v > hi)
    return std::nullopt;
  return v;
}

// `?limit=`: 1..max, `fallback` when absent.
std::optional<int> page_limit(std::string_view target, int fallback, int max) {
  auto text = query_param(target, "limit");
  if (!text) return fallback;
  auto n = to_number(*text, 1, max);
  if (!n) return std::nullopt;
  return static_cast<int>(*n);
}

// The cursor of the match after which the next page starts: "<ms>_<id>".
std::string cursor_text(const store::FinishedMatch& m) {
  return std::to_string(m.finished_ms) + "_" + std::to_string(m.match_id);
}

std::optional<store::MatchCursor> parse_cursor(std::string_view text) {
  const std::size_t us = text.find('_');
  if (us == std::string_view::npos) return std::nullopt;
  constexpr std::int64_t MAX = std::numeric_limits<std::int64_t>::max();
  auto ms = to_number(text.substr(0, us), 1, MAX);
  auto id = to_number(text.substr(us + 1), 1, MAX);
  if (!ms || !id) return std::nullopt;
  return store::MatchCursor{*ms, *id};
}

// A stored match score (1.5) in the match library's half points.
match::Points half_points(double score) {
  return match::Points{static_cast<int>(std::lround(score * 2))};
}

// Every seat's points and the player's result (match::seat_results, the rule
// of match_over). The stored result holds every team's points in team order,
// the computer's too (only people have lines); seat s plays for team
// s % teams. A result that does not parse falls back to the people's lines.
struct Outcome {
  std::vector<double> seat_points;
  match::SeatResult result = match::SeatResult::draw;
};

Outcome outcome_of(const store::FinishedMatch& m) {
  int seats = m.self.seat + 1;
  for (const auto& o : m.opponents) seats = std::max(seats, o.line.seat + 1);
  std::vector<match::Points> teams_points;
  if (auto parsed = match::parse_score(m.result); parsed && !parsed->empty()) {
    teams_points = *parsed;
  } else {
    const int teams = seats == 4 ? 2 : seats;  // two vs two: 4 seats, 2 teams
    teams_points.resize(std::size_t(teams));
    teams_points[std::size_t(m.self.seat % teams)] = half_points(m.self.score);
    for (const auto& o : m.opponents)
      teams_points[std::size_t(o.line.seat % teams)] = half_points(o.line.score);
  }
  seats = std::max(seats, int(teams_points.size()));
  Outcome out;
  for (int s = 0; s < seats; ++s)
    out.seat_points.push_back(teams_points[std::size_t(s) % teams_points.size()].value());
  out.result = match::seat_results(teams_points, seats)[std::size_t(m.self.seat)];
  return out;
}

rating::Rating as_rating(const store::Rating& r) {
  return rating::Rating{r.rating, r.deviation, r.volatility, r.last_rated_ms, r.games};
}

// RULES.md A5: one pool per variant key (single games are unrated) and twiceFour.
bool is_pool(std::string_view key) {
  if (key == rules::TWICEFOUR_VARIANT) return true;
  const auto keys = rules::variant_keys();
  return std::find(keys.begin(), keys.end(), key) != keys.end() &&
         rating::rating_pool(key, false).has_value();
}

}  // namespace

HttpResponse Api::api_players(std::string_view rest, const HttpRequest& request) {
  const std::size_t slash = rest.find('/');
  const std::string_view id = rest.substr(0, slash);
  const std::string_view sub = slash == std::string_view::npos ? "" : rest.substr(slash);
  const std::int64_t pid = parse_player_id(id);
  if (pid == 0 || (!sub.empty() && sub != "/ratings" && sub != "/puzzles"))
    return error(HttpError::not_found, "no such player");
  auto player = store_.find_player(pid);
  if (!player) return error(HttpError::not_found, "no such player");
  if (sub == "/ratings") return api_player_ratings(*player);
  if (sub == "/puzzles") return api_player_puzzles(*player, request);
  return api_player(*player, request);
}

namespace {

// Accuracy over the analysed games, per variant (protocol.md 2.6, 2.16).
json::array accuracy_json(const std::vector<store::VariantAccuracy>& per_variant) {
  json::array out;
  for (const store::VariantAccuracy& v : per_variant) {
    json::value share = nullptr;
    if (v.decisive > 0) share = std::round(1000.0 * v.kept / v.decisive) / 1000.0;
    out.push_back(json::object{{"variant", v.variant},
                               {"games", v.games},
                               {"decisive", v.decisive},
                               {"kept", v.kept},
                               {"mistakes", v.mistakes},
                               {"accuracy", share}});
  }
  return out;
}

}  // namespace

HttpResponse Api::api_player(const store::Player& player, const HttpRequest& request) {
  const auto limit = page_limit(request.target, DEFAULT_PAGE, MAX_PAGE);
  if (!limit) return error(HttpError::bad_query, "'limit' must be a number in 1..100");
  store::MatchCursor cursor;
  if (auto before = query_param(request.target, "before")) {
    auto parsed = parse_cursor(*before);
    if (!parsed) return error(HttpError::bad_query, "'before' must be a cursor the last page gave");
    cursor = *parsed;
  }
  const std::int64_t now = clock_.now_ms();
  json::array ratings;
  for (const store::Rating& r : store_.ratings_of(player.id)) {
    ratings.push_back(json::object{{"pool", r.variant},
                                   {"rating", rating_number(r.rating)},
                                   {"rd", rating_number(r.deviation)},
                                   {"volatility", volatility_number(r.volatility)},
                                   {"matches", r.games},
                                   {"provisional", rating::provisional(as_rating(r), now)}});
  }
  std::map<match::SeatResult, std::int64_t> counts;
  for (const store::FinishedMatch& m : store_.match_results(player.id))
    ++counts[outcome_of(m).result];

  // One more than the page: whether a next page exists.
  auto page = store_.finished_matches_page(player.id, *limit + 1, cursor);
  json::value next = nullptr;
  if (page.size() > std::size_t(*limit)) {
    page.resize(std::size_t(*limit));
    next = json::string(cursor_text(page.back()));
  }
  json::array matches;
  for (const store::FinishedMatch& m : page) {
    const Outcome outcome = outcome_of(m);
    json::array score;
    for (double p : outcome.seat_points) score.push_back(p);
    json::array opponents;
    for (const auto& o : m.opponents)
      opponents.push_back(player_object(o.line.player, o.display_name, o.bot));
    json::array games;
    for (const auto& g : store_.games_of_match(m.match_id))
      if (!g.unplayed)  // lost with the match before it began: not a game to open
        games.push_back(json::string(m.table_id + "-" + std::to_string(g.number)));
    json::value reason = nullptr;
    if (auto room = tables_.find(m.table_id)) {
      json::value result = room->match_result();
      if (result.is_object() && result.as_object().contains("reason"))
        reason = result.as_object().at("reason");
    }
    json::value change = nullptr;
    // The difference of the ratings as shown (2.14's history), so the
    // numbers of every answer add up.
    if (m.rated && m.self.rating_after > 0)
      change = rating_number(m.self.rating_after) - rating_number(m.self.rating_before);
    matches.push_back(json::object{{"table", m.table_id},
                                   {"game", rules::to_text(rules::game_kind_of_variant(m.variant))},
                                   {"variant", m.variant},
                                   {"rated", m.rated},
                                   {"seat", m.self.seat},
                                   {"score", score},
                                   {"result", match::seat_result_name(outcome.result)},
                                   {"reason", reason},
                                   {"opponents", opponents},
                                   {"rating_change", change},
                                   {"games", games},
                                   {"finished_at", m.finished_ms}});
  }
  return json_response(
      200, json::object{{"id", "p_" + std::to_string(player.id)},
                        {"name", player.display_name},
                        {"bot", player.bot_ms > 0},
                        {"ratings", ratings},
                        {"counts", json::object{{"win", counts[match::SeatResult::win]},
                                                {"draw", counts[match::SeatResult::draw]},
                                                {"loss", counts[match::SeatResult::loss]}}},
                        {"accuracy", accuracy_json(store_.accuracy_of(player.id))},
                        {"matches", matches},
                        {"next", next}});
}

HttpResponse Api::api_player_ratings(const store::Player& player) {
  const std::int64_t now = clock_.now_ms();
  std::map<std::string, json::array> history;
  for (const store::RatingPoint& p : store_.rating_history(player.id)) {
    json::array& points = history[p.variant];
    // The first point is where the pool started: before its first match.
    if (points.empty()) points.push_back(json::array{p.started_ms, rating_number(p.before)});
    points.push_back(json::array{p.finished_ms, rating_number(p.after)});
  }
  json::array pools;
  for (const store::Rating& r : store_.ratings_of(player.id)) {
    pools.push_back(json::object{{"pool", r.variant},
                                 {"rating", rating_number(r.rating)},
                                 {"rd", rating_number(r.deviation)},
                                 {"matches", r.games},
                                 {"provisional", rating::provisional(as_rating(r), now)},
                                 {"history", std::move(history[r.variant])}});
  }
  return json_response(200, json::object{{"id", "p_" + std::to_string(player.id)},
                                         {"name", player.display_name},
                                         {"pools", pools}});
}

HttpResponse Api::api_leaderboard(std::string_view pool, const HttpRequest& request,
                                  const Identity* who) {
  if (!is_pool(pool))
    return error(HttpError::not_found, "no rating pool '" + std::string(pool) + "'");
  const auto limit = page_limit(request.target, LEADERBOARD_SIZE, LEADERBOARD_SIZE);
  if (!limit) return error(HttpError::bad_query, "'limit' must be a number in 1..100");
  const std::int64_t now = clock_.now_ms();
  store::LeaderboardQuery query;
  query.variant = std::string(pool);
  query.max_deviation = options_.leaderboard_max_rd;
  query.rated_since = now - std::int64_t{options_.leaderboard_days} * 24 * 3600 * 1000;
  query.limit = *limit;
  json::array players;
  int rank = 0;
  for (const store::LeaderboardEntry& e : store_.leaderboard(query)) {
    json::object line = player_object(e.rating.player, e.display_name, e.bot);
    line["rank"] = ++rank;
    line["rating"] = rating_number(e.rating.rating);
    line["rd"] = rating_number(e.rating.deviation);
    line["matches"] = e.rating.games;
    players.push_back(std::move(line));
  }
  // The caller's own line, when it has a rating in the pool: its place, or
  // null while the rating is not admitted (deviation, no recent match).
  json::value me = nullptr;
  if (auto mine = who ? store_.find_rating(who->player, pool) : std::nullopt) {
    json::value place = nullptr;
    if (auto p = store_.leaderboard_place(query, who->player)) place = *p;
    me = json::object{{"id", "p_" + std::to_string(who->player)},
                      {"rank", place},
                      {"rating", rating_number(mine->rating)},
                      {"rd", rating_number(mine->deviation)},
                      {"matches", mine->games},
                      {"provisional", rating::provisional(as_rating(*mine), now)}};
  }
  return json_response(200, json::object{{"pool", pool},
                                         {"max_rd", rating_number(options_.leaderboard_max_rd)},
                                         {"active_days", options_.leaderboard_days},
                                         {"players", players},
                                         {"me", me}});
}

}  // namespace ft::server
