// Listening and HTTP sessions (docs/protocol.md sections 2 and 3): each
// request read within its limits, answered by the Application on the
// blocking pool, or upgraded to a WebSocket (ws_session.cpp). One of the
// edge's two Boost.Beast translation units (net_impl.h). One strand per
// connection; C++20 coroutines.
#include "server/edge/net.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <stdexcept>
#include <thread>
#include <utility>

#include "server/edge/forwarded.h"
#include "server/edge/net_impl.h"
#include "server/protocol/http_errors.h"

namespace ft::server {
using namespace netio;
namespace {

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

// The error answer of docs/protocol.md 2 for what the edge refuses itself
// (the same shape as http/json.h's, whose writer stands above the edge).
HttpResponse json_error(HttpError code, std::string_view message) {
  HttpResponse r;
  r.status = http_error_status(code);
  r.body = std::string(R"({"error":{"code":")") + std::string(http_error_name(code)) +
           R"(","message":")" + std::string(message) + "\"}}";
  return r;
}

// Why a WebSocket handshake is refused, if it is (protocol.md 3).
std::optional<HttpResponse> refused_upgrade(const NetServer::Impl& impl,
                                            const http::request<http::string_body>& req,
                                            const std::string& host) {
  // The socket lives at /ws only.
  const std::string_view target = req.target();
  if (target.substr(0, target.find('?')) != "/ws")
    return json_error(HttpError::not_found, "WebSocket connections are made to /ws");
  // A browser cannot set X-Forwarded-Proto on a handshake; a TLS proxy in
  // front says the page was https.
  const std::string_view scheme =
      req["X-Forwarded-Proto"] == "https" ? std::string_view("https") : "http";
  if (!origin_allowed(req[http::field::origin], scheme, host, impl.opt.allow_origins))
    return json_error(HttpError::origin_refused, "this origin may not open a WebSocket here");
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
  request.authorization = std::string(req[http::field::authorization]);
  request.bot_variants = std::string(req["X-Fourtable-Variants"]);
  // For the same-site rule only: a browser cannot set this header, so a
  // false one can only make a program's own request fail.
  if (req["X-Forwarded-Proto"] == "https") request.scheme = "https";
  return request;
}

// Writes a whole answer; false when the connection ends (the write failed,
// or the answer closes it).
awaitable<bool> write_answer(beast::tcp_stream& stream, const HttpResponse& r, unsigned version,
                             bool keep_alive) {
  auto res = make_response(r, version, keep_alive);
  auto [ec, n] = co_await http::async_write(stream, res, tuple_awaitable);
  co_return !ec && keep_alive;
}

// What one request of a connection is, besides its headers: who sent it.
struct Caller {
  std::string host;    // the Host header
  std::string client;  // the address rate limits count (forwarded.h)
  bool https = false;  // cookies Secure and named __Host-ft_guest (net.h)
  GuestCookie cookie;
};

// A WebSocket handshake: refused with an answer (the connection then
// closes), or the session started with the stream; true if it started.
awaitable<bool> upgrade(NetServer::Impl& impl, beast::tcp_stream& stream,
                        http::request<http::string_body>& req, const Caller& caller) {
  if (auto refused = refused_upgrade(impl, req, caller.host)) {
    co_await write_answer(stream, *refused, req.version(), false);
    co_return false;
  }
  SocketSlot slot(impl, caller.client);
  if (!slot) {
    HttpResponse full = json_error(
        HttpError::too_many_sockets,
        "at most " + std::to_string(impl.opt.ws_per_address) + " WebSockets per address");
    full.headers.emplace_back("Retry-After", "5");
    co_await write_answer(stream, full, req.version(), false);
    co_return false;
  }
  std::optional<Identity> who;
  std::int64_t wait_ms = 0;
  bool failed = false;
  try {
    auto identify = [&impl, token = caller.cookie.token, client = caller.client, &wait_ms] {
      return impl.app.identify(token, client, wait_ms);
    };
    auto pending = on_pool(impl.pool, std::move(identify));
    who = co_await std::move(pending);
  } catch (const std::exception&) {
    failed = true;
  }
  if (failed || !who) {
    HttpResponse refusal =
        failed ? json_error(HttpError::unavailable, "the store is not available")
               : json_error(HttpError::guest_rate_limited,
                            "this address made too many guests lately; try again later");
    if (!failed)
      refusal.headers.emplace_back("Retry-After", std::to_string(retry_after_seconds(wait_ms)));
    co_await write_answer(stream, refusal, req.version(), false);
    co_return false;
  }
  stream.expires_never();
  auto cookies = identity_cookies(*who, caller.cookie, caller.https);
  start_ws_session(impl, std::move(stream), std::move(*who), impl.next_peer.fetch_add(1),
                   std::move(slot), std::move(cookies), std::move(req));
  co_return true;
}

// A plain request, answered by the application on the blocking pool; false
// when the connection ends.
awaitable<bool> answer(NetServer::Impl& impl, beast::tcp_stream& stream,
                       http::request<http::string_body>& req, const Caller& caller) {
  HttpRequest request = to_request(req, caller.cookie, caller.https, caller.host, caller.client);
  HttpResponse response;
  try {
    auto handle = [&impl, &request] { return impl.app.http(request); };
    auto pending = on_pool(impl.pool, std::move(handle));
    response = co_await std::move(pending);
  } catch (const std::exception&) {
    response = json_error(HttpError::server_error, "the request failed");
  }
  const bool keep_alive = req.keep_alive();
  if (response.stream) {
    co_await serve_stream(impl, stream, response, req.version(), caller.client);
    co_return false;
  }
  if (response.next_chunk) {
    const bool ok = co_await write_streamed(impl, stream, response, req.version(), keep_alive);
    co_return ok&& keep_alive;
  }
  co_return co_await write_answer(stream, response, req.version(), keep_alive);
}

// Reads the next request within the limits (body, headers); nullopt when the
// connection ends, after the answer a refused request gets.
awaitable<std::optional<http::request<http::string_body>>> read_request(
    NetServer::Impl& impl, beast::tcp_stream& stream, beast::flat_buffer& buffer) {
  stream.expires_after(std::chrono::seconds(impl.opt.http_idle_seconds));
  http::request_parser<http::string_body> parser;
  parser.body_limit(MAX_HTTP_BODY);
  parser.header_limit(8192);
  auto [ec, n] = co_await http::async_read(stream, buffer, parser, tuple_awaitable);
  // Answers are named, never temporaries of the co_await (see on_pool).
  if (ec == http::error::body_limit) {
    const HttpResponse too_large =
        json_error(HttpError::body_too_large, "bodies are limited to 4096 bytes");
    co_await write_answer(stream, too_large, 11, false);
    co_return std::nullopt;
  }
  if (ec == http::error::header_limit) {
    const HttpResponse too_large =
        json_error(HttpError::headers_too_large, "request headers are limited to 8192 bytes");
    co_await write_answer(stream, too_large, 11, false);
    co_await discard_unread(impl, stream);
    co_return std::nullopt;
  }
  if (ec) co_return std::nullopt;
  co_return parser.release();
}

awaitable<void> http_session(NetServer::Impl& impl, tcp::socket socket) {
  beast::error_code address_error;
  const std::string address = socket.remote_endpoint(address_error).address().to_string();
  beast::tcp_stream stream(std::move(socket));
  beast::flat_buffer buffer;
  for (;;) {
    std::optional<http::request<http::string_body>> read =
        co_await read_request(impl, stream, buffer);
    if (!read) break;
    http::request<http::string_body>& req = *read;
    impl.counters.http_requests.fetch_add(1);
    Caller caller;
    caller.host = std::string(req[http::field::host]);
    // Over https (forwarded.h: the header only from a trusted proxy) the
    // guest cookie is Secure and named __Host-ft_guest (net.h).
    caller.https = impl.opt.https ||
                   forwarded_https(address, req["X-Forwarded-Proto"], impl.opt.trusted_proxies);
    caller.cookie = guest_cookie(req[http::field::cookie], caller.https);
    caller.client = impl.opt.trusted_proxies.empty()
                        ? address
                        : client_address(address, req["X-Forwarded-For"], impl.opt.trusted_proxies);

    // API calls and upgrades make guests and tables: limited per client
    // address (behind a trusted proxy, the one it forwards: forwarded.h).
    const bool is_upgrade = websocket::is_upgrade(req);
    const std::int64_t limited_ms =
        is_upgrade || req.target().starts_with("/api/") ? impl.http_buckets.take(caller.client) : 0;
    if (limited_ms > 0) {
      HttpResponse limited = json_error(HttpError::rate_limited,
                                        "too many requests from this address; try again shortly");
      limited.headers.emplace_back("Retry-After", std::to_string(retry_after_seconds(limited_ms)));
      if (!co_await write_answer(stream, limited, req.version(), req.keep_alive() && !is_upgrade))
        break;
      continue;
    }
    if (is_upgrade) {
      if (co_await upgrade(impl, stream, req, caller)) co_return;  // the stream went with it
      break;
    }
    if (!co_await answer(impl, stream, req, caller)) break;
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
