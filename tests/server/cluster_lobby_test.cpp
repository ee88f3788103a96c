// The lobby of several nodes (server/cluster/cluster_lobby.h): the other nodes'
// parts merged into this node's, newest first, each table once, and a part
// that is not renewed drops out.
#include "server/cluster/cluster_lobby.h"

#include <gtest/gtest.h>

namespace ft::server {
namespace {

namespace json = boost::json;

json::object entry(const std::string& id, std::int64_t created, bool board = false) {
  json::object o{{"id", id}, {"created_at", created}};
  if (board) o["board"] = json::array{"......."};
  return o;
}

std::vector<std::string> ids(const json::array& list) {
  std::vector<std::string> out;
  for (const auto& v : list) out.emplace_back(v.at("id").as_string());
  return out;
}

TEST(ClusterLobby, OtherNodesPartsMergeNewestFirst) {
  ClusterLobby lobby;
  EXPECT_TRUE(lobby.receive(
      "a", ClusterLobby::encode("b", json::array{entry("B1", 20)}, json::array{entry("B2", 5)}),
      1000));
  EXPECT_TRUE(lobby.receive(
      "a", ClusterLobby::encode("c", json::array{entry("C1", 30)}, json::array{}), 1000));
  json::array open{entry("A1", 25)};
  json::array live{entry("A2", 7)};
  lobby.merge(open, live, 1500);
  EXPECT_EQ(ids(open), (std::vector<std::string>{"C1", "A1", "B1"}));
  EXPECT_EQ(ids(live), (std::vector<std::string>{"A2", "B2"}));
  EXPECT_EQ(lobby.nodes(1500), 2u);
}

TEST(ClusterLobby, ANewPartReplacesTheOldAndAStaleOneDropsOut) {
  ClusterLobby lobby;
  lobby.receive("a", ClusterLobby::encode("b", json::array{entry("B1", 1)}, {}), 1000);
  lobby.receive("a", ClusterLobby::encode("b", json::array{entry("B9", 2)}, {}), 2000);
  json::array open, live;
  lobby.merge(open, live, 2000 + ClusterLobby::STALE_MS);
  EXPECT_EQ(ids(open), std::vector<std::string>{"B9"});
  json::array later, live2;
  lobby.merge(later, live2, 2001 + ClusterLobby::STALE_MS);
  EXPECT_TRUE(later.empty());  // node b went quiet: its tables come back with their new node
  EXPECT_EQ(lobby.nodes(2001 + ClusterLobby::STALE_MS), 0u);
}

// The store's list stands in while no node's part is fresh (a node just
// started, Redis away), never next to fresh parts, and not when it is old.
TEST(ClusterLobby, TheStoresListShowsOnlyWhileNoPartIsFresh) {
  ClusterLobby lobby;
  lobby.set_from_store(json::array{entry("S1", 3)}, json::array{entry("S2", 4)}, 1000);
  json::array open, live;
  lobby.merge(open, live, 1000);
  EXPECT_EQ(ids(open), std::vector<std::string>{"S1"});
  EXPECT_EQ(ids(live), std::vector<std::string>{"S2"});

  lobby.receive("a", ClusterLobby::encode("b", json::array{entry("B1", 9)}, {}), 1500);
  json::array open2, live2;
  lobby.merge(open2, live2, 1500);
  EXPECT_EQ(ids(open2), std::vector<std::string>{"B1"});
  EXPECT_TRUE(live2.empty());

  // b went quiet long ago and the store was read long before that.
  json::array open3, live3;
  lobby.merge(open3, live3, 1001 + 2 * ClusterLobby::STALE_MS);
  EXPECT_TRUE(open3.empty());
  EXPECT_TRUE(live3.empty());
}

TEST(ClusterLobby, ATableInTwoPartsIsListedOnce) {
  // It moved from b to this node a moment ago: b's part still has it.
  ClusterLobby lobby;
  lobby.receive("a", ClusterLobby::encode("b", json::array{entry("T", 5)}, {}), 1000);
  json::array open{entry("T", 5)}, live;
  lobby.merge(open, live, 1000);
  EXPECT_EQ(ids(open), std::vector<std::string>{"T"});
}

TEST(ClusterLobby, OwnPartsAndOtherMessagesAreNotKept) {
  ClusterLobby lobby;
  EXPECT_FALSE(lobby.receive("a", ClusterLobby::encode("a", json::array{entry("X", 1)}, {}), 1));
  EXPECT_FALSE(lobby.receive("a", "not json", 1));
  EXPECT_FALSE(lobby.receive("a", R"({"node":"b","open":{}})", 1));
  EXPECT_FALSE(lobby.receive("a", R"({"node":"","open":[],"live":[]})", 1));
  EXPECT_EQ(lobby.nodes(1), 0u);
}

TEST(ClusterLobby, OnlyTheFirstLiveEntriesKeepTheirBoards) {
  ClusterLobby lobby;
  json::array remote;
  for (int i = 0; i < 20; ++i)
    remote.push_back(entry("R" + std::to_string(100 + i), 100 + i, true));
  lobby.receive("a", ClusterLobby::encode("b", {}, remote), 1);
  json::array open, live;
  lobby.merge(open, live, 1);
  ASSERT_EQ(live.size(), 20u);
  for (std::size_t i = 0; i < live.size(); ++i)
    EXPECT_EQ(live[i].as_object().contains("board"), i < ClusterLobby::LIVE_BOARDS) << i;
}

}  // namespace
}  // namespace ft::server
