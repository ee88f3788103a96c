// Contract: puzzle ratings and attempts (migration 016, docs/protocol.md
// 2.21) on every backend: a first attempt is kept with the player's and the
// puzzle's new ratings in one transaction; a second attempt at the same
// puzzle writes nothing; the puzzle pool is apart from the game ratings;
// attempts are listed per variant, newest first.
#include <string>
#include <vector>

#include "store_fixture.h"

namespace ft::store::test {
namespace {

class PuzzleRatings : public StoreContract {
 protected:
  static PuzzleAttempt attempt(PlayerId player, const std::string& puzzle, bool solved, Millis at,
                               double before, double after) {
    return PuzzleAttempt{player, puzzle, "classic", solved, at, before, after};
  }
  static Rating player_rating(PlayerId player, double value, Millis at, int attempts) {
    return Rating{player, "classic", value, 300.0, 0.06, at, attempts};
  }
  static PuzzleScore score(const std::string& puzzle, double value, Millis at, int attempts,
                           int solved) {
    return PuzzleScore{puzzle, "classic", value, 280.0, 0.06, at, attempts, solved};
  }
};

TEST_P(PuzzleRatings, AFirstAttemptKeepsBothRatings) {
  Player ann = store().create_player("ann", "Ann", 1000);
  EXPECT_EQ(store().find_puzzle_rating(ann.id, "classic"), std::nullopt);
  EXPECT_EQ(store().find_puzzle_score("abc"), std::nullopt);
  EXPECT_EQ(store().find_puzzle_attempt(ann.id, "abc"), std::nullopt);

  const PuzzleAttempt a = attempt(ann.id, "abc", true, 2000, 1500.0, 1690.5);
  EXPECT_TRUE(store().record_puzzle_attempt(a, player_rating(ann.id, 1690.5, 2000, 1),
                                            score("abc", 1400.25, 2000, 1, 1)));
  EXPECT_EQ(store().find_puzzle_attempt(ann.id, "abc"), a);
  EXPECT_EQ(store().find_puzzle_rating(ann.id, "classic"), player_rating(ann.id, 1690.5, 2000, 1));
  EXPECT_EQ(store().find_puzzle_score("abc"), score("abc", 1400.25, 2000, 1, 1));
  // A pool of its own: the game rating is untouched, and other variants too.
  EXPECT_EQ(store().find_rating(ann.id, "classic"), std::nullopt);
  EXPECT_EQ(store().find_puzzle_rating(ann.id, "popout"), std::nullopt);
}

TEST_P(PuzzleRatings, ASecondAttemptWritesNothing) {
  Player ann = store().create_player("ann", "Ann", 1000);
  const PuzzleAttempt first = attempt(ann.id, "abc", false, 2000, 1500.0, 1320.0);
  ASSERT_TRUE(store().record_puzzle_attempt(first, player_rating(ann.id, 1320.0, 2000, 1),
                                            score("abc", 1610.0, 2000, 1, 0)));
  EXPECT_FALSE(store().record_puzzle_attempt(attempt(ann.id, "abc", true, 3000, 1320.0, 1400.0),
                                             player_rating(ann.id, 1400.0, 3000, 2),
                                             score("abc", 1550.0, 3000, 2, 1)));
  EXPECT_EQ(store().find_puzzle_attempt(ann.id, "abc"), first);
  EXPECT_EQ(store().find_puzzle_rating(ann.id, "classic"), player_rating(ann.id, 1320.0, 2000, 1));
  EXPECT_EQ(store().find_puzzle_score("abc"), score("abc", 1610.0, 2000, 1, 0));

  // Another player's attempt at the same puzzle moves the puzzle again.
  Player bob = store().create_player("bob", "Bob", 1000);
  EXPECT_TRUE(store().record_puzzle_attempt(attempt(bob.id, "abc", true, 4000, 1500.0, 1700.0),
                                            player_rating(bob.id, 1700.0, 4000, 1),
                                            score("abc", 1500.0, 4000, 2, 1)));
  EXPECT_EQ(store().find_puzzle_score("abc"), score("abc", 1500.0, 4000, 2, 1));
  EXPECT_EQ(store().puzzle_scores_of("classic"),
            (std::vector<PuzzleScore>{score("abc", 1500.0, 4000, 2, 1)}));
  EXPECT_TRUE(store().puzzle_scores_of("popout").empty());
  EXPECT_EQ(store().find_puzzle_rating(ann.id, "classic")->rating, 1320.0);
}

TEST_P(PuzzleRatings, AttemptsAreListedPerVariantNewestFirst) {
  Player ann = store().create_player("ann", "Ann", 1000);
  double rating = 1500.0;
  for (int i = 0; i < 3; ++i) {
    const std::string id = "p" + std::to_string(i);
    ASSERT_TRUE(store().record_puzzle_attempt(
        attempt(ann.id, id, i % 2 == 0, 2000 + i, rating, rating + 10),
        player_rating(ann.id, rating + 10, 2000 + i, i + 1), score(id, 1500.0, 2000 + i, 1, 1)));
    rating += 10;
  }
  PuzzleAttempt other{ann.id, "q", "popout", true, 5000, 1500.0, 1600.0};
  ASSERT_TRUE(
      store().record_puzzle_attempt(other, Rating{ann.id, "popout", 1600.0, 300, 0.06, 5000, 1},
                                    PuzzleScore{"q", "popout", 1400.0, 300, 0.06, 5000, 1, 1}));
  auto list = store().puzzle_attempts_of(ann.id, "classic", 10);
  ASSERT_EQ(list.size(), 3U);
  EXPECT_EQ(list[0].puzzle, "p2");
  EXPECT_EQ(list[2].puzzle, "p0");
  EXPECT_TRUE(list[0].solved);
  EXPECT_FALSE(list[1].solved);
  EXPECT_EQ(store().puzzle_attempts_of(ann.id, "classic", 2).size(), 2U);
  ASSERT_EQ(store().puzzle_attempts_of(ann.id, "popout", 10).size(), 1U);
  EXPECT_EQ(store().puzzle_attempts_of(ann.id, "popout", 10)[0], other);
}

TEST_P(PuzzleRatings, BadInputIsRefused) {
  Player ann = store().create_player("ann", "Ann", 1000);
  const PuzzleAttempt a = attempt(ann.id, "abc", true, 2000, 1500.0, 1600.0);
  EXPECT_STORE_ERROR(store().record_puzzle_attempt(attempt(999, "abc", true, 2000, 1500, 1600),
                                                   player_rating(999, 1600, 2000, 1),
                                                   score("abc", 1400, 2000, 1, 1)),
                     StoreErrc::not_found);
  EXPECT_STORE_ERROR(store().record_puzzle_attempt(a, player_rating(ann.id + 1, 1600, 2000, 1),
                                                   score("abc", 1400, 2000, 1, 1)),
                     StoreErrc::bad_input);
  EXPECT_STORE_ERROR(store().record_puzzle_attempt(a, player_rating(ann.id, 1600, 2000, 1),
                                                   score("other", 1400, 2000, 1, 1)),
                     StoreErrc::bad_input);
  EXPECT_EQ(store().find_puzzle_attempt(ann.id, "abc"), std::nullopt);
  EXPECT_EQ(store().find_puzzle_score("abc"), std::nullopt);
}

INSTANTIATE_TEST_SUITE_P(Backends, PuzzleRatings, ::testing::ValuesIn(backends()),
                         [](const ::testing::TestParamInfo<std::string>& param) {
                           return param.param;
                         });

}  // namespace
}  // namespace ft::store::test
