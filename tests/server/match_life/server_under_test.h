// The real `fourtable serve` as the match-life test drives it: one process on
// one SQLite file, its clock under the test's control (`serve --test-clock`),
// restarted by SIGKILL or SIGTERM on the same file with the clock where it
// stood, so that the server's `now` is always known to the test exactly.
#pragma once

#include <boost/json.hpp>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "store/store.h"
#include "support/test_client.h"

namespace ft::test::life {

class ServerUnderTest {
 public:
  explicit ServerUnderTest(std::int64_t start_ms);
  ~ServerUnderTest();

  int port() const { return process_->port(); }
  std::int64_t now() const { return now_ms_; }
  // Moves the server's clock; throws if the server answers another time.
  void advance(std::int64_t ms);
  // SIGKILL (no clean-up) or SIGTERM (clean shutdown), then a new process on
  // the same database with the clock where it was.
  void restart(bool kill9);
  const std::string& log_path() const { return process_->log_path(); }

  // The seed of the table's latest match as the store keeps it (the match
  // library draws lotteries from it); nullopt before the match exists.
  std::optional<std::uint64_t> match_seed(const std::string& table);

  // HTTP with the test's own guest cookie (so no guest is made per call).
  HttpResult get(const std::string& target);
  HttpResult post(const std::string& target, const std::string& body, const std::string& cookie);

 private:
  void start();

  std::string db_;
  std::int64_t now_ms_;
  std::unique_ptr<ServerProcess> process_;
  std::unique_ptr<store::Store> reader_;  // a second connection, read only
  std::string cookie_;
};

}  // namespace ft::test::life
