// The tests' reader of the Bot API's NDJSON streams (docs/bot-api.md), on a
// plain socket so that a test can hold a stream open, read its lines as
// they come, and cut it (close the socket) when it likes; and a TCP relay
// a test puts between a program and the server to cut that program's
// connections.
#pragma once

#include <atomic>
#include <boost/json.hpp>
#include <chrono>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace ft::test {

class NdjsonStream {
 public:
  // GET `target` with these headers; reads the answer's head.
  NdjsonStream(int port, const std::string& target,
               const std::vector<std::pair<std::string, std::string>>& headers);
  ~NdjsonStream();
  NdjsonStream(const NdjsonStream&) = delete;
  NdjsonStream& operator=(const NdjsonStream&) = delete;

  int status() const { return status_; }
  const std::string& head() const { return head_; }  // the answer's status line and headers
  const std::string& body() const { return body_; }  // a refusal's body (status not 200)
  // The next line (keep-alive lines included, as ""); nullopt when the
  // stream ended or nothing came within `timeout`.
  std::optional<std::string> line(std::chrono::milliseconds timeout = std::chrono::seconds(10));
  // The next line that is a JSON object with this "type"; throws on timeout or end.
  boost::json::object expect(const std::string& type,
                             std::chrono::milliseconds timeout = std::chrono::seconds(10));
  // Whether the server ended the stream (its last chunk, or the socket closed).
  bool ended() const { return ended_; }
  void cut();  // closes the socket

 private:
  bool fill(std::chrono::steady_clock::time_point deadline);
  int fd_ = -1;
  int status_ = 0;
  std::string head_;
  std::string body_;
  std::string raw_;      // bytes read, not yet decoded
  std::string decoded_;  // body bytes decoded from chunks, not yet split
  bool ended_ = false;
};

// Listens on a free port and relays each connection to `target_port`;
// cut() closes every connection relayed so far (new ones pass again).
class TcpRelay {
 public:
  explicit TcpRelay(int target_port);
  ~TcpRelay();
  int port() const { return port_; }
  void cut();
  int cuts() const { return cuts_; }

 private:
  void accept_loop();
  int target_;
  int listen_fd_ = -1;
  int port_ = 0;
  std::atomic<bool> stop_{false};
  std::mutex mu_;
  std::vector<int> open_;  // both ends of every connection relayed since the last cut
  std::vector<int> all_;   // every descriptor, closed when the relay goes
  std::vector<std::thread> pumps_;
  std::thread acceptor_;
  int cuts_ = 0;
};

}  // namespace ft::test
