// A small WebSocket + HTTP client for the integration tests (Boost.Beast,
// kept in one translation unit), and a handle on a real `fourtable serve`
// process started on a free port.
#pragma once

#include <sys/types.h>

#include <boost/json.hpp>
#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace ft::test {

using namespace std::chrono_literals;

struct HttpResult {
  int status = 0;
  std::string body;
  std::string set_cookie;  // the ft_guest value, if one was set
  std::string content_type;
  std::map<std::string, std::string> headers;  // names in lower case
  std::vector<std::string> set_cookies;        // every Set-Cookie value, in order
  boost::json::value json() const { return boost::json::parse(body); }
  std::string header(const std::string& lower_name) const {
    auto it = headers.find(lower_name);
    return it == headers.end() ? std::string() : it->second;
  }
};

// The `code` of an error answer (docs/protocol.md 2: {"error": {"code": ...}}).
inline std::string error_code(const HttpResult& r) {
  return std::string(r.json().at("error").at("code").as_string());
}

HttpResult http(int port, const std::string& method, const std::string& target,
                const std::string& body = {}, const std::string& cookie = {},
                const std::string& origin = {},
                const std::vector<std::pair<std::string, std::string>>& headers = {});

// The status and body of a WebSocket handshake that the server refused, or
// status 101 if it was accepted (then closed at once); its headers either way.
HttpResult ws_handshake(int port, const std::string& cookie, const std::string& origin,
                        const std::string& target = "/ws", const std::string& forwarded_proto = {});

class WsClient {
 public:
  // Opens `target` (/ws, or /ws?table=ID as the web client does for a
  // table); `cookie` is the guest token ("" lets the server make a guest).
  WsClient(int port, const std::string& cookie, const std::string& origin = {},
           const std::string& target = "/ws");
  ~WsClient();
  WsClient(const WsClient&) = delete;
  WsClient& operator=(const WsClient&) = delete;

  void send(const std::string& text);
  void send(const boost::json::object& o) { send(boost::json::serialize(o)); }
  // The next frame; throws std::runtime_error on timeout or a closed socket.
  boost::json::object recv(std::chrono::milliseconds timeout = 5000ms);
  // Frames until one satisfies `pred` (the others are dropped); that one.
  boost::json::object recv_until(const std::function<bool(const boost::json::object&)>& pred,
                                 std::chrono::milliseconds timeout = 10000ms);
  // The next frame of `type` (and, for events, `kind`).
  boost::json::object expect(const std::string& type, const std::string& kind = {},
                             std::chrono::milliseconds timeout = 10000ms);
  // Reads and drops the frames that have already arrived (does not wait for
  // more); how many. Keeps a socket nobody listens to from filling up.
  std::size_t discard_pending();
  // Whether bytes of a frame have arrived, so recv() returns without waiting
  // for the server (a frame already read ahead into the stream's buffer is
  // not counted: the next recv() returns it first, in order).
  bool readable() const;
  bool closed() const { return closed_; }
  const std::string& cookie() const { return cookie_; }
  void close();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
  std::string cookie_;
  bool closed_ = false;
};

// `fourtable serve` on a free port with its own SQLite file.
class ServerProcess {
 public:
  // `db` is the SQLite file (kept across restarts by passing the same path).
  explicit ServerProcess(const std::string& db, const std::string& extra_args = {});
  ~ServerProcess();  // SIGTERM, then wait
  int port() const { return port_; }
  void kill9();  // SIGKILL, no clean-up at all
  // SIGTERM and wait; the exit status (128 + signal if a signal ended it),
  // -1 if it was not running.
  int terminate();
  // SIGTERM without waiting; then wait() gives the status as terminate() does.
  void send_term();
  int wait();
  const std::string& log_path() const { return log_path_; }
  // The line it printed when it started listening.
  const std::string& banner() const { return banner_; }

 private:
  pid_t pid_ = -1;
  int port_ = 0;
  std::string log_path_;
  std::string banner_;
};

// A fresh temporary file name for a database.
std::string temp_db(const std::string& name);

}  // namespace ft::test
