#include "match/match_json.h"

#include <array>
#include <charconv>
#include <utility>

namespace ft::match {

namespace {

void points_array(json::Writer& w, const std::vector<Points>& p) {
  w.begin_array();
  for (Points x : p) w.value(x.value());
  w.end_array();
}

template <typename T>
void int_array(json::Writer& w, const std::vector<T>& v) {
  w.begin_array();
  for (const T& x : v) w.value(static_cast<std::int64_t>(x));
  w.end_array();
}

void bool_array(json::Writer& w, const std::vector<bool>& v) {
  w.begin_array();
  for (bool x : v) w.value(x);
  w.end_array();
}

void string_array(json::Writer& w, const std::vector<std::string>& v) {
  w.begin_array();
  for (const auto& x : v) w.value(x);
  w.end_array();
}

}  // namespace

void write_json(json::Writer& w, const rules::Outcome& o) {
  w.begin_object();
  w.key("status").value(rules::status_name(o.status));
  w.key("winner");
  if (o.winner < 0)
    w.null();
  else
    w.value(o.winner);
  w.key("reason").value(rules::reason_name(o.reason));
  w.end_object();
}

void write_json(json::Writer& w, const ClockState& c) {
  w.begin_object();
  w.key("kind").value(c.control.per_move() ? "per_move" : "fischer");
  w.key("bank_ms").value(c.control.bank_ms);
  w.key("increment_ms").value(c.control.increment_ms);
  w.key("per_move_ms").value(c.control.per_move_ms);
  w.key("quota").begin_object();
  w.key("gain_ms").value(c.quota.gain_ms);
  w.key("initial_ms").value(c.quota.initial_ms);
  w.key("max_ms").value(c.quota.max_ms);
  w.end_object();
  w.key("seats").begin_array();
  for (const SeatClock& s : c.seats) {
    w.begin_object();
    w.key("remaining_ms").value(s.remaining_ms);
    w.key("quota_ms").value(s.quota_ms);
    w.key("lag_credited_ms").value(s.lag_credited_ms);
    w.key("moves").value(s.moves);
    w.end_object();
  }
  w.end_array();
  w.key("running");
  if (c.running < 0)
    w.null();
  else
    w.value(c.running);
  w.key("turn_started_ms").value(c.turn_started_ms);
  w.end_object();
}

void write_json(json::Writer& w, const GameRecord& g) {
  w.begin_object();
  w.key("index").value(g.index);
  w.key("side_team");
  int_array(w, g.side_team);
  w.key("first_side").value(g.first_side);
  w.key("starter_by_lottery").value(g.starter_by_lottery);
  w.key("moves");
  string_array(w, g.moves);
  w.key("move_seats");
  int_array(w, g.move_seats);
  w.key("outcome");
  write_json(w, g.outcome);
  w.key("end").value(game_end_name(g.end));
  w.key("loser_team");
  if (g.loser_team < 0)
    w.null();
  else
    w.value(g.loser_team);
  w.key("points");
  points_array(w, g.points);
  w.end_object();
}

namespace {

// The number fields of a config's options and time by their names in the
// record: written and read from these lists. (`Config` is MatchConfig,
// const or not.)
template <class Config>
auto option_fields(Config& c) {
  return std::array{std::pair{"width", &c.options.width}, std::pair{"height", &c.options.height},
                    std::pair{"popout", &c.options.popout}, std::pair{"blocks", &c.options.blocks},
                    std::pair{"opening_plies", &c.options.opening_plies}};
}
template <class Config>
auto time_fields(Config& c) {
  return std::array{std::pair{"bank_ms", &c.time.bank_ms},
                    std::pair{"increment_ms", &c.time.increment_ms},
                    std::pair{"per_move_ms", &c.time.per_move_ms}};
}

template <class Fields>
void write_fields(json::Writer& w, std::string_view key, const Fields& fields) {
  w.key(key).begin_object();
  for (const auto& [name, field] : fields) w.key(name).value(*field);
  w.end_object();
}

}  // namespace

void write_json(json::Writer& w, const MatchConfig& c) {
  w.begin_object();
  w.key("variant").value(c.variant);
  write_fields(w, "options", option_fields(c));
  w.key("single_game").value(c.single_game);
  write_fields(w, "time", time_fields(c));
  // As a string: a 64-bit seed does not survive readers that use doubles.
  w.key("seed").value(std::to_string(c.seed));
  w.key("ready_timeout_ms").value(c.ready_timeout_ms);
  w.key("claim_after_ms").value(c.claim_after_ms);
  w.key("twicefour_start").value(c.twicefour_start);
  if (!c.start.empty()) int_array(w.key("start"), c.start);
  w.end_object();
}

void write_json(json::Writer& w, const MatchView& v) {
  w.begin_object();
  w.key("phase").value(phase_name(v.phase));
  w.key("format").begin_object();
  w.key("twicefour").value(v.format.twicefour);
  w.key("seats").value(v.format.seats);
  w.key("teams").value(v.format.teams);
  w.key("games").value(v.format.games);
  w.key("max_games").value(v.format.max_games);
  w.key("rated").value(v.format.rated);
  w.end_object();
  w.key("game").value(v.game);
  w.key("games").begin_array();
  for (const GameRecord& g : v.games) write_json(w, g);
  w.end_array();
  w.key("points");
  points_array(w, v.points);
  w.key("score").value(v.score);
  w.key("seat_to_move");
  if (v.seat_to_move < 0)
    w.null();
  else
    w.value(v.seat_to_move);
  w.key("legal_moves");
  string_array(w, v.legal_moves);
  w.key("board");
  string_array(w, v.board);
  w.key("clock");
  write_json(w, v.clock);
  w.key("remaining_ms");
  int_array(w, v.remaining_ms);
  w.key("ready");
  bool_array(w, v.ready);
  w.key("ready_deadline").value(v.ready_deadline);
  w.key("connected");
  bool_array(w, v.connected);
  w.key("team_piece");
  int_array(w, v.team_piece);
  w.key("piece_wish");
  int_array(w, v.piece_wish);
  w.key("claim_from").value(v.claim_from);
  w.key("end").value(match_end_name(v.end));
  w.key("loser_teams");
  int_array(w, v.loser_teams);
  w.end_object();
}

void write_json(json::Writer& w, const MatchRecord& r) {
  w.begin_object();
  w.key("version").value(1);
  w.key("config");
  write_json(w, r.config);
  w.key("inputs").begin_array();
  for (const Input& in : r.inputs) {
    w.begin_object();
    w.key("action").value(action_name(in.action));
    w.key("at").value(in.at);
    if (in.seat >= 0) w.key("seat").value(in.seat);
    if (in.action == Action::move) {
      w.key("move").value(in.move);
      w.key("think_ms").value(in.think_ms);
      if (in.elapsed_ms) w.key("elapsed_ms").value(*in.elapsed_ms);
    }
    if (in.action == Action::choose_piece) w.key("piece").value(in.piece);
    if (in.action == Action::resume) {
      w.key("last_seen").value(in.last_seen);
      if (in.grace_ms != 0) w.key("grace_ms").value(in.grace_ms);
    }
    w.end_object();
  }
  w.end_array();
  w.key("draws");
  int_array(w, r.draws);
  w.end_object();
}

std::string to_json(const MatchView& v) {
  json::Writer w;
  write_json(w, v);
  return w.str();
}

std::string to_json(const MatchRecord& r) {
  json::Writer w;
  write_json(w, r);
  return w.str();
}

// ---- reading --------------------------------------------------------------

namespace {

Error bad(const std::string& where, const std::string& what) {
  return make_error(ErrorCode::bad_input, "match record: " + where + ": " + what);
}

Result<std::int64_t> get_int(const json::Value& o, std::string_view key, const std::string& where) {
  const json::Value* v = o.find(key);
  if (!v || !v->is_int()) return bad(where + "." + std::string(key), "missing or not an integer");
  return v->as_int();
}

// Times and durations in a record are bounded, so that the match's sums of
// a few of them (a deadline is a time plus a timeout) cannot overflow. 10^15
// ms is about 31,000 years either side of the epoch; found by
// fuzz/match_record_fuzz.cpp (a ready timeout of 2^63-1 overflowed the Ready
// deadline).
constexpr std::int64_t MAX_RECORD_MS = 1'000'000'000'000'000;

Result<std::int64_t> get_ms(const json::Value& o, std::string_view key, const std::string& where) {
  auto n = get_int(o, key, where);
  if (!n) return n.error();
  if (*n < -MAX_RECORD_MS || *n > MAX_RECORD_MS)
    return bad(where + "." + std::string(key), "out of range (a time in ms within 10^15)");
  return *n;
}

Result<int> get_small(const json::Value& o, std::string_view key, const std::string& where) {
  auto n = get_int(o, key, where);
  if (!n) return n.error();
  if (*n < -1'000'000 || *n > 1'000'000) return bad(where + "." + std::string(key), "out of range");
  return static_cast<int>(*n);
}

}  // namespace

Result<MatchConfig> config_from_json(const json::Value& v) {
  const std::string where = "config";
  if (!v.is_object()) return bad(where, "not an object");
  MatchConfig c;
  const json::Value* variant = v.find("variant");
  if (!variant || !variant->is_string()) return bad(where + ".variant", "missing or not a string");
  c.variant = variant->as_string();
  const json::Value* options = v.find("options");
  if (!options || !options->is_object()) return bad(where + ".options", "missing or not an object");
  for (auto [key, field] : option_fields(c)) {
    auto n = get_small(*options, key, where + ".options");
    if (!n) return n.error();
    *field = *n;
  }
  const json::Value* single = v.find("single_game");
  if (!single || !single->is_bool()) return bad(where + ".single_game", "missing or not a boolean");
  c.single_game = single->as_bool();
  const json::Value* time = v.find("time");
  if (!time || !time->is_object()) return bad(where + ".time", "missing or not an object");
  for (auto [key, field] : time_fields(c)) {
    auto n = get_ms(*time, key, where + ".time");
    if (!n) return n.error();
    *field = *n;
  }
  const json::Value* seed = v.find("seed");
  if (!seed || !seed->is_string()) return bad(where + ".seed", "missing or not a string");
  {
    const std::string& s = seed->as_string();
    std::uint64_t x = 0;
    const auto r = std::from_chars(s.data(), s.data() + s.size(), x);
    if (s.empty() || r.ec != std::errc() || r.ptr != s.data() + s.size())
      return bad(where + ".seed", "not an unsigned 64-bit number");
    c.seed = x;
  }
  auto ready = get_ms(v, "ready_timeout_ms", where);
  if (!ready) return ready.error();
  c.ready_timeout_ms = *ready;
  auto claim = get_ms(v, "claim_after_ms", where);
  if (!claim) return claim.error();
  c.claim_after_ms = *claim;
  // Records written before the start of RULES.md B2 changed (2026-12-01)
  // have no such field: their twiceFour rounds began from the first start.
  c.twicefour_start = static_cast<int>(rules::TfStart::first);
  if (v.find("twicefour_start")) {
    auto start = get_small(v, "twicefour_start", where);
    if (!start) return start.error();
    if (!rules::tf_start_known(*start))
      return bad(where + ".twicefour_start", "unknown start " + std::to_string(*start));
    c.twicefour_start = *start;
  }
  // Only a table opened from a position has start drops.
  if (const json::Value* start = v.find("start")) {
    if (!start->is_array()) return bad(where + ".start", "not an array");
    for (const json::Value& col : start->as_array()) {
      if (!col.is_int() || col.as_int() < 0 || col.as_int() >= rules::MAX_SIZE)
        return bad(where + ".start", "not a column number");
      c.start.push_back(static_cast<int>(col.as_int()));
    }
  }
  return c;
}

Result<MatchRecord> record_from_json(std::string_view text) {
  auto parsed = json::Value::parse(text);
  if (!parsed) return parsed.error();
  return record_from_json(*parsed);
}

Result<MatchRecord> record_from_json(const json::Value& root) {
  if (!root.is_object()) return bad("record", "not an object");
  auto version = get_int(root, "version", "record");
  if (!version) return version.error();
  if (*version != 1) return bad("record.version", "unknown version " + std::to_string(*version));
  const json::Value* config = root.find("config");
  if (!config) return bad("record.config", "missing");
  auto cfg = config_from_json(*config);
  if (!cfg) return cfg.error();
  MatchRecord r;
  r.config = std::move(cfg).value();
  const json::Value* inputs = root.find("inputs");
  if (!inputs || !inputs->is_array()) return bad("record.inputs", "missing or not an array");
  for (std::size_t i = 0; i < inputs->as_array().size(); ++i) {
    const json::Value& o = inputs->as_array()[i];
    const std::string where = "record.inputs[" + std::to_string(i) + "]";
    if (!o.is_object()) return bad(where, "not an object");
    const json::Value* action = o.find("action");
    if (!action || !action->is_string()) return bad(where + ".action", "missing or not a string");
    const std::optional<Action> a = action_from_name(action->as_string());
    if (!a) return bad(where + ".action", "unknown action '" + action->as_string() + "'");
    Input in;
    in.action = *a;
    auto at = get_ms(o, "at", where);
    if (!at) return at.error();
    in.at = *at;
    if (o.find("seat")) {
      auto seat = get_small(o, "seat", where);
      if (!seat) return seat.error();
      in.seat = *seat;
    }
    if (in.action == Action::move) {
      const json::Value* mv = o.find("move");
      if (!mv || !mv->is_string()) return bad(where + ".move", "missing or not a string");
      in.move = mv->as_string();
      const json::Value* think = o.find("think_ms");
      if (think && !think->is_null()) {
        auto ms = get_ms(o, "think_ms", where);
        if (!ms) return ms.error();
        in.think_ms = *ms;
      }
      const json::Value* elapsed = o.find("elapsed_ms");
      if (elapsed && !elapsed->is_null()) {
        auto ms = get_ms(o, "elapsed_ms", where);
        if (!ms) return ms.error();
        if (*ms < 0) return bad(where + ".elapsed_ms", "negative");
        in.elapsed_ms = *ms;
      }
    }
    if (in.action == Action::choose_piece) {
      auto piece = get_small(o, "piece", where);
      if (!piece) return piece.error();
      in.piece = *piece;
    }
    if (in.action == Action::resume) {
      auto seen = get_ms(o, "last_seen", where);
      if (!seen) return seen.error();
      in.last_seen = *seen;
      if (o.find("grace_ms")) {
        auto grace = get_ms(o, "grace_ms", where);
        if (!grace) return grace.error();
        if (*grace < 0) return bad(where + ".grace_ms", "negative");
        in.grace_ms = *grace;
      }
    }
    r.inputs.push_back(std::move(in));
  }
  const json::Value* draws = root.find("draws");
  if (!draws || !draws->is_array()) return bad("record.draws", "missing or not an array");
  for (const json::Value& d : draws->as_array()) {
    if (!d.is_int() || d.as_int() < 0 || d.as_int() > 1'000'000)
      return bad("record.draws", "not a small non-negative integer");
    r.draws.push_back(static_cast<int>(d.as_int()));
  }
  return r;
}

}  // namespace ft::match
