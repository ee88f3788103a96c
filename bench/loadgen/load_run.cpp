// The only translation unit of ft_loadgen that includes Boost.Beast (it is slow to compile).
#include "load_run.h"

#include <atomic>
#include <boost/asio.hpp>
#include <boost/beast.hpp>
#include <boost/json.hpp>
#include <chrono>
#include <deque>
#include <optional>
#include <random>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace ft::loadgen {
namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
namespace json = boost::json;
using asio::awaitable;
using asio::ip::tcp;
using Clock = std::chrono::steady_clock;

constexpr auto tuple_awaitable = asio::as_tuple(asio::use_awaitable);
constexpr auto SETUP_TIMEOUT = std::chrono::seconds(15);

// A failure during set-up, named by the step that failed.
struct SetupError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

std::string str_field(const json::object& o, const char* key) {
  const auto* v = o.if_contains(key);
  return v && v->is_string() ? std::string(v->get_string()) : std::string();
}

std::int64_t int_field(const json::object& o, const char* key, std::int64_t fallback = -1) {
  const auto* v = o.if_contains(key);
  return v && v->is_int64() ? v->get_int64() : fallback;
}

const json::object* obj_field(const json::object& o, const char* key) {
  const auto* v = o.if_contains(key);
  return v && v->is_object() ? &v->get_object() : nullptr;
}

struct HttpAnswer {
  unsigned status = 0;
  std::string body;
  std::string cookie;  // the ft_guest value of a Set-Cookie, if any
  bool keep_alive = false;
};

std::string guest_cookie(const http::response<http::string_body>& res) {
  for (const auto& field : res) {
    if (field.name() != http::field::set_cookie) continue;
    const std::string_view v = field.value();
    constexpr std::string_view KEY = "ft_guest=";
    if (v.substr(0, KEY.size()) != KEY) continue;
    const auto end = v.find(';');
    return std::string(
        v.substr(KEY.size(), end == std::string_view::npos ? v.npos : end - KEY.size()));
  }
  return {};
}

using WsStream = websocket::stream<beast::tcp_stream>;

struct Conn {
  std::optional<WsStream> ws;  // made from the guest's HTTP connection
  beast::flat_buffer buffer;
  std::deque<std::string> out;
  bool writing = false;
  bool open = false;
  bool synced = false;  // a `state` arrived since the last `hello`
  int seat = -1;
  std::int64_t version = 0;
  std::string cookie;
  // Behind nginx (deploy/nginx.conf): the node that took the socket, from
  // the handshake's X-Fourtable-Upstream; "" straight to a node.
  std::string node;
};

struct Worker;

struct Table : std::enable_shared_from_this<Table> {
  Table(Worker& w, int i);
  Worker& worker;
  int index;
  Conn conn[2];
  std::string id;
  enum class Phase { Setup, HelloA, HelloB, Playing, Recreating, Dead } phase = Phase::Setup;
  std::int64_t version = 0;  // the newest event either socket has seen
  // The version of our last acknowledged move: its `moved` event (with the
  // next legal moves) follows the ack, so no move is made before it arrives.
  std::int64_t acked_version = 0;
  std::vector<std::string> legal;
  int to_move_seat = -1;
  bool running = false;
  bool ready_counted = false;
  std::string pending_id;
  Clock::time_point pending_at;
  std::uint64_t move_number = 0;
  asio::steady_timer pace_timer;
};

struct Worker {
  Worker(const LoadPlan& p, int n) : plan(p), number(n), rng(0x5eed + static_cast<unsigned>(n)) {}
  const LoadPlan& plan;
  int number;
  asio::io_context ioc{1};
  asio::executor_work_guard<asio::io_context::executor_type> guard = asio::make_work_guard(ioc);
  asio::steady_timer gate{ioc, Clock::time_point::max()};  // opened by begin_play
  std::vector<std::shared_ptr<Table>> tables;
  RunStats stats;
  std::mt19937_64 rng;
  bool playing = false;
  bool stopping = false;
  Clock::time_point play_start;
  std::thread thread;
  // Read by the controlling thread.
  std::atomic<std::uint64_t> ready{0}, failed{0}, connections{0}, pending{0}, acked{0}, errors{0};

