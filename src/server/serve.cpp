#include "server/serve.h"

#include <sys/resource.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <filesystem>
#include <iostream>
#include <sstream>
#include <thread>

#include "engine/computer.h"
#include "engine/puzzles/puzzle.h"
#include "engine/solver/book.h"
#include "server/cluster/cluster.h"
#include "server/edge/net.h"
#include "server/edge/static_files.h"
#include "server/hub.h"
#include "server/protocol/log.h"
#include "server/puzzle_collection.h"
#include "store/event_bus.h"
#include "store/store.h"

namespace ft::server {
namespace fs = std::filesystem;
namespace {

// A single node's log lines are named after the machine (several nodes: --node).
std::string host_name() {
  char name[256] = {};
  if (gethostname(name, sizeof name - 1) != 0 || name[0] == 0) return "fourtable";
  return name;
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

// The web client's table (static_files.h), read once: a file added to the
// root later is served after the next start, never before.
std::shared_ptr<const StaticFiles> read_web_client(const std::string& root) {
  if (root.empty()) return nullptr;
  std::vector<std::string> skipped;
  auto files = std::make_shared<const StaticFiles>(StaticFiles::load(root, skipped));
  // A few lines say what kind of thing was left out; a root full of other
  // files (a mistaken --web-root) should not flood the log.
  constexpr std::size_t SHOWN = 20;
  for (std::size_t i = 0; i < skipped.size() && i < SHOWN; ++i)
    log::warn() << "serve: web root: not served: " << skipped[i];
  if (skipped.size() > SHOWN)
    log::warn() << "serve: web root: " << skipped.size() - SHOWN << " more not served";
  if (files->size() == 0)
    log::warn() << "serve: web root " << root << " holds no web client (web/dist)";
  return files;
}

// Signals are taken by a thread of our own (the waiter in serve()), so the
// I/O threads never see them; and every connection is a descriptor, so the
// process takes all the operating system allows.
sigset_t own_signals() {
  sigset_t signals;
  sigemptyset(&signals);
  sigaddset(&signals, SIGINT);
  sigaddset(&signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &signals, nullptr);
  std::signal(SIGPIPE, SIG_IGN);
  rlimit files{};
  if (getrlimit(RLIMIT_NOFILE, &files) == 0 && files.rlim_cur < files.rlim_max) {
    files.rlim_cur = files.rlim_max;
    setrlimit(RLIMIT_NOFILE, &files);
  }
  return signals;
}

// The puzzle collection (protocol.md 2.21). A server installed without the
// folder starts all the same, with a warning, and answers every puzzle
// request as for a variant without puzzles (unknown_variant,
// unknown_puzzle); a folder that is there but holds a bad file still stops
// the start, as a broken collection is a mistake to fix, not to serve.
std::shared_ptr<const PuzzleShelf> read_puzzles() {
  const std::string dir = engine::puzzles::collection_dir();
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) {
    log::warn() << "serve: no puzzle collection at " << dir
                << " (set FOURTABLE_PUZZLES): the puzzle endpoints answer unknown_variant";
    return nullptr;
  }
  return load_puzzle_shelf(dir);
}

HubOptions hub_options_of(const ServeOptions& options, const std::string& web_root) {
  HubOptions hub_options;
  hub_options.web = read_web_client(web_root);
  hub_options.puzzles = read_puzzles();
  hub_options.engine_threads = options.engine_threads;
  hub_options.keep_finished_ms = std::int64_t{options.keep_finished_s} * 1000;
  hub_options.test_clock_ms = options.test_clock_ms;
  hub_options.leaderboard_max_rd = options.leaderboard_rd;
  hub_options.leaderboard_days = options.leaderboard_days;
  hub_options.analysis.game_budget = std::chrono::milliseconds(options.analysis_budget_ms);
  hub_options.analysis.live_budget = std::chrono::milliseconds(options.analysis_board_budget_ms);
  hub_options.analysis.table_mb = static_cast<std::size_t>(options.analysis_memory_mib);
  hub_options.analysis.game_threads = options.analysis_workers;
  hub_options.analysis.lease = std::chrono::milliseconds(options.analysis_lease_ms);
  hub_options.analysis.worker = analysis_worker_name(options.node);
  // One write per line: two nodes may share a log file.
  hub_options.analysis.log = [](const std::string& line) {
    std::cerr << ("fourtable: " + line + "\n") << std::flush;
  };
  hub_options.site_origins = options.allow_origins;
  if (!options.public_origin.empty()) hub_options.site_origins.push_back(options.public_origin);
  hub_options.guests_per_hour = options.guest_rate;
  hub_options.open_tables = options.open_tables;
  hub_options.open_tables_per_address = options.open_tables_per_address;
  hub_options.challenge_expiry_ms = std::int64_t{options.challenge_expiry_s} * 1000;
  return hub_options;
}

NetOptions net_options_of(const ServeOptions& options) {
  NetOptions net_options;
  net_options.address = options.address;
  net_options.port = static_cast<std::uint16_t>(options.port);
  net_options.io_threads = options.io_threads;
  net_options.allow_origins = options.allow_origins;
  if (!options.public_origin.empty()) net_options.allow_origins.push_back(options.public_origin);
  net_options.trusted_proxies = options.trusted_proxies;
  // An https public origin: the site is served over https, cookies are Secure.
  net_options.https = options.public_origin.starts_with("https://");
  net_options.rate_per_second = options.ws_rate;
  net_options.rate_burst = 2.0 * options.ws_rate;
  net_options.http_rate_per_second = options.http_rate;
  net_options.http_rate_burst = 3.0 * options.http_rate;
  net_options.ws_per_address = options.ws_per_address;
  return net_options;
}

// The book is read now, not at the first perfect move, and a missing one
// is said: without it the perfect level cannot answer the first plies in
// time (docs/engine-levels.md). Then the line that says the server is up.
void say_listening(const ServeOptions& options, std::uint16_t port, const std::string& web_root,
                   const HubOptions& hub_options, int restored) {
  const engine::solver::OpeningBook& book = engine::solver::shared_book();
  if (book.size() == 0) {
    log::warn() << "serve: no opening book (" << engine::solver::shared_book_error()
                << "): the perfect level and the analysis search every position";
  }
  // On standard output, where tests and scripts look for the port.
  std::ostringstream says;
  says << "serve: listening on http://" << options.address << ":" << port << " (store "
       << options.store
       << (options.node.empty() ? "" : ", node " + options.node + ", bus " + options.bus)
       << ", web "
       << (hub_options.web ? web_root + " (" + std::to_string(hub_options.web->size()) + " files)"
                           : std::string("none"))
       << ", " << restored << " tables restored, book " << book.size() << " positions)";
  std::cout << log::format_line(log::Level::info, says.str()) << std::flush;
}

}  // namespace

int serve(const ServeOptions& options) {
  const sigset_t signals = own_signals();
  log::configure(options.node.empty() ? host_name() : options.node,
                 options.log_json ? log::Format::json : log::Format::text);

  std::unique_ptr<store::Store> store;
  try {
    store = store::open_store(options.store);
  } catch (const std::exception& e) {
    log::warn() << "serve: cannot open the store '" << options.store << "': " << e.what();
    return 1;
  }
  engine::configure_table_memory(static_cast<std::size_t>(options.engine_memory_mib) << 20);

  const std::string web_root = options.web_root.empty() ? find_web_root() : options.web_root;
  const HubOptions hub_options = hub_options_of(options, web_root);
  Hub hub(*store, hub_options);
  // Several nodes: the tables come with their leases (cluster.h), not all at start.
  std::unique_ptr<store::EventBus> bus;
  std::unique_ptr<store::Store> lease_store;  // the lease keeper's own connection
  std::unique_ptr<Cluster> cluster;
  int restored = 0;
  try {
    if (!options.node.empty()) {
      bus = store::open_event_bus(options.bus);
      lease_store = store::open_store(options.store);
      cluster =
          std::make_unique<Cluster>(hub.tables(), hub.lobby(), *store, *lease_store, *bus,
                                    ClusterOptions{options.node, options.lease_ms}, hub.metrics());
      hub.set_cluster(cluster.get());
      restored = cluster->start();
    } else {
      restored = hub.restore_tables();
    }
  } catch (const std::exception& e) {
    log::warn() << "serve: cannot read the tables of the store"
                << (bus || options.node.empty() ? "" : " (or reach the bus " + options.bus + ")")
                << ": " << e.what();
    return 1;
  }

  NetServer net(net_options_of(options), hub);
  try {
    net.listen();
  } catch (const std::exception& e) {
    log::warn() << "serve: " << e.what();
    return 1;
  }
  hub.set_counters(&net.counters());
  net.every(100, [&hub] { hub.tick(); });

  // SIGTERM/SIGINT: stop taking connections and frames, let every store
  // write become durable (its acks go out while the network still runs),
  // then stop the network.
  // Several nodes: the leases end before the sockets close, so the clients'
  // reconnections find their tables free on another node at once.
  std::thread waiter([&net, &hub, &cluster, signals] {
    int sig = 0;
    sigwait(&signals, &sig);
    net.stop_accepting();
    hub.drain();
    if (cluster) {
      try {
        cluster->release_all();
      } catch (const std::exception& e) {
        log::warn() << "serve: leases not released (they run out): " << e.what();
      }
    }
    net.stop();
  });

  say_listening(options, net.port(), web_root, hub_options, restored);
  net.run();
  waiter.join();
  // The rooms hold sockets of the network's io_context: they go first,
  // then `net` (its io_context and the sessions still in it), then the hub.
  hub.close();
  std::cout << log::format_line(log::Level::info, "serve: stopped") << std::flush;
  return 0;
}

}  // namespace ft::server
