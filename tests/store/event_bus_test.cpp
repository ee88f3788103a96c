// EventBus on "local" always and on Redis when FT_TEST_REDIS_URL is set
// (scripts/test_services.sh starts one). Two bus objects stand for two nodes:
// for "local" they are one object (a single node has one bus).
#include "store/event_bus.h"

#include <gtest/gtest.h>
#include <hiredis/hiredis.h>
#include <unistd.h>

#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <mutex>
#include <thread>
#include <vector>

#include "store/redis_bus.h"
#include "store/store.h"

namespace ft::store {
namespace {

using namespace std::chrono_literals;

const char* redis_url() {
  const char* url = std::getenv("FT_TEST_REDIS_URL");
  return url && *url ? url : nullptr;
}

std::vector<std::string> buses() {
  std::vector<std::string> out{"local"};
  if (redis_url()) out.emplace_back("redis");
  return out;
}

// Collects what a handler receives; waits for a count with a deadline.
struct Inbox {
  std::mutex mutex;
  std::condition_variable arrived;
  std::vector<std::pair<std::string, std::string>> messages;

  EventBus::Handler handler() {
    return [this](const std::string& channel, const std::string& payload) {
      std::lock_guard lock(mutex);
      messages.emplace_back(channel, payload);
      arrived.notify_all();
    };
  }
  std::vector<std::pair<std::string, std::string>> wait_for(std::size_t n) {
    std::unique_lock lock(mutex);
    arrived.wait_for(lock, 5s, [&] { return messages.size() >= n; });
    return messages;
  }
  std::size_t count() {
    std::lock_guard lock(mutex);
    return messages.size();
  }
};

class EventBusTest : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    node_a_ = open_event_bus(GetParam() == "local" ? "local" : redis_url());
    if (GetParam() != "local") node_b_ = open_event_bus(redis_url());
  }
  EventBus& a() { return *node_a_; }
  EventBus& b() { return node_b_ ? *node_b_ : *node_a_; }
  // Each test run uses its own channel names: Redis is shared between runs.
  std::string channel(const std::string& name) {
    return "ft:test:" + std::to_string(::getpid()) + ":" +
           ::testing::UnitTest::GetInstance()->current_test_info()->name() + ":" + name;
  }

 private:
  std::unique_ptr<EventBus> node_a_;
  std::unique_ptr<EventBus> node_b_;
};

TEST_P(EventBusTest, PublishedMessageReachesSubscriberOnAnotherNode) {
  Inbox inbox;
  const std::string lobby = channel("lobby");
  b().subscribe(lobby, inbox.handler());
  const std::string payload = std::string("{\"table\":\"k3m9x\",\"seats\":\"\xe2\x97\x8f\"}") +
                              std::string(1, '\0') + "binary-safe";
  a().publish(lobby, payload);
  auto got = inbox.wait_for(1);
  ASSERT_EQ(got.size(), 1u);
  EXPECT_EQ(got[0].first, lobby);
  EXPECT_EQ(got[0].second, payload);
}

TEST_P(EventBusTest, ChannelsAreSeparateAndOrderIsKept) {
  Inbox t1;
  Inbox t2;
  b().subscribe(channel("t1"), t1.handler());
  b().subscribe(channel("t2"), t2.handler());
  for (int v = 1; v <= 20; ++v) a().publish(channel("t1"), "v" + std::to_string(v));
  a().publish(channel("t2"), "other");
  auto got = t1.wait_for(20);
  ASSERT_EQ(got.size(), 20u);
  for (int v = 1; v <= 20; ++v)
    EXPECT_EQ(got[static_cast<std::size_t>(v - 1)].second, "v" + std::to_string(v));
  auto other = t2.wait_for(1);
  ASSERT_EQ(other.size(), 1u);
  EXPECT_EQ(other[0].second, "other");
}

TEST_P(EventBusTest, UnsubscribedHandlerHearsNothingMore) {
  Inbox stays;
  Inbox leaves;
  const std::string ch = channel("spectators");
  b().subscribe(ch, stays.handler());
  const auto id = b().subscribe(ch, leaves.handler());
  a().publish(ch, "one");
  ASSERT_EQ(leaves.wait_for(1).size(), 1u);
  b().unsubscribe(id);
  a().publish(ch, "two");
  ASSERT_EQ(stays.wait_for(2).size(), 2u);  // "two" was delivered...
  EXPECT_EQ(leaves.count(), 1u);            // ...but not to the one who left

  // The last handler leaving and a new one arriving: the new one hears what
  // is published after its subscribe() returned.
  Inbox later;
  b().unsubscribe(id + 1000);  // unknown ids are ignored
  const std::string ch2 = channel("again");
  const auto first = b().subscribe(ch2, leaves.handler());
  b().unsubscribe(first);
  b().subscribe(ch2, later.handler());
  a().publish(ch2, "three");
  auto got = later.wait_for(1);
  ASSERT_EQ(got.size(), 1u);
  EXPECT_EQ(got[0].second, "three");
}

