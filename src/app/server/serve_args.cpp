#include "app/server/serve_args.h"

#include <algorithm>
#include <cctype>
#include <stdexcept>
#include <string_view>

#include "app/cli_args.h"

namespace ft::app {

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
         "  --public-origin O    the origin the site is served under behind a proxy\n"
         "                       (https://fourtable.example); its pages open WebSockets\n"
         "  --trusted-proxy A    a proxy's address whose X-Forwarded-For names the client\n"
         "                       (repeatable; from others the header is ignored)\n"
         "  --node NAME          one node of several: its lease name (needs --bus;\n"
         "                       docs/operations.md)\n"
         "  --bus URL            the bus between the nodes: redis://HOST:PORT or\n"
         "                       redis+unix:///PATH (needs --node)\n"
         "  --lease-ms N         table leases of a node last N ms, renewed every third\n"
         "                       (default 30000; 1000..600000)\n"
         "  --ws-rate N          frames per second per WebSocket, bursts of 2N (default 20)\n"
         "  --keep-finished S    seconds a finished table nobody watches stays in memory\n"
         "                       (default 300; the store serves it after that)\n"
         "  --http-rate N        API requests and WebSocket opens per second per client\n"
         "                       address, bursts of 3N (default 20; 0: no limit)\n"
         "  --guest-rate N       guests a client address may make per hour, bursts of\n"
         "                       N/3 (default 60; 0: no limit)\n"
         "  --open-tables N      open tables (nobody sat down yet) one player may have\n"
         "                       (1..100, default 5)\n"
         "  --open-tables-per-address N  ... and one client address (default 20;\n"
         "                       0: no limit)\n"
         "  --ws-per-address N   open WebSockets per client address (default 64; 0: no\n"
         "                       cap); over it a new one gets 429 too_many_sockets\n"
         "  --challenge-expiry S a challenge unanswered for S seconds expires (5..86400,\n"
         "                       default 120)\n"
         "  --leaderboard-rd N   leaderboards list ratings whose deviation is below N\n"
         "                       (45..500, default 110: not provisional)\n"
         "  --leaderboard-days N ... and whose last rated match is at most N days old\n"
         "                       (1..3650, default 30)\n"
         "  --analysis-budget MS time for each position of a finished game's exact\n"
         "                       analysis (default 10000; a position not solved in it is\n"
         "                       shown as not solved)\n"
         "  --analysis-board-budget MS  the same for the analysis board (default 3000)\n"
         "  --analysis-memory MIB transposition table of each analysis thread (default 64)\n"
         "  --analysis-workers N threads analysing finished games from the store's queue\n"
         "                       (0..64, default 1; 0: a node that only plays, the\n"
         "                       analysis done by `fourtable analysis-worker` elsewhere)\n"
         "  --analysis-lease MS  a claimed game's lease, renewed while it runs; a worker\n"
         "                       that died is replaced after it (1000..3600000, default\n"
         "                       60000; keep it above 3 x --analysis-budget)\n"
         "  --log-format F       text (default: time, node, level, message a line) or\n"
         "                       json (one JSON object a line, for a log collector)\n"
         "  --test-clock MS      TESTS ONLY: the server's clock starts at MS (ms since the\n"
         "                       epoch) and moves only by POST /api/test/clock\n"
         "                       {\"advance_ms\": N}; never use it for real play\n"
         "  --help               this text\n";
}

