// The analyser's memo (engine/analysis_memo.h): a position met again is
// answered as it was first, without a search; the same discs on another
// board or variant are another position; the memo keeps its newer half when
// full, and a position still asked for stays.
#include <gtest/gtest.h>

#include "engine/position_analysis.h"
#include "rules/four_game.h"

namespace ft::engine {
namespace {

rules::FourGame game_of(const std::string& key, const std::string& moves) {
  auto game = *rules::FourGame::create(*rules::find_variant(key));
  for (char m : moves) EXPECT_TRUE(game.play(std::string_view(&m, 1)));
  return game;
}

TEST(AnalysisMemo, APositionMetAgainIsAnsweredAsBeforeWithoutASearch) {
  PositionAnalyzer analyzer(std::size_t{16} << 20);
  // Ten discs: past the opening book, a search of some milliseconds.
  const auto game = game_of("classic", "ddcdeegfcb");
  const PositionAnalysis first = analyzer.analyze(game.position(), std::chrono::seconds(60));
  ASSERT_EQ(first.state, AnalysisState::solved);
  ASSERT_GE(first.micros, 1000) << "a position this cheap is not kept: pick a harder one";
  EXPECT_EQ(analyzer.memo().hits(), 0u);

  const PositionAnalysis again = analyzer.analyze(game.position(), std::chrono::seconds(60));
  EXPECT_EQ(analyzer.memo().hits(), 1u);
  ASSERT_EQ(again.state, AnalysisState::solved);
  ASSERT_EQ(again.moves.size(), first.moves.size());
  for (std::size_t i = 0; i < first.moves.size(); ++i) {
    EXPECT_EQ(again.moves[i].move, first.moves[i].move);
    EXPECT_EQ(again.moves[i].score, first.moves[i].score);
  }

  // The same discs in misère: another position (whatever its search finds
  // in a millisecond), not the memo's.
  const auto misere = game_of("misere", "ddcdeegfcb");
  analyzer.analyze(misere.position(), std::chrono::milliseconds(1));
  EXPECT_EQ(analyzer.memo().hits(), 1u);
}

TEST(AnalysisMemo, AnAnalyserWithoutOneSearchesEveryTime) {
  PositionAnalyzer analyzer(std::size_t{16} << 20, nullptr, 0);
  const auto game = game_of("classic", "ddcdeegfcb");
  analyzer.analyze(game.position(), std::chrono::seconds(60));
  analyzer.analyze(game.position(), std::chrono::seconds(60));
  EXPECT_EQ(analyzer.memo().hits(), 0u);
  EXPECT_EQ(analyzer.memo().size(), 0u);
}

TEST(AnalysisMemo, WhenFullTheNewerHalfStaysAndAPositionInUseToo) {
  AnalysisMemo memo(4);
  std::vector<rules::FourGame> games;
  for (const char* moves : {"a", "b", "c", "d", "e", "f"})
    games.push_back(game_of("classic", moves));
  const auto scores = [](int v) { return AnalysisMemo::Scores{{std::int8_t(v)}, false}; };
  memo.keep(games[0].position(), scores(0));
  memo.keep(games[1].position(), scores(1));
  memo.keep(games[2].position(), scores(2));  // 0 and 1 become the older half
  memo.keep(games[3].position(), scores(3));
  ASSERT_TRUE(memo.find(games[0].position()));  // asked for again: carried forward
  memo.keep(games[4].position(), scores(4));
  EXPECT_FALSE(memo.find(games[1].position()));  // two generations ago, not asked for
  const auto zero = memo.find(games[0].position());
  ASSERT_TRUE(zero);
  EXPECT_EQ(zero->scores, std::vector<std::int8_t>{0});
  EXPECT_TRUE(memo.find(games[4].position()));
  EXPECT_LE(memo.size(), 4u);
}

}  // namespace
}  // namespace ft::engine
