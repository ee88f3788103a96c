// NDJSON streams (net.h LineStream, docs/bot-api.md "Streams"): a 200
// answer in chunked encoding that lives until the client goes, the
// application closes it, its reader falls too far behind, or the server
// stops. Lines queue under a lock from any thread; one coroutine on the
// connection's strand writes them, and an empty line when nothing went for
// a while; a second one reads the socket only to see the client leave. One
// of the edge's Boost.Beast translation units (net_impl.h).
#include <array>
#include <chrono>
#include <deque>

#include "server/edge/net_impl.h"

namespace ft::server::netio {
namespace {

class NdjsonStream final : public LineStream, public std::enable_shared_from_this<NdjsonStream> {
 public:
  NdjsonStream(asio::any_io_executor ex, std::size_t max_queue)
      : watch_done(ex), ex_(ex), wake_(ex), max_queue_(max_queue) {}

  void send(std::string line) override {
    {
      std::lock_guard lock(mu_);
      if (ending_) return;
      if (queue_.size() >= max_queue_) {
        too_slow_ = true;
        ending_ = true;
        queue_.clear();
      } else {
        queue_.push_back(std::move(line));
      }
    }
    wake();
  }

  void close() override {
    {
      std::lock_guard lock(mu_);
      ending_ = true;
    }
    wake();
  }

  // The client went (the reader saw the socket end): stop now.
  void gone() {
    {
      std::lock_guard lock(mu_);
      gone_ = true;
      ending_ = true;
      queue_.clear();
    }
    wake();
  }

  // What the writer does next, taken under the lock.
  struct Next {
    std::string text;  // lines to write now, each with its newline
    bool end = false;
    bool too_slow = false;
    bool gone = false;
  };
  Next next() {
    std::lock_guard lock(mu_);
    Next n;
    for (const std::string& line : queue_) n.text += line + "\n";
    queue_.clear();
    n.gone = gone_;
    n.too_slow = too_slow_;
    n.end = ending_;
    return n;
  }

  asio::steady_timer& timer() { return wake_; }
  // The reader's end, on the strand: the writer waits for it before the
  // connection (which the reader uses) goes.
  bool watching = true;
  asio::steady_timer watch_done;

 private:
  // Cancels the writer's wait; on the strand, where the timer lives.
  void wake() {
    asio::post(ex_, [self = shared_from_this()] { self->wake_.cancel(); });
  }

  asio::any_io_executor ex_;
  asio::steady_timer wake_;
  const std::size_t max_queue_;
  std::mutex mu_;
  std::deque<std::string> queue_;
  bool ending_ = false;
  bool too_slow_ = false;
  bool gone_ = false;
};

// Reads until the socket ends (a client of a stream sends nothing more),
// then tells the stream.
awaitable<void> watch_client(beast::tcp_stream& stream, std::shared_ptr<NdjsonStream> s) {
  std::array<char, 512> sink;
  for (;;) {
    auto [ec, n] = co_await stream.async_read_some(asio::buffer(sink), tuple_awaitable);
    if (ec) break;
  }
  s->watching = false;
  s->watch_done.cancel();
  s->gone();
}

// The writer: lines as they come, an empty line after `keepalive` of
// silence; each write must finish within the idle time, else the
// connection ends (a reader that stopped reading).
awaitable<bool> write_lines(NetServer::Impl& impl, beast::tcp_stream& stream, NdjsonStream& s) {
  const auto keepalive = std::chrono::seconds(impl.opt.stream_keepalive_seconds);
  const auto write_limit = std::chrono::seconds(std::max(impl.opt.http_idle_seconds, 10));
  for (;;) {
    NdjsonStream::Next n = s.next();
    if (n.gone) co_return false;
    if (n.too_slow) {
      impl.counters.streams_cut.fetch_add(1);
      n.text = R"({"type":"error","error":{"code":"too_slow","message":"the stream's reader fell )"
               R"(too far behind; open it again"}})"
               "\n";
    }
    const bool idle = n.text.empty();
    if (idle && n.end) co_return true;
    if (idle) {
      s.timer().expires_after(keepalive);
      auto [ec] = co_await s.timer().async_wait(tuple_awaitable);
      if (ec) continue;  // woken: lines or the end
      n.text = "\n";
    }
    stream.expires_after(write_limit);
    auto [ec, written] =
        co_await asio::async_write(stream, http::make_chunk(asio::buffer(n.text)), tuple_awaitable);
    if (ec) co_return false;
    if (n.too_slow) co_return true;
  }
}

}  // namespace

awaitable<void> serve_stream(NetServer::Impl& impl, beast::tcp_stream& stream,
                             const HttpResponse& r, unsigned version, const std::string& client) {
  SocketSlot slot(impl, client);
  if (!slot) {
    http::response<http::string_body> full{http::status::too_many_requests, version};
    full.set(http::field::content_type, "application/json");
    full.set(http::field::retry_after, "5");
    full.body() = R"({"error":{"code":"too_many_sockets","message":"at most )" +
                  std::to_string(impl.opt.ws_per_address) +
                  R"( sockets and streams per address"}})";
    full.keep_alive(false);
    full.prepare_payload();
    co_await http::async_write(stream, full, tuple_awaitable);
    co_return;
  }
  http::response<http::empty_body> head{http::status::ok, version};
  head.set(http::field::server, "fourtable");
  head.set(http::field::content_type, "application/x-ndjson");
  head.set(http::field::cache_control, "no-store");
  for (const auto& [k, v] : SECURITY_HEADERS) head.set(k, v);
  head.set("X-Accel-Buffering", "no");  // a proxy in front passes lines at once
  head.keep_alive(false);
  head.chunked(true);
  http::response_serializer<http::empty_body> serializer(head);
  stream.expires_after(std::chrono::seconds(impl.opt.http_idle_seconds));
  auto [hec, hn] = co_await http::async_write_header(stream, serializer, tuple_awaitable);
  if (hec) co_return;

  auto lines = std::make_shared<NdjsonStream>(stream.get_executor(), impl.opt.stream_queue);
  impl.counters.streams.fetch_add(1);
  std::shared_ptr<StreamAnswer> answer = r.stream;
  // Exceptions stay on the pool: a stream the application failed to open
  // is ended like any other.
  auto opened = [answer, lines] {
    try {
      answer->opened(lines);
    } catch (const std::exception&) {
      lines->close();
    }
  };
  co_await on_pool(impl.pool, std::move(opened));
  asio::co_spawn(stream.get_executor(), watch_client(stream, lines), asio::detached);
  const bool whole = co_await write_lines(impl, stream, *lines);
  if (whole) {
    stream.expires_after(std::chrono::seconds(2));
    co_await asio::async_write(stream, http::make_chunk_last(), tuple_awaitable);
  }
  beast::error_code ignored;
  stream.socket().shutdown(tcp::socket::shutdown_both, ignored);
  stream.socket().cancel(ignored);
  if (lines->watching) {
    lines->watch_done.expires_after(std::chrono::seconds(5));
    co_await lines->watch_done.async_wait(tuple_awaitable);
  }
  lines->close();
  auto closed = [answer] {
    try {
      answer->closed();
    } catch (const std::exception&) {
    }
  };
  co_await on_pool(impl.pool, std::move(closed));
  impl.counters.streams.fetch_sub(1);
}

}  // namespace ft::server::netio
