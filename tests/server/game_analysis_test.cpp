// analyse_game (server/analysis/game_analysis.h) without the server: every position's
// scores are the solvers' own (classic, PopOut win/draw/loss), a move that
// gives a result away is a mistake counted for its seat, a budget that runs
// out gives "not solved", and three colours are "unsupported".
#include <gtest/gtest.h>

#include <atomic>
#include <boost/json.hpp>

#include "engine/solver/popout_search.h"
#include "engine/solver/solver.h"
#include "server/analysis/game_analysis.h"

namespace ft::server {
namespace {

namespace json = boost::json;
namespace sv = engine::solver;

rules::FourGame start_of(const std::string& key, int w, int h) {
  rules::VariantOptions vo;
  vo.width = w;
  vo.height = h;
  return *rules::FourGame::create(*rules::make_variant(key, vo));
}

std::vector<PlayedMove> played(const std::vector<std::string>& moves) {
  std::vector<PlayedMove> out;
  for (std::size_t i = 0; i < moves.size(); ++i) out.push_back({moves[i], int(i % 2)});
  return out;
}

int score_of(const json::value& position, const std::string& move) {
  for (const auto& m : position.at("moves").as_array())
    if (m.at("move").as_string() == move) return int(m.at("score").as_int64());
  ADD_FAILURE() << "no " << move << " in " << json::serialize(position);
  return 0;
}

TEST(GameAnalysis, ClassicScoresAreTheSolversAndMistakesAreCounted) {
  engine::PositionAnalyzer analyzer(std::size_t{8} << 20);
  const std::vector<std::string> moves = {"b", "a", "b", "a", "b", "c", "b"};
  auto r =
      analyse_game(analyzer, start_of("classic", 5, 4), played(moves), std::chrono::seconds(60));
  ASSERT_TRUE(r) << r.error().message;
  const json::array& positions = r->at("positions").as_array();
  ASSERT_EQ(positions.size(), moves.size());
  sv::TranspositionTable table(std::size_t{8} << 20);
  sv::Solver solver(table);
  int mistakes = 0;
  std::vector<int> per_seat(2);
  for (std::size_t i = 0; i < moves.size(); ++i) {
    std::string digits;
    for (std::size_t k = 0; k < i; ++k) digits += char('1' + (moves[k][0] - 'a'));
    sv::Board board;
    board.width = 5;
    board.height = 4;
    const auto want = solver.analyze(*sv::play_moves(board, digits));
    int best = -100;
    for (int c = 0; c < 5; ++c) {
      if (!want[std::size_t(c)]) continue;
      EXPECT_EQ(score_of(positions[i], std::string(1, char('a' + c))), *want[std::size_t(c)]);
      best = std::max(best, *want[std::size_t(c)]);
    }
    const int mine = *want[std::size_t(moves[i][0] - 'a')];
    const bool mistake = (mine > 0) - (mine < 0) < (best > 0) - (best < 0);
    EXPECT_EQ(positions[i].as_object().contains("mistake"), mistake) << "ply " << i;
    mistakes += mistake;
    per_seat[i % 2] += mistake;
  }
  EXPECT_EQ(r->at("mistakes").as_array().size(), std::size_t(mistakes));
  EXPECT_EQ(r->at("mistakes_by_seat").as_array().at(1).as_int64(), per_seat[1]);
  EXPECT_EQ(r->at("scores").as_string(), "exact");
}

TEST(GameAnalysis, PopOutIsWinDrawLossFromThePopOutSearch) {
  engine::PositionAnalyzer analyzer(std::size_t{8} << 20);
  const std::vector<std::string> moves = {"a", "b", "a^", "b", "c"};
  auto r =
      analyse_game(analyzer, start_of("popout", 4, 4), played(moves), std::chrono::seconds(60));
  ASSERT_TRUE(r) << r.error().message;
  EXPECT_EQ(r->at("scores").as_string(), "win_draw_loss");
  const json::array& positions = r->at("positions").as_array();
  // The game did not end on the board: the last position is analysed too.
  ASSERT_EQ(positions.size(), moves.size() + 1);
  sv::TranspositionTable table(std::size_t{8} << 20);
  sv::PopoutSolver solver(table);
  const std::string digits[] = {"", "1", "12", "12p1", "12p12", "12p123"};
  for (std::size_t i = 0; i < positions.size(); ++i) {
    ASSERT_EQ(positions[i].at("state").as_string(), "solved") << i;
    auto spec = rules::make_variant("popout", rules::VariantOptions{4, 4, -1, -1, -1});
    const auto want = solver.analyze(*sv::popout_play_moves(*sv::popout_board(*spec), digits[i]));
    std::size_t legal = 0;
    for (std::size_t k = 0; k < want.size(); ++k) {
      if (!want[k]) continue;
      ++legal;
      const std::string move = std::string(1, char('a' + k % 4)) + (k >= 4 ? "^" : "");
      EXPECT_EQ(score_of(positions[i], move), *want[k]) << "ply " << i << " " << move;
    }
    EXPECT_EQ(positions[i].at("moves").as_array().size(), legal);
  }
}

TEST(GameAnalysis, ABudgetThatRunsOutIsNotSolvedAndThreeColoursUnsupported) {
  engine::PositionAnalyzer analyzer(std::size_t{8} << 20);
  // 10x8 with two discs: no search ends in a millisecond.
  auto r = analyse_game(analyzer, start_of("classic", 10, 8), played({"e", "f"}),
                        std::chrono::milliseconds(1));
  ASSERT_TRUE(r);
  const json::value& last = r->at("positions").as_array().back();
  EXPECT_EQ(last.at("state").as_string(), "not_solved");
  EXPECT_FALSE(last.as_object().contains("moves"));

  auto three = analyse_game(analyzer, start_of("three-players", 0, 0), played({"a"}),
                            std::chrono::seconds(1));
  ASSERT_TRUE(three);
  EXPECT_EQ(three->at("positions").as_array().at(0).at("state").as_string(), "unsupported");

  auto bad = analyse_game(analyzer, start_of("classic", 5, 4), played({"a", "z"}),
                          std::chrono::seconds(5));
  EXPECT_FALSE(bad);
}

// Once a position is not solved, the earlier ones get a twentieth of the
// budget (at least 100 ms), and say so; the first one the budget stopped
// had all of it. A stopped analyser ends every search at once.
TEST(GameAnalysis, PositionsBeforeAnUnsolvedOneHaveAShortBudget) {
  std::atomic<bool> stop{true};
  engine::PositionAnalyzer analyzer(std::size_t{8} << 20, &stop);
  // 7x6 classic: the book answers up to 7 discs without a search.
  const std::vector<std::string> moves = {"d", "d", "c", "d", "e", "e", "g", "f", "c", "b"};
  auto r = analyse_game(analyzer, start_of("classic", 7, 6), played(moves),
                        std::chrono::milliseconds(4000));
  ASSERT_TRUE(r);
  const json::array& positions = r->at("positions").as_array();
  ASSERT_EQ(positions.size(), moves.size() + 1);
  const auto why = [&](std::size_t i) { return std::string(positions[i].at("why").as_string()); };
  EXPECT_EQ(positions[10].at("state").as_string(), "not_solved");
  EXPECT_EQ(why(10).find("a budget of"), std::string::npos) << why(10);
  for (std::size_t i = 8; i < 10; ++i) {
    EXPECT_EQ(positions[i].at("state").as_string(), "not_solved");
    EXPECT_NE(why(i).find("a budget of 200 ms"), std::string::npos) << i << ": " << why(i);
  }
  for (std::size_t i = 0; i < 8; ++i) EXPECT_EQ(positions[i].at("state").as_string(), "solved");

  // Given each its full budget, as before, no position says so.
  AnalysisPlan full;
  full.shorten_after_unsolved = false;
  auto before = analyse_game(analyzer, start_of("classic", 7, 6), played(moves),
                             std::chrono::milliseconds(4000), {}, full);
  ASSERT_TRUE(before);
  EXPECT_EQ(
      std::string(before->at("positions").as_array()[8].at("why").as_string()).find("a budget of"),
      std::string::npos);
}

}  // namespace
}  // namespace ft::server
