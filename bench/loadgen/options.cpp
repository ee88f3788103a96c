#include "options.h"

#include <algorithm>
#include <iterator>

#include "app/cli_args.h"

namespace ft::loadgen {
namespace {

// Limits keep a typo from starting a run that never ends or exhausts the machine.
constexpr int MAX_TABLES = 20000;
constexpr double MAX_DURATION_S = 3600.0;

}  // namespace

const char* usage() {
  return "usage: ft_loadgen (--spawn PATH | --port N [--server-pid PID]) [options]\n"
         "\n"
         "Load generator for `fourtable serve` (docs/protocol.md), over 127.0.0.1 only:\n"
         "creates N tables over the HTTP API with two guests each, opens two WebSockets\n"
         "per table, plays legal moves at a fixed pace, and reports moves per second,\n"
         "move round trip (move sent -> ack) p50/p99/max, errors by kind, and the\n"
         "server's CPU and memory per connection.\n"
         "\n"
         "options:\n"
         "  --spawn PATH         start PATH serve on a free port with a temporary store\n"
         "  --server-arg ARG     extra argument for the spawned server (repeatable)\n"
         "  --store-query Q      spawned server's store is sqlite:TMP/load.db?Q\n"
         "                       (e.g. synchronous=normal, to see what fsync costs)\n"
         "  --port N             port of a running server on 127.0.0.1\n"
         "  --server-pid PID     that server's process, for CPU and memory\n"
         "  --tables N           concurrent tables, 1..20000 (default 100)\n"
         "  --pace S             seconds between moves of one table (default 2)\n"
         "  --duration S         seconds of play after the ramp, 1..3600 (default 30)\n"
         "  --ramp-rate R        tables set up per second (default 200)\n"
         "  --idle S             seconds all connections sit idle before play (default 3)\n"
         "  --width N, --height N  board of the tables, 4..10 (default 7 x 6)\n"
         "  --threads N          client I/O threads, 1 or 2 (default 1)\n"
         "  --ack-timeout S      a move not acknowledged by then is an error (default 10)\n"
         "  --expect-clean       exit 1 unless there was no error, moves were acknowledged and\n"
         "                       a spawned server exited 0 on SIGTERM\n"
         "  --help               this text\n";
}

std::string table_settings_json(const Options& o) {
  // A clock the pace can never run out (the increment is larger than a pace
  // between one seat's moves), so no table ends by time; finished games are
  // replaced by new tables to keep the load constant.
  return R"({"game":"four","variant":"classic","width":)" + std::to_string(o.width) +
         R"(,"height":)" + std::to_string(o.height) +
         R"(,"format":"single","rated":false,"visibility":"link",)"
         R"("clock":{"kind":"fischer","bank_ms":600000,"increment_ms":5000},)"
         R"("opponent":{"kind":"person"}})";
}

std::optional<Options> parse_options(std::span<const std::string> args, std::string& error) {
  Options o;
  static constexpr std::string_view WITH_VALUE[] = {
      "--spawn",       "--server-arg", "--port",      "--server-pid", "--tables",
      "--pace",        "--duration",   "--ramp-rate", "--idle",       "--threads",
      "--ack-timeout", "--width",      "--height",    "--store-query"};
  const bool parsed = cli::parse_options(
      args, WITH_VALUE, error, [&](const std::string& name, const std::string& value) {
        if (name == "--help" || name == "-h") {
          o.help = true;
          return false;
        }
        if (name == "--expect-clean") {
          o.expect_clean = true;
          return true;
        }
        if (std::find(std::begin(WITH_VALUE), std::end(WITH_VALUE), name) == std::end(WITH_VALUE)) {
          error = "unknown option '" + name + "'";
          return false;
        }
        bool ok = true;
        std::string range;
        if (name == "--spawn") {
          o.spawn = value;
          ok = !value.empty();
          range = "a path";
        } else if (name == "--store-query") {
          o.store_query = value;
          ok = !value.empty() && value.find_first_of("?/ ") == std::string::npos;
          range = "a query such as synchronous=normal";
        } else if (name == "--server-arg") {
          o.server_args.push_back(value);
        } else if (name == "--port") {
          ok = cli::to_int(value, 1, 65535, o.port);
          range = "a number in 1..65535";
        } else if (name == "--server-pid") {
          ok = cli::to_int(value, 1, 1 << 30, o.server_pid);
          range = "a process id";
        } else if (name == "--tables") {
          ok = cli::to_int(value, 1, MAX_TABLES, o.tables);
          range = "a number in 1..20000";
        } else if (name == "--pace") {
          ok = cli::to_double(value, 0.05, 600.0, o.pace_s);
          range = "seconds in 0.05..600";
        } else if (name == "--duration") {
          ok = cli::to_double(value, 1.0, MAX_DURATION_S, o.duration_s);
          range = "seconds in 1..3600";
        } else if (name == "--ramp-rate") {
          ok = cli::to_double(value, 1.0, 100000.0, o.ramp_rate);
          range = "tables per second in 1..100000";
        } else if (name == "--idle") {
          ok = cli::to_double(value, 0.0, 600.0, o.idle_s);
          range = "seconds in 0..600";
        } else if (name == "--width" || name == "--height") {
          ok = cli::to_int(value, 4, 10, name == "--width" ? o.width : o.height);
          range = "a number in 4..10";
        } else if (name == "--threads") {
          ok = cli::to_int(value, 1, 2, o.threads);
          range = "1 or 2";
        } else if (name == "--ack-timeout") {
          ok = cli::to_double(value, 0.1, 600.0, o.ack_timeout_s);
          range = "seconds in 0.1..600";
        }
        if (!ok) error = name + " must be " + range + ", not '" + value + "'";
        return ok;
      });
  if (o.help) return o;
  if (!parsed) return std::nullopt;
  if (o.spawn.empty() == (o.port == 0)) {
    error = "give either --spawn PATH or --port N (a server on 127.0.0.1)";
    return std::nullopt;
  }
  if (!o.spawn.empty() && o.server_pid != 0) {
    error = "--server-pid is for a running server; --spawn watches the one it starts";
    return std::nullopt;
  }
  if (o.spawn.empty() && (!o.server_args.empty() || !o.store_query.empty())) {
    error = "--server-arg and --store-query need --spawn";
    return std::nullopt;
  }
  return o;
}

}  // namespace ft::loadgen
