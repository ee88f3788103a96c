// GroupCommitter on every backend (store_fixture.h): ordering, batching,
// per-write errors, draining at shutdown.
#include "store/group_commit.h"

#include <future>

#include "store_fixture.h"

namespace ft::store::test {
namespace {

// Holds the committer's thread inside a job until released, so the writes
// submitted meanwhile are all waiting in the queue together.
struct Gate {
  std::promise<void> open;
  std::shared_future<void> opened = open.get_future().share();
  GroupCommitter::Job job() {
    auto f = opened;
    return [f](Store&) { f.wait(); };
  }
};

StoreErrc code_of(const std::exception_ptr& e) {
  try {
    std::rethrow_exception(e);
  } catch (const StoreError& s) {
    return s.code();
  } catch (...) {
  }
  return StoreErrc::internal;
}

TEST_P(StoreContract, GroupCommitWritesQueuedMovesInOneCommit) {
  std::vector<MatchId> matches;
  for (int t = 0; t < 4; ++t) {
    store().create_table(table("g" + std::to_string(t)));
    matches.push_back(start_match("g" + std::to_string(t)));
  }
  std::vector<std::promise<std::exception_ptr>> results(20);
  {
    GroupCommitter committer(store());
    Gate gate;
    committer.submit(gate.job(), nullptr);
    for (int i = 0; i < 20; ++i) {
      committer.submit_move(move(matches[static_cast<std::size_t>(i % 4)], 1, i / 4 + 1),
                            [&results, i](std::exception_ptr e) {
                              results[static_cast<std::size_t>(i)].set_value(e);
                            });
    }
    gate.open.set_value();
    for (auto& r : results) EXPECT_EQ(r.get_future().get(), nullptr);
    auto stats = committer.stats();
    EXPECT_EQ(stats.moves, 20u);
    EXPECT_EQ(stats.commits, 1u);
    EXPECT_EQ(stats.largest_batch, 20u);
    EXPECT_EQ(stats.jobs, 1u);
    EXPECT_EQ(stats.failures, 0u);
  }
  for (MatchId m : matches) EXPECT_EQ(store().moves_of_game(m, 1).size(), 5u);
}

TEST_P(StoreContract, GroupCommitGivesABadMoveItsOwnErrorAndCommitsTheRest) {
  store().create_table(table("a"));
  store().create_table(table("b"));
  const MatchId a = start_match("a");
  const MatchId b = start_match("b");
  std::vector<std::promise<std::exception_ptr>> results(4);
  auto done = [&results](int i) {
    return
        [&results, i](std::exception_ptr e) { results[static_cast<std::size_t>(i)].set_value(e); };
  };
  GroupCommitter committer(store());
  Gate gate;
  committer.submit(gate.job(), nullptr);
  committer.submit_move(move(a, 1, 1), done(0));
  committer.submit_move(move(a, 1, 1), done(1));  // replayed ply
  committer.submit_move(move(b, 1, 1), done(2));
  committer.submit_move(move(b, 1, 5), done(3));  // gap
  gate.open.set_value();
  EXPECT_EQ(results[0].get_future().get(), nullptr);
  EXPECT_EQ(code_of(results[1].get_future().get()), StoreErrc::conflict);
  EXPECT_EQ(results[2].get_future().get(), nullptr);
  EXPECT_EQ(code_of(results[3].get_future().get()), StoreErrc::bad_input);
  EXPECT_EQ(store().moves_of_game(a, 1).size(), 1u);
  EXPECT_EQ(store().moves_of_game(b, 1).size(), 1u);
  EXPECT_EQ(committer.stats().failures, 2u);
}

TEST_P(StoreContract, GroupCommitKeepsJobsInOrderWithMoves) {
  store().create_table(table("t"));
  const MatchId id = start_match("t");
  std::promise<std::exception_ptr> last;
  {
    GroupCommitter committer(store());
    committer.submit_move(move(id, 1, 1), nullptr);
    committer.submit([id](Store& s) { s.finish_game(id, 1, "1-0", "record", 5000, std::nullopt); },
                     nullptr);
    // Submitted after the game's end: refused even though it was queued
    // before that end was written.
    committer.submit_move(move(id, 1, 2), [&last](std::exception_ptr e) { last.set_value(e); });
  }
  EXPECT_EQ(code_of(last.get_future().get()), StoreErrc::conflict);
  EXPECT_EQ(store().moves_of_game(id, 1).size(), 1u);
  EXPECT_TRUE(store().find_game(id, 1)->finished);
}

TEST_P(StoreContract, GroupCommitDrainsItsQueueWhenDestroyed) {
  store().create_table(table("t"));
  const MatchId id = start_match("t");
  int acknowledged = 0;
  {
    GroupCommitter committer(store(), 3);  // small batches: several commits
    for (int ply = 1; ply <= 10; ++ply) {
      committer.submit_move(move(id, 1, ply), [&acknowledged](std::exception_ptr e) {
        if (!e) ++acknowledged;  // only the committer thread touches it
      });
    }
  }
  EXPECT_EQ(acknowledged, 10);
  EXPECT_EQ(store().moves_of_game(id, 1).size(), 10u);
}

TEST_P(StoreContract, GroupCommitServesClientsThatWaitForTheirAcks) {
  constexpr int CLIENTS = 6;
  constexpr int PLIES = 12;
  std::vector<MatchId> matches;
  for (int t = 0; t < CLIENTS; ++t) {
    store().create_table(table("c" + std::to_string(t)));
    matches.push_back(start_match("c" + std::to_string(t)));
  }
  GroupCommitter committer(store());
  std::vector<std::thread> clients;
  std::vector<int> failures(CLIENTS, 0);
  for (int c = 0; c < CLIENTS; ++c) {
    clients.emplace_back([&, c] {
      for (int ply = 1; ply <= PLIES; ++ply) {
        std::promise<std::exception_ptr> ack;
        committer.submit_move(move(matches[static_cast<std::size_t>(c)], 1, ply),
                              [&ack](std::exception_ptr e) { ack.set_value(e); });
        if (ack.get_future().get()) ++failures[static_cast<std::size_t>(c)];
      }
    });
  }
  for (auto& t : clients) t.join();
  for (int f : failures) EXPECT_EQ(f, 0);
  for (MatchId m : matches) EXPECT_EQ(store().moves_of_game(m, 1).size(), std::size_t{PLIES});
  EXPECT_EQ(committer.stats().moves, std::uint64_t{CLIENTS * PLIES});
}

}  // namespace
}  // namespace ft::store::test
