// Boost.Beast lives here and only here (it costs ~45 s of compile time per
// translation unit). One strand per connection; C++20 coroutines.
#include "server/edge/net.h"

#include <algorithm>
#include <array>
#include <boost/asio.hpp>
#include <boost/beast.hpp>
#include <chrono>
#include <deque>
#include <iostream>
#include <mutex>
#include <stdexcept>
#include <thread>
#include <unordered_map>
#include <utility>

#include "server/edge/forwarded.h"
#include "server/edge/rate_limits.h"
#include "server/protocol/messages.h"

namespace ft::server {
namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;
using asio::awaitable;
using asio::use_awaitable;
constexpr auto tuple_awaitable = asio::as_tuple(asio::use_awaitable);

constexpr std::size_t MAX_HTTP_BODY = 4096;
constexpr std::size_t MAX_WS_MESSAGE = 65536;  // protocol.md 3: larger closes with 1009

// Runs blocking work (store, files) on the pool and resumes on the caller's
// executor. Deliberately not a coroutine itself, and callers pass named
// lambdas: GCC 12 destroys by-value coroutine arguments and temporaries of a
// co_await expression twice in some cases (double free seen in testing).
template <typename F>
auto on_pool(asio::thread_pool& pool, F f) {
  using R = std::invoke_result_t<F>;
  return asio::co_spawn(
      pool, [f = std::move(f)]() mutable -> awaitable<R> { co_return f(); }, use_awaitable);
}

}  // namespace

struct NetServer::Impl {
  Impl(NetOptions o, Application& a)
      : opt(std::move(o)),
        app(a),
        ioc(1),
        pool(static_cast<std::size_t>(opt.blocking_threads)),
        acceptor(ioc) {}
  NetOptions opt;
  Application& app;
  asio::io_context ioc;
  asio::thread_pool pool;
  tcp::acceptor acceptor;
  NetCounters counters;
  std::atomic<std::uint64_t> next_peer{1};
  std::vector<std::function<void()>> periodic;

  // The HTTP rate limit: one token bucket per client address.
  KeyedBuckets http_buckets{opt.http_rate_per_second, opt.http_rate_burst};

  // Open WebSockets per client address (the one the rate limit counts),
  // from the handshake until the socket ends.
  std::mutex sockets_mu;
  std::unordered_map<std::string, int> sockets;

  // Counts a socket for `address`; false (and not counted) over the cap.
  bool take_socket(const std::string& address) {
    std::lock_guard lock(sockets_mu);
    int& open = sockets[address];
    if (opt.ws_per_address > 0 && open >= opt.ws_per_address) return false;
    ++open;
    return true;
  }
  void give_socket(const std::string& address) {
    std::lock_guard lock(sockets_mu);
    auto it = sockets.find(address);
    if (it != sockets.end() && --it->second <= 0) sockets.erase(it);
  }
};

namespace {

// One counted socket of an address (NetServer::Impl::take_socket), given
// back once: when the socket ends or, if it never opened, when this goes.
class SocketSlot {
 public:
  SocketSlot(NetServer::Impl& impl, std::string address)
      : impl_(&impl), address_(std::move(address)) {
    if (!impl.take_socket(address_)) impl_ = nullptr;
  }
  SocketSlot(SocketSlot&& o) noexcept
      : impl_(std::exchange(o.impl_, nullptr)), address_(std::move(o.address_)) {}
  SocketSlot(const SocketSlot&) = delete;
  SocketSlot& operator=(const SocketSlot&) = delete;
  SocketSlot& operator=(SocketSlot&&) = delete;
  ~SocketSlot() { release(); }
  explicit operator bool() const { return impl_ != nullptr; }
  void release() {
    if (impl_ != nullptr) std::exchange(impl_, nullptr)->give_socket(address_);
  }

 private:
  NetServer::Impl* impl_;
  std::string address_;
};

class WsSession final : public Peer, public std::enable_shared_from_this<WsSession> {
 public:
  // `cookies`: the Set-Cookie values of the 101 answer (identity_cookies).
  WsSession(NetServer::Impl& impl, beast::tcp_stream stream, Identity identity, std::uint64_t id,
            SocketSlot slot, std::vector<std::string> cookies)
      : Peer(std::move(identity), id),
        impl_(impl),
        ws_(std::move(stream)),
        cookies_(std::move(cookies)),
        slot_(std::move(slot)) {}

