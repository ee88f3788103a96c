// Per-player events (cluster/player_events.h, protocol.md 4.10 and 5.11):
// an event published for a player reaches each of that player's subscribers
// and nobody else's, on one node directly and through a bus (the "local"
// bus stands for Redis: the same calls, delivered in the process); an
// unsubscribed handler hears nothing more; and a real server's socket that
// said `my_events` receives its player's events as `my_event` frames.
#include "server/cluster/player_events.h"

#include <gtest/gtest.h>

#include <chrono>
#include <condition_variable>
#include <future>
#include <mutex>
#include <thread>
#include <vector>

#include "store/event_bus.h"
#include "support/test_client.h"

namespace ft::server {
namespace {

using namespace std::chrono_literals;

struct Heard {
  std::mutex mu;
  std::vector<std::string> events;
  PlayerEvents::Handler handler() {
    return [this](const std::string& e) {
      std::lock_guard lock(mu);
      events.push_back(e);
    };
  }
  std::vector<std::string> now() {
    std::lock_guard lock(mu);
    return events;
  }
};

// Publishes until `heard` has an event (a bus subscription becomes active
// on the events' own thread, a moment after subscribe()).
void publish_until_heard(PlayerEvents& events, std::int64_t player, Heard& heard) {
  for (int i = 0; i < 200 && heard.now().empty(); ++i) {
    events.publish(player, boost::json::object{{"type", "warmup"}});
    std::this_thread::sleep_for(10ms);
  }
  ASSERT_FALSE(heard.now().empty()) << "the bus subscription never became active";
}

void check_delivery(PlayerEvents& events, bool bus) {
  Heard ann1, ann2, ben;
  const auto a1 = events.subscribe(1, ann1.handler());
  const auto a2 = events.subscribe(1, ann2.handler());
  const auto b = events.subscribe(2, ben.handler());
  EXPECT_NE(a1, 0U);
  EXPECT_NE(a1, a2);
  EXPECT_EQ(events.subscribers(1), 2);
  EXPECT_EQ(events.subscribers(3), 0);
  if (bus) {
    publish_until_heard(events, 1, ann1);
    publish_until_heard(events, 2, ben);
    for (Heard* h : {&ann1, &ann2, &ben}) {
      std::lock_guard lock(h->mu);
      h->events.clear();
    }
  }
  events.publish(1, boost::json::object{{"type", "challenge"}, {"n", 1}});
  events.publish(2, boost::json::object{{"type", "gameStart"}, {"n", 2}});
  for (int i = 0; i < 200 && (ann2.now().empty() || ben.now().empty()); ++i)
    std::this_thread::sleep_for(5ms);
  EXPECT_EQ(ann1.now(), std::vector<std::string>{R"({"type":"challenge","n":1})"});
  EXPECT_EQ(ann2.now(), std::vector<std::string>{R"({"type":"challenge","n":1})"});
  EXPECT_EQ(ben.now(), std::vector<std::string>{R"({"type":"gameStart","n":2})"});

  events.unsubscribe(a1);
  events.unsubscribe(a1);  // twice is harmless
  EXPECT_EQ(events.subscribers(1), 1);
  events.publish(1, boost::json::object{{"type", "challengeCanceled"}});
  for (int i = 0; i < 200 && ann2.now().size() < 2; ++i) std::this_thread::sleep_for(5ms);
  EXPECT_EQ(ann1.now().size(), 1U);
  EXPECT_EQ(ann2.now().size(), 2U);
  events.unsubscribe(a2);
  events.unsubscribe(b);
  EXPECT_EQ(events.subscribers(1), 0);
}

TEST(PlayerEvents, OneNodeDeliversToThePlayersSubscribersAlone) {
  PlayerEvents events;
  check_delivery(events, false);
}

TEST(PlayerEvents, ThroughABusEachNodesSubscribersHearThePlayersEvents) {
  auto bus = store::open_event_bus("local");
  PlayerEvents here, there;  // two nodes on one bus
  here.use_bus(*bus);
  there.use_bus(*bus);
  Heard elsewhere;
  const auto sub = there.subscribe(1, elsewhere.handler());
  check_delivery(here, true);
  // What `here` published for player 1 reached the other node's subscriber.
  bool got_challenge = false;
  for (const std::string& e : elsewhere.now()) got_challenge |= e.find("challenge") != e.npos;
  EXPECT_TRUE(got_challenge);
  there.unsubscribe(sub);
  here.close();
  there.close();
}

// A bus whose publish waits until the test lets it go, as a Redis that
// stopped answering holds its publisher; subscriptions go to a local bus.
class StalledBus final : public store::EventBus {
 public:
  void publish(std::string_view channel, std::string_view payload) override {
    std::unique_lock lock(mu_);
    ++waiting_;
    changed_.notify_all();
    changed_.wait(lock, [this] { return released_; });
    lock.unlock();
    local_->publish(channel, payload);
  }
  std::uint64_t subscribe(const std::string& channel, Handler handler) override {
    const std::uint64_t id = local_->subscribe(channel, std::move(handler));
    std::lock_guard lock(mu_);
    ++subscribed_;
    changed_.notify_all();
    return id;
  }
  void unsubscribe(std::uint64_t subscription) override { local_->unsubscribe(subscription); }
  bool subscribed() {
    std::unique_lock lock(mu_);
    return changed_.wait_for(lock, 5s, [this] { return subscribed_ > 0; });
  }
  bool publisher_waiting() {
    std::unique_lock lock(mu_);
    return changed_.wait_for(lock, 5s, [this] { return waiting_ > 0; });
  }
  void release() {
    std::lock_guard lock(mu_);
    released_ = true;
    changed_.notify_all();
  }

 private:
  std::unique_ptr<store::EventBus> local_ = store::open_event_bus("local");
  std::mutex mu_;
  std::condition_variable changed_;
  int waiting_ = 0;
  int subscribed_ = 0;
  bool released_ = false;
};

// Challenges publish from request handlers: a bus that does not answer must
// not hold the request. The events wait, in order, and go out when it answers.
TEST(PlayerEvents, PublishingDoesNotWaitForABusThatDoesNotAnswer) {
  StalledBus bus;
  PlayerEvents events;
  events.use_bus(bus);
  Heard heard;
  events.subscribe(7, heard.handler());
  ASSERT_TRUE(bus.subscribed());
  auto published = std::async(std::launch::async, [&] {
    for (int n = 1; n <= 3; ++n) events.publish(7, boost::json::object{{"n", n}});
  });
  ASSERT_TRUE(bus.publisher_waiting()) << "nothing reached the bus";
  const bool returned = published.wait_for(10s) == std::future_status::ready;
  bus.release();
  EXPECT_TRUE(returned) << "publish() waited for the stalled bus";
  published.wait();
  for (int i = 0; i < 400 && heard.now().size() < 3; ++i) std::this_thread::sleep_for(5ms);
  EXPECT_EQ(heard.now(), (std::vector<std::string>{R"({"n":1})", R"({"n":2})", R"({"n":3})"}));
  events.close();
}

TEST(PlayerEvents, AHandlerMayUnsubscribeItself) {
  PlayerEvents events;
  std::uint64_t handle = 0;
  int calls = 0;
  handle = events.subscribe(5, [&](const std::string&) {
    ++calls;
    events.unsubscribe(handle);
  });
  events.publish(5, boost::json::object{{"type", "a"}});
  events.publish(5, boost::json::object{{"type", "b"}});
  EXPECT_EQ(calls, 1);
}

}  // namespace
}  // namespace ft::server
