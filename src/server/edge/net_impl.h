// The edge's own pieces shared by its three Boost.Beast translation units,
// net.cpp (listening, HTTP sessions), ws_session.cpp (WebSocket sessions)
// and line_stream.cpp (NDJSON streams): the server's state
// (NetServer::Impl), a socket's place in the per-address count, and the
// Asio names they use. Include it from those files only: each includer
// pays Beast's compile time (~45 s).
#pragma once

#include <atomic>
#include <boost/asio.hpp>
#include <boost/beast.hpp>
#include <cstdint>
#include <functional>
#include <mutex>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "server/edge/net.h"
#include "server/edge/rate_limits.h"

namespace ft::server {
namespace netio {

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

}  // namespace netio

struct NetServer::Impl {
  Impl(NetOptions o, Application& a)
      : opt(std::move(o)),
        app(a),
        ioc(1),
        pool(static_cast<std::size_t>(opt.blocking_threads)),
        acceptor(ioc) {}
  NetOptions opt;
  Application& app;
  netio::asio::io_context ioc;
  netio::asio::thread_pool pool;
  netio::tcp::acceptor acceptor;
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

namespace netio {

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

// A WebSocket session for the handshake `request`, on `stream` (the
// handshake's HTTP connection), for `who`; `cookies` go with the 101 answer.
// ws_session.cpp; the session keeps itself alive until the socket ends.
void start_ws_session(NetServer::Impl& impl, beast::tcp_stream stream, Identity who,
                      std::uint64_t id, SocketSlot slot, std::vector<std::string> cookies,
                      http::request<http::string_body> request);

// An NDJSON stream answer (HttpResponse::stream, net.h LineStream) on the
// HTTP connection `stream`, counted as a socket of `client`; returns when
// the stream ended (the connection then closes). line_stream.cpp.
awaitable<void> serve_stream(NetServer::Impl& impl, beast::tcp_stream& stream,
                             const HttpResponse& r, unsigned version, const std::string& client);

}  // namespace netio
}  // namespace ft::server