// Redis only: the subscriber connection is killed on the server side (as by
// a Redis restart); the bus reconnects and subscribes again by itself.
class RedisBusTest : public EventBusTest {};
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(RedisBusTest);

TEST_P(RedisBusTest, SubscriberReconnectsAfterItsConnectionIsKilled) {
  Inbox inbox;
  const std::string ch = channel("after-kill");
  b().subscribe(ch, inbox.handler());
  const std::uint64_t connections = b().connections();
  const RedisAddress addr = parse_redis_url(redis_url());
  redisContext* admin = redisConnectUnix(addr.unix_path.c_str());
  ASSERT_TRUE(admin && !admin->err);
  // Kill only this bus's subscriber: other tests may share the Redis.
  const std::string name = dynamic_cast<RedisBus&>(b()).subscriber_name();
  auto* list = static_cast<redisReply*>(redisCommand(admin, "CLIENT LIST TYPE pubsub"));
  ASSERT_TRUE(list && list->type == REDIS_REPLY_STRING);
  const std::string clients(list->str, list->len);
  freeReplyObject(list);
  const auto at = clients.find(" name=" + name + " ");
  ASSERT_NE(at, std::string::npos) << clients;
  const auto line = clients.rfind('\n', at) == std::string::npos ? 0 : clients.rfind('\n', at) + 1;
  ASSERT_EQ(clients.compare(line, 3, "id="), 0) << clients;
  const std::string id = clients.substr(line + 3, clients.find(' ', line) - line - 3);
  auto* r = static_cast<redisReply*>(redisCommand(admin, "CLIENT KILL ID %s", id.c_str()));
  ASSERT_NE(r, nullptr);
  EXPECT_EQ(r->type, REDIS_REPLY_INTEGER);
  EXPECT_EQ(r->integer, 1);
  freeReplyObject(r);
  redisFree(admin);
  // Messages published while it is away are lost by design; keep publishing
  // until one arrives over the new connection.
  const auto deadline = std::chrono::steady_clock::now() + 5s;
  while (inbox.count() == 0 && std::chrono::steady_clock::now() < deadline) {
    a().publish(ch, "ping");
    std::this_thread::sleep_for(50ms);
  }
  EXPECT_GE(inbox.count(), 1u);
  // Its users can tell that messages may have been lost in between.
  EXPECT_EQ(b().connections(), connections + 1);
}

std::vector<std::string> redis_only() {
  return redis_url() ? std::vector<std::string>{"redis"} : std::vector<std::string>{};
}
INSTANTIATE_TEST_SUITE_P(Buses, RedisBusTest, ::testing::ValuesIn(redis_only()),
                         [](const ::testing::TestParamInfo<std::string>& param) {
                           return param.param;
                         });

INSTANTIATE_TEST_SUITE_P(Buses, EventBusTest, ::testing::ValuesIn(buses()),
                         [](const ::testing::TestParamInfo<std::string>& param) {
                           return param.param;
                         });

TEST(EventBusUrls, BadUrlsAndUnreachableRedisSayWhy) {
  for (const char* url :
       {"", "kafka://x", "redis://", "redis://h:0", "redis://h:99999", "redis+unix://relative"}) {
    try {
      open_event_bus(url);
      ADD_FAILURE() << "accepted " << url;
    } catch (const StoreError& e) {
      EXPECT_EQ(e.code(), StoreErrc::bad_input) << url << ": " << e.what();
    }
  }
  try {
    open_event_bus("redis+unix:///nonexistent/redis.sock");
    ADD_FAILURE() << "connected to a socket that does not exist";
  } catch (const StoreError& e) {
    EXPECT_EQ(e.code(), StoreErrc::unavailable) << e.what();
  }
  auto tcp = parse_redis_url("redis://cache.internal:6380/");
  EXPECT_EQ(tcp.host, "cache.internal");
  EXPECT_EQ(tcp.port, 6380);
  EXPECT_EQ(parse_redis_url("redis://localhost").port, 6379);
  EXPECT_EQ(parse_redis_url("redis+unix:///run/redis.sock").unix_path, "/run/redis.sock");
}

}  // namespace
}  // namespace ft::store
