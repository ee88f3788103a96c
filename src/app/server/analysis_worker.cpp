// `fourtable analysis-worker`: the exact analysis of finished games on a
// machine with no players (docs/operations.md, "Analysis workers"). It takes
// jobs from the store's queue, as the nodes' own analysis threads do, so
// adding workers adds capacity; each game is analysed once in all.
#include <pthread.h>
#include <signal.h>

#include <chrono>
#include <csignal>
#include <iostream>
#include <mutex>
#include <string>

#include "app/command.h"
#include "app/options.h"
#include "engine/solver/book.h"
#include "server/analysis/analysis_service.h"
#include "store/store.h"

namespace ft::app {
namespace {

constexpr const char* HELP =
    "usage: fourtable analysis-worker --store URL [--threads N] [--name NAME]\n"
    "                                 [--budget MS] [--memory MIB] [--lease MS]\n\n"
    "Analyses finished games from the store's queue until SIGINT or SIGTERM\n"
    "(a game it is analysing then goes back to the queue), one line per game.\n\n"
    "  --store URL    the store the game nodes use (postgres://..., or sqlite:PATH\n"
    "                 on the nodes' machine)\n"
    "  --threads N    games analysed at once (1..64, default 1)\n"
    "  --name NAME    names its claims (default: the host's name), with the pid\n"
    "  --budget MS    time for each position (default 10000, as serve\n"
    "                 --analysis-budget; a position not solved in it says so)\n"
    "  --memory MIB   transposition table of each thread (default 64)\n"
    "  --lease MS     a claimed game's lease, renewed while it runs; another\n"
    "                 worker takes the game after it if this one dies\n"
    "                 (1000..3600000, default 60000)\n";

std::int64_t wall_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

int run_worker(std::span<const std::string> args) {
  Options opt("analysis-worker", args);
  const std::string url = opt.required_text("store");
  const long long threads = opt.number("threads", 1, 1, 64);
  const long long budget = opt.number("budget", 10000, 1, 3600000);
  const long long memory = opt.number("memory", 64, 1, 65536);
  const long long lease = opt.number("lease", 60000, 1000, 3600000);
  const std::string name = opt.text("name", std::string());
  if (!opt.ok()) return opt.usage_error();

  // SIGINT and SIGTERM are taken by this thread (sigwait below), never by
  // the analysis threads, which inherit the mask.
  sigset_t signals;
  sigemptyset(&signals);
  sigaddset(&signals, SIGINT);
  sigaddset(&signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &signals, nullptr);

  std::unique_ptr<store::Store> st;
  try {
    st = store::open_store(url);
  } catch (const store::StoreError& e) {
    return opt.report(std::string(store::store_errc_name(e.code())) + ": " + e.what(), 1);
  }
  server::AnalysisOptions o;
  o.game_threads = int(threads);
  o.game_budget = std::chrono::milliseconds(budget);
  o.table_mb = std::size_t(memory);
  o.lease = std::chrono::milliseconds(lease);
  o.worker = server::analysis_worker_name(name);
  std::mutex out_mu;
  o.log = [&out_mu](const std::string& line) {
    std::lock_guard lock(out_mu);
    std::cout << "fourtable analysis-worker: " << line << std::endl;
  };
  const auto& book = engine::solver::shared_book();
  std::cout << "fourtable analysis-worker: " << o.worker << ", " << threads << " thread"
            << (threads == 1 ? "" : "s") << ", store " << st->backend() << ", book " << book.size()
            << " positions" << std::endl;
  server::AnalysisService service(*st, o, wall_ms);
  int sig = 0;
  sigwait(&signals, &sig);
  service.stop();
  std::cout << "fourtable analysis-worker: stopped (" << service.games_done() << " games analysed)"
            << std::endl;
  return 0;
}

const RegisterCommand REGISTER{"analysis-worker",
                               "analyse finished games from the store's queue (no players)",
                               run_worker, HELP};

}  // namespace
}  // namespace ft::app
