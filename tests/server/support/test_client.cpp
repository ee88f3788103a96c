#include "support/test_client.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <boost/asio.hpp>
#include <boost/beast.hpp>
#include <cstdlib>
#include <filesystem>
#include <regex>
#include <stdexcept>

extern char** environ;

namespace ft::test {
namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http_ns = beast::http;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;

namespace {

std::string cookie_value(const std::string& set_cookie) {
  const std::string name = "ft_guest=";
  const auto pos = set_cookie.find(name);
  if (pos == std::string::npos) return {};
  const auto end = set_cookie.find(';', pos);
  return set_cookie.substr(pos + name.size(), end - pos - name.size());
}

}  // namespace

HttpResult http(int port, const std::string& method, const std::string& target,
                const std::string& body, const std::string& cookie, const std::string& origin,
                const std::vector<std::pair<std::string, std::string>>& headers) {
  asio::io_context ioc;
  beast::tcp_stream stream(ioc);
  stream.expires_after(std::chrono::seconds(10));
  stream.connect(
      tcp::endpoint(asio::ip::make_address("127.0.0.1"), static_cast<unsigned short>(port)));
  http_ns::request<http_ns::string_body> req{http_ns::string_to_verb(method), target, 11};
  req.set(http_ns::field::host, "127.0.0.1:" + std::to_string(port));
  if (!cookie.empty()) req.set(http_ns::field::cookie, "ft_guest=" + cookie);
  if (!origin.empty()) req.set(http_ns::field::origin, origin);
  // As the web client sends them (protocol.md 2); `headers` may say otherwise.
  if (!body.empty() || method == "POST") req.set(http_ns::field::content_type, "application/json");
  for (const auto& [k, v] : headers) req.set(k, v);
  req.body() = body;
  req.prepare_payload();
  http_ns::write(stream, req);
  beast::flat_buffer buffer;
  http_ns::response<http_ns::string_body> res;
  http_ns::read(stream, buffer, res);
  HttpResult r;
  r.status = static_cast<int>(res.result_int());
  r.body = res.body();
  r.set_cookie = cookie_value(std::string(res[http_ns::field::set_cookie]));
  r.content_type = std::string(res[http_ns::field::content_type]);
  for (const auto& field : res) {
    std::string name(field.name_string());
    for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    r.headers[name] = std::string(field.value());
    if (name == "set-cookie") r.set_cookies.emplace_back(field.value());
  }
  beast::error_code ec;
  stream.socket().shutdown(tcp::socket::shutdown_both, ec);
  return r;
}

// Connects to the server on loopback and sets the handshake's headers (the
// guest cookie, Origin, X-Forwarded-Proto), each only when given.
static void connect_with_headers(websocket::stream<beast::tcp_stream>& ws, int port,
                                 const std::string& cookie, const std::string& origin,
                                 const std::string& forwarded_proto) {
  beast::get_lowest_layer(ws).expires_after(std::chrono::seconds(10));
  beast::get_lowest_layer(ws).connect(
      tcp::endpoint(asio::ip::make_address("127.0.0.1"), static_cast<unsigned short>(port)));
  // The decorator runs at handshake time, after this returns: copy the values.
  ws.set_option(websocket::stream_base::decorator(
      [cookie, origin, forwarded_proto](websocket::request_type& req) {
        if (!cookie.empty()) req.set(http_ns::field::cookie, "ft_guest=" + cookie);
        if (!origin.empty()) req.set(http_ns::field::origin, origin);
        if (!forwarded_proto.empty()) req.set("X-Forwarded-Proto", forwarded_proto);
      }));
}

HttpResult ws_handshake(int port, const std::string& cookie, const std::string& origin,
                        const std::string& target, const std::string& forwarded_proto) {
  asio::io_context ioc;
  websocket::stream<beast::tcp_stream> ws(ioc);
  connect_with_headers(ws, port, cookie, origin, forwarded_proto);
  websocket::response_type res;
  beast::error_code ec;
  ws.handshake(res, "127.0.0.1:" + std::to_string(port), target, ec);
  HttpResult r;
  r.status = static_cast<int>(res.result_int());
  r.body = res.body();
  r.set_cookie = cookie_value(std::string(res[http_ns::field::set_cookie]));
  for (const auto& field : res) {
    std::string name(field.name_string());
    for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    r.headers[name] = std::string(field.value());
    if (name == "set-cookie") r.set_cookies.emplace_back(field.value());
  }
  if (!ec) ws.close(websocket::close_code::normal, ec);
  return r;
}

struct WsClient::Impl {
  asio::io_context ioc;
  websocket::stream<beast::tcp_stream> ws{ioc};
  beast::flat_buffer buffer;
};

WsClient::WsClient(int port, const std::string& cookie, const std::string& origin,
                   const std::string& target)
    : impl_(std::make_unique<Impl>()) {
  auto& ws = impl_->ws;
  connect_with_headers(ws, port, cookie, origin, "");
  websocket::response_type res;
  ws.handshake(res, "127.0.0.1:" + std::to_string(port), target);
  beast::get_lowest_layer(ws).expires_never();
  // A read cut short by its deadline (recv) cancels the socket and waits for
  // the read to end; if the server's close frame came meanwhile, Beast is in
  // the closing handshake, which without a limit waits for the server's side
  // of it for as long as that takes. A test must not hang on it.
  ws.set_option(websocket::stream_base::timeout{std::chrono::seconds(5),
                                                websocket::stream_base::none(), false});
  ws.read_message_max(1 << 20);
  cookie_ = cookie.empty() ? cookie_value(std::string(res[http_ns::field::set_cookie])) : cookie;
}

WsClient::~WsClient() {
  close();
}

void WsClient::close() {
  if (closed_) return;
  closed_ = true;
  beast::error_code ec;
  beast::get_lowest_layer(impl_->ws).expires_after(std::chrono::seconds(2));
  impl_->ws.close(websocket::close_code::normal, ec);
}

void WsClient::send(const std::string& text) {
  impl_->ws.text(true);
  impl_->ws.write(asio::buffer(text));
}

boost::json::object WsClient::recv(std::chrono::milliseconds timeout) {
  if (closed_) throw std::runtime_error("the socket is closed");
  bool done = false;
  beast::error_code result;
  impl_->buffer.clear();
  impl_->ws.async_read(impl_->buffer, [&](beast::error_code ec, std::size_t) {
    done = true;
    result = ec;
  });
  impl_->ioc.restart();
  impl_->ioc.run_for(timeout);
  if (!done) {
    beast::get_lowest_layer(impl_->ws).cancel();
    impl_->ioc.restart();
    impl_->ioc.run();
    closed_ = true;
    throw std::runtime_error("no frame within " + std::to_string(timeout.count()) + " ms");
  }
  if (result) {
    closed_ = true;
    throw std::runtime_error("socket closed: " + result.message());
  }
  const std::string text = beast::buffers_to_string(impl_->buffer.data());
  return boost::json::parse(text).as_object();
}

std::size_t WsClient::discard_pending() {
  std::size_t n = 0;
  for (;;) {
    beast::error_code ec;
    const std::size_t ready = beast::get_lowest_layer(impl_->ws).socket().available(ec);
    if (closed_ || ec || ready == 0) return n;
    recv(std::chrono::milliseconds(5000));  // a frame that has begun to arrive
    ++n;
  }
}

bool WsClient::readable() const {
  beast::error_code ec;
  const std::size_t ready = beast::get_lowest_layer(impl_->ws).socket().available(ec);
  return !closed_ && !ec && ready > 0;
}

boost::json::object WsClient::recv_until(
    const std::function<bool(const boost::json::object&)>& pred,
    std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  for (;;) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) throw std::runtime_error("the expected frame did not come");
    auto frame = recv(left);
    if (pred(frame)) return frame;
  }
}

