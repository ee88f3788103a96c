// A `fourtable serve` started by the load generator: on 127.0.0.1, a free
// port, a temporary SQLite store; stopped (and its files removed) at the end.
#pragma once

#include <sys/types.h>

#include <string>
#include <vector>

namespace ft::loadgen {

// A port on 127.0.0.1 that was free a moment ago.
int free_loopback_port();

// GET /healthz on 127.0.0.1:port; true on a 200 answer.
bool healthz_ok(int port);

// The body of GET `path` on 127.0.0.1:port if it answers 200, else "".
std::string http_get_body(int port, const std::string& path);

class ServerProcess {
 public:
  // Starts `path serve ...` and waits (up to 20 s) until /healthz answers;
  // throws std::runtime_error with the server's log tail if it does not.
  ServerProcess(const std::string& path, const std::vector<std::string>& extra_args,
                const std::string& store_query = {});
  ~ServerProcess();
  ServerProcess(const ServerProcess&) = delete;
  ServerProcess& operator=(const ServerProcess&) = delete;

  pid_t pid() const { return pid_; }
  int port() const { return port_; }
  const std::string& log_path() const { return log_; }
  // True while the process runs (reaps it if it ended).
  bool alive();
  // SIGTERM, then SIGKILL after 10 s; the exit status as text.
  std::string stop();
  std::string log_tail(std::size_t max_bytes = 2000) const;

 private:
  pid_t pid_ = -1;
  int port_ = 0;
  std::string dir_;
  std::string log_;
  std::string exit_text_;
};

}  // namespace ft::loadgen
