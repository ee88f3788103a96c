// Contract: challenges (migration 015, docs/bot-api.md "Challenges") on
// every backend: one is made between two players, within the challenger's
// bound of open ones; only the challenged accepts or declines and only the
// challenger cancels; only an open one not expired changes, once (a second
// answer finds it answered); expiry marks each once and returns it once.
#include <string>
#include <thread>
#include <vector>

#include "store/sql_store.h"
#include "store_fixture.h"

namespace ft::store::test {
namespace {

using A = Store::ChallengeAnswer;

class Challenges : public StoreContract {
 protected:
  void SetUp() override {
    StoreContract::SetUp();
    ann = store().create_player("ann-cookie", "Ann", 1000).id;
    ben = store().create_player("ben-cookie", "Ben", 1000).id;
    cat = store().create_player("cat-cookie", "Cat", 1000).id;
  }
  Challenge send(PlayerId from, PlayerId to, Millis now = 2000, Millis until = 122000) {
    auto c = store().add_challenge(from, to, R"({"game": "four"})", now, until, 5);
    EXPECT_TRUE(c.has_value());
    return c.value_or(Challenge{});
  }
  PlayerId ann = 0, ben = 0, cat = 0;
};

TEST_P(Challenges, OneIsMadeBetweenTwoPlayersWithinTheBound) {
  const Challenge c = send(ann, ben);
  EXPECT_GT(c.id, 0);
  EXPECT_EQ(c.challenger, ann);
  EXPECT_EQ(c.challenged, ben);
  EXPECT_EQ(c.status, ChallengeStatus::open);
  EXPECT_EQ(c.created_ms, 2000);
  EXPECT_EQ(c.expires_ms, 122000);
  EXPECT_EQ(store().find_challenge(c.id), c);
  EXPECT_EQ(store().find_challenge(c.id + 100), std::nullopt);
  EXPECT_STORE_ERROR(store().add_challenge(ann, ann, "{}", 2000, 3000, 5), StoreErrc::bad_input);
  EXPECT_STORE_ERROR(store().add_challenge(ann, 9999, "{}", 2000, 3000, 5), StoreErrc::not_found);
  EXPECT_STORE_ERROR(store().add_challenge(ann, ben, "", 2000, 3000, 5), StoreErrc::bad_input);
  for (int i = 0; i < 4; ++i) send(ann, cat);
  EXPECT_EQ(store().add_challenge(ann, ben, "{}", 2000, 122000, 5), std::nullopt);
  // Open ones of a player, sent and received, oldest first.
  const auto bens = store().open_challenges_of(ben, 2000);
  ASSERT_EQ(bens.size(), 1U);
  EXPECT_EQ(bens[0].id, c.id);
  EXPECT_EQ(store().open_challenges_of(ann, 2000).size(), 5U);
  EXPECT_EQ(store().open_challenges_of(cat, 2000).size(), 4U);
  // Expired ones are not, and no longer count against the bound.
  EXPECT_TRUE(store().open_challenges_of(ben, 122000).empty());
  EXPECT_TRUE(store().add_challenge(ann, ben, "{}", 122000, 242000, 5).has_value());
  EXPECT_EQ(store().open_challenges_of(ben, 122000).size(), 1U);
}

TEST_P(Challenges, OnlyTheRightSideAnswersAndOnlyOnce) {
  const Challenge c = send(ann, ben);
  EXPECT_EQ(store().answer_challenge(c.id, ann, ChallengeStatus::accepted, "", "t1", 3000).answer,
            A::not_yours);
  EXPECT_EQ(store().answer_challenge(c.id, ben, ChallengeStatus::canceled, "", "", 3000).answer,
            A::not_yours);
  EXPECT_EQ(store().answer_challenge(c.id, cat, ChallengeStatus::accepted, "", "t1", 3000).answer,
            A::not_found);
  EXPECT_EQ(store().answer_challenge(c.id + 9, ben, ChallengeStatus::accepted, "", "", 3000).answer,
            A::not_found);
  const auto done = store().answer_challenge(c.id, ben, ChallengeStatus::accepted, "", "t1", 3000);
  ASSERT_EQ(done.answer, A::done);
  EXPECT_EQ(done.challenge->status, ChallengeStatus::accepted);
  EXPECT_EQ(done.challenge->table, "t1");
  EXPECT_EQ(done.challenge->answered_ms, 3000);
  const auto again = store().answer_challenge(c.id, ben, ChallengeStatus::accepted, "", "t2", 3100);
  EXPECT_EQ(again.answer, A::not_open);
  EXPECT_EQ(again.challenge->table, "t1");
  EXPECT_EQ(store().answer_challenge(c.id, ann, ChallengeStatus::canceled, "", "", 3200).answer,
            A::not_open);

  const Challenge d = send(ann, ben);
  const auto declined =
      store().answer_challenge(d.id, ben, ChallengeStatus::declined, "later", "", 4000);
  ASSERT_EQ(declined.answer, A::done);
  EXPECT_EQ(declined.challenge->reason, "later");
  EXPECT_EQ(store().find_challenge(d.id)->status, ChallengeStatus::declined);
  EXPECT_STORE_ERROR(store().answer_challenge(d.id, ben, ChallengeStatus::open, "", "", 4000),
                     StoreErrc::bad_input);
}

TEST_P(Challenges, TwoAnswersAtOnceLeaveOne) {
  const Challenge c = send(ann, ben);
  std::vector<A> answers(2);
  std::thread one([&] {
    answers[0] =
        store().answer_challenge(c.id, ben, ChallengeStatus::accepted, "", "t1", 3000).answer;
  });
  std::thread two([&] {
    answers[1] =
        store().answer_challenge(c.id, ben, ChallengeStatus::declined, "generic", "", 3000).answer;
  });
  one.join();
  two.join();
  EXPECT_EQ((answers[0] == A::done) + (answers[1] == A::done), 1);
  EXPECT_EQ((answers[0] == A::not_open) + (answers[1] == A::not_open), 1);
}

TEST_P(Challenges, ExpiryMarksEachOnceAndAnAnswerFindsItSo) {
  const Challenge early = send(ann, ben, 2000, 10000);
  const Challenge late = send(ann, cat, 2000, 20000);
  EXPECT_FALSE(store().challenges_due(9999));
  EXPECT_TRUE(store().expire_challenges(9999, 10).empty());
  EXPECT_TRUE(store().challenges_due(10000));
  const auto expired = store().expire_challenges(15000, 10);
  ASSERT_EQ(expired.size(), 1U);
  EXPECT_EQ(expired[0].id, early.id);
  EXPECT_EQ(expired[0].status, ChallengeStatus::expired);
  EXPECT_EQ(expired[0].answered_ms, 10000);
  EXPECT_TRUE(store().expire_challenges(15000, 10).empty());  // once
  EXPECT_FALSE(store().challenges_due(15000));
  // An answer after its time, before any sweep: expired now, refused.
  const auto answered =
      store().answer_challenge(late.id, cat, ChallengeStatus::accepted, "", "t1", 20000);
  EXPECT_EQ(answered.answer, A::not_open);
  EXPECT_EQ(answered.challenge->status, ChallengeStatus::expired);
  EXPECT_TRUE(store().expire_challenges(30000, 10).empty());
}

INSTANTIATE_TEST_SUITE_P(Backends, Challenges, ::testing::ValuesIn(backends()),
                         [](const ::testing::TestParamInfo<std::string>& param) {
                           return param.param;
                         });

}  // namespace
}  // namespace ft::store::test
