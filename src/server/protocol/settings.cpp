#include "server/protocol/settings.h"

#include <boost/json.hpp>

#include "match/clock.h"
#include "match/match.h"
#include "rating/match_rating.h"
#include "rules/four_game.h"
#include "rules/notation.h"

namespace ft::server {
namespace json = boost::json;
namespace {

Error bad(std::string message) {
  return make_error(ErrorCode::bad_input, std::move(message));
}

// Reads an integer field in [lo, hi]; returns false with `error` set when bad.
bool read_int(const json::object& o, std::string_view key, std::int64_t lo, std::int64_t hi,
              std::int64_t& out, std::optional<Error>& error) {
  const json::value* v = o.if_contains(key);
  if (v == nullptr || v->is_null()) return false;
  if (!v->is_int64() && !v->is_uint64()) {
    error = bad("'" + std::string(key) + "' must be an integer");
    return false;
  }
  const std::int64_t n = v->is_int64() ? v->as_int64() : static_cast<std::int64_t>(v->as_uint64());
  if (n < lo || n > hi) {
    error = bad("'" + std::string(key) + "' must be in " + std::to_string(lo) + ".." +
                std::to_string(hi));
    return false;
  }
  out = n;
  return true;
}

const json::string* read_string(const json::object& o, std::string_view key,
                                std::optional<Error>& error) {
  const json::value* v = o.if_contains(key);
  if (v == nullptr || v->is_null()) return nullptr;
  if (!v->is_string()) error = bad("'" + std::string(key) + "' must be a string");
  return v->if_string();
}

// An object under `key` that says its "kind" ("clock", "opponent"): `object`
// stays null when the key is absent or JSON null (the defaults hold), `kind`
// is null when the object names none.
struct KindedObject {
  const json::object* object = nullptr;
  const json::string* kind = nullptr;
};

std::optional<Error> read_kinded(const json::object& o, std::string_view key, KindedObject& out) {
  const json::value* v = o.if_contains(key);
  if (v == nullptr || v->is_null()) return std::nullopt;
  if (!v->is_object()) return bad("'" + std::string(key) + "' must be an object");
  out.object = &v->as_object();
  std::optional<Error> error;
  out.kind = read_string(*out.object, "kind", error);
  return error;
}

bool read_bool(const json::object& o, std::string_view key, bool& out,
               std::optional<Error>& error) {
  const json::value* v = o.if_contains(key);
  if (v == nullptr || v->is_null()) return false;
  if (!v->is_bool()) {
    error = bad("'" + std::string(key) + "' must be true or false");
    return false;
  }
  out = v->as_bool();
  return true;
}

// "game" and, for four in a row, the variant and its options (RULES.md A1,
// A6-A9); twiceFour's fixed shape (RULES.md B7).
std::optional<Error> read_game(const json::object& o, TableSettings& s) {
  std::optional<Error> error;
  const json::string* game = read_string(o, "game", error);
  if (error) return *error;
  if (game == nullptr) return bad("'game' is required (\"four\" or \"twicefour\")");
  const std::optional<rules::GameKind> game_kind = rules::game_kind_from_text(game->c_str());
  if (!game_kind) return bad("'game' must be \"four\" or \"twicefour\"");
  s.game = *game_kind;

  std::int64_t n = 0;
  if (s.game == rules::GameKind::four) {
    const json::string* variant = read_string(o, "variant", error);
    if (error) return *error;
    if (variant != nullptr) s.variant = std::string(variant->c_str());
    if (read_int(o, "width", rules::MIN_SIZE, rules::MAX_SIZE, n, error)) s.options.width = int(n);
    if (read_int(o, "height", rules::MIN_SIZE, rules::MAX_SIZE, n, error))
      s.options.height = int(n);
    bool popout = false;
    if (read_bool(o, "popout", popout, error)) s.options.popout = popout ? 1 : 0;
    // 0 (as a summary shows for variants without them) means "not asked".
    if (read_int(o, "blocks", 0, 8, n, error) && n > 0) s.options.blocks = int(n);
    if (read_int(o, "opening_plies", 0, 6, n, error) && n > 0) s.options.opening_plies = int(n);
    if (error) return *error;
    auto spec = rules::make_variant(s.variant, s.options);
    if (!spec) return spec.error();
    s.spec = *spec;
    s.seats = s.spec.seats;
    s.single = s.spec.format == rules::Format::single_game;
  } else {
    s.variant = rules::TWICEFOUR_VARIANT;
    s.seats = 2;
    s.per_move = true;  // RULES.md B7: twiceFour is played with time per move
    s.move_ms = 0;      // set below from the clock or the opponent's level
    s.bank_ms = 0;
    s.increment_ms = 0;
  }

  return std::nullopt;
}

// The "clock" object: Fischer (bank + increment) or time per move.
std::optional<Error> read_clock(const json::object& o, TableSettings& s) {
  KindedObject clock;
  if (auto e = read_kinded(o, "clock", clock)) return e;
  if (clock.object == nullptr) return std::nullopt;
  const json::object& c = *clock.object;
  std::optional<Error> error;
  std::int64_t n = 0;
  if (!clock.kind || *clock.kind == "fischer") {
    if (s.game == rules::GameKind::twicefour)
      return bad("twiceFour is played with time per move (RULES.md B7)");
    s.per_move = false;
    if (read_int(c, "bank_ms", 10000, 7200000, n, error)) s.bank_ms = n;
    if (read_int(c, "increment_ms", 0, 60000, n, error)) s.increment_ms = n;
    s.move_ms = 0;
  } else if (*clock.kind == "per_move") {
    s.per_move = true;
    s.bank_ms = 0;
    s.increment_ms = 0;
    s.move_ms = 30000;
    if (read_int(c, "move_ms", 5000, 600000, n, error)) s.move_ms = n;
    if (error) return *error;
    // RULES.md B7: a level's time per move, as the match library gives it.
    if (read_int(c, "level", 1, 7, n, error)) {
      if (c.contains("move_ms")) return bad("give the clock 'move_ms' or 'level', not both");
      auto tc = match::twicefour_level_time(int(n));
      if (!tc) return tc.error();
      s.move_ms = tc->per_move_ms;
    }
  } else {
    return bad("clock 'kind' must be \"fischer\" or \"per_move\"");
  }
  if (error) return *error;

  return std::nullopt;
}

// The "opponent" object: a person, or the computer at a level.
std::optional<Error> read_opponent(const json::object& o, TableSettings& s) {
  KindedObject opponent;
  if (auto e = read_kinded(o, "opponent", opponent)) return e;
  if (opponent.object == nullptr) return std::nullopt;
  const json::object& p = *opponent.object;
  std::optional<Error> error;
  std::int64_t n = 0;
  if (!opponent.kind || *opponent.kind == "person") {
    s.computer_level = 0;
  } else if (*opponent.kind == "computer") {
    const json::value* level = p.if_contains("level");
    if (level != nullptr && level->is_string() && level->as_string() == "perfect") {
      s.computer_level = PERFECT_LEVEL;
    } else if (read_int(p, "level", 1, 7, n, error)) {
      s.computer_level = int(n);
    } else {
      if (error) return *error;
      return bad("computer 'level' must be 1..7 or \"perfect\"");
    }
    // Every seat but the creator's: at a three-player table two computers,
    // at two vs two the creator's team-mate and both opponents (a computer seat
    // for each, so no human waits for one).
  } else {
    return bad("opponent 'kind' must be \"person\" or \"computer\"");
  }

  return std::nullopt;
}

// The "start" moves: drops, each legal where it is played, none ending the
// game; only where no set-up is drawn (blocks, drawn openings), which the
// drops would have to stand on.
std::optional<Error> read_start(const json::object& o, TableSettings& s) {
  const json::value* v = o.if_contains("start");
  if (v == nullptr || v->is_null()) return std::nullopt;
  auto refuse = [](std::string message) {
    return make_error(ErrorCode::illegal_move, std::move(message));
  };
  if (!v->is_array()) return refuse("'start' must be an array of moves (\"d\", \"c\")");
  if (v->as_array().empty()) return std::nullopt;
  if (s.game != rules::GameKind::four) return refuse("'start' is for four in a row only");
  if (s.spec.blocks > 0 || s.spec.opening_plies > 0)
    return refuse("'start' cannot stand on a drawn set-up (blocks, drawn openings)");
  auto game = rules::FourGame::create(s.spec);
  if (!game) return game.error();
  const std::size_t max_moves = std::size_t(s.spec.width) * std::size_t(s.spec.height);
  if (v->as_array().size() >= max_moves)
    return refuse("'start' has " + std::to_string(v->as_array().size()) + " moves; a board of " +
                  std::to_string(max_moves) + " cells holds fewer");
  std::size_t i = 0;
  for (const json::value& m : v->as_array()) {
    ++i;
    const std::string where = "start move " + std::to_string(i);
    if (!m.is_string()) return refuse(where + " is not a string");
    const std::string text(m.as_string());
    auto move = rules::parse_move(text, s.spec.width);
    if (!move) return refuse(where + " '" + text + "': " + move.error().message);
    if (move->pop) return refuse(where + " '" + text + "': start moves are drops, not pops");
    auto played = game.value().play(*move);
    if (!played) return refuse(where + " '" + text + "': " + played.error().message);
    if (played->over()) return refuse(where + " '" + text + "' ends the game");
    s.start.push_back(rules::format_move(*move));
  }
  return std::nullopt;
}

}  // namespace

Result<TableSettings> parse_settings(std::string_view body) {
  boost::system::error_code ec;
  json::value v = json::parse(body, ec);
  if (ec || !v.is_object()) return bad("the body must be a JSON object");
  const json::object& o = v.as_object();
  std::optional<Error> error;
  TableSettings s;
  if (auto e = read_game(o, s)) return *e;
  if (const json::string* format = read_string(o, "format", error)) {
    if (*format == "single") {
      s.single = true;
    } else if (*format == "match") {
      if (s.variant == "single")
        return bad("variant 'single' is one game: format must be \"single\"");
      s.single = false;
    } else {
      return bad("'format' must be \"match\" or \"single\"");
    }
  }
  if (error) return *error;

  if (auto e = read_clock(o, s)) return *e;
  if (auto e = read_opponent(o, s)) return *e;
  if (auto e = read_start(o, s)) return *e;

  // twiceFour without a clock: the time per move of the computer's level
  // (RULES.md B7: 60 s at level 1 ... 15 s at level 7); between people, and
  // against the perfect player, level 1's 60 s.
  if (s.game == rules::GameKind::twicefour && s.move_ms == 0) {
    const int level = s.computer_level >= 1 && s.computer_level <= 7 ? s.computer_level : 1;
    auto tc = match::twicefour_level_time(level);
    if (!tc) return tc.error();
    s.move_ms = tc->per_move_ms;
  }

  s.rated = !s.single && s.computer_level == 0 && s.start.empty();
  bool rated = s.rated;
  if (read_bool(o, "rated", rated, error)) {
    if (rated && s.single) return bad("a single game is never rated (RULES.md A5)");
    if (rated && s.computer_level != 0) return bad("games against the computer are not rated");
    if (rated && !s.start.empty()) return bad("a game from a 'start' position is never rated");
    s.rated = rated;
  }
  if (error) return *error;

  if (const json::string* vis = read_string(o, "visibility", error)) {
    if (*vis == "open") {
      s.listed = true;
    } else if (*vis == "link") {
      s.listed = false;
    } else {
      return bad("'visibility' must be \"open\" or \"link\"");
    }
  }
  if (error) return *error;
  return s;
}

json::object settings_json(const TableSettings& s) {
  json::object o;
  o["game"] = rules::to_text(s.game);
  o["variant"] = s.variant;
  if (s.game == rules::GameKind::four) {
    o["width"] = s.spec.width;
    o["height"] = s.spec.height;
    o["popout"] = s.spec.popout;
    o["blocks"] = s.spec.blocks;
    o["opening_plies"] = s.spec.opening_plies;
  } else {
    o["width"] = 5;
    o["height"] = 5;
    o["popout"] = false;
    o["blocks"] = 0;
    o["opening_plies"] = 0;
  }
  o["format"] = s.single ? "single" : "match";
  json::object clock;
  if (s.per_move) {
    clock["kind"] = "per_move";
    clock["move_ms"] = s.move_ms;
  } else {
    clock["kind"] = "fischer";
    clock["bank_ms"] = s.bank_ms;
    clock["increment_ms"] = s.increment_ms;
  }
  o["clock"] = std::move(clock);
  o["rated"] = s.rated;
  o["visibility"] = s.listed ? "open" : "link";
  json::object opp;
  if (s.computer_level == 0) {
    opp["kind"] = "person";
  } else {
    opp["kind"] = "computer";
    if (s.computer_level == PERFECT_LEVEL) {
      opp["level"] = "perfect";
    } else {
      opp["level"] = s.computer_level;
    }
  }
  o["opponent"] = std::move(opp);
  if (!s.start.empty()) {
    json::array start;
    for (const auto& m : s.start) start.push_back(json::string(m));
    o["start"] = std::move(start);
  }
  return o;
}

std::string rating_pool(const TableSettings& s) {
  auto pool = rating::rating_pool(s.variant, s.single);
  return pool ? *pool : std::string();
}

match::MatchConfig match_config(const TableSettings& s, std::uint64_t seed) {
  match::MatchConfig config;
  config.variant =
      s.game == rules::GameKind::twicefour ? std::string(rules::TWICEFOUR_VARIANT) : s.variant;
  config.options = s.options;
  config.single_game = s.single;
  config.time = s.per_move ? match::TimeControl{0, 0, s.move_ms}
                           : match::TimeControl{s.bank_ms, s.increment_ms, 0};
  config.seed = seed;
  for (const auto& m : s.start) config.start.push_back(m[0] - 'a');  // drops, checked at parse
  return config;
}

}  // namespace ft::server
