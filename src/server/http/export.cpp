// Export of a player's games (docs/protocol.md 2.13): NDJSON, one finished
// game a line, streamed. The body is made a store page at a time
// (Store::games_of_player, at most EXPORT_PAGE games) and handed to the edge
// as chunks, the next page read only after the previous chunk went out, so a
// player with any number of games costs the server one page of memory.
#include <array>
#include <charconv>
#include <chrono>
#include <memory>

#include "rules/game_kind.h"
#include "rules/variant.h"
#include "server/http/api.h"
#include "server/http/json.h"
#include "server/protocol/plain_json.h"

namespace ft::server {
namespace json = boost::json;
namespace {

constexpr int EXPORT_PAGE = 100;
constexpr std::int64_t DAY_MS = 24LL * 3600 * 1000;

// "2026-12-01" -> the UTC midnight that starts it, in epoch ms.
std::optional<std::int64_t> parse_day(std::string_view text) {
  if (text.size() != 10 || text[4] != '-' || text[7] != '-') return std::nullopt;
  int y = 0;
  unsigned m = 0;
  unsigned d = 0;
  auto num = [&](std::size_t at, std::size_t len, auto& out) {
    auto [p, ec] = std::from_chars(text.data() + at, text.data() + at + len, out);
    return ec == std::errc() && p == text.data() + at + len;
  };
  if (!num(0, 4, y) || !num(5, 2, m) || !num(8, 2, d)) return std::nullopt;
  const std::chrono::year_month_day ymd{std::chrono::year{y}, std::chrono::month{m},
                                        std::chrono::day{d}};
  if (!ymd.ok() || y < 1970) return std::nullopt;
  return std::chrono::sys_days(ymd).time_since_epoch().count() * DAY_MS;
}

bool known_pool(std::string_view key) {
  return key == rules::TWICEFOUR_VARIANT || rules::find_variant(key).ok();
}

std::string game_line(const store::PlayerGame& pg) {
  const store::GameRecord& g = pg.game;
  json::object line{{"id", pg.table_id + "-" + std::to_string(g.number)},
                    {"table", pg.table_id},
                    {"number", g.number},
                    {"game", rules::to_text(rules::game_kind_of_variant(g.variant))},
                    {"variant", g.variant},
                    {"format", pg.format},
                    {"rated", pg.rated}};
  add_result_fields(line, g);  // setup, result, result_by, colours
  const json::value colours = line.at("colours");
  json::array people;
  for (const auto& p : pg.people) {
    json::object o = player_object(p.player, p.display_name, p.bot);
    o["seat"] = p.seat;
    if (colours.is_array() && std::size_t(p.seat) < colours.as_array().size())
      o["colour"] = colours.as_array()[std::size_t(p.seat)];
    people.push_back(std::move(o));
  }
  line["players"] = std::move(people);
  line["started_at"] = g.started_ms;
  line["finished_at"] = g.finished_ms;
  line["record"] = g.record;
  return json_text(line) + "\n";
}

}  // namespace

HttpResponse Api::api_player_games(std::string_view id, std::string_view target) {
  const std::int64_t pid = parse_player_id(id);
  if (pid == 0 || !store_.find_player(pid)) return error(HttpError::not_found, "no such player");
  const auto params = query_params(target);
  if (!params) return error(HttpError::bad_filter, "the query string is malformed");
  store::GameQuery query;
  query.player = pid;
  query.limit = EXPORT_PAGE;
  for (const auto& [key, value] : *params) {
    if (key == "pool") {
      if (!known_pool(value)) return error(HttpError::bad_filter, "no pool '" + value + "'");
      query.variant = value;
    } else if (key == "since" || key == "until") {
      const auto day = parse_day(value);
      if (!day)
        return error(HttpError::bad_filter, "'" + key + "' must be a date YYYY-MM-DD (UTC)");
      // Both days count: until=2026-12-01 keeps the games of that day.
      if (key == "since")
        query.since_ms = *day;
      else
        query.until_ms = *day + DAY_MS;
    } else {
      return error(HttpError::bad_filter,
                   "unknown parameter '" + key + "' (pool, since and until filter)");
    }
  }
  if (query.until_ms != 0 && query.since_ms >= query.until_ms)
    return error(HttpError::bad_filter, "'since' is after 'until'");

  HttpResponse r;
  r.content_type = "application/x-ndjson";
  r.headers.emplace_back("Content-Disposition",
                         "attachment; filename=\"" + std::string(id) + "-games.ndjson\"");
  // The stream outlives this call: it holds the query (its cursor moves) and
  // whether the last page came short.
  struct Stream {
    store::GameQuery query;
    bool done = false;
  };
  auto stream = std::make_shared<Stream>(Stream{query, false});
  r.next_chunk = [this, stream]() -> std::optional<std::string> {
    if (stream->done) return std::nullopt;
    const auto page = store_.games_of_player(stream->query);
    stream->done = static_cast<int>(page.size()) < stream->query.limit;
    if (page.empty()) return std::nullopt;
    std::string chunk;
    for (const auto& pg : page) chunk += game_line(pg);
    const store::GameRecord& last = page.back().game;
    stream->query.after = {last.finished_ms, last.match_id, last.number};
    return chunk;
  };
  return r;
}

HttpResponse Api::api_game_export(std::string_view id, std::string_view target) {
  const auto params = query_params(target);
  if (!params) return error(HttpError::bad_format, "the query string is malformed");
  std::string_view format;
  for (const auto& [key, value] : *params) {
    if (key != "format") return error(HttpError::bad_format, "unknown parameter '" + key + "'");
    if (value != "text" && value != "json")
      return error(HttpError::bad_format, "'format' is text (the rules record) or json");
    format = value == "text" ? "text" : "json";
  }
  if (format.empty()) return api_game(id);
  if (id.ends_with(".txt"))
    return error(HttpError::bad_format, "give either .txt or ?format=, not both");
  HttpResponse r = api_game(format == "text" ? std::string(id) + ".txt" : std::string(id));
  // Asked for a format: an export, which a browser saves as a file.
  if (r.status == 200)
    r.headers.emplace_back("Content-Disposition", "attachment; filename=\"" + std::string(id) +
                                                      (format == "text" ? ".txt\"" : ".json\""));
  return r;
}

}  // namespace ft::server