  void error(const std::string& kind) {
    stats.error(kind);
    errors.fetch_add(1, std::memory_order_relaxed);
  }
  std::string host() const { return "127.0.0.1:" + std::to_string(plan.port); }
};

Table::Table(Worker& w, int i) : worker(w), index(i), pace_timer(w.ioc) {}

awaitable<beast::tcp_stream> connect_loopback(asio::io_context& ioc, int port) {
  beast::tcp_stream stream(ioc);
  stream.expires_after(SETUP_TIMEOUT);
  // Loopback only: the address is fixed here, never taken from the command line.
  const tcp::endpoint ep(asio::ip::address_v4::loopback(), static_cast<unsigned short>(port));
  auto [ec] = co_await stream.async_connect(ep, tuple_awaitable);
  if (ec) throw SetupError("connect: " + ec.message());
  stream.socket().set_option(tcp::no_delay(true));
  co_return stream;
}

awaitable<HttpAnswer> request(beast::tcp_stream& stream, const std::string& host, http::verb verb,
                              const std::string& target, const std::string& body,
                              const std::string& cookie, bool keep_alive) {
  http::request<http::string_body> req{verb, target, 11};
  req.set(http::field::host, host);
  req.set(http::field::user_agent, "ft_loadgen");
  if (!cookie.empty()) req.set(http::field::cookie, "ft_guest=" + cookie);
  if (!body.empty()) {
    req.set(http::field::content_type, "application/json");
    req.body() = body;
  }
  req.keep_alive(keep_alive);
  req.prepare_payload();
  stream.expires_after(SETUP_TIMEOUT);
  auto [wec, wn] = co_await http::async_write(stream, req, tuple_awaitable);
  if (wec) throw SetupError("http write " + target + ": " + wec.message());
  beast::flat_buffer buffer;
  http::response<http::string_body> res;
  auto [rec, rn] = co_await http::async_read(stream, buffer, res, tuple_awaitable);
  if (rec) throw SetupError("http read " + target + ": " + rec.message());
  HttpAnswer a;
  a.status = res.result_int();
  a.body = std::move(res.body());
  a.cookie = guest_cookie(res);
  a.keep_alive = res.keep_alive();
  co_return a;
}

void send_frame(const std::shared_ptr<Table>& t, int k, std::string text);

awaitable<void> writer(std::shared_ptr<Table> t, int k) {
  Conn& c = t->conn[k];
  while (!c.out.empty() && c.open) {
    auto [ec, n] = co_await c.ws->async_write(asio::buffer(c.out.front()), tuple_awaitable);
    if (ec) {
      if (!t->worker.stopping) t->worker.error("ws_write: " + ec.message());
      c.out.clear();
      break;
    }
    c.out.pop_front();
  }
  c.writing = false;
}

void send_frame(const std::shared_ptr<Table>& t, int k, std::string text) {
  Conn& c = t->conn[k];
  if (!c.open) {
    t->worker.error("send_on_closed_socket");
    return;
  }
  c.out.push_back(std::move(text));
  if (!c.writing) {
    c.writing = true;
    asio::co_spawn(t->worker.ioc, writer(t, k), asio::detached);
  }
}

void send_hello(const std::shared_ptr<Table>& t, int k) {
  t->conn[k].synced = false;
  json::object hello{{"type", "hello"}, {"table", t->id}, {"since", 0}};
  send_frame(t, k, json::serialize(hello));
}

awaitable<void> recreate(std::shared_ptr<Table> t);