std::optional<server::ServeOptions> parse_serve_args(std::span<const std::string> args,
                                                     std::string& error, bool& help) {
  server::ServeOptions o;
  help = false;
  static constexpr std::string_view WITH_VALUE[] = {"--port",
                                                    "--address",
                                                    "--store",
                                                    "--web-root",
                                                    "--threads",
                                                    "--engine-threads",
                                                    "--engine-memory",
                                                    "--allow-origin",
                                                    "--ws-rate",
                                                    "--http-rate",
                                                    "--guest-rate",
                                                    "--open-tables",
                                                    "--open-tables-per-address",
                                                    "--challenge-expiry",
                                                    "--ws-per-address",
                                                    "--keep-finished",
                                                    "--test-clock",
                                                    "--leaderboard-rd",
                                                    "--leaderboard-days",
                                                    "--analysis-budget",
                                                    "--analysis-board-budget",
                                                    "--analysis-memory",
                                                    "--analysis-workers",
                                                    "--analysis-lease",
                                                    "--public-origin",
                                                    "--trusted-proxy",
                                                    "--node",
                                                    "--bus",
                                                    "--log-format",
                                                    "--lease-ms"};
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
      {"--guest-rate", &o.guest_rate, 0, 100000, "a number in 0..100000"},
      {"--open-tables", &o.open_tables, 1, 100, "a number in 1..100"},
      {"--open-tables-per-address", &o.open_tables_per_address, 0, 100000, "a number in 0..100000"},
      {"--ws-per-address", &o.ws_per_address, 0, 100000, "a number in 0..100000"},
      {"--challenge-expiry", &o.challenge_expiry_s, 5, 86400, "a number of seconds in 5..86400"},
      {"--keep-finished", &o.keep_finished_s, 1, 86400, "a number of seconds in 1..86400"},
      {"--leaderboard-rd", &o.leaderboard_rd, 45, 500, "a deviation in 45..500"},
      {"--leaderboard-days", &o.leaderboard_days, 1, 3650, "a number of days in 1..3650"},
      {"--analysis-budget", &o.analysis_budget_ms, 1, 3600000, "a number of ms in 1..3600000"},
      {"--analysis-board-budget", &o.analysis_board_budget_ms, 1, 60000,
       "a number of ms in 1..60000"},
      {"--analysis-memory", &o.analysis_memory_mib, 1, 65536, "a number of MiB in 1..65536"},
      {"--analysis-workers", &o.analysis_workers, 0, 64, "a number in 0..64"},
      {"--analysis-lease", &o.analysis_lease_ms, 1000, 3600000, "a number of ms in 1000..3600000"},
      {"--lease-ms", &o.lease_ms, 1000, 600000, "a number of ms in 1000..600000"},
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
        } else if (name == "--public-origin") {
          if (value.rfind("http://", 0) != 0 && value.rfind("https://", 0) != 0) {
            error = "--public-origin must be http://HOST or https://HOST, not '" + value + "'";
            return false;
          }
          o.public_origin = value;
        } else if (name == "--trusted-proxy") {
          o.trusted_proxies.push_back(value);
        } else if (name == "--node") {
          const bool ok_name = !value.empty() && value.size() <= 40 &&
                               std::all_of(value.begin(), value.end(), [](char c) {
                                 return std::isalnum(static_cast<unsigned char>(c)) || c == '-' ||
                                        c == '_' || c == '.';
                               });
          if (!ok_name) {
            error = "--node must be 1..40 letters, digits, '-', '_' or '.', not '" + value + "'";
            return false;
          }
          o.node = value;
        } else if (name == "--bus") {
          o.bus = value;
        } else if (name == "--log-format") {
          if (value != "text" && value != "json") {
            error = "--log-format must be text or json, not '" + value + "'";
            return false;
          }
          o.log_json = value == "json";
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
  if (o.node.empty() != o.bus.empty()) {
    error = o.node.empty() ? "--bus needs --node NAME (one node of several)"
                           : "--node needs --bus redis://... (the nodes talk over it)";
    return std::nullopt;
  }
  // Each node opens the store twice (its lease keeper has a connection of
  // its own): two in-memory databases would be two stores.
  if (!o.node.empty() && o.store.find(":memory:") != std::string::npos) {
    error = "--node needs a store the nodes share, not an in-memory one";
    return std::nullopt;
  }
  return o;
}

}  // namespace ft::app
