// ft_loadgen: load generator for `fourtable serve` (see options.cpp for usage).
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "load_run.h"
#include "options.h"
#include "proc_probe.h"
#include "server_metrics.h"
#include "server_process.h"

namespace {

using namespace ft::loadgen;

void sleep_s(double s) {
  std::this_thread::sleep_for(std::chrono::duration<double>(s));
}

std::string fmt(const char* f, double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, f, v);
  return buf;
}

int run(const Options& o) {
  const std::uint64_t nofile = raise_nofile_limit();
  const std::uint64_t need = static_cast<std::uint64_t>(o.tables) * 2 + 64;
  if (nofile < need) {
    std::cerr << "ft_loadgen: " << o.tables << " tables need about " << need
              << " open files but RLIMIT_NOFILE is " << nofile << "\n";
    return 2;
  }

  std::unique_ptr<ServerProcess> spawned;
  int port = o.port;
  pid_t server_pid = o.server_pid;
  if (!o.spawn.empty()) {
    try {
      spawned = std::make_unique<ServerProcess>(o.spawn, o.server_args, o.store_query);
    } catch (const std::exception& e) {
      std::cerr << "ft_loadgen: cannot start the server: " << e.what() << "\n";
      return 1;
    }
    port = spawned->port();
    server_pid = spawned->pid();
  } else if (!healthz_ok(port)) {
    std::cerr << "ft_loadgen: no server answers /healthz on 127.0.0.1:" << port << "\n";
    return 1;
  }
  if (server_pid > 0) {
    const std::uint64_t server_nofile = process_nofile_limit(server_pid);
    if (server_nofile != 0 && server_nofile < need) {
      std::cerr << "ft_loadgen: warning: the server's open-file limit is " << server_nofile
                << ", fewer than the " << need << " this run needs\n";
    }
  }
  auto probe = [server_pid]() -> std::optional<ProcSample> {
    if (server_pid <= 0) return std::nullopt;
    return sample_process(server_pid);
  };

  std::cout << "ft_loadgen: server 127.0.0.1:" << port
            << (server_pid > 0 ? " pid " + std::to_string(server_pid) : std::string())
            << (spawned ? " (spawned, log " + spawned->log_path() + ")" : std::string()) << "\n"
            << "ft_loadgen: " << o.tables << " tables, a move every " << o.pace_s
            << " s per table, " << o.duration_s << " s of play, ramp " << o.ramp_rate
            << " tables/s, board " << o.width << "x" << o.height << ", " << o.threads
            << " client thread(s); load average " << load_average() << "\n";

  const auto before = probe();
  LoadPlan plan;
  plan.port = port;
  plan.tables = o.tables;
  plan.pace_s = o.pace_s;
  plan.ramp_rate = o.ramp_rate;
  plan.ack_timeout_s = o.ack_timeout_s;
  plan.threads = o.threads;
  plan.table_settings = table_settings_json(o);
  LoadRun load(plan);

  // Ramp: wait until every table is ready or failed, bounded in time.
  const double t_ramp = monotonic_s();
  // Set-up is bounded by the server's pace too (each table is a few durable
  // writes), so the limit allows for a server much slower than the asked rate.
  const double ramp_limit = o.tables / o.ramp_rate + 60.0 + o.tables * 0.05;
  load.start();
  Progress p;
  double last_print = t_ramp;
  bool server_died = false;
  for (;;) {
    sleep_s(0.1);
    p = load.progress();
    if (p.tables_ready + p.tables_failed >= static_cast<std::uint64_t>(o.tables)) break;
    if (spawned && !spawned->alive()) {
      server_died = true;
      break;
    }
    const double now = monotonic_s();
    if (now - t_ramp > ramp_limit) {
      std::cout << "ft_loadgen: ramp not finished after " << ramp_limit << " s; going on\n";
      break;
    }
    if (now - last_print >= 5.0) {
      last_print = now;
      std::cout << "  ramp: " << p.tables_ready << " tables ready, " << p.connections
                << " sockets, " << p.errors << " errors\n";
    }
  }
  const double ramp_s = monotonic_s() - t_ramp;
  std::cout << "ft_loadgen: ramp " << fmt("%.1f", ramp_s) << " s: " << p.tables_ready
            << " tables ready, " << p.tables_failed << " failed, " << p.connections
            << " sockets open (" << fmt("%.1f", static_cast<double>(p.tables_ready) / ramp_s)
            << " tables/s)\n";

  // Idle: every socket open, nobody moving; the memory probe.
  std::optional<ProcSample> idle;
  std::uint64_t idle_connections = p.connections;
  if (!server_died) {
    sleep_s(o.idle_s);
    idle = probe();
    idle_connections = load.progress().connections;
  }

  // Play.
  constexpr const char* LATENCY = "ft_move_latency_seconds";
  const Histogram server_before = parse_histogram(http_get_body(port, "/metrics"), LATENCY);
  const auto self_from = sample_process(::getpid());
  const auto play_from = probe();
  const double t_play = monotonic_s();
  std::int64_t peak_rss = idle ? idle->rss_kib : 0;
  std::string load_during;
  if (!server_died) {
    load.begin_play();
    double next_print = t_play + 5.0;
    while (monotonic_s() - t_play < o.duration_s) {
      sleep_s(std::min(0.25, o.duration_s - (monotonic_s() - t_play) + 0.001));
      if (auto s = probe()) peak_rss = std::max(peak_rss, s->rss_kib);
      if (spawned && !spawned->alive()) {
        server_died = true;
        break;
      }
      if (monotonic_s() >= next_print) {
        next_print += 5.0;
        const Progress q = load.progress();
        std::cout << "  play: " << q.moves_acked << " moves acked, " << q.connections
                  << " sockets, " << q.errors << " errors, load " << load_average() << "\n";
      }
    }
    load_during = load_average();
  }
  const double play_s = monotonic_s() - t_play;
  const auto play_to = probe();
  const auto self_to = sample_process(::getpid());
  load.end_play();
  // Drain: moves in flight get their ack (or time out).
  const double t_drain = monotonic_s();
  while (!server_died && load.progress().pending_moves > 0 &&
         monotonic_s() - t_drain < o.ack_timeout_s) {
    sleep_s(0.05);
  }
  const std::uint64_t unanswered = load.progress().pending_moves;
  const Histogram server_lat = histogram_delta(
      parse_histogram(server_died ? std::string() : http_get_body(port, "/metrics"), LATENCY),
      server_before);
  RunStats stats = load.finish();
  if (unanswered > 0) stats.errors["unanswered_at_end"] += unanswered;
  if (server_died) stats.errors["server_died"] += 1;

  // Report.
  const LatencySummary lat = summarize(stats.latency_us);
  std::cout << "\n== ft_loadgen report ==\n";
  std::cout << "tables: " << o.tables << " requested, " << stats.tables_ready << " ready, "
            << stats.tables_failed << " failed; " << stats.tables_created
            << " created in all (finished games are replaced), " << stats.games_finished
            << " games finished\n";
  std::cout << "connections: " << idle_connections << " WebSockets open when idle\n";
  std::cout << "moves: " << stats.moves_sent << " sent, " << stats.moves_acked << " acked in "
            << fmt("%.1f", play_s) << " s = " << fmt("%.1f", stats.moves_acked / play_s)
            << " moves/s (target " << fmt("%.1f", o.tables / o.pace_s) << "); "
            << stats.ticks_skipped << " ticks skipped (table between games or move in flight)\n";
  std::cout << "move round trip (move sent -> ack): p50 " << fmt("%.2f", lat.p50_ms) << " ms, p99 "
            << fmt("%.2f", lat.p99_ms) << " ms, max " << fmt("%.2f", lat.max_ms) << " ms, mean "
            << fmt("%.2f", lat.mean_ms) << " ms over " << lat.count << " moves\n";
  // Through nginx: each node's share (the upstream that took the mover's socket).
  for (const auto& [node, v] : stats.node_latency_us) {
    const LatencySummary n = summarize(v);
    std::cout << "  node " << node << ": " << n.count
              << " moves = " << fmt("%.1f", n.count / play_s) << " moves/s, round trip p50 "
              << fmt("%.2f", n.p50_ms) << " ms, p99 " << fmt("%.2f", n.p99_ms) << " ms\n";
  }
  if (!server_lat.empty() && server_lat.back().second > 0) {
    auto bound = [](double s) {
      return s == INFINITY ? std::string("+Inf") : fmt("%g ms", s * 1e3);
    };
    std::cout << "server's own move latency (/metrics " << LATENCY << ", frame in -> ack out, "
              << fmt("%.0f", server_lat.back().second)
              << " moves): p50 <= " << bound(histogram_quantile_bound(server_lat, 0.5))
              << ", p99 <= " << bound(histogram_quantile_bound(server_lat, 0.99)) << "\n";
  }
  std::cout << "errors: " << stats.error_count() << "\n";
  for (const auto& [kind, count] : stats.errors) std::cout << "  " << kind << ": " << count << "\n";
  if (before && idle) {
    const double delta = static_cast<double>(idle->rss_kib - before->rss_kib);
    std::cout << "server memory: RSS " << before->rss_kib << " KiB before, " << idle->rss_kib
              << " KiB with " << idle_connections << " idle connections (tables included) = "
              << (idle_connections ? fmt("%.2f", delta / static_cast<double>(idle_connections))
                                   : std::string("?"))
              << " KiB per connection; peak RSS " << peak_rss << " KiB; " << idle->threads
              << " threads\n";
  } else {
    std::cout << "server memory: unknown (give --server-pid or --spawn)\n";
  }
  if (play_from && play_to) {
    const double cpu = play_to->cpu_s - play_from->cpu_s;
    const double wall = play_to->wall_s - play_from->wall_s;
    std::cout << "server CPU during play: " << fmt("%.2f", cpu) << " s in " << fmt("%.1f", wall)
              << " s = " << fmt("%.1f", 100.0 * cpu / wall) << " % of one core; its threads waited "
              << fmt("%.2f", play_to->runqueue_wait_s - play_from->runqueue_wait_s)
              << " s for a CPU (run queue)";
    if (stats.moves_acked > 0) {
      std::cout << ", " << fmt("%.1f", 1e6 * cpu / static_cast<double>(stats.moves_acked))
                << " us per move";
    }
    std::cout << "\n";
  }
  if (self_from && self_to) {
    const double wall = self_to->wall_s - self_from->wall_s;
    std::cout << "client CPU during play: "
              << fmt("%.1f", 100.0 * (self_to->cpu_s - self_from->cpu_s) / wall)
              << " % of one core; its threads waited "
              << fmt("%.2f", self_to->runqueue_wait_s - self_from->runqueue_wait_s)
              << " s for a CPU\n";
  }
  std::cout << "load average: " << load_average() << " (at end of play: " << load_during << ")\n";
  bool server_clean = true;
  if (spawned) {
    const std::string ended = spawned->stop();
    server_clean = !server_died && ended == "exit code 0";
    std::cout << "server stopped: " << ended << "\n";
    if (server_died || ended != "exit code 0") {
      std::cout << "server log tail:\n" << spawned->log_tail() << "\n";
    }
  }

  if (o.expect_clean) {
    if (stats.error_count() > 0 || stats.moves_acked == 0 ||
        stats.tables_ready != static_cast<std::uint64_t>(o.tables) || !server_clean) {
      std::cout << "ft_loadgen: FAILED (--expect-clean: errors, unready tables, no move acked, "
                   "or the spawned server did not exit 0 on SIGTERM)\n";
      return 1;
    }
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  ::signal(SIGPIPE, SIG_IGN);
  std::vector<std::string> args(argv + 1, argv + argc);
  std::string error;
  const auto options = parse_options(args, error);
  if (!options) {
    std::cerr << "ft_loadgen: " << error << "\n\n" << usage();
    return 2;
  }
  if (options->help) {
    std::cout << usage();
    return 0;
  }
  try {
    return run(*options);
  } catch (const std::exception& e) {
    std::cerr << "ft_loadgen: " << e.what() << "\n";
    return 1;
  }
}