// Takes a game snapshot (state, game_started, moved) if it is newer than what we have.
void apply_game(Table& t, const json::object& game, std::int64_t version) {
  if (version < t.version) return;
  t.version = version;
  t.legal.clear();
  if (const auto* legal = game.if_contains("legal"); legal && legal->is_array()) {
    for (const auto& m : legal->get_array()) {
      if (m.is_string()) t.legal.emplace_back(m.get_string());
    }
  }
  t.to_move_seat = -1;
  if (const auto* tm = obj_field(game, "to_move"))
    t.to_move_seat = static_cast<int>(int_field(*tm, "seat"));
  const auto* outcome = game.if_contains("outcome");
  t.running = t.to_move_seat >= 0 && (!outcome || outcome->is_null()) && !t.legal.empty();
}

void after_update(const std::shared_ptr<Table>& t) {
  Worker& w = t->worker;
  if ((t->phase == Table::Phase::HelloB || t->phase == Table::Phase::Playing) && t->running) {
    t->phase = Table::Phase::Playing;
    if (!t->ready_counted) {
      t->ready_counted = true;
      ++w.stats.tables_ready;
      w.ready.fetch_add(1, std::memory_order_relaxed);
    }
  } else if (t->phase == Table::Phase::Playing && !t->running) {
    // The game is over (line or full board): a new table keeps the load constant.
    ++w.stats.games_finished;
    t->phase = Table::Phase::Recreating;
    if (!w.stopping) asio::co_spawn(w.ioc, recreate(t), asio::detached);
  }
}

void on_frame(const std::shared_ptr<Table>& t, int k, const json::object& f) {
  Worker& w = t->worker;
  Conn& c = t->conn[k];
  ++w.stats.frames_received;
  const std::string type = str_field(f, "type");
  if (type == "state") {
    c.synced = true;
    c.version = int_field(f, "version", 0);
    if (const auto* you = obj_field(f, "you")) c.seat = static_cast<int>(int_field(*you, "seat"));
    if (const auto* game = obj_field(f, "game")) apply_game(*t, *game, c.version);
    if (t->phase == Table::Phase::HelloA && k == 0) {
      if (c.seat != 0) w.error("creator_not_seat_0");
      t->phase = Table::Phase::HelloB;
      send_hello(t, 1);
    }
    after_update(t);
  } else if (type == "event") {
    // Events of a table left by a `hello` may still be on the way; they count for nothing.
    if (!c.synced) return;
    const std::int64_t v = int_field(f, "version", 0);
    if (v != c.version + 1) w.error("version_gap");
    c.version = v;
    const auto* ev = obj_field(f, "event");
    if (!ev) {
      w.error("event_without_body");
      return;
    }
    const std::string kind = str_field(*ev, "kind");
    if (kind == "game_started" || kind == "moved") {
      if (const auto* game = obj_field(*ev, "game")) apply_game(*t, *game, v);
    } else if (kind == "game_over" && v > t->version) {
      t->version = v;
      t->running = false;
      t->legal.clear();
    } else if (kind == "seated" && v > t->version) {
      t->version = v;
    }
    after_update(t);
  } else if (type == "ack") {
    const std::string id = str_field(f, "id");
    if (t->pending_id.empty() || id != t->pending_id) {
      w.error("unexpected_ack");
      return;
    }
    const auto us =
        std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - t->pending_at);
    w.stats.latency_us.push_back(static_cast<std::uint32_t>(us.count()));
    if (!t->conn[k].node.empty())
      w.stats.node_latency_us[t->conn[k].node].push_back(static_cast<std::uint32_t>(us.count()));
    ++w.stats.moves_acked;
    w.acked.fetch_add(1, std::memory_order_relaxed);
    w.pending.fetch_sub(1, std::memory_order_relaxed);
    t->pending_id.clear();
    t->acked_version = int_field(f, "version", 0);
  } else if (type == "error") {
    w.error("server:" + str_field(f, "code"));
    if (!t->pending_id.empty() && str_field(f, "id") == t->pending_id) {
      t->pending_id.clear();
      w.pending.fetch_sub(1, std::memory_order_relaxed);
    }
  } else if (type != "welcome" && type != "presence" && type != "pong" && type != "lobby") {
    w.error("unexpected_frame:" + type);
  }
}

