#include "match_life/life.h"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <thread>
#include <utility>

#include "rating/match_rating.h"
#include "rules/game_state.h"
#include "server/settings.h"

namespace ft::test::life {
namespace json = boost::json;
using namespace std::chrono_literals;

namespace {

// The test clock makes the server's `now` known exactly, so the clocks must
// agree to the millisecond; a tolerance would hide a restart that charges
// a few milliseconds.
constexpr std::int64_t CLOCK_TOLERANCE_MS = 0;
constexpr double RATING_TOLERANCE = 0.01;

std::string str(const json::value& v) {
  return v.is_string() ? std::string(v.as_string()) : json::serialize(v);
}

double num(const json::value& v) {
  return v.is_double()  ? v.as_double()
         : v.is_int64() ? double(v.as_int64())
                        : double(v.as_uint64());
}

// The protocol's event kind of a match event; "" for those that are no event.
std::string kind_of(const match::EventBody& body) {
  return std::visit(
      [](const auto& e) -> std::string {
        using T = std::decay_t<decltype(e)>;
        if constexpr (std::is_same_v<T, match::PiecesChosen>) return "pieces_chosen";
        if constexpr (std::is_same_v<T, match::GameStarted>) return "game_started";
        if constexpr (std::is_same_v<T, match::MoveMade>) return "moved";
        if constexpr (std::is_same_v<T, match::GameOver>) return "game_over";
        if constexpr (std::is_same_v<T, match::ReadyPressed>) return "ready";
        if constexpr (std::is_same_v<T, match::MatchOver>) return "match_over";
        return "";
      },
      body);
}

std::string reason_of(match::MatchEnd end) {
  switch (end) {
    case match::MatchEnd::resigned:
      return "resign_match";
    case match::MatchEnd::abandoned:
      return "abandon";
    case match::MatchEnd::claimed:
      return "claim";
    default:
      return std::string(match::match_end_name(end));
  }
}

std::string phase_of(match::Phase p) {
  std::string s(match::phase_name(p));
  std::replace(s.begin(), s.end(), '-', '_');
  return s;
}

std::string status_of(match::Phase p) {
  switch (p) {
    case match::Phase::not_started:
      return "waiting";
    case match::Phase::over:
      return "finished";
    case match::Phase::between_games:
      return "between_games";
    default:
      return "playing";
  }
}

template <typename T>
T pick(std::mt19937_64& rng, const std::vector<T>& v) {
  return v[std::uniform_int_distribution<std::size_t>(0, v.size() - 1)(rng)];
}

}  // namespace

const char* kind_name(Kind k) {
  switch (k) {
    case Kind::match:
      return "match";
    case Kind::single:
      return "single";
    case Kind::three:
      return "three-players";
    case Kind::two_vs_two:
      return "two-vs-two";
    case Kind::twicefour:
      return "twicefour";
  }
  return "?";
}

namespace {
// The switches by name, as --avoid and the regression list spell them.
struct Fault {
  const char* name;
  bool Avoid::*flag;
};
constexpr Fault FAULTS[] = {{"early-ends", &Avoid::early_ends},
                            {"restarts", &Avoid::restarts},
                            {"three-players", &Avoid::three_players},
                            {"claims", &Avoid::claims},
                            {"team-profile-results", &Avoid::team_profile_results}};
}  // namespace

std::string Avoid::names() const {
  std::string out;
  for (const Fault& f : FAULTS) {
    if (!(this->*f.flag)) continue;
    if (!out.empty()) out += ",";
    out += f.name;
  }
  return out.empty() ? "nothing" : out;
}

bool Avoid::overlaps(const Avoid& o) const {
  for (const Fault& f : FAULTS)
    if (this->*f.flag && o.*f.flag) return true;
  return false;
}

bool parse_avoid(const std::string& list, Avoid& out, std::string& error) {
  std::size_t pos = 0;
  while (pos <= list.size()) {
    std::size_t end = list.find(',', pos);
    if (end == std::string::npos) end = list.size();
    const std::string name = list.substr(pos, end - pos);
    pos = end + 1;
    if (name == "nothing") continue;
    const Fault* found = nullptr;
    for (const Fault& f : FAULTS)
      if (name == f.name) found = &f;
    if (found == nullptr) {
      error = "unknown fault '" + name + "' (";
      for (const Fault& f : FAULTS) error += std::string(f.name) + ", ";
      error += "nothing)";
      return false;
    }
    out.*found->flag = true;
  }
  return true;
}

Life::Life(ServerUnderTest& server, int index, std::uint64_t seed, const Avoid& avoid)
    : server_(server), index_(index), seed_(seed), avoid_(avoid), rng_(seed) {}

Life::~Life() = default;

std::string Life::describe() const {
  std::ostringstream o;
  o << "life " << index_ << " (life seed " << seed_ << ", " << kind_name(kind_) << ", table "
    << table_ << ", " << (rated() ? "rated" : "unrated") << ", " << settings_ << ")";
  return o.str();
}

bool Life::rated() const {
  return rated_setting_ && (!ref_ || ref_->format().rated);
}

void Life::fail(const std::string& what) {
  std::string before;
  for (const std::string& h : history_) before += "\n    after: " + h;
  differences_.push_back(
      {"step " + std::to_string(step_) + " (" + last_action_ + "): " + what + before});
}

void Life::note(const std::string& action) {
  ++step_;
  if (!last_action_.empty()) history_.push_back(last_action_);
  if (history_.size() > 8) history_.erase(history_.begin());
  last_action_ = action + " at t=" + std::to_string(server_.now());
}

// ---- setting up -------------------------------------------------------------

void Life::begin() {
  kind_ = static_cast<Kind>(std::uniform_int_distribution<int>(0, KINDS - 1)(rng_));
  if (avoid_.three_players && kind_ == Kind::three) kind_ = Kind::match;
  const std::int64_t bank = pick<std::int64_t>(rng_, {60000, 120000, 300000});
  const std::int64_t inc = pick<std::int64_t>(rng_, {0, 2000});
  const std::string fischer = R"("clock":{"kind":"fischer","bank_ms":)" + std::to_string(bank) +
                              R"(,"increment_ms":)" + std::to_string(inc) + "}";
  rated_setting_ = kind_ != Kind::single && std::uniform_int_distribution<int>(0, 4)(rng_) != 0;
  const std::string rated = rated_setting_ ? "true" : "false";
  switch (kind_) {
    case Kind::match:
      settings_ = R"({"game":"four","variant":"classic",)" + fischer + R"(,"rated":)" + rated + "}";
      break;
    case Kind::single:
      settings_ = R"({"game":"four","variant":"classic","format":"single",)" + fischer + "}";
      break;
    case Kind::three:
      seats_n_ = 3;
      settings_ =
          R"({"game":"four","variant":"three-players",)" + fischer + R"(,"rated":)" + rated + "}";
      break;
    case Kind::two_vs_two:
      seats_n_ = 4;
      settings_ =
          R"({"game":"four","variant":"two-vs-two",)" + fischer + R"(,"rated":)" + rated + "}";
      break;
    case Kind::twicefour: {
      const std::int64_t per_move = pick<std::int64_t>(rng_, {5000, 15000, 30000});
      settings_ = R"({"game":"twicefour","clock":{"kind":"per_move","move_ms":)" +
                  std::to_string(per_move) + R"(},"rated":)" + rated + "}";
      break;
    }
  }
  note(std::string("create ") + kind_name(kind_));
  for (int i = 0; i < seats_n_; ++i) {
    HttpResult me = http(server_.port(), "GET", "/api/me");
    seats_.push_back(Seat{me.set_cookie, std::string(me.json().at("id").as_string()), nullptr});
  }
  HttpResult created = server_.post("/api/tables", settings_, seats_[0].cookie);
  if (created.status != 201)
    return fail("create table: " + std::to_string(created.status) + " " + created.body);
  table_ = std::string(created.json().at("id").as_string());
  // Every seat opens the table in turn; the last hello starts the match.
  for (int i = 0; i < seats_n_; ++i) {
    json::object state;
    seats_[std::size_t(i)].ws = open_socket(seats_[std::size_t(i)].cookie, false, &state);
    const auto& seat = state.at("you").at("seat");
    if (!seat.is_int64() || seat.as_int64() != i)
      return fail("seat " + std::to_string(i) + " joined as " + json::serialize(seat));
  }
  const std::int64_t now = server_.now();
  const auto seed = server_.match_seed(table_);
  if (!seed) return fail("the store has no match after every seat joined");
  auto settings = server::parse_settings(settings_);
  if (!settings) return fail("the test's settings do not parse: " + settings.error().message);
  match::MatchConfig config;
  config.variant =
      settings->game == "twicefour" ? std::string(match::TWICEFOUR) : settings->variant;
  config.options = settings->options;
  config.single_game = settings->single;
  config.time = settings->per_move
                    ? match::TimeControl{0, 0, settings->move_ms}
                    : match::TimeControl{settings->bank_ms, settings->increment_ms, 0};
  config.seed = *seed;
  auto m = match::Match::create(config);
  if (!m) return fail("the reference cannot be made: " + m.error().message);
  ref_.emplace(std::move(m).value());
  ref_->start(now);
  json::object watcher_state;
  HttpResult w = http(server_.port(), "GET", "/api/me");
  watcher_ = open_socket(w.set_cookie, true, &watcher_state);
  check();
}

std::unique_ptr<WsClient> Life::open_socket(const std::string& cookie, bool watch,
                                            json::object* state) {
  auto ws = std::make_unique<WsClient>(server_.port(), cookie);
  ws->expect("welcome");
  json::object hello{{"type", "hello"}, {"table", table_}, {"since", 0}};
  if (watch) hello["watch"] = true;
  ws->send(hello);
  *state = ws->recv_until(
      [](const json::object& f) { return f.at("type") == "state" || f.at("type") == "error"; });
  if (state->at("type") == "error")
    throw std::runtime_error("hello refused: " + json::serialize(*state));
  return ws;
}

// ---- actions ------------------------------------------------------------------

void Life::connect(int seat) {
  note("seat " + std::to_string(seat) + " reconnects");
  json::object state;
  seats_[std::size_t(seat)].ws = open_socket(seats_[std::size_t(seat)].cookie, false, &state);
  const auto& you = state.at("you").at("seat");
  if (!you.is_int64() || you.as_int64() != seat)
    fail("reconnected as seat " + json::serialize(you) + ", expected " + std::to_string(seat));
  if (!over()) ref_->set_connected(seat, true, server_.now());
}

void Life::disconnect(int seat) {
  note("seat " + std::to_string(seat) + " disconnects");
  seats_[std::size_t(seat)].ws->close();
  seats_[std::size_t(seat)].ws.reset();
  if (!over()) ref_->set_connected(seat, false, server_.now());
}

void Life::send_and_wait(int seat, const json::object& frame, const match::Update& u,
                         const std::string& move_id) {
  WsClient& ws = *seats_[std::size_t(seat)].ws;
  ws.discard_pending();
  ws.send(frame);
  std::string expect;  // "ack", "error" or an event kind
  if (!u.ok()) {
    expect = "error";
  } else if (!move_id.empty()) {
    expect = "ack";
    bool moved = false;
    for (const auto& e : u.events) moved = moved || kind_of(e.body) == "moved";
    if (!moved) expect = "error";  // the flag fell first
  } else {
    for (const auto& e : u.events) {
      expect = kind_of(e.body);
      if (!expect.empty()) break;
    }
    if (expect.empty()) return;  // nothing the server announces
  }
  json::object got;
  try {
    got = ws.recv_until(
        [&](const json::object& f) {
          const std::string type = str(f.at("type"));
          // An error without an id answers the move too (protocol.md 5.7
          // says it must carry it: reported below).
          if (!move_id.empty())
            return type == "error" ? !f.contains("id") || str(f.at("id")) == move_id
                                   : type == "ack" && str(f.at("id")) == move_id;
          if (type == "error") return true;
          if (type != "event") return false;
          // Events of earlier steps may still be queued: only the one this
          // action makes counts (a `ready` names its seat).
          const json::object& ev = f.at("event").as_object();
          if (str(ev.at("kind")) != expect) return false;
          return expect != "ready" || ev.at("seat") == seat;
        },
        5000ms);
  } catch (const std::exception& e) {
    return fail("expected " + expect +
                (u.ok() ? "" : " (the reference refused: " + u.error->message + ")") +
                ", got nothing: " + e.what());
  }
  if (!move_id.empty() && got.at("type") == "error" && !got.contains("id"))
    return fail("the answer to move " + move_id +
                " is an error without its id: " + json::serialize(got));
  std::string answer = str(got.at("type"));
  if (answer == "event") answer = str(got.at("event").at("kind"));
  if (answer != expect) {
    std::string why = u.ok() ? "" : " (the reference refused: " + u.error->message + ")";
    fail("expected " + expect + why + ", got " + json::serialize(got));
  }
}

bool Life::act(std::mt19937_64& rng) {
  if (!ref_ || over()) return false;
  const std::int64_t now = server_.now();
  const match::MatchView view = ref_->view(now);
  std::vector<int> on;
  std::vector<int> off;
  for (int i = 0; i < seats_n_; ++i) (seats_[std::size_t(i)].ws ? on : off).push_back(i);
  // Candidate actions with weights.
  enum Act { move, resign_game, resign_match, ready, choose, disconnect_seat, reconnect, claim };
  std::vector<std::pair<Act, int>> options;
  const int stm = view.seat_to_move;
  const bool stm_on = stm >= 0 && seats_[std::size_t(stm)].ws != nullptr;
  std::vector<int> claimers;
  for (int s : on)
    if (ref_->can_claim(s, now)) claimers.push_back(s);
  switch (view.phase) {
    case match::Phase::playing:
      if (stm_on) options.push_back({move, 60});
      if (!on.empty()) options.push_back({resign_game, 1});
      if (!on.empty() && (!avoid_.early_ends || in_last_game()))
        options.push_back({resign_match, 1});
      if (!claimers.empty() && !avoid_.claims && (!avoid_.early_ends || in_last_game()))
        options.push_back({claim, 40});
      break;
    case match::Phase::between_games:
      if (!on.empty()) options.push_back({ready, 20});
      if (!on.empty() && !avoid_.early_ends) options.push_back({resign_match, 1});
      break;
    case match::Phase::choosing_pieces:
      if (!on.empty()) options.push_back({choose, 20});
      if (!on.empty() && !avoid_.early_ends) options.push_back({resign_match, 1});
      break;
    default:
      break;
  }
  if (!on.empty()) options.push_back({disconnect_seat, 3});
  if (!off.empty()) options.push_back({reconnect, claimers.empty() && !stm_on ? 4 : 12});
  if (options.empty()) return false;
  int total = 0;
  for (const auto& [a, w] : options) total += w;
  int r = std::uniform_int_distribution<int>(0, total - 1)(rng);
  Act act = options.back().first;
  for (const auto& [a, w] : options) {
    if (r < w) {
      act = a;
      break;
    }
    r -= w;
  }
  const int any_on = on.empty() ? -1 : pick(rng, on);
  switch (act) {
    case move: {
      const std::string mv = pick(rng, view.legal_moves);
      const std::string id = "l" + std::to_string(index_) + "m" + std::to_string(++move_counter_);
      note("seat " + std::to_string(stm) + " moves " + mv);
      const match::Update u = ref_->move(stm, mv, now);
      send_and_wait(stm, json::object{{"type", "move"}, {"id", id}, {"move", mv}}, u, id);
      break;
    }
    case resign_game:
      note("seat " + std::to_string(any_on) + " resigns the game");
      send_and_wait(any_on, json::object{{"type", "resign_game"}}, ref_->resign_game(any_on, now));
      break;
    case resign_match:
      note("seat " + std::to_string(any_on) + " resigns the match");
      send_and_wait(any_on, json::object{{"type", "resign_match"}},
                    ref_->resign_match(any_on, now));
      break;
    case ready: {
      std::vector<int> waiting;
      for (int s : on)
        if (!view.ready[std::size_t(s)]) waiting.push_back(s);
      if (waiting.empty()) return false;
      const int s = pick(rng, waiting);
      note("seat " + std::to_string(s) + " is ready");
      send_and_wait(s, json::object{{"type", "ready"}}, ref_->ready(s, now));
      break;
    }
    case choose: {
      std::vector<int> choosing;
      for (int s : on)
        if (view.piece_wish[std::size_t(s)] < 0) choosing.push_back(s);
      if (choosing.empty()) return false;
      const int s = pick(rng, choosing);
      const int piece = std::uniform_int_distribution<int>(0, 1)(rng);
      note("seat " + std::to_string(s) + " chooses " + (piece == 0 ? "cross" : "circle"));
      send_and_wait(
          s, json::object{{"type", "choose_piece"}, {"piece", piece == 0 ? "cross" : "circle"}},
          ref_->choose_piece(s, piece, now));
      break;
    }
    case disconnect_seat:
      // The seat to move more often: that is what makes claims possible.
      disconnect(stm_on && std::uniform_int_distribution<int>(0, 1)(rng) ? stm : any_on);
      break;
    case reconnect:
      connect(pick(rng, off));
      break;
    case claim: {
      const int s = pick(rng, claimers);
      note("seat " + std::to_string(s) + " claims");
      send_and_wait(s, json::object{{"type", "claim"}}, ref_->claim(s, now));
      break;
    }
  }
  if (over() && ended_at_ == 0) ended_at_ = now;
  drain_sockets();
  return true;
}

bool Life::in_last_game() const {
  return ref_->game_index() + 1 >= ref_->format().max_games;
}

std::int64_t Life::safe_advance() const {
  constexpr std::int64_t NO_LIMIT = std::int64_t{1} << 40;
  if (!ref_ || over()) return NO_LIMIT;
  const std::int64_t now = server_.now();
  const match::MatchView v = ref_->view(now);
  std::int64_t limit = NO_LIMIT;
  // Abandonment always leaves games unplayed (but a twiceFour round 3).
  if (v.ready_deadline && !in_last_game()) limit = std::min(limit, *v.ready_deadline - now - 1);
  // A flag loses the match in four in a row (A4), only the round in twiceFour (B3).
  const int running = v.clock.running;
  if (running >= 0 && !ref_->format().twicefour && !in_last_game())
    limit = std::min(limit, v.remaining_ms[std::size_t(running)] - 1);
  return std::max<std::int64_t>(limit, 0);
}

void Life::time_passed(std::int64_t advance_ms) {
  if (!ref_ || over()) return;
  note("the clock moves " + std::to_string(advance_ms) + " ms");
  ref_->tick(server_.now());
  if (over() && ended_at_ == 0) ended_at_ = server_.now();
}

bool Life::send_in_flight(std::mt19937_64& rng) {
  if (!ref_ || over() || ref_->phase() != match::Phase::playing) return false;
  const int stm = ref_->seat_to_move();
  if (stm < 0 || !seats_[std::size_t(stm)].ws) return false;
  const auto legal = ref_->game()->legal_moves();
  InFlight f;
  f.seat = stm;
  f.move = pick(rng, legal);
  f.id = "l" + std::to_string(index_) + "m" + std::to_string(++move_counter_);
  f.game = ref_->game_index();
  f.plies = ref_->game()->moves().size();
  // Half the time the ack comes before the server dies (then the move is
  // stored for sure and the resend must be acknowledged again: this case
  // replays exactly); else the move is on the wire when the server dies,
  // and whether it was stored depends on timing (the checks follow what the
  // server shows after the restart).
  const bool acked = std::uniform_int_distribution<int>(0, 1)(rng) == 0;
  note("seat " + std::to_string(stm) + " sends " + f.move +
       (acked ? ", the ack comes, then the server dies" : " and the server dies"));
  WsClient& ws = *seats_[std::size_t(stm)].ws;
  ws.discard_pending();
  ws.send(json::object{{"type", "move"}, {"id", f.id}, {"move", f.move}});
  if (acked) {
    ws.recv_until([&](const json::object& fr) {
      return (fr.at("type") == "ack" || fr.at("type") == "error") && fr.contains("id") &&
             str(fr.at("id")) == f.id;
    });
  }
  in_flight_ = f;
  return true;
}

void Life::restarted(std::mt19937_64& rng, bool kill9) {
  for (auto& s : seats_) s.ws.reset();
  watcher_.reset();
  if (!ref_ || over()) return;
  note(kill9 ? "SIGKILL and restart" : "SIGTERM and restart");
  const std::int64_t now = server_.now();
  std::optional<InFlight> flight = std::exchange(in_flight_, std::nullopt);
  bool stored = false;
  if (flight) {
    // Whether the server stored the move before it died decides whether it
    // counts before the restart or is played by the resend after it (both
    // at `now`: the test clock stands still across a restart).
    json::object state;
    seats_[std::size_t(flight->seat)].ws =
        open_socket(seats_[std::size_t(flight->seat)].cookie, false, &state);
    const json::value& game = state.at("game");
    stored = game.is_object() && game.at("number") == flight->game + 1 &&
             game.at("moves").as_array().size() == flight->plies + 1;
    if (stored) ref_->move(flight->seat, flight->move, now);
    if (over() && ended_at_ == 0) ended_at_ = now;
  }
  // The server restores from what it stored; the reference from its own
  // record (connections are not part of it): the same inputs at the same times.
  if (!over()) {
    auto restored = match::Match::restore(ref_->record(), now);
    if (!restored) return fail("the reference cannot restore: " + restored.error().message);
    ref_.emplace(std::move(restored).value());
    for (int i = 0; i < seats_n_; ++i) ref_->set_connected(i, false, now);
  }
  for (int i = 0; i < seats_n_; ++i) {
    if (flight && i == flight->seat) {
      if (!over()) ref_->set_connected(i, true, now);
    } else if (std::uniform_int_distribution<int>(0, 4)(rng) != 0) {
      connect(i);
    }
  }
  json::object state;
  HttpResult w = http(server_.port(), "GET", "/api/me");
  watcher_ = open_socket(w.set_cookie, true, &state);
  if (!flight) return;
  // protocol.md 4.2: the resend of the same id is acknowledged (again, if
  // it was stored), never refused.
  note("seat " + std::to_string(flight->seat) + " resends " + flight->move + " (" +
       (stored ? "stored before the restart" : "lost with the server") + ")");
  match::Update u;
  if (stored) {
    u.events.push_back(match::Event{now, match::MoveMade{}});
  } else {
    u = ref_->move(flight->seat, flight->move, now);
  }
  send_and_wait(flight->seat,
                json::object{{"type", "move"}, {"id", flight->id}, {"move", flight->move}}, u,
                flight->id);
  if (over() && ended_at_ == 0) ended_at_ = now;
}

void Life::close_sockets() {
  for (auto& s : seats_) s.ws.reset();
  watcher_.reset();
}

void Life::drain_sockets() {
  for (auto& s : seats_) {
    if (!s.ws) continue;
    try {
      s.ws->discard_pending();
    } catch (const std::exception& e) {
      fail(std::string("a seat's socket broke: ") + e.what());
    }
  }
}

// ---- checks -------------------------------------------------------------------

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
    // count in game_number but have no board.
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
              if (s >= mr.ratings.size() ||
                  std::abs(num(r.at("after")) - mr.ratings[s].rating) > RATING_TOLERANCE)
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
        std::abs(num(m.at("rating_change")) - (want.rating - 1500.0)) > RATING_TOLERANCE)
      d.push_back(who + ": rating_change expected " + std::to_string(want.rating - 1500.0) +
                  ", got " + json::serialize(m.at("rating_change")));
    if (ratings.size() != 1 || ratings[0].at("pool") != json::string(*pool) ||
        std::abs(num(ratings[0].at("rating")) - want.rating) > RATING_TOLERANCE ||
        std::abs(num(ratings[0].at("rd")) - want.deviation) > RATING_TOLERANCE ||
        ratings[0].at("matches") != 1)
      d.push_back(who + ": ratings expected one " + *pool + " entry at " +
                  std::to_string(want.rating) + " rd " + std::to_string(want.deviation) +
                  " after 1 match, got " + json::serialize(ratings));
  }
  // Every game that was started has its record (those a forfeit decided
  // unplayed have no sides).
  for (const match::GameRecord& g : v.games) {
    if (g.side_team.empty()) continue;
    const std::string id = table_ + "-" + std::to_string(g.index + 1);
    HttpResult r = server_.get("/api/games/" + id);
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
