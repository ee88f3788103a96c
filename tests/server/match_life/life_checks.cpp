// The checks of a life: the server's table against the reference after
// every step, and the stored result, profiles, ratings and game records at
// the end.
#include <algorithm>
#include <cmath>
#include <thread>

#include "match_life/life.h"
#include "match_life/life_support.h"
#include "rating/match_rating.h"
#include "rules/game_state.h"
#include "server/protocol/plain_json.h"

namespace ft::test::life {
namespace json = boost::json;
using namespace std::chrono_literals;

namespace {

// The test clock makes the server's `now` known exactly, so the clocks must
// agree to the millisecond; a tolerance would hide a restart that charges
// a few milliseconds.
constexpr std::int64_t CLOCK_TOLERANCE_MS = 0;
// Ratings, deviations and changes are whole points in every answer
// (protocol.md conventions): the rating library's number as
// server::rating_number rounds it, exactly.
double shown(double rating) {
  return double(server::rating_number(rating));
}

}  // namespace

void Life::check() {
  if (!ref_ || failed()) return;
  std::vector<std::string> diffs;
  for (int attempt = 0; attempt < 60; ++attempt) {
    if (attempt > 0) std::this_thread::sleep_for(25ms);
    json::object state;
    try {
      if (!watcher_ || watcher_->closed()) {
        HttpResult w = http(server_.port(), "GET", "/api/me");
        watcher_ = open_socket(w.set_cookie, true, &state);
      } else {
        watcher_->send(
            json::object{{"type", "hello"}, {"table", table_}, {"since", 0}, {"watch", true}});
        state = watcher_->expect("state", {}, 5000ms);
      }
    } catch (const std::exception& e) {
      diffs = {std::string("no state for the table: ") + e.what()};
      watcher_.reset();
      continue;
    }
    diffs = compare(state);
    if (diffs.empty()) return;
  }
  std::string all;
  for (std::size_t i = 0; i < diffs.size() && i < 8; ++i) all += "\n    " + diffs[i];
  fail("the table differs from the reference:" + all);
}

std::vector<std::string> Life::expected_results() const {
  const auto points = ref_->points();
  const match::Points best = *std::max_element(points.begin(), points.end());
  const auto leaders = std::count(points.begin(), points.end(), best);
  std::vector<std::string> out;
  // RULES.md A3, A10, A11: the team with the most points wins; every other
  // team loses (A10: "the two others lose"); a shared first place is a draw.
  for (int s = 0; s < seats_n_; ++s) {
    const match::Points mine = points[std::size_t(ref_->team_of(s))];
    out.push_back(mine < best ? "loss" : leaders == 1 ? "win" : "draw");
  }
  return out;
}

std::vector<std::string> Life::compare(const json::object& state) const {
  std::vector<std::string> d;
  const std::int64_t now = server_.now();
  const match::MatchView v = ref_->view(now);
  auto expect = [&](const std::string& what, const json::value& got, const json::value& want) {
    if (got != want)
      d.push_back(what + ": expected " + json::serialize(want) + ", got " + json::serialize(got));
  };
  try {
    expect("server_time", state.at("server_time"), now);
    expect("table.status", state.at("table").at("status"), json::string(status_of(v.phase)));
    const json::object& m = state.at("match").as_object();
    expect("match.phase", m.at("phase"), json::string(phase_of(v.phase)));
    expect("match.game_number", m.at("game_number"), v.game + 1);
    for (int s = 0; s < seats_n_; ++s) {
      const std::string i = "[" + std::to_string(s) + "]";
      const double pts = v.points[std::size_t(ref_->team_of(s))].value();
      if (std::abs(num(m.at("score").at(std::size_t(s))) - pts) > 1e-9)
        d.push_back("match.score" + i + ": expected " + std::to_string(pts) + ", got " +
                    json::serialize(m.at("score")));
      if (v.phase != match::Phase::over)
        expect("match.ready" + i, m.at("ready").at(std::size_t(s)), bool(v.ready[std::size_t(s)]));
      const auto got_ms = state.at("clocks").at("remaining_ms").at(std::size_t(s)).as_int64();
      if (std::abs(got_ms - v.remaining_ms[std::size_t(s)]) > CLOCK_TOLERANCE_MS)
        d.push_back("clocks.remaining_ms" + i + ": expected " +
                    std::to_string(v.remaining_ms[std::size_t(s)]) + ", got " +
                    std::to_string(got_ms));
      if (v.phase != match::Phase::over)
        expect("presence.connected" + i, state.at("presence").at("connected").at(std::size_t(s)),
               bool(v.connected[std::size_t(s)]));
    }
    const json::value running =
        v.clock.running >= 0 ? json::value(v.clock.running) : json::value(nullptr);
    expect("clocks.running", state.at("clocks").at("running"), running);
    if (v.phase == match::Phase::playing) {
      expect("presence.claim_at", state.at("presence").at("claim_at"),
             v.claim_from ? json::value(*v.claim_from) : json::value(nullptr));
      expect("presence.claimable", state.at("presence").at("claimable"),
             v.claim_from.has_value() && *v.claim_from <= now);
    }
    // The game being (or last) played; games a forfeit decided unplayed
    // have no board and are never the current game.
    const json::value& game = state.at("game");
    if (const rules::GameState* g = ref_->game(); g == nullptr) {
      expect("game", game, nullptr);
    } else if (!game.is_object()) {
      d.push_back("game: expected a game, got " + json::serialize(game));
    } else {
      expect("game.number", game.at("number"), v.game + 1);
      json::array moves;
      for (const auto& mv : g->moves()) moves.push_back(json::string(mv));
      expect("game.moves", game.at("moves"), moves);
      const json::value& tm = game.at("to_move");
      expect("game.to_move.seat", tm.is_object() ? tm.at("seat") : json::value(nullptr),
             v.seat_to_move >= 0 ? json::value(v.seat_to_move) : json::value(nullptr));
    }
    expect("match.over", m.at("over"), v.phase == match::Phase::over);
    if (v.phase == match::Phase::over) {
      const json::value& result = m.at("result");
      if (!result.is_object()) {
        d.push_back("match.result: expected the match_over body, got " + json::serialize(result));
      } else {
        expect("match.result.reason", result.at("reason"), json::string(reason_of(v.end)));
        json::array results;
        for (const auto& r : expected_results()) results.push_back(json::string(r));
        expect("match.result.results", result.at("results"), results);
        const json::array& ratings = result.at("ratings").as_array();
        if (!rated()) {
          if (!ratings.empty())
            d.push_back("match.result.ratings: an unrated match has " + json::serialize(ratings));
        } else {
          std::vector<rating::Entrant> entrants;
          const auto points = ref_->points();
          for (int s = 0; s < seats_n_; ++s)
            entrants.push_back({ref_->team_of(s), points[std::size_t(ref_->team_of(s))].value(),
                                rating::initial_rating()});
          const rating::MatchRating mr = rating::rate_match(entrants, ended_at_);
          if (ratings.size() != std::size_t(seats_n_)) {
            d.push_back("match.result.ratings: expected " + std::to_string(seats_n_) +
                        " entries, got " + json::serialize(ratings));
          } else {
            for (const auto& r : ratings) {
              const auto s = std::size_t(r.at("seat").as_int64());
              if (s >= mr.ratings.size() || num(r.at("after")) != shown(mr.ratings[s].rating))
                d.push_back("match.result.ratings seat " + std::to_string(s) + ": expected after " +
                            std::to_string(s < mr.ratings.size() ? mr.ratings[s].rating : 0) +
                            ", got " + json::serialize(r));
            }
          }
        }
      }
    }
  } catch (const std::exception& e) {
    d.push_back(std::string("the state frame lacks a field: ") + e.what() + ": " +
                json::serialize(state));
  }
  return d;
}

void Life::check_stored(const char* when) {
  if (!ref_ || failed()) return;
  std::vector<std::string> diffs;
  try {
    diffs = compare_stored();
  } catch (const std::exception& e) {
    diffs = {std::string("reading the stored result failed: ") + e.what()};
  }
  std::string all;
  for (std::size_t i = 0; i < diffs.size() && i < 8; ++i) all += "\n    " + diffs[i];
  if (!diffs.empty()) fail(std::string("the stored result differs ") + when + ":" + all);
}

std::vector<std::string> Life::compare_stored() {
  std::vector<std::string> d;
  const match::MatchView v = ref_->view(server_.now());
  HttpResult t = server_.get("/api/tables/" + table_);
  if (t.status != 200) {
    d.push_back("GET /api/tables/" + table_ + ": " + std::to_string(t.status) + " " + t.body);
  } else if (t.json().at("status") != "finished") {
    d.push_back("table status: expected finished, got " + json::serialize(t.json().at("status")));
  }
  const auto results = expected_results();
  const auto points = ref_->points();
  std::vector<rating::Entrant> entrants;
  for (int s = 0; s < seats_n_; ++s)
    entrants.push_back({ref_->team_of(s), points[std::size_t(ref_->team_of(s))].value(),
                        rating::initial_rating()});
  const rating::MatchRating mr = rating::rate_match(entrants, ended_at_);
  const auto pool = rating::rating_pool(ref_->config().variant, ref_->config().single_game);
  for (int s = 0; s < seats_n_; ++s) {
    const std::string who =
        "seat " + std::to_string(s) + " (" + seats_[std::size_t(s)].player + ")";
    HttpResult p = server_.get("/api/players/" + seats_[std::size_t(s)].player);
    if (p.status != 200) {
      d.push_back(who + ": profile " + std::to_string(p.status));
      continue;
    }
    const json::value profile = p.json();
    std::vector<json::object> mine;
    for (const auto& m : profile.at("matches").as_array())
      if (m.at("table") == json::string(table_)) mine.push_back(m.as_object());
    if (mine.size() != 1) {
      d.push_back(who + ": the profile lists the match " + std::to_string(mine.size()) + " times");
      continue;
    }
    const json::object& m = mine.front();
    const bool skip_result = avoid_.team_profile_results && kind_ == Kind::two_vs_two;
    if (!skip_result && m.at("result") != json::string(results[std::size_t(s)]))
      d.push_back(who + ": result expected " + results[std::size_t(s)] + ", got " +
                  json::serialize(m.at("result")));
    if (!m.at("reason").is_null() && m.at("reason") != json::string(reason_of(v.end)))
      d.push_back(who + ": reason expected " + reason_of(v.end) + ", got " +
                  json::serialize(m.at("reason")));
    if (m.at("rated") != rated())
      d.push_back(who + ": rated expected " + std::to_string(rated()) + ", got " +
                  json::serialize(m.at("rated")));
    for (int o = 0; o < seats_n_; ++o) {
      const double want = points[std::size_t(ref_->team_of(o))].value();
      if (std::abs(num(m.at("score").at(std::size_t(o))) - want) > 1e-9)
        d.push_back(who + ": score expected " + ref_->score() + ", got " +
                    json::serialize(m.at("score")));
    }
    const json::array& ratings = profile.at("ratings").as_array();
    if (!rated()) {
      if (!m.at("rating_change").is_null())
        d.push_back(who + ": rating_change of an unrated match " +
                    json::serialize(m.at("rating_change")));
      if (!ratings.empty())
        d.push_back(who + ": ratings after an unrated match " + json::serialize(ratings));
      continue;
    }
    if (!pool || mr.ratings.size() != std::size_t(seats_n_)) {
      d.push_back(who + ": the rating library rates nothing here: " + mr.error);
      continue;
    }
    const rating::Rating& want = mr.ratings[std::size_t(s)];
    if (!m.at("rating_change").is_number() ||
        num(m.at("rating_change")) != shown(want.rating) - 1500.0)
      d.push_back(who + ": rating_change expected " + std::to_string(want.rating - 1500.0) +
                  ", got " + json::serialize(m.at("rating_change")));
    if (ratings.size() != 1 || ratings[0].at("pool") != json::string(*pool) ||
        num(ratings[0].at("rating")) != shown(want.rating) ||
        num(ratings[0].at("rd")) != shown(want.deviation) || ratings[0].at("matches") != 1)
      d.push_back(who + ": ratings expected one " + *pool + " entry at " +
                  std::to_string(want.rating) + " rd " + std::to_string(want.deviation) +
                  " after 1 match, got " + json::serialize(ratings));
  }
  // Every game that was started has its record; those a forfeit decided
  // unplayed (no sides) have none: 404 (protocol.md 2.7).
  for (const match::GameRecord& g : v.games) {
    const std::string id = table_ + "-" + std::to_string(g.index + 1);
    HttpResult r = server_.get("/api/games/" + id);
    if (!g.played()) {
      if (r.status != 404)
        d.push_back("GET /api/games/" + id + " (unplayed): " + std::to_string(r.status) + " " +
                    r.body);
      continue;
    }
    if (r.status != 200) {
      d.push_back("GET /api/games/" + id + ": " + std::to_string(r.status) + " " + r.body);
      continue;
    }
    json::array moves;
    for (const auto& mv : g.moves) moves.push_back(json::string(mv));
    if (r.json().at("moves") != moves)
      d.push_back("game " + id + " moves: expected " + json::serialize(moves) + ", got " +
                  json::serialize(r.json().at("moves")));
  }
  return d;
}

}  // namespace ft::test::life