awaitable<void> reader(std::shared_ptr<Table> t, int k) {
  Conn& c = t->conn[k];
  Worker& w = t->worker;
  for (;;) {
    auto [ec, n] = co_await c.ws->async_read(c.buffer, tuple_awaitable);
    if (ec) {
      if (!w.stopping) w.error("ws_read: " + ec.message());
      break;
    }
    json::value v;
    try {
      v = json::parse(beast::buffers_to_string(c.buffer.data()));
    } catch (const std::exception&) {
      w.error("server_frame_not_json");
    }
    c.buffer.consume(c.buffer.size());
    if (v.is_object()) {
      on_frame(t, k, v.get_object());
    } else if (!v.is_null()) {
      w.error("server_frame_not_object");
    }
  }
  if (c.open) {
    c.open = false;
    w.connections.fetch_sub(1, std::memory_order_relaxed);
  }
}

// Turns an HTTP connection into the table's WebSocket for guest `k`.
awaitable<void> upgrade(std::shared_ptr<Table> t, int k, beast::tcp_stream stream) {
  Conn& c = t->conn[k];
  c.ws.emplace(std::move(stream));
  auto timeouts = websocket::stream_base::timeout::suggested(beast::role_type::client);
  timeouts.handshake_timeout = SETUP_TIMEOUT;
  c.ws->set_option(timeouts);
  const std::string cookie = c.cookie;
  c.ws->set_option(websocket::stream_base::decorator([cookie](websocket::request_type& req) {
    req.set(http::field::cookie, "ft_guest=" + cookie);
    req.set(http::field::user_agent, "ft_loadgen");
  }));
  c.ws->text(true);
  beast::get_lowest_layer(*c.ws).expires_never();
  // The table in the URL, as the web client writes it: a balancer routes
  // the socket to the table's node.
  websocket::response_type res;
  auto [ec] =
      co_await c.ws->async_handshake(res, t->worker.host(), "/ws?table=" + t->id, tuple_awaitable);
  if (ec) throw SetupError("ws_handshake: " + ec.message());
  c.node = std::string(res["X-Fourtable-Upstream"]);
  c.open = true;
  t->worker.connections.fetch_add(1, std::memory_order_relaxed);
  asio::co_spawn(t->worker.ioc, reader(t, k), asio::detached);
}

awaitable<std::string> create_table(Worker& w, beast::tcp_stream& stream, std::string& cookie,
                                    bool keep_alive, bool& reusable) {
  HttpAnswer a = co_await request(stream, w.host(), http::verb::post, "/api/tables",
                                  w.plan.table_settings, cookie, keep_alive);
  if (a.status != 201) throw SetupError("create_table: HTTP " + std::to_string(a.status));
  if (cookie.empty()) cookie = a.cookie;
  if (cookie.empty()) throw SetupError("create_table: no ft_guest cookie");
  std::string id;
  try {
    id = str_field(json::parse(a.body).as_object(), "id");
  } catch (const std::exception&) {
  }
  if (id.empty()) throw SetupError("create_table: no table id in the answer");
  ++w.stats.tables_created;
  reusable = a.keep_alive;
  co_return id;
}