  using Peer::send;
  void send(std::shared_ptr<const std::string> frame) override {
    {
      std::lock_guard lock(mu_);
      if (closed_) return;
      if (queue_.size() >= impl_.opt.max_queue) {
        overflow_ = true;
      } else {
        queue_.push_back(std::move(frame));
      }
      if (writing_) return;
      writing_ = true;
    }
    asio::co_spawn(
        ws_.get_executor(), [self = shared_from_this()] { return self->write_loop(); },
        asio::detached);
  }

  void close_soon() override {
    {
      std::lock_guard lock(mu_);
      if (closed_ || going_away_) return;
      going_away_ = true;
      if (writing_) return;  // the write loop closes after the queue
      writing_ = true;
    }
    asio::co_spawn(
        ws_.get_executor(), [self = shared_from_this()] { return self->write_loop(); },
        asio::detached);
  }

  awaitable<void> run(http::request<http::string_body> request) {
    auto self = shared_from_this();
    ws_.set_option(websocket::stream_base::timeout{
        std::chrono::seconds(30), std::chrono::seconds(impl_.opt.ws_idle_seconds), true});
    ws_.read_message_max(MAX_WS_MESSAGE);
    ws_.set_option(
        websocket::stream_base::decorator([cookies = cookies_](websocket::response_type& res) {
          res.set(http::field::server, "fourtable");
          for (const std::string& c : cookies) res.insert(http::field::set_cookie, c);
        }));
    auto [ec] = co_await ws_.async_accept(request, tuple_awaitable);
    if (ec) {
      slot_.release();
      co_return;
    }
    impl_.counters.ws_connections.fetch_add(1);
    impl_.app.ws_open(self);
    co_await read_loop();
    {
      std::lock_guard lock(mu_);
      closed_ = true;
      queue_.clear();
    }
    impl_.app.ws_close(self);
    impl_.counters.ws_connections.fetch_sub(1);
    slot_.release();  // now, not when the last holder of the session lets go
  }

 private:
  awaitable<void> read_loop() {
    auto self = shared_from_this();
    beast::flat_buffer buffer;
    double tokens = impl_.opt.rate_burst;
    auto last = std::chrono::steady_clock::now();
    int strikes = 0;
    for (;;) {
      auto [ec, n] = co_await ws_.async_read(buffer, tuple_awaitable);
      if (ec) co_return;
      const auto now = std::chrono::steady_clock::now();
      tokens = std::min(
          impl_.opt.rate_burst,
          tokens + impl_.opt.rate_per_second * std::chrono::duration<double>(now - last).count());
      last = now;
      if (tokens < 1.0) {
        const auto data = buffer.cdata();
        refuse({WsError::rate_limited,
                "slow down: at most " + std::to_string(int(impl_.opt.rate_per_second)) +
                    " frames per second",
                move_id_of(std::string_view(static_cast<const char*>(data.data()), data.size())),
                std::nullopt});
        if (++strikes >= impl_.opt.rate_strikes) {
          co_await ws_.async_close(websocket::close_code::policy_error, tuple_awaitable);
          co_return;
        }
      } else if (!ws_.got_text()) {
        tokens -= 1.0;
        refuse({WsError::malformed_json, "frames must be text", {}, std::nullopt});
      } else {
        tokens -= 1.0;
        const auto data = buffer.cdata();
        impl_.app.ws_frame(self,
                           std::string_view(static_cast<const char*>(data.data()), data.size()));
      }
      buffer.consume(buffer.size());
      // A large frame grew the buffer; an idle connection should not keep it.
      if (buffer.capacity() > 2 * MAX_FRAME_BYTES) buffer.shrink_to_fit();
    }
  }

  void refuse(const ProtocolError& error) {
    impl_.app.ws_refused(shared_from_this(), ws_error_name(error.code));
    send(error_frame(error));
  }