boost::json::object WsClient::expect(const std::string& type, const std::string& kind,
                                     std::chrono::milliseconds timeout) {
  return recv_until(
      [&](const boost::json::object& f) {
        if (f.at("type").as_string() != type) return false;
        if (kind.empty()) return true;
        return f.at("event").as_object().at("kind").as_string() == kind;
      },
      timeout);
}

ServerProcess::ServerProcess(const std::string& db, const std::string& extra_args) {
  // A write to a socket the server closed must fail the test, not kill it.
  ::signal(SIGPIPE, SIG_IGN);
  int out[2];
  if (pipe(out) != 0) throw std::runtime_error("pipe failed");
  // FT_TEST_SERVE_BIN runs the tests against another build of the server
  // (say the one before a fix, to see a test fail there).
  const char* bin = std::getenv("FT_TEST_SERVE_BIN");
  std::vector<std::string> args = {
      bin != nullptr && *bin != '\0' ? bin : FT_FOURTABLE_BIN, "serve", "--port", "0", "--address",
      "127.0.0.1", "--store", "sqlite:" + db, "--web-root", "/nonexistent", "--threads", "1",
      "--engine-memory", "16",
      // The tests' guests all come from 127.0.0.1
      // (HttpRateLimit, GuestLimits and TableLimits
      // test the limits themselves).
      "--http-rate", "0", "--guest-rate", "0", "--open-tables-per-address", "0"};
  if (!extra_args.empty()) {
    std::size_t pos = 0;
    while (pos < extra_args.size()) {
      auto end = extra_args.find(' ', pos);
      if (end == std::string::npos) end = extra_args.size();
      args.push_back(extra_args.substr(pos, end - pos));
      pos = end + 1;
    }
  }
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, out[1], 1);
  posix_spawn_file_actions_addclose(&actions, out[0]);
  // The server's stderr goes to a log beside its database, not to the test's pipes.
  log_path_ = db + ".log";
  posix_spawn_file_actions_addopen(&actions, 2, log_path_.c_str(), O_WRONLY | O_CREAT | O_APPEND,
                                   0644);
  if (posix_spawn(&pid_, argv[0], &actions, nullptr, argv.data(), environ) != 0)
    throw std::runtime_error("cannot start fourtable");
  posix_spawn_file_actions_destroy(&actions);
  close(out[1]);
  // The first line says where it listens.
  std::string line;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  while (line.find('\n') == std::string::npos) {
    pollfd p{out[0], POLLIN, 0};
    if (std::chrono::steady_clock::now() > deadline || poll(&p, 1, 200) < 0) break;
    if (!(p.revents & (POLLIN | POLLHUP))) continue;
    char buf[256];
    const ssize_t n = read(out[0], buf, sizeof buf);
    if (n <= 0) break;
    line.append(buf, static_cast<std::size_t>(n));
  }
  close(out[0]);
  std::smatch m;
  if (!std::regex_search(line, m, std::regex(R"(listening on http://[0-9.]+:([0-9]+))"))) {
    ::kill(pid_, SIGKILL);
    waitpid(pid_, nullptr, 0);
    pid_ = -1;
    throw std::runtime_error("fourtable serve did not start: " + line);
  }
  port_ = std::stoi(m[1]);
  banner_ = line.substr(0, line.find('\n'));
}

ServerProcess::~ServerProcess() {
  terminate();
}

void ServerProcess::kill9() {
  if (pid_ < 0) return;
  ::kill(pid_, SIGKILL);
  waitpid(pid_, nullptr, 0);
  pid_ = -1;
}

int ServerProcess::terminate() {
  send_term();
  return wait();
}

void ServerProcess::send_term() {
  if (pid_ >= 0) ::kill(pid_, SIGTERM);
}

int ServerProcess::wait() {
  if (pid_ < 0) return -1;
  int status = 0;
  waitpid(pid_, &status, 0);
  pid_ = -1;
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
  return -1;
}

std::string temp_db(const std::string& name) {
  static std::atomic<int> counter{0};
  const auto dir = std::filesystem::temp_directory_path() /
                   ("fourtable_test_" + std::to_string(getpid()) + "_" + std::to_string(counter++));
  std::filesystem::create_directories(dir);
  return (dir / (name + ".db")).string();
}

}  // namespace ft::test