awaitable<void> setup(std::shared_ptr<Table> t, Clock::time_point start_at) {
  Worker& w = t->worker;
  asio::steady_timer wait(w.ioc, start_at);
  co_await wait.async_wait(tuple_awaitable);
  if (w.stopping) co_return;
  try {
    // Guest A creates the table (its first request makes the guest) ...
    std::optional<beast::tcp_stream> a(co_await connect_loopback(w.ioc, w.plan.port));
    bool reusable = false;
    t->id = co_await create_table(w, *a, t->conn[0].cookie, true, reusable);
    if (!reusable) a.emplace(co_await connect_loopback(w.ioc, w.plan.port));
    co_await upgrade(t, 0, std::move(*a));
    // ... guest B is made by GET /api/me and takes the free seat.
    std::optional<beast::tcp_stream> b(co_await connect_loopback(w.ioc, w.plan.port));
    HttpAnswer me = co_await request(*b, w.host(), http::verb::get, "/api/me", {}, {}, true);
    if (me.status != 200) throw SetupError("me: HTTP " + std::to_string(me.status));
    if (me.cookie.empty()) throw SetupError("me: no ft_guest cookie");
    if (me.cookie == t->conn[0].cookie) throw SetupError("me: both guests got the same cookie");
    t->conn[1].cookie = me.cookie;
    if (!me.keep_alive) b.emplace(co_await connect_loopback(w.ioc, w.plan.port));
    co_await upgrade(t, 1, std::move(*b));
    t->phase = Table::Phase::HelloA;
    send_hello(t, 0);
  } catch (const SetupError& e) {
    w.error(std::string("setup ") + e.what());
    t->phase = Table::Phase::Dead;
    ++w.stats.tables_failed;
    w.failed.fetch_add(1, std::memory_order_relaxed);
  }
}

awaitable<void> recreate(std::shared_ptr<Table> t) {
  Worker& w = t->worker;
  try {
    beast::tcp_stream s(co_await connect_loopback(w.ioc, w.plan.port));
    bool reusable = false;
    t->id = co_await create_table(w, s, t->conn[0].cookie, false, reusable);
    beast::error_code ignored;
    s.socket().shutdown(tcp::socket::shutdown_both, ignored);
  } catch (const SetupError& e) {
    w.error(std::string("recreate ") + e.what());
    t->phase = Table::Phase::Dead;
    co_return;
  }
  if (w.stopping) co_return;
  t->version = 0;
  t->acked_version = 0;
  t->running = false;
  t->legal.clear();
  t->phase = Table::Phase::HelloA;
  send_hello(t, 0);
}

void tick(const std::shared_ptr<Table>& t) {
  Worker& w = t->worker;
  const auto now = Clock::now();
  if (!t->pending_id.empty()) {
    if (now - t->pending_at < std::chrono::duration_cast<Clock::duration>(
                                  std::chrono::duration<double>(w.plan.ack_timeout_s))) {
      ++w.stats.ticks_skipped;
      return;
    }
    w.error("ack_timeout");
    t->pending_id.clear();
    w.pending.fetch_sub(1, std::memory_order_relaxed);
  }
  if (t->phase != Table::Phase::Playing || !t->running || t->legal.empty() ||
      t->version < t->acked_version) {
    ++w.stats.ticks_skipped;
    return;
  }
  int k = -1;
  for (int i = 0; i < 2; ++i) {
    if (t->conn[i].open && t->conn[i].seat == t->to_move_seat) k = i;
  }
  if (k < 0) {
    w.error("no_socket_for_seat_to_move");
    return;
  }
  const std::string& move = t->legal[w.rng() % t->legal.size()];
  t->pending_id = "m" + std::to_string(++t->move_number);
  json::object frame{{"type", "move"},
                     {"id", t->pending_id},
                     {"move", move},
                     {"version", t->version},
                     {"think_ms", 0}};
  t->pending_at = now;
  ++w.stats.moves_sent;
  w.pending.fetch_add(1, std::memory_order_relaxed);
  send_frame(t, k, json::serialize(frame));
}

awaitable<void> mover(std::shared_ptr<Table> t) {
  Worker& w = t->worker;
  co_await w.gate.async_wait(tuple_awaitable);
  if (!w.playing) co_return;
  const auto pace =
      std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(w.plan.pace_s));
  // Tables are spread evenly over one pace so the server sees a steady stream.
  auto next = w.play_start + pace * (t->index % 1000) / 1000;
  for (;;) {
    t->pace_timer.expires_at(next);
    co_await t->pace_timer.async_wait(tuple_awaitable);
    if (!w.playing) co_return;
    tick(t);
    next += pace;
    const auto now = Clock::now();
    if (next < now) next = now;  // behind schedule: do not burst to catch up
  }
}

}  // namespace