  awaitable<void> write_loop() {
    auto self = shared_from_this();
    for (;;) {
      std::shared_ptr<const std::string> frame;
      bool overflow = false;
      bool restart = false;
      {
        std::lock_guard lock(mu_);
        if (overflow_ || closed_) {
          overflow = overflow_ && !closed_;
          closed_ = true;
          queue_.clear();
          writing_ = false;
        } else if (queue_.empty() && going_away_) {
          closed_ = true;
          writing_ = false;
          restart = true;
        } else if (queue_.empty()) {
          writing_ = false;
          co_return;
        } else {
          frame = std::move(queue_.front());
          queue_.pop_front();
        }
      }
      if (!frame) {
        if (overflow)
          co_await ws_.async_close(websocket::close_code::policy_error, tuple_awaitable);
        if (restart)
          co_await ws_.async_close(websocket::close_code::service_restart, tuple_awaitable);
        co_return;
      }
      ws_.text(true);
      auto [ec, n] = co_await ws_.async_write(asio::buffer(*frame), tuple_awaitable);
      if (ec) {
        std::lock_guard lock(mu_);
        closed_ = true;
        queue_.clear();
        writing_ = false;
        co_return;
      }
    }
  }

  NetServer::Impl& impl_;
  websocket::stream<beast::tcp_stream> ws_;
  std::vector<std::string> cookies_;
  std::mutex mu_;
  std::deque<std::shared_ptr<const std::string>> queue_;
  bool writing_ = false;
  bool overflow_ = false;
  bool going_away_ = false;  // close_soon(): close once the queue is sent
  bool closed_ = false;
  SocketSlot slot_;
};

template <typename Body>
http::response<Body> response_head(const HttpResponse& r, unsigned version, bool keep_alive) {
  http::response<Body> res{static_cast<http::status>(r.status), version};
  res.set(http::field::server, "fourtable");
  res.set(http::field::content_type, r.content_type);
  res.set(http::field::cache_control, r.cache_control);
  for (const auto& [k, v] : SECURITY_HEADERS) res.set(k, v);
  for (const auto& [k, v] : r.headers) res.insert(k, v);
  // Every 429 and 503 says when to come back (protocol.md 2); the places
  // that know better set their own.
  if ((r.status == 429 || r.status == 503) && res.find(http::field::retry_after) == res.end())
    res.set(http::field::retry_after, "1");
  res.keep_alive(keep_alive);
  return res;
}

http::response<http::string_body> make_response(const HttpResponse& r, unsigned version,
                                                bool keep_alive) {
  auto res = response_head<http::string_body>(r, version, keep_alive);
  res.body() = r.body;
  res.prepare_payload();
  return res;
}

// Writes a HttpResponse::next_chunk answer (chunked transfer encoding): the
// next chunk is made on the pool only after the previous one was written.
// False when the connection must close (a write failed, or making a chunk
// threw and the body is cut off).
awaitable<bool> write_streamed(NetServer::Impl& impl, beast::tcp_stream& stream,
                               const HttpResponse& r, unsigned version, bool keep_alive) {
  auto res = response_head<http::empty_body>(r, version, keep_alive);
  res.chunked(true);
  http::response_serializer<http::empty_body> head(res);
  auto [hec, hn] = co_await http::async_write_header(stream, head, tuple_awaitable);
  if (hec) co_return false;
  for (;;) {
    std::optional<std::string> chunk;
    bool failed = false;
    try {
      auto next = [&r] { return r.next_chunk(); };
      auto pending = on_pool(impl.pool, std::move(next));
      chunk = co_await std::move(pending);
    } catch (const std::exception&) {
      failed = true;
    }
    if (failed) co_return false;
    if (!chunk) break;
    if (chunk->empty()) continue;
    stream.expires_after(std::chrono::seconds(impl.opt.http_idle_seconds));
    auto [ec, n] =
        co_await asio::async_write(stream, http::make_chunk(asio::buffer(*chunk)), tuple_awaitable);
    if (ec) co_return false;
  }
  auto [lec, ln] = co_await asio::async_write(stream, http::make_chunk_last(), tuple_awaitable);
  co_return !lec;
}

HttpResponse json_error(int status, std::string_view code, std::string_view message) {
  HttpResponse r;
  r.status = status;
  r.body = std::string(R"({"error":{"code":")") + std::string(code) + R"(","message":")" +
           std::string(message) + "\"}}";
  return r;
}

// Why a WebSocket handshake is refused, if it is (protocol.md 3).
std::optional<HttpResponse> refused_upgrade(const NetServer::Impl& impl,
                                            const http::request<http::string_body>& req,
                                            const std::string& host) {
  // The socket lives at /ws only.
  const std::string_view target = req.target();
  if (target.substr(0, target.find('?')) != "/ws")
    return json_error(404, "not_found", "WebSocket connections are made to /ws");
  // A browser cannot set X-Forwarded-Proto on a handshake; a TLS proxy in
  // front says the page was https.
  const std::string_view scheme =
      req["X-Forwarded-Proto"] == "https" ? std::string_view("https") : "http";
  if (!origin_allowed(req[http::field::origin], scheme, host, impl.opt.allow_origins))
    return json_error(403, "origin_refused", "this origin may not open a WebSocket here");
  return std::nullopt;
}

// After an answer that ends the connection before the request was read to
// its end (431): the rest of what the client sent is read and dropped for a
// moment, so closing does not reset the connection under the answer.
awaitable<void> discard_unread(NetServer::Impl& impl, beast::tcp_stream& stream) {
  beast::error_code ignored;
  stream.socket().shutdown(tcp::socket::shutdown_send, ignored);
  stream.expires_after(std::chrono::seconds(std::min(2, impl.opt.http_idle_seconds)));
  std::array<char, 4096> sink;
  for (std::size_t dropped = 0; dropped < 65536;) {
    auto [ec, n] = co_await stream.async_read_some(asio::buffer(sink), tuple_awaitable);
    if (ec) break;
    dropped += n;
  }
}

// The Set-Cookie values for the identity the edge resolved: a guest made now
// gets its token; over https a token that came under the plain name moves to
// the __Host- name. None when the application set the cookie itself.
std::vector<std::string> identity_cookies(const Identity& who, const GuestCookie& sent,
                                          bool https) {
  if (!who.new_token.empty()) return guest_cookie_headers(who.new_token, https, sent.plain);
  if (sent.plain) return guest_cookie_headers(sent.token, https, true);
  return {};
}

// The application's view of a plain HTTP request (its body moves along).
// `client`: the address rate limits count (forwarded.h).
HttpRequest to_request(http::request<http::string_body>& req, const GuestCookie& cookie, bool https,
                       const std::string& host, const std::string& client) {
  HttpRequest request;
  request.method = std::string(req.method_string());
  request.target = std::string(req.target());
  request.body = std::move(req.body());
  request.guest_token = cookie.token;
  request.https = https;
  request.plain_cookie = cookie.plain;
  request.host = host;
  request.accept_encoding = std::string(req[http::field::accept_encoding]);
  request.address = client;
  request.origin = std::string(req[http::field::origin]);
  request.sec_fetch_site = std::string(req["Sec-Fetch-Site"]);
  request.content_type = std::string(req[http::field::content_type]);
  // For the same-site rule only: a browser cannot set this header, so a
  // false one can only make a program's own request fail.
  if (req["X-Forwarded-Proto"] == "https") request.scheme = "https";
  return request;
}

awaitable<void> http_session(NetServer::Impl& impl, tcp::socket socket) {
  beast::error_code address_error;
  const std::string address = socket.remote_endpoint(address_error).address().to_string();
  beast::tcp_stream stream(std::move(socket));
  beast::flat_buffer buffer;
  for (;;) {
    stream.expires_after(std::chrono::seconds(impl.opt.http_idle_seconds));
    http::request_parser<http::string_body> parser;
    parser.body_limit(MAX_HTTP_BODY);
    parser.header_limit(8192);
    auto [ec, n] = co_await http::async_read(stream, buffer, parser, tuple_awaitable);
    if (ec == http::error::body_limit) {
      auto res = make_response(
          json_error(413, "body_too_large", "bodies are limited to 4096 bytes"), 11, false);
      co_await http::async_write(stream, res, tuple_awaitable);
      break;
    }
    if (ec == http::error::header_limit) {
      auto res = make_response(
          json_error(431, "headers_too_large", "request headers are limited to 8192 bytes"), 11,
          false);
      co_await http::async_write(stream, res, tuple_awaitable);
      co_await discard_unread(impl, stream);
      break;
    }
    if (ec) break;
    http::request<http::string_body> req = parser.release();
    impl.counters.http_requests.fetch_add(1);
    const std::string host(req[http::field::host]);
    // Over https (forwarded.h: the header only from a trusted proxy) the
    // guest cookie is Secure and named __Host-ft_guest (net.h).
    const bool https = impl.opt.https ||
                       forwarded_https(address, req["X-Forwarded-Proto"], impl.opt.trusted_proxies);
    const GuestCookie cookie = guest_cookie(req[http::field::cookie], https);

    // API calls and upgrades make guests and tables: limited per client
    // address (behind a trusted proxy, the one it forwards: forwarded.h).
    const bool upgrade = websocket::is_upgrade(req);
    const std::string client =
        impl.opt.trusted_proxies.empty()
            ? address
            : client_address(address, req["X-Forwarded-For"], impl.opt.trusted_proxies);
    const std::int64_t limited_ms =
        upgrade || req.target().starts_with("/api/") ? impl.http_buckets.take(client) : 0;
    if (limited_ms > 0) {
      HttpResponse limited =
          json_error(429, "rate_limited", "too many requests from this address; try again shortly");
      limited.headers.emplace_back("Retry-After", std::to_string(retry_after_seconds(limited_ms)));
      auto res = make_response(limited, req.version(), req.keep_alive() && !upgrade);
      auto [wec, wn] = co_await http::async_write(stream, res, tuple_awaitable);
      if (wec || upgrade || !req.keep_alive()) break;
      continue;
    }

    if (upgrade) {
      if (auto refused = refused_upgrade(impl, req, host)) {
        auto res = make_response(*refused, req.version(), false);
        co_await http::async_write(stream, res, tuple_awaitable);
        break;
      }
      SocketSlot slot(impl, client);
      if (!slot) {
        HttpResponse full = json_error(
            429, "too_many_sockets",
            "at most " + std::to_string(impl.opt.ws_per_address) + " WebSockets per address");
        full.headers.emplace_back("Retry-After", "5");
        auto res = make_response(full, req.version(), false);
        co_await http::async_write(stream, res, tuple_awaitable);
        break;
      }
      std::optional<Identity> who;
      std::int64_t wait_ms = 0;
      bool failed = false;
      try {
        auto identify = [&impl, token = cookie.token, client, &wait_ms] {
          return impl.app.identify(token, client, wait_ms);
        };
        auto pending = on_pool(impl.pool, std::move(identify));
        who = co_await std::move(pending);
      } catch (const std::exception&) {
        failed = true;
      }
      if (failed || !who) {
        HttpResponse refusal =
            failed ? json_error(503, "unavailable", "the store is not available")
                   : json_error(429, "guest_rate_limited",
                                "this address made too many guests lately; try again later");
        if (!failed)
          refusal.headers.emplace_back("Retry-After", std::to_string(retry_after_seconds(wait_ms)));
        auto res = make_response(refusal, req.version(), false);
        co_await http::async_write(stream, res, tuple_awaitable);
        break;
      }
      stream.expires_never();
      auto ex = stream.get_executor();  // before the stream moves into the session
      auto cookies = identity_cookies(*who, cookie, https);
      auto session = std::make_shared<WsSession>(impl, std::move(stream), std::move(*who),
                                                 impl.next_peer.fetch_add(1), std::move(slot),
                                                 std::move(cookies));
      asio::co_spawn(
          ex, [session, r = std::move(req)]() mutable { return session->run(std::move(r)); },
          asio::detached);
      co_return;
    }

    HttpRequest request = to_request(req, cookie, https, host, client);
    HttpResponse response;
    try {
      auto handle = [&impl, &request] { return impl.app.http(request); };
      auto pending = on_pool(impl.pool, std::move(handle));
      response = co_await std::move(pending);
    } catch (const std::exception&) {
      response = json_error(500, "server_error", "the request failed");
    }
    const bool keep_alive = req.keep_alive();
    if (response.next_chunk) {
      const bool ok = co_await write_streamed(impl, stream, response, req.version(), keep_alive);
      if (!ok || !keep_alive) break;
      continue;
    }
    auto res = make_response(response, req.version(), keep_alive);
    auto [wec, wn] = co_await http::async_write(stream, res, tuple_awaitable);
    if (wec || !keep_alive) break;
  }
  beast::error_code ignored;
  stream.socket().shutdown(tcp::socket::shutdown_send, ignored);
}

awaitable<void> listener(NetServer::Impl& impl) {
  for (;;) {
    // A named strand: GCC 12 may destroy a temporary of a co_await
    // expression twice (it did for a lambda here; see on_pool).
    auto strand = asio::make_strand(impl.ioc);
    auto [ec, socket] = co_await impl.acceptor.async_accept(strand, tuple_awaitable);
    if (ec == asio::error::operation_aborted || !impl.acceptor.is_open()) co_return;
    if (ec) {
      // Out of descriptors or similar: back off instead of spinning.
      asio::steady_timer wait(impl.ioc, std::chrono::milliseconds(50));
      co_await wait.async_wait(tuple_awaitable);
      continue;
    }
    beast::error_code ignored;
    socket.set_option(tcp::no_delay(true), ignored);
    auto ex = socket.get_executor();
    asio::co_spawn(ex, http_session(impl, tcp::socket(std::move(socket))), asio::detached);
  }
}

awaitable<void> periodic(asio::io_context& ioc, int period_ms, std::function<void()> fn) {
  asio::steady_timer timer(ioc);
  for (;;) {
    timer.expires_after(std::chrono::milliseconds(period_ms));
    auto [ec] = co_await timer.async_wait(tuple_awaitable);
    if (ec) co_return;
    fn();
  }
}

}  // namespace

