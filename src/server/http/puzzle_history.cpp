// A player's puzzle history (docs/protocol.md 2.22): the puzzle rating of
// each variant they tried and their rated attempts, newest first, a page at
// a time (a cursor of time and puzzle id, as 2.6 pages matches). The
// themes come from the collection read at start (puzzle_shelf.h); a puzzle
// it no longer holds is listed without them.
#include <algorithm>
#include <charconv>
#include <limits>
#include <variant>

#include "rating/glicko2.h"
#include "server/http/api.h"
#include "server/http/json.h"
#include "server/protocol/plain_json.h"

namespace ft::server {
namespace json = boost::json;
namespace {

constexpr int DEFAULT_PAGE = 20;
constexpr int MAX_PAGE = 100;
// A puzzle id is the collection's hash in hex: this bounds a cursor's.
constexpr std::size_t MAX_ID = 40;

struct HistoryQuery {
  int limit = DEFAULT_PAGE;
  store::PuzzleCursor before;
};

std::optional<std::int64_t> whole(std::string_view text, std::int64_t lo, std::int64_t hi) {
  std::int64_t v = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || end != text.data() + text.size() || v < lo || v > hi)
    return std::nullopt;
  return v;
}

// "<at ms>_<puzzle id>", as `next` gives it.
std::optional<store::PuzzleCursor> cursor_of(std::string_view text) {
  const std::size_t us = text.find('_');
  if (us == std::string_view::npos) return std::nullopt;
  auto at = whole(text.substr(0, us), 1, std::numeric_limits<std::int64_t>::max());
  const std::string_view id = text.substr(us + 1);
  const bool plain =
      !id.empty() && id.size() <= MAX_ID && std::all_of(id.begin(), id.end(), [](char c) {
        return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z');
      });
  if (!at || !plain) return std::nullopt;
  return store::PuzzleCursor{*at, std::string(id)};
}

// `limit` and `before`; anything else, or either out of its form, is
// bad_query (the message says which).
std::variant<HistoryQuery, std::string> history_query(std::string_view target) {
  const auto params = query_params(target);
  if (!params) return std::string("the query string is malformed");
  HistoryQuery q;
  for (const auto& [key, value] : *params) {
    if (key == "limit") {
      auto n = whole(value, 1, MAX_PAGE);
      if (!n) return std::string("'limit' must be a number in 1..100");
      q.limit = static_cast<int>(*n);
    } else if (key == "before") {
      auto c = cursor_of(value);
      if (!c) return std::string("'before' must be a cursor the last page gave");
      q.before = *c;
    } else {
      return "unknown parameter '" + key.substr(0, 40) + "'";
    }
  }
  return q;
}

json::array theme_list(const ShelfPuzzle* p) {
  json::array a;
  if (p != nullptr)
    for (const std::string& t : p->themes) a.emplace_back(t);
  return a;
}

}  // namespace

HttpResponse Api::api_player_puzzles(const store::Player& player, const HttpRequest& request) {
  const std::int64_t pid = player.id;
  auto query = history_query(request.target);
  if (auto* why = std::get_if<std::string>(&query)) return error(HttpError::bad_query, *why);
  const auto& [limit, before] = std::get<HistoryQuery>(query);
  const std::int64_t now = clock_.now_ms();
  json::array ratings;
  for (const store::Rating& r : store_.puzzle_ratings_of(pid)) {
    const rating::Rating g{r.rating, r.deviation, r.volatility, r.last_rated_ms, r.games};
    ratings.push_back(json::object{{"variant", r.variant},
                                   {"rating", rating_number(r.rating)},
                                   {"rd", rating_number(r.deviation)},
                                   {"attempts", r.games},
                                   {"provisional", rating::provisional(g, now)}});
  }
  // One more than the page: whether a next page exists.
  auto page = store_.puzzle_attempts_page(pid, limit + 1, before);
  json::value next = nullptr;
  if (page.size() > static_cast<std::size_t>(limit)) {
    page.resize(static_cast<std::size_t>(limit));
    next = json::string(std::to_string(page.back().at_ms) + "_" + page.back().puzzle);
  }
  json::array attempts;
  for (const store::PuzzleAttempt& a : page) {
    // The difference of the ratings as shown, so the numbers add up.
    const std::int64_t change = rating_number(a.rating_after) - rating_number(a.rating_before);
    attempts.push_back(json::object{{"puzzle", a.puzzle},
                                    {"variant", a.variant},
                                    {"themes", theme_list(puzzles().find(a.puzzle))},
                                    {"solved", a.solved},
                                    {"rating_before", rating_number(a.rating_before)},
                                    {"rating_after", rating_number(a.rating_after)},
                                    {"change", change},
                                    {"at", a.at_ms}});
  }
  return json_response(200, json::object{{"id", "p_" + std::to_string(pid)},
                                         {"name", player.display_name},
                                         {"ratings", ratings},
                                         {"attempts", attempts},
                                         {"next", next}});
}

}  // namespace ft::server
