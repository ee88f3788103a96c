#include "server/serve.h"

#include <sys/resource.h>

#include <csignal>
#include <filesystem>
#include <iostream>
#include <thread>

#include "engine/computer.h"
#include "server/hub.h"
#include "server/net.h"
#include "store/store.h"

namespace ft::server {
namespace fs = std::filesystem;
namespace {

bool to_int(const std::string& text, int lo, int hi, int& out) {
  try {
    std::size_t used = 0;
    const long v = std::stol(text, &used);
    if (used != text.size() || v < lo || v > hi) return false;
    out = static_cast<int>(v);
    return true;
  } catch (const std::exception&) {
    return false;
  }
}

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
         "  --help               this text\n";
}

std::optional<ServeOptions> parse_serve_args(std::span<const std::string> args, std::string& error,
                                             bool& help) {
  ServeOptions o;
  help = false;
  for (std::size_t i = 0; i < args.size(); ++i) {
    std::string name = args[i];
    std::string value;
    bool has_value = false;
    if (const auto eq = name.find('='); name.rfind("--", 0) == 0 && eq != std::string::npos) {
      value = name.substr(eq + 1);
      name = name.substr(0, eq);
      has_value = true;
    }
    if (name == "--help" || name == "-h") {
      help = true;
      return std::nullopt;
    }
    static const std::vector<std::string> WITH_VALUE = {
        "--port", "--address", "--store", "--web-root", "--threads", "--engine-threads",
        "--engine-memory", "--allow-origin", "--ws-rate"};
    if (std::find(WITH_VALUE.begin(), WITH_VALUE.end(), name) == WITH_VALUE.end()) {
      error = "unknown option '" + args[i] + "'";
      return std::nullopt;
    }
    if (!has_value) {
      if (i + 1 >= args.size()) {
        error = "option " + name + " needs a value";
        return std::nullopt;
      }
      value = args[++i];
    }
    if (name == "--port") {
      if (!to_int(value, 0, 65535, o.port)) {
        error = "--port must be a number in 0..65535, not '" + value + "'";
        return std::nullopt;
      }
    } else if (name == "--address") {
      o.address = value;
    } else if (name == "--store") {
      o.store = value;
    } else if (name == "--web-root") {
      o.web_root = value;
    } else if (name == "--threads") {
      if (!to_int(value, 1, 64, o.io_threads)) {
        error = "--threads must be a number in 1..64, not '" + value + "'";
        return std::nullopt;
      }
    } else if (name == "--engine-threads") {
      if (!to_int(value, 1, 64, o.engine_threads)) {
        error = "--engine-threads must be a number in 1..64, not '" + value + "'";
        return std::nullopt;
      }
    } else if (name == "--engine-memory") {
      if (!to_int(value, 1, 65536, o.engine_memory_mib)) {
        error = "--engine-memory must be a number of MiB in 1..65536, not '" + value + "'";
        return std::nullopt;
      }
    } else if (name == "--ws-rate") {
      if (!to_int(value, 1, 100000, o.ws_rate)) {
        error = "--ws-rate must be a number in 1..100000, not '" + value + "'";
        return std::nullopt;
      }
    } else if (name == "--allow-origin") {
      o.allow_origins.push_back(value);
    }
  }
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
  NetServer net(net_options, hub);
  try {
    net.listen();
  } catch (const std::exception& e) {
    std::cerr << "fourtable serve: " << e.what() << "\n";
    return 1;
  }
  hub.set_counters(&net.counters());
  net.every(100, [&hub] { hub.tick(); });

  std::thread waiter([&net, signals] {
    int sig = 0;
    sigwait(&signals, &sig);
    net.stop();
  });
  waiter.detach();

  std::cout << "fourtable serve: listening on http://" << options.address << ":" << net.port()
            << " (store " << options.store << ", web "
            << (hub_options.web_root.empty() ? std::string("none") : hub_options.web_root) << ", "
            << restored << " tables restored)" << std::endl;
  net.run();
  hub.flush();
  std::cout << "fourtable serve: stopped" << std::endl;
  return 0;
}

}  // namespace ft::server
