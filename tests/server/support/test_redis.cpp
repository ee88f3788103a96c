#include "support/test_redis.h"

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <thread>

namespace ft::test {

TestRedis::TestRedis() {
  const auto dir = std::filesystem::path(temp_db("redis")).parent_path();
  sock_ = (dir / "redis.sock").string();
  pid_ = fork();
  if (pid_ == 0) {
    // Its start-up banner is no part of the test's output.
    if (freopen("/dev/null", "w", stdout) == nullptr) _exit(126);
    execlp("redis-server", "redis-server", "--port", "0", "--unixsocket", sock_.c_str(), "--save",
           "", "--appendonly", "no", "--dir", dir.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  for (int i = 0; i < 100 && !std::filesystem::exists(sock_); ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
}

TestRedis::~TestRedis() {
  if (pid_ <= 0) return;
  kill(pid_, SIGTERM);
  waitpid(pid_, nullptr, 0);
}

void TestRedis::stop() {
  kill(pid_, SIGKILL);
  waitpid(pid_, nullptr, 0);
  pid_ = -1;
}

void TestRedis::kill_listeners() const {
  ASSERT_EQ(std::system(("redis-cli -s " + sock_ + " CLIENT KILL TYPE pubsub >/dev/null").c_str()),
            0);
}

}  // namespace ft::test
