#include "server/serve.h"

#include <sys/resource.h>

#include <csignal>
#include <filesystem>
#include <iostream>
#include <thread>

#include "app/cli_args.h"
#include "engine/computer.h"
#include "server/hub.h"
#include "server/net.h"
#include "store/store.h"

namespace ft::server {
namespace fs = std::filesystem;
namespace {

// The built web client: next to a build tree inside the repository
// (build/<preset>/src/app/fourtable -> web/dist), or ./web/dist.
std::string find_web_root() {
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  std::vector<fs::path> candidates;
  if (!ec) {
    for (fs::path p = exe.parent_path(); !p.empty() && p != p.root_path(); p = p.parent_path())
      candidates.push_back(p / "web" / "dist");
  }
  candidates.push_back(fs::current_path(ec) / "web" / "dist");
  for (const auto& c : candidates) {
    if (fs::is_regular_file(c / "index.html", ec)) return c.string();
  }
  return {};
}

}  // namespace

const char* serve_usage() {
  return "usage: fourtable serve [options]\n"
         "\n"
         "Runs the game server: HTTP API, WebSocket play, the web client.\n"
         "\n"
         "options:\n"
         "  --port N             TCP port (default 8080; 0 picks a free one)\n"
         "  --address A          address to listen on (default 0.0.0.0)\n"
         "  --store URL          sqlite:PATH or postgres://... (default sqlite:./fourtable.db)\n"
         "  --web-root DIR       the built web client (default: web/dist of the repository)\n"
         "  --threads N          I/O threads (default 2)\n"
         "  --engine-threads N   threads for computer seats (default 1)\n"
         "  --engine-memory MIB  transposition tables of all computer seats (default 256)\n"
         "  --allow-origin O     another origin allowed to open WebSockets (repeatable)\n"
         "  --ws-rate N          frames per second per WebSocket, bursts of 2N (default 20)\n"
         "  --keep-finished S    seconds a finished table nobody watches stays in memory\n"
         "                       (default 300; the store serves it after that)\n"
         "  --http-rate N        API requests and WebSocket opens per second per client\n"
         "                       address, bursts of 3N (default 20; 0: no limit)\n"
         "  --test-clock MS      TESTS ONLY: the server's clock starts at MS (ms since the\n"
         "                       epoch) and moves only by POST /api/test/clock\n"
         "                       {\"advance_ms\": N}; never use it for real play\n"
         "  --help               this text\n";
}

std::optional<ServeOptions> parse_serve_args(std::span<const std::string> args, std::string& error,
                                             bool& help) {
  ServeOptions o;
  help = false;
  static constexpr std::string_view WITH_VALUE[] = {
      "--port",    "--address",        "--store",         "--web-root",
      "--threads", "--engine-threads", "--engine-memory", "--allow-origin",
      "--ws-rate", "--http-rate",      "--keep-finished", "--test-clock"};
  // The numeric options: where the value goes and its range.
  struct Number {
    std::string_view name;
    int* out;
    int lo, hi;
    const char* what;
  };
  const Number numbers[] = {
      {"--port", &o.port, 0, 65535, "a number in 0..65535"},
      {"--threads", &o.io_threads, 1, 64, "a number in 1..64"},
      {"--engine-threads", &o.engine_threads, 1, 64, "a number in 1..64"},
      {"--engine-memory", &o.engine_memory_mib, 1, 65536, "a number of MiB in 1..65536"},
      {"--ws-rate", &o.ws_rate, 1, 100000, "a number in 1..100000"},
      {"--http-rate", &o.http_rate, 0, 100000, "a number in 0..100000"},
      {"--keep-finished", &o.keep_finished_s, 1, 86400, "a number of seconds in 1..86400"},
  };
  const bool ok = cli::parse_options(
      args, WITH_VALUE, error, [&](const std::string& name, const std::string& value) {
        if (name == "--help" || name == "-h") {
          help = true;
          return false;
        }
        for (const Number& n : numbers) {
          if (name != n.name) continue;
          if (cli::to_int(value, n.lo, n.hi, *n.out)) return true;
          error = name + " must be " + n.what + ", not '" + value + "'";
          return false;
        }
        if (name == "--address") {
          o.address = value;
        } else if (name == "--store") {
          o.store = value;
        } else if (name == "--web-root") {
          o.web_root = value;
        } else if (name == "--allow-origin") {
          o.allow_origins.push_back(value);
        } else if (name == "--test-clock") {
          try {
            std::size_t used = 0;
            const long long ms = std::stoll(value, &used);
            if (used != value.size() || ms < 0) throw std::invalid_argument(value);
            o.test_clock_ms = ms;
          } catch (const std::exception&) {
            error = "--test-clock must be a time in ms since the epoch (>= 0), not '" + value + "'";
            return false;
          }
        } else {
          error = "unknown option '" + name + "'";
          return false;
        }
        return true;
      });
  if (!ok) return std::nullopt;
  return o;
}

int serve(const ServeOptions& options) {
  // Signals are taken by a thread of our own, so the I/O threads never see them.
  sigset_t signals;
  sigemptyset(&signals);
  sigaddset(&signals, SIGINT);
  sigaddset(&signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &signals, nullptr);
  std::signal(SIGPIPE, SIG_IGN);
  // Every connection is a descriptor: take all the operating system allows.
  rlimit files{};
  if (getrlimit(RLIMIT_NOFILE, &files) == 0 && files.rlim_cur < files.rlim_max) {
    files.rlim_cur = files.rlim_max;
    setrlimit(RLIMIT_NOFILE, &files);
  }

  std::unique_ptr<store::Store> store;
  try {
    store = store::open_store(options.store);
  } catch (const std::exception& e) {
    std::cerr << "fourtable serve: cannot open the store '" << options.store << "': " << e.what()
              << "\n";
    return 1;
  }
  engine::configure_table_memory(static_cast<std::size_t>(options.engine_memory_mib) << 20);

  HubOptions hub_options;
  hub_options.web_root = options.web_root.empty() ? find_web_root() : options.web_root;
  hub_options.engine_threads = options.engine_threads;
  hub_options.keep_finished_ms = std::int64_t{options.keep_finished_s} * 1000;
  hub_options.test_clock_ms = options.test_clock_ms;
  Hub hub(*store, hub_options);
  int restored = 0;
  try {
    restored = hub.restore_tables();
  } catch (const std::exception& e) {
    std::cerr << "fourtable serve: cannot read the tables of the store: " << e.what() << "\n";
    return 1;
  }

  NetOptions net_options;
  net_options.address = options.address;
  net_options.port = static_cast<std::uint16_t>(options.port);
  net_options.io_threads = options.io_threads;
  net_options.allow_origins = options.allow_origins;
  net_options.rate_per_second = options.ws_rate;
  net_options.rate_burst = 2.0 * options.ws_rate;
  net_options.http_rate_per_second = options.http_rate;
  net_options.http_rate_burst = 3.0 * options.http_rate;
  NetServer net(net_options, hub);
  try {
    net.listen();
  } catch (const std::exception& e) {
    std::cerr << "fourtable serve: " << e.what() << "\n";
    return 1;
  }
  hub.set_counters(&net.counters());
  net.every(100, [&hub] { hub.tick(); });

  // SIGTERM/SIGINT: stop taking connections and frames, let every store
  // write become durable (its acks go out while the network still runs),
  // then stop the network.
  std::thread waiter([&net, &hub, signals] {
    int sig = 0;
    sigwait(&signals, &sig);
    net.stop_accepting();
    hub.drain();
    net.stop();
  });

  std::cout << "fourtable serve: listening on http://" << options.address << ":" << net.port()
            << " (store " << options.store << ", web "
            << (hub_options.web_root.empty() ? std::string("none") : hub_options.web_root) << ", "
            << restored << " tables restored)" << std::endl;
  net.run();
  waiter.join();
  // The rooms hold sockets of the network's io_context: they go first,
  // then `net` (its io_context and the sessions still in it), then the hub.
  hub.close();
  std::cout << "fourtable serve: stopped" << std::endl;
  return 0;
}

}  // namespace ft::server
