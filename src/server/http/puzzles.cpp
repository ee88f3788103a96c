// Puzzles (docs/protocol.md 2.21): a puzzle matched to the caller's puzzle
// rating, one by id, the day's, and an attempt. The puzzles are the
// collection read at start (puzzle_shelf.h); the store keeps the ratings and
// the attempts (migration 016). A player's puzzle rating is a Glicko-2 pool
// of its own per variant, and so is each puzzle's: an attempt is a match
// between the two, the puzzle "losing" when it is solved.
#include <algorithm>
#include <cmath>
#include <random>
#include <set>
#include <span>
#include <unordered_map>
#include <variant>

#include "rating/glicko2.h"
#include "server/http/api.h"
#include "server/http/json.h"

namespace ft::server {
namespace json = boost::json;

namespace {

constexpr std::int64_t DAY_MS = 24LL * 60 * 60 * 1000;
// A caller is matched among this many puzzles nearest their rating, so
// "another one" is not always the same next step up.
constexpr std::size_t NEAREST = 8;
// Attempts read to leave out what the caller tried: more than any variant
// holds today (2,000 classic), a bound on the read all the same.
constexpr int TRIED_READ = 10000;
// The player's moves an attempt may carry: the longest line has 5.
constexpr std::size_t MAX_ATTEMPT_MOVES = 32;

rating::Rating glicko_of(const store::Rating& r) {
  return rating::Rating{r.rating, r.deviation, r.volatility, r.last_rated_ms, r.games};
}

rating::Rating glicko_of(const store::PuzzleScore& s) {
  return rating::Rating{s.rating, s.deviation, s.volatility, s.last_rated_ms, s.attempts};
}

rating::Rating puzzle_start(const ShelfPuzzle& p) {
  rating::Rating r = rating::initial_rating();
  r.rating = puzzle_start_rating(p);
  r.deviation = PUZZLE_START_DEVIATION;
  return r;
}

// An attempt as a match between the player and the puzzle, from their
// ratings as the store holds them (nullopt: none yet): the player wins
// when they solved it.
store::PuzzleRated rate_attempt(const ShelfPuzzle& p, std::int64_t player, bool solved,
                                std::int64_t now, const std::optional<store::Rating>& stored,
                                const std::optional<store::PuzzleScore>& score) {
  const rating::Rating before =
      rating::current(stored ? glicko_of(*stored) : rating::initial_rating(), now);
  const rating::Rating puzzle = rating::current(score ? glicko_of(*score) : puzzle_start(p), now);
  const rating::Outcome vs_puzzle{puzzle.rating, puzzle.deviation, solved ? 1.0 : 0.0};
  const rating::Outcome vs_player{before.rating, before.deviation, solved ? 0.0 : 1.0};
  const rating::Rating after = rating::rate(before, std::span(&vs_puzzle, 1), now);
  const rating::Rating puzzle_after = rating::rate(puzzle, std::span(&vs_player, 1), now);
  return store::PuzzleRated{
      store::PuzzleAttempt{player, p.id, p.variant, solved, now, before.rating, after.rating},
      store::Rating{player, p.variant, after.rating, after.deviation, after.volatility, now,
                    after.matches},
      store::PuzzleScore{p.id, p.variant, puzzle_after.rating, puzzle_after.deviation,
                         puzzle_after.volatility, now, puzzle_after.matches,
                         (score ? score->solved : 0) + (solved ? 1 : 0)}};
}

json::array strings(const std::vector<std::string>& v) {
  json::array a;
  for (const std::string& s : v) a.emplace_back(s);
  return a;
}

// The `variant` (required) and `theme` (optional) of a query; an error
// answer when the query is malformed, names another parameter or a variant
// or theme no puzzle has.
struct PuzzleQuery {
  std::string variant;
  std::string theme;
};

std::variant<PuzzleQuery, HttpResponse> puzzle_query(const PuzzleShelf& shelf,
                                                     std::string_view target, bool need_variant) {
  const auto params = query_params(target);
  if (!params) return error(HttpError::bad_query, "the query string is malformed");
  PuzzleQuery q;
  for (const auto& [key, value] : *params) {
    if (key == "variant") {
      q.variant = value;
    } else if (key == "theme") {
      q.theme = value;
    } else {
      return error(HttpError::bad_query, "unknown parameter '" + key.substr(0, 40) + "'");
    }
  }
  if (q.variant.empty() && need_variant)
    return error(HttpError::bad_query, "name a variant: ?variant=classic");
  if (q.variant.empty()) q.variant = "classic";
  const auto& all = shelf.of_variant(q.variant);
  if (shelf.size() == 0)
    return error(HttpError::unknown_variant, "this server has no puzzle collection");
  if (all.empty())
    return error(HttpError::unknown_variant,
                 "no puzzles of variant '" + q.variant.substr(0, 40) + "'");
  if (!q.theme.empty() && std::none_of(all.begin(), all.end(), [&](const ShelfPuzzle* p) {
        return std::find(p->themes.begin(), p->themes.end(), q.theme) != p->themes.end();
      }))
    return error(HttpError::unknown_theme,
                 "no puzzle of " + q.variant + " has theme '" + q.theme.substr(0, 40) + "'");
  return q;
}

}  // namespace

const PuzzleShelf& Api::puzzles() const {
  static const PuzzleShelf none;
  return options_.puzzles ? *options_.puzzles : none;
}

json::object Api::puzzle_json(const ShelfPuzzle& p, const Identity* who) {
  json::object o{{"id", p.id},
                 {"variant", p.variant},
                 {"width", p.width},
                 {"height", p.height},
                 {"moves", strings(p.moves)},
                 {"to_move", static_cast<int>(p.moves.size() % 2)},
                 {"themes", strings(p.themes)},
                 {"solver_moves", p.length()}};
  const auto score = store_.find_puzzle_score(p.id);
  o["rating"] = std::lround(score ? score->rating : puzzle_start_rating(p));
  o["attempts"] = score ? score->attempts : 0;
  const auto attempt = who ? store_.find_puzzle_attempt(who->player, p.id) : std::nullopt;
  o["attempted"] = attempt.has_value();
  if (attempt) {
    o["solution"] = strings(p.line);
    o["attempt"] = json::object{{"solved", attempt->solved},
                                {"rating_before", std::lround(attempt->rating_before)},
                                {"rating_after", std::lround(attempt->rating_after)}};
  }
  return o;
}

// GET /api/puzzles/next?variant=K[&theme=T]: among the puzzles the caller
// has not tried (all of them when none is left), one of the nearest to the
// caller's puzzle rating (1500 for nobody yet).
HttpResponse Api::api_puzzle_next(const HttpRequest& request, const Identity* who) {
  auto q = puzzle_query(puzzles(), request.target, true);
  if (auto* refused = std::get_if<HttpResponse>(&q)) return std::move(*refused);
  const auto& [variant, theme] = std::get<PuzzleQuery>(q);
  double mine = rating::initial_rating().rating;
  std::set<std::string, std::less<>> tried;
  if (who) {
    if (auto r = store_.find_puzzle_rating(who->player, variant)) mine = r->rating;
    for (const auto& a : store_.puzzle_attempts_of(who->player, variant, TRIED_READ))
      tried.insert(a.puzzle);
  }
  std::unordered_map<std::string, double> rated;
  for (const auto& s : store_.puzzle_scores_of(variant)) rated[s.puzzle] = s.rating;
  std::vector<std::pair<double, const ShelfPuzzle*>> fresh;
  std::vector<std::pair<double, const ShelfPuzzle*>> all;
  for (const ShelfPuzzle* p : puzzles().of_variant(variant)) {
    if (!theme.empty() && std::find(p->themes.begin(), p->themes.end(), theme) == p->themes.end())
      continue;
    auto it = rated.find(p->id);
    const double r = it == rated.end() ? puzzle_start_rating(*p) : it->second;
    (tried.contains(p->id) ? all : fresh).emplace_back(std::abs(r - mine), p);
  }
  auto& pool = fresh.empty() ? all : fresh;
  const std::size_t n = std::min(NEAREST, pool.size());
  std::partial_sort(pool.begin(), pool.begin() + static_cast<std::ptrdiff_t>(n), pool.end(),
                    [](const auto& a, const auto& b) { return a.first < b.first; });
  thread_local std::mt19937_64 draw{std::random_device{}()};
  const ShelfPuzzle& p = *pool[std::uniform_int_distribution<std::size_t>(0, n - 1)(draw)].second;
  json::object o = puzzle_json(p, who);
  o["player_rating"] = std::lround(mine);
  o["all_tried"] = fresh.empty();
  return json_response(200, o);
}

// GET /api/puzzles/daily[?variant=K]: the same puzzle for everyone on a UTC
// day (classic unless a variant is named).
HttpResponse Api::api_puzzle_daily(const HttpRequest& request, const Identity* who) {
  auto q = puzzle_query(puzzles(), request.target, false);
  if (auto* refused = std::get_if<HttpResponse>(&q)) return std::move(*refused);
  const auto& query = std::get<PuzzleQuery>(q);
  if (!query.theme.empty()) return error(HttpError::bad_query, "the daily puzzle takes no theme");
  const std::int64_t day = clock_.now_ms() / DAY_MS;
  json::object o = puzzle_json(*puzzles().daily(query.variant, day), who);
  o["day"] = day;
  return json_response(200, o);
}

HttpResponse Api::api_puzzle(std::string_view id, const Identity* who) {
  const ShelfPuzzle* p = puzzles().find(id);
  if (p == nullptr) return error(HttpError::unknown_puzzle, "no such puzzle");
  return json_response(200, puzzle_json(*p, who));
}

namespace {

// The body's "moves": 1 to MAX_ATTEMPT_MOVES strings; else why not.
std::variant<std::vector<std::string>, std::string> attempt_moves(const json::value& body) {
  const json::value* moves = body.as_object().if_contains("moves");
  if (moves == nullptr || !moves->is_array())
    return std::string("'moves' must be an array of your moves (\"d\", \"d^\")");
  const json::array& a = moves->as_array();
  if (a.empty() || a.size() > MAX_ATTEMPT_MOVES)
    return "'moves' holds 1 to " + std::to_string(MAX_ATTEMPT_MOVES) + " moves";
  std::vector<std::string> out;
  for (const json::value& m : a) {
    if (!m.is_string()) return "move " + std::to_string(out.size() + 1) + " is not a string";
    out.emplace_back(m.as_string());
  }
  return out;
}

}  // namespace

// POST /api/puzzles/<id>/attempt {"moves": [...]}: the caller's moves of the
// line checked against it. Right moves short of the end go on (the
// defender's reply, nothing kept); the first wrong move fails; the whole
// line solves. A solve or a failure is rated when it is the caller's first
// at this puzzle (the player's and the puzzle's rating, read and written in
// one transaction).
HttpResponse Api::api_puzzle_attempt(std::string_view id, const HttpRequest& request,
                                     const Identity& who) {
  const ShelfPuzzle* p = puzzles().find(id);
  if (p == nullptr) return error(HttpError::unknown_puzzle, "no such puzzle");
  boost::system::error_code ec;
  const json::value body = json::parse(request.body, ec);
  if (ec || !body.is_object()) return error(HttpError::bad_json, "the body must be a JSON object");
  auto moves = attempt_moves(body);
  if (auto* why = std::get_if<std::string>(&moves)) return error(HttpError::bad_moves, *why);
  const auto check = check_line(*p, std::get<std::vector<std::string>>(moves));
  if (!check) return error(HttpError::bad_moves, "a move is a column letter (\"d\"), a pop \"d^\"");
  if (check->state == LineCheck::State::going_on)
    return json_response(
        200, json::object{{"state", "continue"}, {"right", check->right}, {"reply", check->reply}});
  const bool solved = check->state == LineCheck::State::solved;
  const std::int64_t now = clock_.now_ms();
  // Read, rated and written in one store transaction with both ratings
  // locked: two attempts at once never rate from the same old value.
  std::optional<store::PuzzleRated> rated;
  write_now([&](store::Store& st) {
    rated = st.rate_puzzle_attempt(who.player, p->id, p->variant,
                                   [&](const auto& mine, const auto& theirs) {
                                     return rate_attempt(*p, who.player, solved, now, mine, theirs);
                                   });
  });
  double before = 0;
  double shown = 0;
  double puzzle_rating = 0;
  if (rated) {
    before = rated->attempt.rating_before;
    shown = rated->attempt.rating_after;
    puzzle_rating = rated->puzzle.rating;
  } else {  // attempted before: nothing changes, the ratings as they stand
    const auto mine = store_.find_puzzle_rating(who.player, p->variant);
    const auto score = store_.find_puzzle_score(p->id);
    before = shown = mine ? mine->rating : rating::initial_rating().rating;
    puzzle_rating = score ? score->rating : puzzle_start_rating(*p);
  }
  return json_response(200, json::object{{"state", solved ? "solved" : "failed"},
                                         {"right", check->right},
                                         {"solution", strings(p->line)},
                                         {"rated", rated.has_value()},
                                         {"rating", std::lround(shown)},
                                         {"change", std::lround(shown) - std::lround(before)},
                                         {"puzzle_rating", std::lround(puzzle_rating)}});
}

}  // namespace ft::server
