// The network edge (architecture.md, "The server's wings"): it only moves
// bytes. HTTP requests and WebSocket frames are handed to an Application;
// the edge enforces the limits of docs/protocol.md section 3 (frame size,
// rate, idle timeout, Origin, bounded outgoing queue) and carries the
// NDJSON streams of docs/bot-api.md. Boost.Beast stays inside net.cpp,
// ws_session.cpp and line_stream.cpp (net_impl.h), the only translation
// units that pay for it.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace ft::server {

struct HttpRequest {
  std::string method;  // "GET", "POST", ...
  std::string target;  // path and query, as sent
  std::string body;
  std::string guest_token;  // the guest cookie's token, "" if none (guest_cookie)
  // Served over https (an https --public-origin, or a trusted proxy's
  // X-Forwarded-Proto: https): cookies are Secure and named __Host-ft_guest.
  bool https = false;
  // On https, the token came under the plain name ft_guest (set while the
  // site was served over http): the answer moves it to the __Host- name.
  bool plain_cookie = false;
  std::string host;
  std::string accept_encoding;  // the Accept-Encoding header, for precompressed files
  // The client's IP address (rate limits): the socket's peer, or behind a
  // trusted proxy the address it forwards (forwarded.h).
  std::string address;
  // What the same-site rule reads (request_guard.h): the Origin,
  // Sec-Fetch-Site and Content-Type headers, and the scheme the page was
  // served under ("https" when a TLS proxy says so in X-Forwarded-Proto).
  std::string origin;
  std::string sec_fetch_site;
  std::string content_type;
  std::string scheme = "http";
  // The Authorization header: "Bearer <token>" names a personal API token's
  // player in place of the cookie's (docs/bot-api.md).
  std::string authorization;
  // X-Fourtable-Variants: the variants a bot plays, declared when it opens
  // its event stream (docs/bot-api.md).
  std::string bot_variants;
};

// A long-lived NDJSON answer (docs/bot-api.md, "Streams"): the application
// writes lines into it from any thread and the edge sends them as chunks of
// `application/x-ndjson`, with an empty line every ~7 s while nothing else
// goes (so proxies and clients see a live connection). Bounded: when more
// lines wait than the edge's queue holds (a reader slower than its events),
// the stream ends with a last line saying why, never growing in memory.
class LineStream {
 public:
  virtual ~LineStream() = default;
  // Thread-safe, non-blocking; `line` without its newline. Dropped once the
  // stream is ending.
  virtual void send(std::string line) = 0;
  // Sends what is queued, then ends the answer. Thread-safe.
  virtual void close() = 0;
};

// What the application gives for a stream answer (HttpResponse::stream).
struct StreamAnswer {
  // On the blocking pool, once the answer's head is sent: the stream to
  // write into (keep it; the edge holds it too until it ends).
  std::function<void(std::shared_ptr<LineStream>)> opened;
  // On the blocking pool, once, when the stream ended: the client went, the
  // application closed it, it was too slow, or the server stops.
  std::function<void()> closed;
};

struct HttpResponse {
  int status = 200;
  std::string content_type = "application/json";
  std::string body;
  std::vector<std::pair<std::string, std::string>> headers;  // extra headers (Location, ...)
  std::string cache_control = "no-store";                    // API answers change: never cached
  // A body too large to hold at once (an export): when set, `body` is
  // ignored and the edge sends the answer with chunked transfer encoding,
  // one chunk per call, calling it on the blocking pool only after the
  // previous chunk was written (so a slow reader holds one chunk), until
  // it returns nullopt. If it throws, the connection is closed without the
  // final chunk: the client sees a cut-off body, never a partial one as whole.
  std::function<std::optional<std::string>()> next_chunk;
  // An NDJSON stream (LineStream): when set, `body` is ignored, the answer
  // is 200 with chunked encoding for as long as the stream lives, and the
  // connection closes after it.
  std::shared_ptr<StreamAnswer> stream;
};

// Sent with every HTTP answer (docs/protocol.md 2): scripts, styles, images
// and sockets only from the site itself, no inline script, never framed (a
// "Resign match" click through an invisible frame), no type sniffing, and
// no page address sent to other sites.
inline constexpr std::pair<const char*, const char*> SECURITY_HEADERS[] = {
    {"Content-Security-Policy",
     "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
     "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; "
     "form-action 'self'; frame-ancestors 'none'"},
    {"X-Content-Type-Options", "nosniff"},
    {"X-Frame-Options", "DENY"},
    {"Referrer-Policy", "same-origin"},
};

// Who is on the other end, resolved from the guest cookie.
struct Identity {
  std::int64_t player = 0;
  std::string name;
  std::string new_token;  // set when a guest was created now: send it as a cookie
  bool bot = false;       // a bot account (bot-api.md): its seats are shown as BOT
};

// A WebSocket connection as the rest of the server sees it.
class Peer {
 public:
  virtual ~Peer() = default;
  // Thread-safe and non-blocking. Frames go out in the order of the calls.
  // When too many wait, the connection is closed (the client catches up
  // after reconnecting), so a slow reader never holds memory for long.
  virtual void send(std::shared_ptr<const std::string> frame) = 0;
  void send(std::string frame) { send(std::make_shared<const std::string>(std::move(frame))); }
  // Sends what is queued, then closes with 1012 (service restart): the
  // table moved to another node and the client should reconnect. Thread-safe.
  virtual void close_soon() {}
  const Identity& identity() const { return identity_; }
  std::uint64_t id() const { return id_; }

