// A WebSocket connection (docs/protocol.md section 3): the handshake's
// answer, the read loop with its rate limit and its refusals, and the
// bounded outgoing queue written by one coroutine at a time. One of the
// edge's two Boost.Beast translation units (net_impl.h).
#include <algorithm>
#include <chrono>
#include <deque>

#include "server/edge/net_impl.h"
#include "server/protocol/messages.h"
#include "server/protocol/outgoing.h"

namespace ft::server::netio {
namespace {

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
    send(encode(error));
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

}  // namespace

void start_ws_session(NetServer::Impl& impl, beast::tcp_stream stream, Identity who,
                      std::uint64_t id, SocketSlot slot, std::vector<std::string> cookies,
                      http::request<http::string_body> request) {
  auto ex = stream.get_executor();  // before the stream moves into the session
  auto session = std::make_shared<WsSession>(impl, std::move(stream), std::move(who), id,
                                             std::move(slot), std::move(cookies));
  asio::co_spawn(
      ex, [session, r = std::move(request)]() mutable { return session->run(std::move(r)); },
      asio::detached);
}

}  // namespace ft::server::netio
