// NdjsonStream and TcpRelay (ndjson_client.h): plain POSIX sockets, so the
// tests' stream reader costs no Beast compile.
#include "support/ndjson_client.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <stdexcept>

namespace ft::test {
namespace {

int connect_local(int port) {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_port = htons(static_cast<std::uint16_t>(port));
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0) {
    ::close(fd);
    throw std::runtime_error("cannot connect to port " + std::to_string(port));
  }
  return fd;
}

void write_all(int fd, const std::string& s) {
  std::size_t off = 0;
  while (off < s.size()) {
    const ssize_t n = ::send(fd, s.data() + off, s.size() - off, MSG_NOSIGNAL);
    if (n <= 0) throw std::runtime_error("write failed");
    off += std::size_t(n);
  }
}

}  // namespace

NdjsonStream::NdjsonStream(int port, const std::string& target,
                           const std::vector<std::pair<std::string, std::string>>& headers) {
  fd_ = connect_local(port);
  std::string req =
      "GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(port) + "\r\n";
  for (const auto& [k, v] : headers) req += k + ": " + v + "\r\n";
  write_all(fd_, req + "\r\n");
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (raw_.find("\r\n\r\n") == std::string::npos)
    if (!fill(deadline)) throw std::runtime_error("no answer head");
  const std::size_t end = raw_.find("\r\n\r\n");
  head_ = raw_.substr(0, end);
  raw_.erase(0, end + 4);
  status_ = std::stoi(head_.substr(9, 3));
  if (status_ != 200) {
    // A refusal has a Content-Length body and closes: read it all.
    while (fill(deadline)) {
    }
    body_ = raw_;
    ended_ = true;
  }
}

NdjsonStream::~NdjsonStream() {
  cut();
}

void NdjsonStream::cut() {
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
}

bool NdjsonStream::fill(std::chrono::steady_clock::time_point deadline) {
  if (fd_ < 0) return false;
  const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
      deadline - std::chrono::steady_clock::now());
  if (left.count() <= 0) return false;
  pollfd p{fd_, POLLIN, 0};
  if (::poll(&p, 1, int(left.count())) <= 0) return false;
  char buf[4096];
  const ssize_t n = ::recv(fd_, buf, sizeof buf, 0);
  if (n <= 0) {
    ended_ = true;
    return false;
  }
  raw_.append(buf, std::size_t(n));
  return true;
}

std::optional<std::string> NdjsonStream::line(std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  for (;;) {
    // Decode whole chunks: "<hex>\r\n<data>\r\n"; a zero chunk ends the body.
    for (;;) {
      const std::size_t crlf = raw_.find("\r\n");
      if (crlf == std::string::npos) break;
      const std::size_t size = std::stoul(raw_.substr(0, crlf), nullptr, 16);
      if (size == 0) {
        ended_ = true;
        raw_.clear();
        break;
      }
      if (raw_.size() < crlf + 2 + size + 2) break;
      decoded_ += raw_.substr(crlf + 2, size);
      raw_.erase(0, crlf + 2 + size + 2);
    }
    const std::size_t nl = decoded_.find('\n');
    if (nl != std::string::npos) {
      std::string l = decoded_.substr(0, nl);
      decoded_.erase(0, nl + 1);
      return l;
    }
    if (ended_ || !fill(deadline)) return std::nullopt;
  }
}

boost::json::object NdjsonStream::expect(const std::string& type,
                                         std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  for (;;) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    std::optional<std::string> l = line(std::max(left, std::chrono::milliseconds(1)));
    if (!l)
      throw std::runtime_error("no '" + type + "' line (the stream " +
                               (ended_ ? "ended" : "went quiet") + ")");
    if (l->empty()) continue;
    boost::json::value v = boost::json::parse(*l);
    if (v.is_object() && v.as_object().contains("type") && v.at("type") == type.c_str())
      return v.as_object();
  }
}

// ---- TcpRelay ------------------------------------------------------------------

TcpRelay::TcpRelay(int target_port) : target_(target_port) {
  listen_fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
  int yes = 1;
  ::setsockopt(listen_fd_, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::bind(listen_fd_, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0 ||
      ::listen(listen_fd_, 64) != 0)
    throw std::runtime_error("relay cannot listen");
  socklen_t len = sizeof a;
  ::getsockname(listen_fd_, reinterpret_cast<sockaddr*>(&a), &len);
  port_ = ntohs(a.sin_port);
  acceptor_ = std::thread([this] { accept_loop(); });
}

TcpRelay::~TcpRelay() {
  stop_ = true;
  ::shutdown(listen_fd_, SHUT_RDWR);
  ::close(listen_fd_);
  acceptor_.join();
  cut();
  for (auto& t : pumps_) t.join();
  for (int fd : all_) ::close(fd);
}

void TcpRelay::accept_loop() {
  while (!stop_) {
    pollfd p{listen_fd_, POLLIN, 0};
    if (::poll(&p, 1, 100) <= 0) continue;
    const int client = ::accept(listen_fd_, nullptr, nullptr);
    if (client < 0) continue;
    int server = -1;
    try {
      server = connect_local(target_);
    } catch (const std::exception&) {
      ::close(client);
      continue;
    }
    std::lock_guard lock(mu_);
    open_.push_back(client);
    open_.push_back(server);
    all_.push_back(client);
    all_.push_back(server);
    // One thread per connection pumps both ways until either end closes.
    pumps_.emplace_back([client, server] {
      char buf[8192];
      for (;;) {
        pollfd ps[2] = {{client, POLLIN, 0}, {server, POLLIN, 0}};
        if (::poll(ps, 2, 200) < 0) break;
        bool done = false;
        for (int i = 0; i < 2 && !done; ++i) {
          if (!(ps[i].revents & (POLLIN | POLLHUP | POLLERR))) continue;
          const ssize_t n = ::recv(ps[i].fd, buf, sizeof buf, 0);
          if (n <= 0 || ::send(ps[1 - i].fd, buf, std::size_t(n), MSG_NOSIGNAL) != n) done = true;
        }
        if (done) break;
      }
      ::shutdown(client, SHUT_RDWR);
      ::shutdown(server, SHUT_RDWR);
    });
  }
}

void TcpRelay::cut() {
  std::lock_guard lock(mu_);
  for (int fd : open_) ::shutdown(fd, SHUT_RDWR);
  open_.clear();
  ++cuts_;
}

}  // namespace ft::test