  // Owned by the Application; only touched from the connection's own frames
  // (which arrive one at a time) and under the application's locks.
  struct Context {
    std::string table;
    int seat = -1;
    bool lobby = false;
    std::uint64_t my_events = 0;  // the player-events subscription (protocol.md 4.10), 0: none
  } context;

 protected:
  Peer(Identity identity, std::uint64_t id) : identity_(std::move(identity)), id_(id) {}

 private:
  Identity identity_;
  std::uint64_t id_;
};

class Application {
 public:
  virtual ~Application() = default;
  // Called on the blocking pool (may touch the store), never on an I/O thread.
  // The application routes the request, holds it to the same-site rule and
  // resolves (or makes) the caller's guest as the route needs.
  virtual HttpResponse http(const HttpRequest& request) = 0;
  // The caller of a WebSocket handshake, made now if the cookie names
  // nobody; nullopt when `address` made too many guests lately, with the
  // milliseconds to wait in `retry_after_ms`. Blocking pool.
  virtual std::optional<Identity> identify(std::string_view guest_token, const std::string& address,
                                           std::int64_t& retry_after_ms) = 0;
  // Called on the connection's I/O thread; must not block.
  virtual void ws_open(const std::shared_ptr<Peer>& peer) = 0;
  virtual void ws_frame(const std::shared_ptr<Peer>& peer, std::string_view frame) = 0;
  // A frame the edge refused (too large, rate limited, binary) counts as an
  // error frame sent; the application only counts it.
  virtual void ws_refused(const std::shared_ptr<Peer>& peer, std::string_view code) = 0;
  virtual void ws_close(const std::shared_ptr<Peer>& peer) = 0;
};

struct NetOptions {
  std::string address = "0.0.0.0";
  std::uint16_t port = 8080;  // 0: any free port (see NetServer::port)
  int io_threads = 1;
  // Requests that write wait for their group commit (~10 ms), so a few
  // more threads than cores keep guest and table creation flowing.
  int blocking_threads = 8;
  std::vector<std::string> allow_origins;  // besides the server's own origin
  // Addresses of proxies whose X-Forwarded-For names the client (forwarded.h).
  std::vector<std::string> trusted_proxies;
  // Every request is served over https (the --public-origin is https).
  bool https = false;
  int ws_idle_seconds = 60;
  int http_idle_seconds = 30;
  std::size_t max_queue = 256;
  double rate_per_second = 20;
  double rate_burst = 40;
  int rate_strikes = 200;  // rate_limited errors before the socket is closed
  // HTTP API requests and WebSocket upgrades per second per client address
  // (a token bucket; over it: 429 rate_limited). 0: no limit.
  double http_rate_per_second = 20;
  double http_rate_burst = 60;
  // Open WebSockets per client address (protocol.md 3); over it the
  // handshake gets 429 too_many_sockets. 0: no cap. NDJSON streams count
  // as sockets here.
  int ws_per_address = 64;
  // NDJSON streams (LineStream): lines waiting before a stream is cut, and
  // the seconds between keep-alive lines.
  std::size_t stream_queue = 512;
  int stream_keepalive_seconds = 7;
};

struct NetCounters {
  std::atomic<std::int64_t> ws_connections{0};
  std::atomic<std::int64_t> http_requests{0};
  std::atomic<std::int64_t> streams{0};      // NDJSON streams open now
  std::atomic<std::int64_t> streams_cut{0};  // streams ended for a reader too slow
};

class NetServer {
 public:
  NetServer(NetOptions options, Application& app);
  ~NetServer();
  NetServer(const NetServer&) = delete;
  NetServer& operator=(const NetServer&) = delete;

  // Binds and listens; throws std::runtime_error with a clear message.
  void listen();
  std::uint16_t port() const;
  // Runs the I/O threads until stop(); returns after they finish.
  void run();
  // Closes the listening socket; connections already open go on. Thread-safe.
  void stop_accepting();
  // Thread-safe, may be called from a signal-handling thread.
  void stop();
  // Calls `fn` every `period_ms` on an I/O thread until stop() (timers of rooms).
  void every(int period_ms, std::function<void()> fn);
  const NetCounters& counters() const;

  struct Impl;  // net.cpp only

 private:
  std::unique_ptr<Impl> impl_;
};

// The origin check of docs/protocol.md 3: no Origin (not a browser) passes;
// otherwise it must be <scheme>://<host> of the request, with the scheme the
// page was served under ("http", or "https" behind a TLS proxy), or be in
// `allowed`.
bool origin_allowed(std::string_view origin, std::string_view scheme, std::string_view host,
                    const std::vector<std::string>& allowed);

// The guest cookie (docs/protocol.md 1). Over https it is named
// "__Host-ft_guest" and is Secure, with Path=/ and no Domain: a browser then
// sends it only over https and lets neither a plain-http page nor a sibling
// subdomain set or overwrite it. Over http it is "ft_guest".
struct GuestCookie {
  std::string token;   // "" if absent
  bool plain = false;  // over https: found under the plain name only
};
// The guest cookie in a Cookie header. Over https the __Host- name wins; a
// plain ft_guest (set before the site moved to https) is still accepted.
// Over http only ft_guest counts: a browser sends no Secure cookie there.
GuestCookie guest_cookie(std::string_view cookie_header, bool https);
// The Set-Cookie values that give the browser `token` (HttpOnly,
// SameSite=Lax, a year) under the name for the scheme; an empty token clears
// the cookie (log out). Over https with `clear_plain` a second value clears
// the plain ft_guest cookie, so the browser keeps one token, not two.
std::vector<std::string> guest_cookie_headers(std::string_view token, bool https, bool clear_plain);

}  // namespace ft::server