struct LoadRun::Impl {
  LoadPlan plan;
  std::vector<std::unique_ptr<Worker>> workers;
};

LoadRun::LoadRun(const LoadPlan& plan) : impl_(std::make_unique<Impl>()) {
  impl_->plan = plan;
  for (int i = 0; i < plan.threads; ++i)
    impl_->workers.push_back(std::make_unique<Worker>(impl_->plan, i));
}

LoadRun::~LoadRun() {
  for (auto& w : impl_->workers) {
    if (w->thread.joinable()) {
      w->ioc.stop();
      w->thread.join();
    }
  }
}

void LoadRun::start() {
  const auto t0 = Clock::now();
  const auto step = std::chrono::duration_cast<Clock::duration>(
      std::chrono::duration<double>(1.0 / impl_->plan.ramp_rate));
  const int n = static_cast<int>(impl_->workers.size());
  for (int i = 0; i < impl_->plan.tables; ++i) {
    Worker& w = *impl_->workers[static_cast<std::size_t>(i % n)];
    auto t = std::make_shared<Table>(w, i);
    w.tables.push_back(t);
    asio::co_spawn(w.ioc, setup(t, t0 + step * i), asio::detached);
    asio::co_spawn(w.ioc, mover(t), asio::detached);
  }
  for (auto& w : impl_->workers) w->thread = std::thread([&ioc = w->ioc] { ioc.run(); });
}

Progress LoadRun::progress() const {
  Progress p;
  for (const auto& w : impl_->workers) {
    p.tables_ready += w->ready.load(std::memory_order_relaxed);
    p.tables_failed += w->failed.load(std::memory_order_relaxed);
    p.connections += w->connections.load(std::memory_order_relaxed);
    p.pending_moves += w->pending.load(std::memory_order_relaxed);
    p.moves_acked += w->acked.load(std::memory_order_relaxed);
    p.errors += w->errors.load(std::memory_order_relaxed);
  }
  return p;
}

void LoadRun::begin_play() {
  const auto now = Clock::now();
  for (auto& w : impl_->workers) {
    asio::post(w->ioc, [&w = *w, now] {
      w.playing = true;
      w.play_start = now;
      // Wakes every waiting mover; later waits complete at once.
      w.gate.expires_at(Clock::time_point::min());
    });
  }
}

void LoadRun::end_play() {
  for (auto& w : impl_->workers) {
    asio::post(w->ioc, [&w = *w] {
      w.playing = false;
      w.gate.expires_at(Clock::time_point::min());
      for (auto& t : w.tables) t->pace_timer.cancel();
    });
  }
}

RunStats LoadRun::finish() {
  for (auto& w : impl_->workers) {
    asio::post(w->ioc, [&w = *w] {
      w.stopping = true;
      w.playing = false;
      w.gate.expires_at(Clock::time_point::min());
      for (auto& t : w.tables) {
        t->pace_timer.cancel();
        for (auto& c : t->conn) {
          if (!c.open) continue;
          // A clean close so the server sees players leave, not broken sockets.
          c.ws->async_close(websocket::close_code::going_away, [](beast::error_code) {});
        }
      }
      w.guard.reset();
    });
  }
  // Closing handshakes get a few seconds; then the threads stop regardless.
  const auto deadline = Clock::now() + std::chrono::seconds(5);
  for (auto& w : impl_->workers) {
    while (!w->ioc.stopped() && Clock::now() < deadline) {
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    w->ioc.stop();
    w->thread.join();
  }
  RunStats total;
  for (auto& w : impl_->workers) {
    w->stats.connections = 0;
    total.merge(w->stats);
  }
  return total;
}

}  // namespace ft::loadgen
