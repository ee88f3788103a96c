// Command line of ft_loadgen: what to load, how hard, for how long, and which
// server to watch. Everything is bounded so a run always stops by itself.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <vector>

namespace ft::loadgen {

struct Options {
  int tables = 100;                      // concurrent tables, two WebSockets each
  double pace_s = 2.0;                   // one move every pace_s per table
  double duration_s = 30.0;              // playing time after the ramp
  double ramp_rate = 200.0;              // tables set up per second
  double idle_s = 3.0;                   // all connections idle before play (memory probe)
  int width = 7;                         // board of every table (RULES.md A1: 4..10); larger boards
  int height = 6;                        // make longer games, so fewer tables are created per move
  int threads = 1;                       // client I/O threads (1 or 2)
  int port = 0;                          // server port on 127.0.0.1 (with --server-pid or alone)
  int server_pid = 0;                    // the server to watch (CPU, memory)
  std::string spawn;                     // path of `fourtable`: start `fourtable serve` ourselves
  std::vector<std::string> server_args;  // extra arguments for the spawned server
  std::string store_query;               // appended to the spawned server's sqlite: URL after '?'
  double ack_timeout_s = 10.0;           // a move not acknowledged by then is an error
  bool expect_clean = false;             // exit 1 on any error or when no move was acknowledged
  bool help = false;
};

const char* usage();

// The POST /api/tables body for the load's tables: casual single games of four in a row.
std::string table_settings_json(const Options& o);

// nullopt with `error` set on a bad command line.
std::optional<Options> parse_options(std::span<const std::string> args, std::string& error);

}  // namespace ft::loadgen
