// The reference bot's HTTP client (bot_http.h): each request and each
// stream on a connection of its own, driven by a private io_context so every
// step has a deadline (a stream that goes silent is a stream cut).
#include "app/server/bot_http.h"

#include <boost/asio.hpp>
#include <boost/beast.hpp>
#include <chrono>

namespace ft::app {
namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = asio::ip::tcp;

// Runs the io_context until the operation started before it completes.
void run(asio::io_context& ioc) {
  ioc.restart();
  ioc.run();
}

// Connects `stream` to the server; "" or why not.
std::string connect(asio::io_context& ioc, beast::tcp_stream& stream, const BotServer& server,
                    int timeout_seconds) {
  tcp::resolver resolver(ioc);
  beast::error_code ec;
  const auto endpoints = resolver.resolve(server.host, server.port, ec);
  if (ec) return "cannot resolve " + server.host + ": " + ec.message();
  stream.expires_after(std::chrono::seconds(timeout_seconds));
  stream.async_connect(endpoints, [&ec](beast::error_code e, const tcp::endpoint&) { ec = e; });
  run(ioc);
  if (ec) return "cannot connect to " + server.host + ":" + server.port + ": " + ec.message();
  return {};
}

http::request<http::string_body> make_request(const BotServer& server, const std::string& method,
                                              const std::string& target,
                                              const std::string& body = {}) {
  http::request<http::string_body> req{http::string_to_verb(method), target, 11};
  req.set(http::field::host, server.host + ":" + server.port);
  req.set(http::field::user_agent, "fourtable-bot");
  req.set(http::field::authorization, "Bearer " + server.token);
  if (!body.empty()) {
    req.set(http::field::content_type, "application/json");
    req.body() = body;
  }
  req.prepare_payload();
  return req;
}

}  // namespace

std::optional<BotServer> parse_server(const std::string& url) {
  const std::string scheme = "http://";
  if (!url.starts_with(scheme)) return std::nullopt;
  std::string rest = url.substr(scheme.size());
  while (!rest.empty() && rest.back() == '/') rest.pop_back();
  if (rest.empty() || rest.find('/') != std::string::npos) return std::nullopt;
  BotServer s;
  const std::size_t colon = rest.rfind(':');
  s.host = colon == std::string::npos ? rest : rest.substr(0, colon);
  s.port = colon == std::string::npos ? "80" : rest.substr(colon + 1);
  if (s.host.empty() || s.port.empty()) return std::nullopt;
  return s;
}

BotReply bot_request(const BotServer& server, const std::string& method, const std::string& target,
                     const std::string& body, int timeout_seconds) {
  BotReply reply;
  asio::io_context ioc;
  beast::tcp_stream stream(ioc);
  reply.error = connect(ioc, stream, server, timeout_seconds);
  if (!reply.error.empty()) return reply;
  auto req = make_request(server, method, target, body);
  beast::error_code ec;
  stream.expires_after(std::chrono::seconds(timeout_seconds));
  http::async_write(stream, req, [&ec](beast::error_code e, std::size_t) { ec = e; });
  run(ioc);
  beast::flat_buffer buffer;
  http::response<http::string_body> res;
  if (!ec) {
    http::async_read(stream, buffer, res, [&ec](beast::error_code e, std::size_t) { ec = e; });
    run(ioc);
  }
  if (ec) {
    reply.error = ec.message();
    return reply;
  }
  reply.status = static_cast<int>(res.result_int());
  reply.body = std::move(res.body());
  beast::error_code ignored;
  stream.socket().shutdown(tcp::socket::shutdown_both, ignored);
  return reply;
}

BotReply bot_stream(const BotServer& server, const std::string& target,
                    const std::vector<std::pair<std::string, std::string>>& headers,
                    const std::function<bool(const std::string&)>& on_line,
                    const std::function<void()>& on_open, int idle_seconds) {
  BotReply reply;
  asio::io_context ioc;
  beast::tcp_stream stream(ioc);
  reply.error = connect(ioc, stream, server, idle_seconds);
  if (!reply.error.empty()) return reply;
  auto req = make_request(server, "GET", target);
  for (const auto& [k, v] : headers) req.set(k, v);
  beast::error_code ec;
  stream.expires_after(std::chrono::seconds(idle_seconds));
  http::async_write(stream, req, [&ec](beast::error_code e, std::size_t) { ec = e; });
  run(ioc);
  beast::flat_buffer buffer;
  http::response_parser<http::string_body> parser;
  parser.body_limit(boost::none);
  if (!ec) {
    http::async_read_header(stream, buffer, parser,
                            [&ec](beast::error_code e, std::size_t) { ec = e; });
    run(ioc);
  }
  if (ec) {
    reply.error = ec.message();
    return reply;
  }
  reply.status = static_cast<int>(parser.get().result_int());
  if (reply.status != 200) {
    // An error answer: read it whole, it says why.
    stream.expires_after(std::chrono::seconds(idle_seconds));
    http::async_read(stream, buffer, parser, [&ec](beast::error_code e, std::size_t) { ec = e; });
    run(ioc);
    reply.body = parser.get().body();
    return reply;
  }
  if (on_open) on_open();
  std::string pending;
  bool stopped = false;
  auto on_chunk = [&](std::uint64_t, std::string_view body, beast::error_code&) -> std::size_t {
    pending.append(body);
    for (std::size_t nl; !stopped && (nl = pending.find('\n')) != std::string::npos;) {
      const std::string line = pending.substr(0, nl);
      pending.erase(0, nl + 1);
      if (!line.empty() && !on_line(line)) stopped = true;
    }
    return body.size();
  };
  parser.on_chunk_body(on_chunk);
  while (!stopped && !parser.is_done()) {
    stream.expires_after(std::chrono::seconds(idle_seconds));
    http::async_read_some(stream, buffer, parser,
                          [&ec](beast::error_code e, std::size_t) { ec = e; });
    run(ioc);
    if (ec) {
      reply.error = ec == beast::error::timeout
                        ? "nothing came for " + std::to_string(idle_seconds) + " s"
                        : ec.message();
      break;
    }
  }
  beast::error_code ignored;
  stream.socket().shutdown(tcp::socket::shutdown_both, ignored);
  return reply;
}

}  // namespace ft::app
