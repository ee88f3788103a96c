// A Redis of a test's own, and two server nodes on one SQLite store that talk
// over it: what the several-node tests (cluster_node_test.cpp,
// fenced_write_test.cpp) start.
#pragma once

#include <sys/types.h>

#include <string>

#include "support/test_client.h"

namespace ft::test {

// A Redis on a unix socket (redis-server from scripts/setup.sh), not the
// shared FT_TEST_REDIS_URL: a test may drop every listening connection of
// its Redis, which would disturb other tests.
class TestRedis {
 public:
  TestRedis();
  ~TestRedis();
  TestRedis(const TestRedis&) = delete;
  TestRedis& operator=(const TestRedis&) = delete;
  // Redis dies (SIGKILL) and stays away.
  void stop();
  std::string url() const { return "redis+unix://" + sock_; }
  // Redis closes every listening connection (the nodes' buses reconnect).
  void kill_listeners() const;

 private:
  std::string sock_;
  pid_t pid_ = -1;
};

// Nodes one and two on one SQLite store and the test's own Redis, with
// leases of `lease_ms`.
struct TwoNodes {
  explicit TwoNodes(const std::string& name, const std::string& lease_ms = "600000")
      : db(temp_db(name)),
        one(db, "--node one --bus " + redis.url() + " --lease-ms " + lease_ms),
        two(db, "--node two --bus " + redis.url() + " --lease-ms " + lease_ms) {}
  std::string db;
  TestRedis redis;
  ServerProcess one;
  ServerProcess two;
};

}  // namespace ft::test
