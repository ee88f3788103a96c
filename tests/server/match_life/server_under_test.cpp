#include "match_life/server_under_test.h"

#include <stdexcept>

namespace ft::test::life {

ServerUnderTest::ServerUnderTest(std::int64_t start_ms)
    : db_(temp_db("match_life")), now_ms_(start_ms) {
  start();
}

ServerUnderTest::~ServerUnderTest() = default;

void ServerUnderTest::start() {
  // synchronous=normal: a SIGKILL loses nothing committed (WAL); only a power
  // cut could, which this test does not simulate. The frame rate limit is
  // raised because one spectator socket per table sends a hello per check.
  // Finished tables stay in memory for a (test-clock) day: the store serves
  // them after restarts, which the checks after a restart go through.
  process_.reset();
  process_ = std::make_unique<ServerProcess>(
      db_ + "?synchronous=normal",
      "--test-clock " + std::to_string(now_ms_) + " --ws-rate 5000 --keep-finished 86400");
  if (cookie_.empty()) cookie_ = http(port(), "GET", "/api/me").set_cookie;
  if (!reader_) reader_ = store::open_store("sqlite:" + db_);
}

void ServerUnderTest::advance(std::int64_t ms) {
  HttpResult r = post("/api/test/clock", "{\"advance_ms\":" + std::to_string(ms) + "}", cookie_);
  if (r.status != 200)
    throw std::runtime_error("test clock: " + std::to_string(r.status) + " " + r.body);
  const std::int64_t now = r.json().at("now_ms").as_int64();
  if (now != now_ms_ + ms)
    throw std::runtime_error("test clock at " + std::to_string(now) + ", expected " +
                             std::to_string(now_ms_ + ms));
  now_ms_ = now;
}

void ServerUnderTest::restart(bool kill9) {
  if (kill9) {
    process_->kill9();
  } else {
    const int status = process_->terminate();
    if (status != 0)
      throw std::runtime_error("SIGTERM: fourtable serve exited with " + std::to_string(status));
  }
  start();
}

std::optional<std::uint64_t> ServerUnderTest::match_seed(const std::string& table) {
  auto matches = reader_->matches_of_table(table);
  if (matches.empty()) return std::nullopt;
  return matches.back().seed;
}

HttpResult ServerUnderTest::get(const std::string& target) {
  return http(port(), "GET", target, {}, cookie_);
}

HttpResult ServerUnderTest::post(const std::string& target, const std::string& body,
                                 const std::string& cookie) {
  return http(port(), "POST", target, body, cookie);
}

}  // namespace ft::test::life
