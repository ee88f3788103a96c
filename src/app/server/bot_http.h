// The reference bot's HTTP client (`fourtable bot`, docs/bot-api.md "The
// reference bot"): plain requests and NDJSON streams against a fourtable
// server, with a personal API token. Boost.Beast stays in bot_http.cpp,
// the one translation unit that pays for it.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace ft::app {

// Where the server is: `http://host:port` (https is left to a proxy on the
// bot's side; the server's own edge speaks plain HTTP).
struct BotServer {
  std::string host;
  std::string port;
  std::string token;
};
// "http://127.0.0.1:8080" -> host and port; nullopt when it is not one.
std::optional<BotServer> parse_server(const std::string& url);

struct BotReply {
  int status = 0;  // 0: no answer (the connection failed)
  std::string body;
  std::string error;  // why there was no answer
};
// One request with `Authorization: Bearer`, on a connection of its own;
// a `body` goes as application/json.
BotReply bot_request(const BotServer& server, const std::string& method, const std::string& target,
                     const std::string& body = {}, int timeout_seconds = 30);

// Reads the NDJSON stream at `target` until it ends, calling `on_line` with
// each line that is not empty (keep-alive lines are not passed on). Ends
// when the server ends the stream, the connection breaks, nothing (not even
// a keep-alive line) came for `idle_seconds`, or `on_line` returns false.
// The reply's status is the answer's (200 for a stream that ran); `error`
// says how it ended when it was not the server's clean end. `on_open` runs
// once the server answered 200, before the first line is read: what the
// stream will carry from then on is not missed by a look taken there.
BotReply bot_stream(const BotServer& server, const std::string& target,
                    const std::vector<std::pair<std::string, std::string>>& headers,
                    const std::function<bool(const std::string&)>& on_line,
                    const std::function<void()>& on_open = {}, int idle_seconds = 25);

}  // namespace ft::app
