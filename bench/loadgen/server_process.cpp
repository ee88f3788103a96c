#include "server_process.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>

namespace ft::loadgen {
namespace {

sockaddr_in loopback(int port) {
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_port = htons(static_cast<std::uint16_t>(port));
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  return a;
}

std::string describe_status(int status) {
  if (WIFEXITED(status)) return "exit code " + std::to_string(WEXITSTATUS(status));
  if (WIFSIGNALED(status)) return std::string("signal ") + strsignal(WTERMSIG(status));
  return "status " + std::to_string(status);
}

}  // namespace

int free_loopback_port() {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) throw std::runtime_error("socket(): " + std::string(strerror(errno)));
  sockaddr_in a = loopback(0);
  socklen_t len = sizeof a;
  const bool ok = ::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0 &&
                  ::getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len) == 0;
  ::close(fd);
  if (!ok) throw std::runtime_error("cannot find a free port on 127.0.0.1");
  return ntohs(a.sin_port);
}

bool healthz_ok(int port) {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) return false;
  timeval tv{2, 0};
  ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
  ::setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
  sockaddr_in a = loopback(port);
  bool ok = false;
  if (::connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0) {
    const std::string req = "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(port) +
                            "\r\nConnection: close\r\n\r\n";
    if (::send(fd, req.data(), req.size(), MSG_NOSIGNAL) == static_cast<ssize_t>(req.size())) {
      char buf[64] = {};
      const ssize_t n = ::recv(fd, buf, sizeof buf - 1, 0);
      ok = n >= 12 && std::strncmp(buf + 8, " 200", 4) == 0;
    }
  }
  ::close(fd);
  return ok;
}

std::string http_get_body(int port, const std::string& path) {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) return {};
  timeval tv{5, 0};
  ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
  ::setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
  sockaddr_in a = loopback(port);
  std::string answer;
  if (::connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0) {
    const std::string req = "GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(port) +
                            "\r\nConnection: close\r\n\r\n";
    if (::send(fd, req.data(), req.size(), MSG_NOSIGNAL) == static_cast<ssize_t>(req.size())) {
      char buf[16384];
      ssize_t n = 0;
      while ((n = ::recv(fd, buf, sizeof buf, 0)) > 0)
        answer.append(buf, static_cast<std::size_t>(n));
    }
  }
  ::close(fd);
  // Connection: close, so the body is everything after the header (no chunking expected).
  const auto body = answer.find("\r\n\r\n");
  if (answer.size() < 12 || answer.compare(8, 4, " 200") != 0 || body == std::string::npos)
    return {};
  return answer.substr(body + 4);
}

ServerProcess::ServerProcess(const std::string& path, const std::vector<std::string>& extra_args,
                             const std::string& store_query) {
  char tmpl[] = "/tmp/ft_loadgen.XXXXXX";
  if (!::mkdtemp(tmpl)) throw std::runtime_error("mkdtemp: " + std::string(strerror(errno)));
  dir_ = tmpl;
  log_ = dir_ + "/server.log";
  port_ = free_loopback_port();
  // Loopback only, whatever the server's default address is.
  std::vector<std::string> args = {
      path, "serve", "--address", "127.0.0.1", "--port", std::to_string(port_), "--store",
      "sqlite:" + dir_ + "/load.db" + (store_query.empty() ? "" : "?" + store_query),
      // Every simulated guest comes from 127.0.0.1: no per-address limits.
      "--http-rate", "0", "--guest-rate", "0", "--open-tables-per-address", "0", "--ws-per-address",
      "0"};
  args.insert(args.end(), extra_args.begin(), extra_args.end());
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);

  const pid_t parent = ::getpid();
  pid_ = ::fork();
  if (pid_ < 0) throw std::runtime_error("fork: " + std::string(strerror(errno)));
  if (pid_ == 0) {
    // The server must not outlive a load generator that dies.
    ::prctl(PR_SET_PDEATHSIG, SIGTERM);
    if (::getppid() != parent) ::_exit(127);
    const int fd = ::open(log_.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd >= 0) {
      ::dup2(fd, 1);
      ::dup2(fd, 2);
      ::close(fd);
    }
    ::execv(argv[0], argv.data());
    std::fprintf(stderr, "exec %s: %s\n", argv[0], strerror(errno));
    ::_exit(127);
  }
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  while (std::chrono::steady_clock::now() < deadline) {
    if (!alive()) {
      throw std::runtime_error("the server ended at start (" + exit_text_ + "); its log:\n" +
                               log_tail());
    }
    if (healthz_ok(port_)) return;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  const std::string tail = log_tail();
  stop();
  throw std::runtime_error("the server did not answer /healthz within 20 s; its log:\n" + tail);
}

ServerProcess::~ServerProcess() {
  stop();
  std::error_code ec;
  if (!dir_.empty()) std::filesystem::remove_all(dir_, ec);
}

bool ServerProcess::alive() {
  if (pid_ <= 0) return false;
  int status = 0;
  const pid_t r = ::waitpid(pid_, &status, WNOHANG);
  if (r == 0) return true;
  if (r == pid_) exit_text_ = describe_status(status);
  pid_ = -1;
  return false;
}

std::string ServerProcess::stop() {
  if (!alive()) return exit_text_;
  ::kill(pid_, SIGTERM);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (std::chrono::steady_clock::now() < deadline) {
    if (!alive()) return exit_text_;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  ::kill(pid_, SIGKILL);
  int status = 0;
  ::waitpid(pid_, &status, 0);
  pid_ = -1;
  exit_text_ = "killed after SIGTERM was ignored for 10 s";
  return exit_text_;
}

std::string ServerProcess::log_tail(std::size_t max_bytes) const {
  std::ifstream in(log_);
  std::stringstream all;
  all << in.rdbuf();
  std::string text = all.str();
  if (text.size() > max_bytes) text = "..." + text.substr(text.size() - max_bytes);
  return text;
}

}  // namespace ft::loadgen
