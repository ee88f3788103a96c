// GroupCommitter on every backend (store_fixture.h): ordering, batching,
// per-write errors, draining at shutdown.
#include "store/group_commit.h"

#include <future>
#include <thread>

#include "store_fixture.h"

namespace ft::store::test {
namespace {

// Holds the committer's thread inside a job until released, so the writes
// submitted meanwhile are all waiting in the queue together.
// submit_to() returns once the committer runs the gate's job, so the gate
// has a batch of its own and everything submitted after it waits together.
struct Gate {
  std::promise<void> open;
  std::shared_future<void> opened = open.get_future().share();
  std::promise<void> entered;
  GroupCommitter::Job job() {
    auto f = opened;
    return [f, this](Store&) {
      entered.set_value();
      f.wait();
    };
  }
  void submit_to(GroupCommitter& committer) {
    committer.submit(job(), nullptr);
    entered.get_future().wait();
  }
};

// One promise per write, kept by the write's `done` callback.
struct Outcomes {
  explicit Outcomes(std::size_t n) : results(n) {}
  std::vector<std::promise<std::exception_ptr>> results;
  GroupCommitter::Done done(int i) {
    return [this, i](std::exception_ptr e) { results[static_cast<std::size_t>(i)].set_value(e); };
  }
  std::exception_ptr get(int i) { return results[static_cast<std::size_t>(i)].get_future().get(); }
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
    gate.submit_to(committer);
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
    EXPECT_EQ(stats.commits, 2u);  // the gate's batch, then all 20 moves
    EXPECT_EQ(stats.largest_batch, 20u);
    EXPECT_EQ(stats.jobs, 1u);
    EXPECT_EQ(stats.failures, 0u);
  }
  for (MatchId m : matches) EXPECT_EQ(store().moves_of_game(m, 1).size(), 5u);
}

TEST_P(StoreContract, GroupCommitWritesMovesAndOtherWritesInOneTransaction) {
  store().create_table(table("m"));
  const MatchId id = start_match("m");
  Outcomes results(5);
  auto done = [&results](int i) { return results.done(i); };
  GroupCommitter committer(store());
  Gate gate;
  gate.submit_to(committer);
  committer.submit(
      [](Store& s) {
        s.create_table(
            TableRecord{"n", "{}", "classic", true, false, TableStatus::open, {}, 10, 10});
      },
      done(0));
  committer.submit_move(move(id, 1, 1), done(1));
  committer.submit(
      [](Store& s) {
        s.set_seats("n", std::vector<Seat>{{0, std::nullopt, 3}}, 20);
      },
      done(2));
  committer.submit_move(move(id, 1, 2), done(3));
  committer.submit([id](Store& s) { s.finish_game(id, 1, "1-0", "1. d", 30, std::nullopt); },
                   done(4));
  gate.open.set_value();
  for (int i = 0; i < 5; ++i) EXPECT_EQ(results.get(i), nullptr);
  const auto stats = committer.stats();
  EXPECT_EQ(stats.commits, 2u);  // the gate's, then the five writes together
  EXPECT_EQ(stats.largest_batch, 5u);
  EXPECT_EQ(stats.moves, 2u);
  EXPECT_EQ(stats.jobs, 4u);  // gate included
  EXPECT_EQ(store().moves_of_game(id, 1).size(), 2u);
  EXPECT_TRUE(store().find_game(id, 1)->finished);
  ASSERT_TRUE(store().find_table("n").has_value());
  ASSERT_EQ(store().find_table("n")->seats.size(), 1u);
  EXPECT_EQ(store().find_table("n")->seats[0].bot_level, 3);
}

TEST_P(StoreContract, WriteBatchUndoesAFailedWriteWholeAndCommitsTheOthers) {
  store().create_table(table("t"));
  const MatchId id = start_match("t");
  std::vector<Store::Write> writes;
  writes.push_back([id](Store& s) {
    s.append_move(MoveWrite{{id, 1, 1, "d", 0, -1, -1, 100}, {}});
  });
  // Two calls; the second fails: the first must not stay written either.
  writes.push_back([](Store& s) {
    s.create_table(TableRecord{"half", "{}", "classic", true, false, TableStatus::open, {}, 1, 1});
    s.set_seats("nowhere", std::vector<Seat>{{0, 7, 0}}, 2);
  });
  // Catches its failure and goes on: still a failed write.
  writes.push_back([id](Store& s) {
    try {
      s.append_move(MoveWrite{{id, 1, 5, "d", 0, -1, -1, 100}, {}});  // a gap
    } catch (const StoreError&) {
    }
    s.create_table(
        TableRecord{"caught", "{}", "classic", true, false, TableStatus::open, {}, 1, 1});
  });
  // Sees the batch's earlier writes (its own transaction).
  bool saw_move = false;
  writes.push_back([id, &saw_move](Store& s) {
    saw_move = s.moves_of_game(id, 1).size() == 1;
    s.append_move(MoveWrite{{id, 1, 2, "e", 1, -1, -1, 200}, {}});
  });
  const auto errors = store().write_batch(writes);
  ASSERT_EQ(errors.size(), 4u);
  EXPECT_EQ(errors[0], nullptr);
  EXPECT_EQ(code_of(errors[1]), StoreErrc::not_found);
  EXPECT_EQ(code_of(errors[2]), StoreErrc::bad_input);
  EXPECT_EQ(errors[3], nullptr);
  EXPECT_TRUE(saw_move);
  EXPECT_FALSE(store().find_table("half").has_value());
  EXPECT_FALSE(store().find_table("caught").has_value());
  EXPECT_EQ(store().moves_of_game(id, 1).size(), 2u);
}

TEST_P(StoreContract, WriteBatchIsInvisibleToOtherReadersUntilItCommits) {
  Gate gate;
  std::promise<void> inside;
  std::vector<Store::Write> writes;
  writes.push_back([](Store& s) {
    s.create_table(TableRecord{"early", "{}", "classic", true, false, TableStatus::open, {}, 1, 1});
  });
  writes.push_back([&inside, f = gate.opened](Store&) {
    inside.set_value();
    f.wait();
  });
  std::thread writer([&] { store().write_batch(writes); });
  inside.get_future().wait();
  // The first write is done but not committed: a reader does not see it.
  EXPECT_FALSE(store().find_table("early").has_value());
  gate.open.set_value();
  writer.join();
  EXPECT_TRUE(store().find_table("early").has_value());
}

TEST_P(StoreContract, GroupCommitGivesABadMoveItsOwnErrorAndCommitsTheRest) {
  store().create_table(table("a"));
  store().create_table(table("b"));
  const MatchId a = start_match("a");
  const MatchId b = start_match("b");
  Outcomes results(4);
  auto done = [&results](int i) { return results.done(i); };
  GroupCommitter committer(store());
  Gate gate;
  gate.submit_to(committer);
  committer.submit_move(move(a, 1, 1), done(0));
  committer.submit_move(move(a, 1, 1), done(1));  // replayed ply
  committer.submit_move(move(b, 1, 1), done(2));
  committer.submit_move(move(b, 1, 5), done(3));  // gap
  gate.open.set_value();
  EXPECT_EQ(results.get(0), nullptr);
  EXPECT_EQ(code_of(results.get(1)), StoreErrc::conflict);
  EXPECT_EQ(results.get(2), nullptr);
  EXPECT_EQ(code_of(results.get(3)), StoreErrc::bad_input);
  EXPECT_EQ(store().moves_of_game(a, 1).size(), 1u);
  EXPECT_EQ(store().moves_of_game(b, 1).size(), 1u);
  EXPECT_EQ(committer.stats().failures, 2u);
  // Refused writes say nothing about the store.
  EXPECT_TRUE(committer.healthy());
}

TEST_P(StoreContract, GroupCommitIsUnhealthyAfterAStoreFailureUntilABatchGoesThrough) {
  store().create_table(table("t"));
  const MatchId id = start_match("t");
  GroupCommitter committer(store());
  Outcomes results(2);
  committer.submit(
      [](Store&) { throw StoreError(StoreErrc::unavailable, "disk full (simulated)"); },
      results.done(0));
  EXPECT_EQ(code_of(results.get(0)), StoreErrc::unavailable);
  EXPECT_FALSE(committer.healthy());
  committer.submit_move(move(id, 1, 1), results.done(1));
  EXPECT_EQ(results.get(1), nullptr);
  committer.wait_idle();
  EXPECT_TRUE(committer.healthy());
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
