// Contract: puzzle ratings and attempts (migrations 016 and 018,
// docs/protocol.md 2.21, 2.22) on every backend: a first attempt is rated
// from the ratings as they stand and kept with the player's and the
// puzzle's new ratings in one transaction; a second attempt at the same
// puzzle writes nothing; the puzzle pool is apart from the game ratings;
// attempts are listed per variant and paged over all of them, newest first;
// and attempts at once on several nodes lose no rating and rate a player's
// first attempt once.
#include <atomic>
#include <chrono>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <tuple>
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
  // Keeps the attempt with these ratings whatever the store holds.
  static bool record(Store& st, const PuzzleAttempt& a, const Rating& r, const PuzzleScore& s) {
    return st
        .rate_puzzle_attempt(a.player, a.puzzle, a.variant,
                             [&](const auto&, const auto&) {
                               return PuzzleRated{a, r, s};
                             })
        .has_value();
  }
  bool record(const PuzzleAttempt& a, const Rating& r, const PuzzleScore& s) {
    return record(store(), a, r, s);
  }
};

TEST_P(PuzzleRatings, AFirstAttemptKeepsBothRatings) {
  Player ann = store().create_player("ann", "Ann", 1000);
  EXPECT_EQ(store().find_puzzle_rating(ann.id, "classic"), std::nullopt);
  EXPECT_EQ(store().find_puzzle_score("abc"), std::nullopt);
  EXPECT_EQ(store().find_puzzle_attempt(ann.id, "abc"), std::nullopt);

  const PuzzleAttempt a = attempt(ann.id, "abc", true, 2000, 1500.0, 1690.5);
  EXPECT_TRUE(record(a, player_rating(ann.id, 1690.5, 2000, 1), score("abc", 1400.25, 2000, 1, 1)));
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
  ASSERT_TRUE(
      record(first, player_rating(ann.id, 1320.0, 2000, 1), score("abc", 1610.0, 2000, 1, 0)));
  EXPECT_FALSE(record(attempt(ann.id, "abc", true, 3000, 1320.0, 1400.0),
                      player_rating(ann.id, 1400.0, 3000, 2), score("abc", 1550.0, 3000, 2, 1)));
  EXPECT_EQ(store().find_puzzle_attempt(ann.id, "abc"), first);
  EXPECT_EQ(store().find_puzzle_rating(ann.id, "classic"), player_rating(ann.id, 1320.0, 2000, 1));
  EXPECT_EQ(store().find_puzzle_score("abc"), score("abc", 1610.0, 2000, 1, 0));

  // Another player's attempt at the same puzzle moves the puzzle again.
  Player bob = store().create_player("bob", "Bob", 1000);
  EXPECT_TRUE(record(attempt(bob.id, "abc", true, 4000, 1500.0, 1700.0),
                     player_rating(bob.id, 1700.0, 4000, 1), score("abc", 1500.0, 4000, 2, 1)));
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
    ASSERT_TRUE(record(attempt(ann.id, id, i % 2 == 0, 2000 + i, rating, rating + 10),
                       player_rating(ann.id, rating + 10, 2000 + i, i + 1),
                       score(id, 1500.0, 2000 + i, 1, 1)));
    rating += 10;
  }
  PuzzleAttempt other{ann.id, "q", "popout", true, 5000, 1500.0, 1600.0};
  ASSERT_TRUE(record(other, Rating{ann.id, "popout", 1600.0, 300, 0.06, 5000, 1},
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
  EXPECT_STORE_ERROR(record(attempt(999, "abc", true, 2000, 1500, 1600),
                            player_rating(999, 1600, 2000, 1), score("abc", 1400, 2000, 1, 1)),
                     StoreErrc::not_found);
  EXPECT_STORE_ERROR(
      record(a, player_rating(ann.id + 1, 1600, 2000, 1), score("abc", 1400, 2000, 1, 1)),
      StoreErrc::bad_input);
  EXPECT_STORE_ERROR(
      record(a, player_rating(ann.id, 1600, 2000, 1), score("other", 1400, 2000, 1, 1)),
      StoreErrc::bad_input);
  EXPECT_EQ(store().find_puzzle_attempt(ann.id, "abc"), std::nullopt);
  EXPECT_EQ(store().find_puzzle_score("abc"), std::nullopt);
}

TEST_P(PuzzleRatings, RatingReadsTheRatingsAsTheyStand) {
  Player ann = store().create_player("ann", "Ann", 1000);
  Player bob = store().create_player("bob", "Bob", 1000);
  std::optional<Rating> seen_mine;
  std::optional<PuzzleScore> seen_theirs;
  auto rate = [&](PlayerId who, const std::string& puzzle, Millis at) {
    return [&, who, puzzle, at](const std::optional<Rating>& mine,
                                const std::optional<PuzzleScore>& theirs) {
      seen_mine = mine;
      seen_theirs = theirs;
      const int n = mine ? mine->games : 0;
      const int m = theirs ? theirs->attempts : 0;
      return PuzzleRated{attempt(who, puzzle, true, at, 1500.0 + n, 1501.0 + n),
                         Rating{who, "classic", 1501.0 + n, 300, 0.06, at, n + 1},
                         score(puzzle, 1400.0 - m, at, m + 1, m + 1)};
    };
  };
  auto first = store().rate_puzzle_attempt(ann.id, "abc", "classic", rate(ann.id, "abc", 2000));
  ASSERT_TRUE(first);
  EXPECT_EQ(seen_mine, std::nullopt);  // no row yet reads as none, not as zeros
  EXPECT_EQ(seen_theirs, std::nullopt);
  EXPECT_EQ(first->puzzle, score("abc", 1400.0, 2000, 1, 1));
  // Bob sees the puzzle as Ann left it; Ann, at another puzzle, her rating.
  ASSERT_TRUE(store().rate_puzzle_attempt(bob.id, "abc", "classic", rate(bob.id, "abc", 3000)));
  EXPECT_EQ(seen_mine, std::nullopt);
  EXPECT_EQ(seen_theirs, score("abc", 1400.0, 2000, 1, 1));
  ASSERT_TRUE(store().rate_puzzle_attempt(ann.id, "xyz", "classic", rate(ann.id, "xyz", 4000)));
  EXPECT_EQ(seen_mine, (Rating{ann.id, "classic", 1501.0, 300, 0.06, 2000, 1}));
  EXPECT_EQ(seen_theirs, std::nullopt);
  EXPECT_EQ(store().find_puzzle_score("abc"), score("abc", 1399.0, 3000, 2, 2));
  EXPECT_EQ(store().puzzle_ratings_of(ann.id),
            (std::vector<Rating>{Rating{ann.id, "classic", 1502.0, 300, 0.06, 4000, 2}}));
  // Attempted already: `rate` is not called and nothing changes.
  seen_theirs.reset();
  EXPECT_EQ(store().rate_puzzle_attempt(ann.id, "abc", "classic", rate(ann.id, "abc", 5000)),
            std::nullopt);
  EXPECT_EQ(seen_theirs, std::nullopt);
  EXPECT_EQ(store().find_puzzle_score("abc"), score("abc", 1399.0, 3000, 2, 2));
}

TEST_P(PuzzleRatings, AttemptsArePagedOverEveryVariantNewestFirst) {
  Player ann = store().create_player("ann", "Ann", 1000);
  EXPECT_TRUE(store().puzzle_attempts_page(ann.id, 10, {}).empty());
  EXPECT_TRUE(store().puzzle_ratings_of(ann.id).empty());
  // Two attempts in the same millisecond: the cursor's puzzle id orders them.
  for (const auto& [id, variant, at] :
       std::vector<std::tuple<std::string, std::string, Millis>>{{"a1", "classic", 2000},
                                                                 {"b2", "popout", 3000},
                                                                 {"c3", "classic", 3000},
                                                                 {"d4", "small", 4000}}) {
    PuzzleAttempt a{ann.id, id, variant, true, at, 1500.0, 1600.0};
    ASSERT_TRUE(record(a, Rating{ann.id, variant, 1600.0, 300, 0.06, at, 1},
                       PuzzleScore{id, variant, 1400.0, 300, 0.06, at, 1, 1}));
  }
  auto ids = [](const std::vector<PuzzleAttempt>& page) {
    std::vector<std::string> out;
    for (const auto& a : page) out.push_back(a.puzzle);
    return out;
  };
  EXPECT_EQ(ids(store().puzzle_attempts_page(ann.id, 10, {})),
            (std::vector<std::string>{"d4", "c3", "b2", "a1"}));
  auto first = store().puzzle_attempts_page(ann.id, 2, {});
  EXPECT_EQ(ids(first), (std::vector<std::string>{"d4", "c3"}));
  const PuzzleCursor after{first.back().at_ms, first.back().puzzle};
  EXPECT_EQ(ids(store().puzzle_attempts_page(ann.id, 2, after)),
            (std::vector<std::string>{"b2", "a1"}));
  EXPECT_TRUE(store().puzzle_attempts_page(ann.id, 2, PuzzleCursor{2000, "a1"}).empty());
  std::vector<std::string> variants;
  for (const Rating& r : store().puzzle_ratings_of(ann.id)) variants.push_back(r.variant);
  EXPECT_EQ(variants, (std::vector<std::string>{"classic", "popout", "small"}));
  Player bob = store().create_player("bob", "Bob", 1000);
  EXPECT_TRUE(store().puzzle_attempts_page(bob.id, 10, {}).empty());
}

// Attempts rated at once on several nodes (each its own store on the same
// database): `rate` adds one to what it reads and dawdles, so that a read
// outside the write's lock would be overtaken and an update lost.
constexpr int NODES = 4;
constexpr int PER_NODE = 4;

PuzzleRated plus_one(PlayerId who, const std::string& puzzle, const std::optional<Rating>& mine,
                     const std::optional<PuzzleScore>& theirs) {
  std::this_thread::sleep_for(std::chrono::milliseconds(5));
  const int n = mine ? mine->games : 0;
  const int m = theirs ? theirs->attempts : 0;
  const double r = mine ? mine->rating : 1500.0;
  const double p = theirs ? theirs->rating : 1000.0;
  return PuzzleRated{PuzzleAttempt{who, puzzle, "classic", true, 2000, r, r + 1},
                     Rating{who, "classic", r + 1, 300, 0.06, 2000, n + 1},
                     PuzzleScore{puzzle, "classic", p + 1, 300, 0.06, 2000, m + 1, m + 1}};
}

// Runs `attempt(node store, thread number)` on NODES x PER_NODE threads.
void at_once(const std::string& url, const std::function<void(Store&, int)>& attempt) {
  std::vector<std::unique_ptr<Store>> nodes;
  for (int i = 0; i < NODES; ++i) nodes.push_back(open_store(url));
  std::vector<std::thread> threads;
  for (int i = 0; i < NODES * PER_NODE; ++i)
    threads.emplace_back([&, i] { attempt(*nodes[std::size_t(i % NODES)], i); });
  for (auto& t : threads) t.join();
}

TEST_P(PuzzleRatings, AttemptsAtOnceByManyPlayersAreAllCounted) {
  std::vector<PlayerId> players;
  for (int i = 0; i < NODES * PER_NODE; ++i)
    players.push_back(
        store().create_player("t" + std::to_string(i), "P" + std::to_string(i), 1).id);
  std::atomic<int> rated = 0;
  at_once(url(), [&](Store& st, int i) {
    const PlayerId who = players[std::size_t(i)];
    if (st.rate_puzzle_attempt(who, "abc", "classic", [&](const auto& mine, const auto& theirs) {
          return plus_one(who, "abc", mine, theirs);
        }))
      ++rated;
  });
  EXPECT_EQ(rated.load(), NODES * PER_NODE);
  const auto s = store().find_puzzle_score("abc");
  ASSERT_TRUE(s);
  EXPECT_EQ(s->attempts, NODES * PER_NODE);
  EXPECT_EQ(s->rating, 1000.0 + NODES * PER_NODE);
}

TEST_P(PuzzleRatings, OnePlayersAttemptsAtOnceAreEachRatedOnce) {
  const PlayerId ann = store().create_player("ann", "Ann", 1000).id;
  // Every thread tries one of PER_NODE puzzles: each puzzle NODES times at once.
  std::mutex mu;
  std::vector<int> rated_per_puzzle(PER_NODE, 0);
  at_once(url(), [&](Store& st, int i) {
    const std::string puzzle = "p" + std::to_string(i % PER_NODE);
    if (st.rate_puzzle_attempt(ann, puzzle, "classic", [&](const auto& mine, const auto& theirs) {
          return plus_one(ann, puzzle, mine, theirs);
        })) {
      std::lock_guard lock(mu);
      ++rated_per_puzzle[std::size_t(i % PER_NODE)];
    }
  });
  EXPECT_EQ(rated_per_puzzle, std::vector<int>(PER_NODE, 1));
  const auto mine = store().find_puzzle_rating(ann, "classic");
  ASSERT_TRUE(mine);
  EXPECT_EQ(mine->games, PER_NODE);
  EXPECT_EQ(mine->rating, 1500.0 + PER_NODE);
  for (int i = 0; i < PER_NODE; ++i)
    EXPECT_EQ(store().find_puzzle_score("p" + std::to_string(i))->attempts, 1);
}

INSTANTIATE_TEST_SUITE_P(Backends, PuzzleRatings, ::testing::ValuesIn(backends()),
                         [](const ::testing::TestParamInfo<std::string>& param) {
                           return param.param;
                         });

}  // namespace
}  // namespace ft::store::test
