// Through the real server: the edge's limits of docs/protocol.md 3 that
// answer instead of dropping the connection: 431 for headers over 8 KiB, and
// the cap of WebSockets per client address (429 too_many_sockets), which
// frees a place when a socket closes.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "support/test_client.h"

namespace ft::test {
namespace {

TEST(EdgeLimits, OversizedHeadersAnswer431) {
  ServerProcess server(temp_db("headers431"));
  const int port = server.port();
  HttpResult r;
  bool answered = true;
  try {
    r = http(port, "GET", "/api/lobby", {}, {}, {}, {{"X-Padding", std::string(16384, 'a')}});
  } catch (const std::exception&) {
    answered = false;  // the connection closed without an answer
  }
  ASSERT_TRUE(answered) << "a 16 KB header dropped the connection";
  EXPECT_EQ(r.status, 431);
  EXPECT_EQ(error_code(r), "headers_too_large");
  EXPECT_EQ(r.header("connection"), "close");
  EXPECT_EQ(r.header("x-content-type-options"), "nosniff");
  // Many headers adding up to more count the same.
  std::vector<std::pair<std::string, std::string>> many;
  for (int i = 0; i < 40; ++i)
    many.emplace_back("X-Pad-" + std::to_string(i), std::string(300, 'b'));
  try {
    r = http(port, "GET", "/healthz", {}, {}, {}, many);
  } catch (const std::exception&) {
    r = HttpResult{};
  }
  EXPECT_EQ(r.status, 431);
  // Under the limit: answered as usual, and the server kept running.
  EXPECT_EQ(
      http(port, "GET", "/healthz", {}, {}, {}, {{"X-Padding", std::string(6000, 'a')}}).status,
      200);
}

// The refused handshake as a plain HTTP exchange, so its headers are seen.
HttpResult upgrade(int port, const std::string& cookie) {
  return http(port, "GET", "/ws", {}, cookie, {},
              {{"Connection", "Upgrade"},
               {"Upgrade", "websocket"},
               {"Sec-WebSocket-Version", "13"},
               {"Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ=="}});
}

// The default cap (64 per address) holds without any option: the 65th
// socket from one address is refused while the others stay open.
TEST(EdgeLimits, OneAddressHoldsAtMost64WebSockets) {
  ServerProcess server(temp_db("wscap_default"));
  const int port = server.port();
  const std::string cookie = http(port, "GET", "/api/me").set_cookie;
  std::vector<std::unique_ptr<WsClient>> open;
  for (int i = 0; i < 64; ++i) {
    open.push_back(std::make_unique<WsClient>(port, cookie));
    open.back()->expect("welcome");
  }
  const HttpResult refused = upgrade(port, cookie);
  EXPECT_EQ(refused.status, 429);
  ASSERT_EQ(refused.header("content-type"), "application/json");
  EXPECT_EQ(error_code(refused), "too_many_sockets");
  EXPECT_EQ(refused.header("retry-after"), "5");
  // The sockets already open are untouched.
  open.front()->send(R"({"type":"ping","t":7})");
  EXPECT_EQ(open.front()->expect("pong").at("t").as_int64(), 7);
}

// A lower cap set by the option, and a place frees when a socket closes.
TEST(EdgeLimits, TheSocketCapIsAnOptionAndClosingFreesAPlace) {
  ServerProcess server(temp_db("wscap"), "--ws-per-address 2");
  const int port = server.port();
  const std::string cookie = http(port, "GET", "/api/me").set_cookie;
  auto a = std::make_unique<WsClient>(port, cookie);
  auto b = std::make_unique<WsClient>(port, cookie);
  a->expect("welcome");
  b->expect("welcome");
  const HttpResult refused = upgrade(port, cookie);
  EXPECT_EQ(refused.status, 429);
  EXPECT_EQ(error_code(refused), "too_many_sockets");
  // Another guest from the same address is counted with it.
  EXPECT_EQ(ws_handshake(port, "", {}).status, 429);
  a->close();
  // The server sees the close a moment later; then one more may open.
  int status = 0;
  for (int i = 0; i < 100 && status != 101; ++i) {
    if (i > 0) std::this_thread::sleep_for(std::chrono::milliseconds(50));
    status = ws_handshake(port, cookie, {}).status;
  }
  EXPECT_EQ(status, 101);
}

}  // namespace
}  // namespace ft::test
