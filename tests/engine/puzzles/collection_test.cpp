// The collection in data/puzzles (one file a variant): its size, and 300
// of its puzzles, drawn across every variant, checked again with the solver
// (checker.h: exactly one winning move at every step of the line, each
// reply a longest resistance, the win complete, id and themes those of the
// position). A wrong puzzle in a file fails the check: shown on corrupted
// copies of a stored one.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "engine/puzzles/checker.h"
#include "engine/puzzles/puzzle.h"
#include "engine/solver/book.h"
#include "engine/solver/popout_search.h"
#include "engine/solver/solver.h"

namespace ft::engine::puzzles {
namespace {

struct Part {
  std::string variant;
  std::size_t at_least;  // puzzles the file holds
  std::size_t checked;   // drawn for the check
};

const Part PARTS[] = {
    {"classic", 2000, 100}, {"small", 200, 50},  {"misere", 200, 50},
    {"cylinder", 200, 50},  {"popout", 200, 50},
};

std::vector<Puzzle> read(const std::string& variant) {
  auto all = read_puzzles(std::string(FT_PUZZLES) + "/" + variant + ".txt");
  EXPECT_TRUE(all.ok()) << (all.ok() ? "" : all.error().message);
  return all.ok() ? *all : std::vector<Puzzle>{};
}

TEST(PuzzleCollection, HoldsEnoughPuzzlesOfEachVariantWithDistinctIds) {
  std::set<std::string> ids;
  std::size_t total = 0;
  for (const Part& part : PARTS) {
    const std::vector<Puzzle> all = read(part.variant);
    EXPECT_GE(all.size(), part.at_least) << part.variant;
    for (const Puzzle& p : all) {
      EXPECT_EQ(p.variant, part.variant);
      ids.insert(p.id);
    }
    total += all.size();
  }
  EXPECT_EQ(ids.size(), total);
}

TEST(PuzzleCollection, ThreeHundredDrawnAcrossTheVariantsAreProven) {
  PuzzleChecker checker;
  std::size_t checked = 0;
  for (const Part& part : PARTS) {
    const std::vector<Puzzle> all = read(part.variant);
    ASSERT_GE(all.size(), part.checked) << part.variant;
    // Evenly spread over the file: early and late games, every builder thread.
    for (std::size_t i = 0; i < part.checked; ++i) {
      const Puzzle& p = all[i * all.size() / part.checked];
      const auto ok = checker.check(p);
      EXPECT_TRUE(ok.ok()) << format_puzzle(p) << ": " << (ok.ok() ? "" : ok.error().message);
      ++checked;
    }
  }
  EXPECT_EQ(checked, 300u);
}

// The moves that win at `text` (moves from the start) by every move's exact
// score: the solvers' own analysis, not the puzzle oracle's probes.
std::vector<PuzzleMove> winners_by_scores(const rules::VariantSpec& spec, const std::string& text,
                                          solver::TranspositionTable& drops,
                                          solver::TranspositionTable& pops) {
  namespace sv = solver;
  std::vector<PuzzleMove> out;
  if (spec.popout) {
    const auto p = sv::popout_play_moves(*sv::popout_board(spec), text);
    EXPECT_TRUE(p.ok()) << text;
    if (!p.ok()) return out;
    const auto scores = sv::PopoutSolver(pops).analyze(*p);
    for (std::size_t i = 0; i < scores.size(); ++i) {
      const int w = spec.width;
      if (scores[i] && *scores[i] > 0) out.push_back({int(i) >= w, int(i) % w});
    }
    return out;
  }
  const auto p = sv::play_moves(*sv::board_for(spec), text);
  EXPECT_TRUE(p.ok()) << text;
  if (!p.ok()) return out;
  auto scores = sv::shared_book().analyze(*p);
  if (!scores) scores = sv::Solver(drops).analyze(*p);
  for (std::size_t col = 0; col < scores->size(); ++col)
    if ((*scores)[col] && *(*scores)[col] > 0) out.push_back({false, int(col)});
  return out;
}

// The same 300, each of the solver's steps by every move's exact score:
// exactly one move scores a win, the line's.
TEST(PuzzleCollection, ThreeHundredDrawnHaveOneWinningMoveByTheExactScores) {
  solver::TranspositionTable drops(std::size_t{16} << 20);
  solver::TranspositionTable pops(std::size_t{64} << 20);
  std::size_t steps = 0;
  for (const Part& part : PARTS) {
    const std::vector<Puzzle> all = read(part.variant);
    ASSERT_GE(all.size(), part.checked) << part.variant;
    for (std::size_t i = 0; i < part.checked; ++i) {
      const Puzzle& p = all[i * all.size() / part.checked];
      const auto spec = puzzle_variant(p);
      ASSERT_TRUE(spec.ok());
      std::string text = moves_text(p.moves);
      for (std::size_t k = 0; k < p.line.size(); ++k) {
        if (k % 2 == 0) {
          EXPECT_EQ(winners_by_scores(*spec, text, drops, pops), std::vector<PuzzleMove>{p.line[k]})
              << format_puzzle(p) << " step " << k + 1;
          ++steps;
        }
        text += move_text(p.line[k]);
      }
    }
  }
  EXPECT_GE(steps, 600u);  // about two of the solver's moves a puzzle
}

// A stored puzzle of at least two of the solver's moves, and copies of it
// each wrong in one place: every copy fails.
TEST(PuzzleCollection, ACorruptedPuzzleIsRejected) {
  const std::vector<Puzzle> all = read("classic");
  const auto it =
      std::find_if(all.begin(), all.end(), [](const Puzzle& p) { return p.line.size() >= 3; });
  ASSERT_NE(it, all.end());
  const Puzzle good = *it;
  PuzzleChecker checker;
  ASSERT_TRUE(checker.check(good).ok());

  std::vector<std::pair<std::string, Puzzle>> wrong;
  Puzzle p = good;
  p.line[0].col = (p.line[0].col + 1) % p.width;  // another first move
  wrong.emplace_back("first move", p);
  p = good;
  p.line.pop_back();  // ends with the defender's reply
  wrong.emplace_back("cut short", p);
  p = good;
  p.line.resize(1);  // stops before the win
  wrong.emplace_back("one move", p);
  p = good;
  p.moves.pop_back();  // another position, another side to move
  wrong.emplace_back("moves", p);
  p = good;
  p.themes.push_back("pop");
  wrong.emplace_back("themes", p);
  p = good;
  p.id[0] = p.id[0] == '0' ? '1' : '0';
  wrong.emplace_back("id", p);
  for (const auto& [what, bad] : wrong) {
    EXPECT_FALSE(checker.check(bad).ok()) << what << ": " << format_puzzle(bad);
  }
}

}  // namespace
}  // namespace ft::engine::puzzles
