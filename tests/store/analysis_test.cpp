// Contract: a game's exact analysis (migration 005) is stored, read back,
// replaced by a newer one, and refused for a game that does not exist.
#include "store_fixture.h"

namespace ft::store::test {
namespace {

TEST_P(StoreContract, AnalysisRoundTripsAndIsReplaced) {
  store().create_table(table("t"));
  const MatchId id = start_match("t", 2);
  EXPECT_EQ(store().find_analysis(id, 1), std::nullopt);

  StoredAnalysis a{id, 1, 1, R"({"plies":[{"ply":0,"scores":[0,1,-2]}]})", 5000, {}};
  store().save_analysis(a);
  EXPECT_EQ(store().find_analysis(id, 1), a);
  EXPECT_EQ(store().find_analysis(id, 2), std::nullopt);  // per game

  StoredAnalysis newer{id, 1, 2, R"({"plies":[]})", 6000, {}};
  store().save_analysis(newer);
  EXPECT_EQ(store().find_analysis(id, 1), newer);
  reopen();
  EXPECT_EQ(store().find_analysis(id, 1), newer);
}

TEST_P(StoreContract, AnalysisOfAnUnknownGameOrEmptyIsRefused) {
  store().create_table(table("t"));
  const MatchId id = start_match("t", 1);
  EXPECT_STORE_ERROR(store().save_analysis(StoredAnalysis{id, 3, 1, "{}", 1, {}}),
                     StoreErrc::not_found);
  EXPECT_STORE_ERROR(store().save_analysis(StoredAnalysis{id + 9, 1, 1, "{}", 1, {}}),
                     StoreErrc::not_found);
  EXPECT_STORE_ERROR(store().save_analysis(StoredAnalysis{id, 1, 1, "", 1, {}}),
                     StoreErrc::bad_input);
  EXPECT_EQ(store().find_analysis(id, 1), std::nullopt);
}

}  // namespace
}  // namespace ft::store::test
