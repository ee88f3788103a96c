// The whole life of a server process and the options it runs with (the
// command line that fills them is the app's: app/server/serve_args.h).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ft::server {

struct ServeOptions {
  std::string address = "0.0.0.0";
  int port = 8080;
  std::string store = "sqlite:./fourtable.db";
  std::string web_root;  // "" -> found next to the binary / repository
  int io_threads = 2;
  int engine_threads = 1;
  int engine_memory_mib = 256;
  int ws_rate = 20;           // frames per second per WebSocket (bursts of twice that)
  int keep_finished_s = 300;  // a finished, unwatched table stays in memory this long
  int http_rate = 20;   // API requests and upgrades per second per address (bursts of 3x); 0: none
  int guest_rate = 60;  // guests an address may make per hour (bursts of a third); 0: none
  int open_tables = 5;  // open (unstarted) tables per player
  int open_tables_per_address = 20;  // ... per client address; 0: none
  int challenge_expiry_s = 120;      // a challenge unanswered this long expires
  int ws_per_address = 64;           // open WebSockets per client address; 0: no cap
  std::vector<std::string> allow_origins;
  int analysis_budget_ms = 10000;       // per position of a finished game
  int analysis_board_budget_ms = 3000;  // per position of the analysis board
  int analysis_memory_mib = 64;
  int analysis_workers = 1;       // threads taking analysis jobs; 0: this node only plays
  int analysis_lease_ms = 60000;  // an analysis job's lease (renewed while it runs)
  // The origin the site's pages are served under behind a proxy
  // (https://fourtable.example): its pages may open WebSockets.
  std::string public_origin;
  // Proxies (their addresses) whose X-Forwarded-For names the client; from
  // anyone else the header is ignored (the rate limits count the socket's
  // address).
  std::vector<std::string> trusted_proxies;
  // Several nodes (docs/operations.md): this node's name, the bus between
  // the nodes (redis://...) and the table leases' length. Both or neither.
  std::string node;
  std::string bus;
  int lease_ms = 30000;
  // Log lines as JSON objects instead of text (protocol/log.h).
  bool log_json = false;
  // Tests only: the server's clock starts here (ms since the epoch) and moves
  // only by POST /api/test/clock, so timeouts need no waiting.
  std::optional<std::int64_t> test_clock_ms;
  int leaderboard_rd = 110;   // leaderboards list deviations below this
  int leaderboard_days = 30;  // ... of players with a rated match in these days
};

// Runs until SIGINT/SIGTERM. Returns the process exit code.
int serve(const ServeOptions& options);

}  // namespace ft::server