NetServer::NetServer(NetOptions options, Application& app)
    : impl_(std::make_unique<Impl>(std::move(options), app)) {}

NetServer::~NetServer() {
  stop();
  impl_->pool.join();
}

void NetServer::listen() {
  beast::error_code ec;
  const auto address = asio::ip::make_address(impl_->opt.address, ec);
  if (ec) throw std::runtime_error("bad address '" + impl_->opt.address + "': " + ec.message());
  tcp::endpoint endpoint(address, impl_->opt.port);
  impl_->acceptor.open(endpoint.protocol(), ec);
  if (!ec) impl_->acceptor.set_option(asio::socket_base::reuse_address(true), ec);
  if (!ec) impl_->acceptor.bind(endpoint, ec);
  if (!ec) impl_->acceptor.listen(asio::socket_base::max_listen_connections, ec);
  if (ec)
    throw std::runtime_error("cannot listen on " + impl_->opt.address + ":" +
                             std::to_string(impl_->opt.port) + ": " + ec.message());
  asio::co_spawn(impl_->ioc, listener(*impl_), asio::detached);
}

std::uint16_t NetServer::port() const {
  return impl_->acceptor.local_endpoint().port();
}

void NetServer::every(int period_ms, std::function<void()> fn) {
  asio::co_spawn(impl_->ioc, periodic(impl_->ioc, period_ms, std::move(fn)), asio::detached);
}

void NetServer::run() {
  std::vector<std::thread> threads;
  for (int i = 1; i < impl_->opt.io_threads; ++i)
    threads.emplace_back([this] { impl_->ioc.run(); });
  impl_->ioc.run();
  for (auto& t : threads) t.join();
}

void NetServer::stop_accepting() {
  asio::post(impl_->ioc, [this] {
    beast::error_code ignored;
    impl_->acceptor.close(ignored);
  });
}

void NetServer::stop() {
  asio::post(impl_->ioc, [this] {
    beast::error_code ignored;
    impl_->acceptor.close(ignored);
    impl_->ioc.stop();
  });
}

const NetCounters& NetServer::counters() const {
  return impl_->counters;
}

}  // namespace ft::server
