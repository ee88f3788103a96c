// A life's set-up and actions on the server, mirrored on its reference.
#include "match_life/life.h"

#include "match_life/life_support.h"

#include <algorithm>
#include <sstream>
#include <utility>

#include "common/name_table.h"
#include "rules/game_state.h"
#include "server/protocol/settings.h"
#include "server/tables/room.h"

namespace ft::test::life {
namespace json = boost::json;
using namespace std::chrono_literals;

namespace {
// clang-format off
constexpr auto KIND_NAMES = name_table<Kind>({
    {Kind::match, "match"}, {Kind::single, "single"}, {Kind::three, "three-players"},
    {Kind::two_vs_two, "two-vs-two"}, {Kind::twicefour, "twicefour"}});
// clang-format on
}  // namespace

std::string_view kind_name(Kind k) {
  return KIND_NAMES.text(k, "?");
}

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
  note("create " + std::string(kind_name(kind_)));
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
  config.variant = settings->game == rules::GameKind::twicefour
                       ? std::string(rules::TWICEFOUR_VARIANT)
                       : settings->variant;
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
  // A move sent after its time ran out is refused ("your time ran out"),
  // though the flag falls only after the lag grace: the in-flight checks
  // below expect a move the server takes (found by seed 11091636754586256798:
  // a twiceFour move 796 ms past its 15 s, refused, was expected acked after
  // the restart).
  if (ref_->view(server_.now()).remaining_ms[std::size_t(stm)] <= 0) return false;
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
    // protocol.md 6: the seat to move's clock then stands still for the
    // restart grace.
    auto restored =
        match::Match::restore(ref_->record(), now, std::nullopt, {}, {}, server::RESTART_GRACE_MS);
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

}  // namespace ft::test::life
