#include "cluster/pressure.h"

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <future>
#include <iostream>
#include <thread>

namespace ft::test::cluster {
namespace {

constexpr int MATCHES = 6;
constexpr std::int64_t PAUSE_MS = 150;

// A process that only burns a core, as a browser test beside the nodes does.
pid_t busy_process() {
  const pid_t pid = fork();
  if (pid == 0) {
    volatile std::uint64_t spin = 0;
    for (;;) spin = spin + 1;
  }
  return pid;
}

void stop(std::vector<pid_t>& busy) {
  for (const pid_t pid : busy) {
    kill(pid, SIGKILL);
    waitpid(pid, nullptr, 0);
  }
  busy.clear();
}

double value(const std::map<std::string, double>& m, const std::string& key) {
  auto it = m.find(key);
  return it == m.end() ? 0 : it->second;
}

// Every node's /metrics; a node that does not answer is a failure.
std::vector<std::map<std::string, double>> all_metrics(const Nodes& nodes) {
  std::vector<std::map<std::string, double>> out(std::size_t(nodes.count()) + 1);
  for (int n = 1; n <= nodes.count(); ++n) {
    out[std::size_t(n)] = node_metrics(nodes.port(n));
    check(!out[std::size_t(n)].empty(), "node" + std::to_string(n) + " gave no /metrics");
  }
  return out;
}

void play_round(const Options& o, Nodes& nodes, int round) {
  const auto before = all_metrics(nodes);
  std::vector<pid_t> busy{busy_process(), busy_process()};
  std::vector<std::unique_ptr<MatchRun>> runs;
  for (int i = 0; i < MATCHES; ++i)
    runs.push_back(std::make_unique<MatchRun>(nodes, o.port, 1000 * round + i, PAUSE_MS));
  std::vector<std::future<bool>> played = play_all(runs);

  // Frozen, not killed: its connections stay open and nothing comes back,
  // so whatever waits on Redis waits the whole time.
  cluster(o, "freeze-redis");
  std::this_thread::sleep_for(std::chrono::milliseconds(o.lease_ms + 1500));
  cluster(o, "thaw-redis");
  int finished = 0;
  for (std::size_t i = 0; i < played.size(); ++i) {
    if (played[i].get())
      ++finished;
    else
      check(false, runs[i]->error());
  }
  stop(busy);

  int cut = 0;
  for (const auto& r : runs) {
    cut += static_cast<int>(r->outages().size());
    check(r->spectator().ok(), r->table() + ": spectator:" + r->spectator().problem());
    check(r->remote().ok(), r->table() + ": spectator on another node:" + r->remote().problem());
    check(r->remote_error().empty(),
          r->table() + ": spectator on another node: " + r->remote_error());
  }
  const std::int64_t charged = verify_store(o, runs);
  const auto after = all_metrics(nodes);
  std::cout << "pressure round " << round << ": " << finished << " of " << MATCHES
            << " matches played, " << cut << " clients cut off, longest turn charged " << charged
            << " ms" << std::endl;
  check(finished == MATCHES, "every match of the pressure round played to its end");
  check(cut == 0, std::to_string(cut) + " clients were cut off under pressure (nobody was killed)");
  for (int n = 1; n <= nodes.count(); ++n) {
    const auto& b = before[std::size_t(n)];
    const auto& a = after[std::size_t(n)];
    const std::string node = "node" + std::to_string(n);
    const double lost = value(a, "ft_leases_lost_total") - value(b, "ft_leases_lost_total");
    const double failed =
        value(a, "ft_store_write_failures_total") - value(b, "ft_store_write_failures_total");
    check(lost == 0, node + " lost " + std::to_string(int(lost)) + " leases under pressure");
    check(failed == 0, node + " had " + std::to_string(int(failed)) + " failed table writes");
  }
}

}  // namespace

void pressure_rounds(const Options& o, Nodes& nodes) {
  for (int round = 1; round <= o.rounds; ++round) play_round(o, nodes, round);
  // The gaps between lease renewals the nodes saw (the last 1,024 each).
  for (int n = 1; n <= nodes.count(); ++n) {
    const auto m = node_metrics(nodes.port(n));
    std::cout << "node" << n << " lease renewals: " << value(m, "ft_lease_renewal_gap_ms_count")
              << ", gap p50 " << value(m, "ft_lease_renewal_gap_ms{quantile=\"0.5\"}")
              << " ms, p99 " << value(m, "ft_lease_renewal_gap_ms{quantile=\"0.99\"}")
              << " ms, max " << value(m, "ft_lease_renewal_gap_max_ms") << " ms (lease "
              << o.lease_ms << " ms)" << std::endl;
  }
}

}  // namespace ft::test::cluster
