// Contract: the analysis queue of migration 013 on every backend
// (store_fixture.h): jobs come out by priority, then age; a job survives a
// reopen; a claim whose lease ran out is taken again and the first claim's
// completion is refused, so a result is stored once; concurrent claimers
// never take one job twice; the seats' accuracy is kept with the analysis
// and summed per variant for a player.
#include <algorithm>
#include <atomic>
#include <map>
#include <mutex>
#include <thread>

#include "store_fixture.h"

namespace ft::store::test {
namespace {

namespace prio = analysis_priority;
constexpr Millis LEASE = 30000;

StoredAnalysis result(const AnalysisJob& job, Millis at, std::vector<SeatAccuracy> seats = {}) {
  return StoredAnalysis{job.match_id, job.game_number, 1, R"({"positions":[]})",
                        at,           std::move(seats)};
}

TEST_P(StoreContract, AnalysisJobsComeOutByPriorityThenAge) {
  store().create_table(table("t"));
  const MatchId m = start_match("t", 4);
  ASSERT_TRUE(store().queue_analysis(m, 1, prio::backlog, 100, 1));
  ASSERT_TRUE(store().queue_analysis(m, 2, prio::casual, 200, 1));
  ASSERT_TRUE(store().queue_analysis(m, 3, prio::rated, 300, 1));
  ASSERT_TRUE(store().queue_analysis(m, 4, prio::casual, 150, 1));
  // A person waits on game 1's page: it goes first.
  auto raised = store().queue_analysis(m, 1, prio::waiting, 400, 1);
  ASSERT_TRUE(raised);
  EXPECT_EQ(raised->priority, prio::waiting);
  EXPECT_EQ(raised->queued_ms, 100);  // its age stays
  EXPECT_EQ(raised->table_id, "t");
  // Asking with a lower priority never lowers it.
  EXPECT_EQ(store().queue_analysis(m, 3, prio::backlog, 500, 1)->priority, prio::rated);
  EXPECT_EQ(store().analysis_jobs_ahead(*store().find_analysis_job(m, 2)), 3);  // 1, 3, 4

  std::vector<int> order;
  while (auto job = store().claim_analysis_job("w", 1000, LEASE, 5)) {
    EXPECT_EQ(job->state, AnalysisJobState::running);
    EXPECT_EQ(job->owner, "w");
    EXPECT_EQ(job->lease_until_ms, 1000 + LEASE);
    EXPECT_EQ(job->attempts, 1);
    order.push_back(job->game_number);
  }
  EXPECT_EQ(order, (std::vector<int>{1, 3, 4, 2}));
  EXPECT_STORE_ERROR(store().queue_analysis(m, 9, prio::casual, 1, 1), StoreErrc::not_found);
  EXPECT_STORE_ERROR(store().claim_analysis_job("", 1, LEASE, 5), StoreErrc::bad_input);
  EXPECT_STORE_ERROR(store().claim_analysis_job("w", 1, 0, 5), StoreErrc::bad_input);
}

TEST_P(StoreContract, AnAnalysisJobSurvivesAReopenAndIsStoredOnce) {
  store().create_table(table("t"));
  const MatchId m = start_match("t", 1);
  ASSERT_TRUE(store().queue_analysis(m, 1, prio::rated, 100, 1));
  reopen();
  auto job = store().claim_analysis_job("w", 1000, LEASE, 5);
  ASSERT_TRUE(job);
  EXPECT_TRUE(store().renew_analysis_job(m, 1, job->claim, 2000, LEASE));
  EXPECT_EQ(store().find_analysis_job(m, 1)->lease_until_ms, 2000 + LEASE);
  EXPECT_TRUE(store().complete_analysis_job(result(*job, 3000, {{0, 4, 3, 1}}), job->claim));
  EXPECT_EQ(store().find_analysis_job(m, 1)->state, AnalysisJobState::done);
  // Done: neither claimed again nor completed twice, and asking again
  // queues nothing while the stored analysis is of the format asked for.
  EXPECT_EQ(store().claim_analysis_job("w", 99999999, LEASE, 5), std::nullopt);
  EXPECT_FALSE(store().complete_analysis_job(result(*job, 4000), job->claim));
  EXPECT_FALSE(store().renew_analysis_job(m, 1, job->claim, 4000, LEASE));
  EXPECT_EQ(store().queue_analysis(m, 1, prio::waiting, 5000, 1), std::nullopt);
  const auto stored = store().find_analysis(m, 1);
  ASSERT_TRUE(stored);
  EXPECT_EQ(stored->computed_ms, 3000);
  EXPECT_EQ(stored->seats, (std::vector<SeatAccuracy>{{0, 4, 3, 1}}));
  // A newer format is wanted: the done job is queued again.
  auto again = store().queue_analysis(m, 1, prio::waiting, 6000, 2);
  ASSERT_TRUE(again);
  EXPECT_EQ(again->state, AnalysisJobState::queued);
  EXPECT_EQ(again->attempts, 0);
}

TEST_P(StoreContract, AJobWhoseWorkerDiedIsClaimedAgainAfterItsLease) {
  store().create_table(table("t"));
  const MatchId m = start_match("t", 1);
  ASSERT_TRUE(store().queue_analysis(m, 1, prio::rated, 100, 1));
  auto first = store().claim_analysis_job("dead", 1000, LEASE, 3);
  ASSERT_TRUE(first);
  EXPECT_EQ(store().claim_analysis_job("b", 1000 + LEASE - 1, LEASE, 3), std::nullopt);
  auto second = store().claim_analysis_job("b", 1000 + LEASE, LEASE, 3);
  ASSERT_TRUE(second);
  EXPECT_EQ(second->owner, "b");
  EXPECT_EQ(second->attempts, 2);
  EXPECT_NE(second->claim, first->claim);
  // The first worker was only slow: its late result is refused, the
  // second's stored, once.
  EXPECT_FALSE(store().renew_analysis_job(m, 1, first->claim, 1000 + LEASE, LEASE));
  EXPECT_FALSE(store().complete_analysis_job(result(*first, 50000), first->claim));
  EXPECT_EQ(store().find_analysis(m, 1), std::nullopt);
  EXPECT_TRUE(store().complete_analysis_job(result(*second, 60000), second->claim));
  EXPECT_EQ(store().find_analysis(m, 1)->computed_ms, 60000);
}

TEST_P(StoreContract, AJobClaimedTooOftenIsLeftAndAReleasedOneIsClaimedAtOnce) {
  store().create_table(table("t"));
  const MatchId m = start_match("t", 2);
  ASSERT_TRUE(store().queue_analysis(m, 1, prio::rated, 100, 1));
  ASSERT_TRUE(store().claim_analysis_job("a", 1000, LEASE, 2));
  ASSERT_TRUE(store().claim_analysis_job("b", 1000 + LEASE, LEASE, 2));
  // Two claims died on it: a job that kills its workers is not taken a third time.
  EXPECT_EQ(store().claim_analysis_job("c", 1000 + 3 * LEASE, LEASE, 2), std::nullopt);

  ASSERT_TRUE(store().queue_analysis(m, 2, prio::rated, 100, 1));
  auto held = store().claim_analysis_job("a", 1000, LEASE, 5);
  ASSERT_TRUE(held);
  EXPECT_EQ(held->game_number, 2);
  store().release_analysis_job(m, 2, held->claim);  // a worker stopping
  auto next = store().claim_analysis_job("b", 1001, LEASE, 5);
  ASSERT_TRUE(next);
  EXPECT_EQ(next->game_number, 2);
  EXPECT_EQ(next->owner, "b");
}

TEST_P(StoreContract, ConcurrentClaimersNeverTakeOneJobTwice) {
  store().create_table(table("t"));
  constexpr int GAMES = 24;
  const MatchId m = start_match("t", GAMES);
  for (int g = 1; g <= GAMES; ++g) ASSERT_TRUE(store().queue_analysis(m, g, prio::casual, g, 1));
  // Each claimer has its own connection, as a worker process would.
  std::mutex mu;
  std::map<int, int> taken;  // game -> claims
  std::atomic<int> stored{0};
  std::vector<std::thread> workers;
  for (int w = 0; w < 4; ++w) {
    workers.emplace_back([&, w] {
      auto own = open_store(url());
      const std::string name = "w" + std::to_string(w);
      while (auto job = own->claim_analysis_job(name, 1000, LEASE, 5)) {
        {
          std::lock_guard lock(mu);
          ++taken[job->game_number];
        }
        if (own->complete_analysis_job(result(*job, 2000), job->claim)) ++stored;
      }
    });
  }
  for (auto& t : workers) t.join();
  EXPECT_EQ(int(taken.size()), GAMES);
  for (const auto& [game, claims] : taken) EXPECT_EQ(claims, 1) << "game " << game;
  EXPECT_EQ(stored.load(), GAMES);
}

TEST_P(StoreContract, AccuracyIsSummedPerVariantOverAPlayersFinishedMatches) {
  Player a = store().create_player("ta", "Ann", 1);
  Player b = store().create_player("tb", "Bob", 1);
  store().create_table(table("t"));
  const MatchId m = start_match("t", 2);
  for (int g = 1; g <= 2; ++g) {
    ASSERT_TRUE(store().queue_analysis(m, g, prio::rated, 100, 1));
    auto job = store().claim_analysis_job("w", 1000, LEASE, 5);
    ASSERT_TRUE(job);
    ASSERT_TRUE(store().complete_analysis_job(result(*job, 2000, {{0, 10, 9, 1}, {1, 6, 3, g}}),
                                              job->claim));
  }
  // Before the match finishes its games belong to nobody's profile.
  EXPECT_TRUE(store().accuracy_of(a.id).empty());
  MatchFinish f;
  f.result = "1:1";
  f.snapshot = MatchSnapshot{"{}", {0, 0}, 3000};
  f.finished_ms = 3000;
  f.players = {MatchPlayerResult{a.id, 0, 1, 1500, 1500},
               MatchPlayerResult{b.id, 1, 1, 1500, 1500}};
  store().finish_match(m, f);
  EXPECT_EQ(store().accuracy_of(a.id), (std::vector<VariantAccuracy>{{"classic", 2, 20, 18, 2}}));
  EXPECT_EQ(store().accuracy_of(b.id), (std::vector<VariantAccuracy>{{"classic", 2, 12, 6, 3}}));
}

}  // namespace
}  // namespace ft::store::test
