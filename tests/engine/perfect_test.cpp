// The perfect level against the public test sets (solver/data, their
// README gives the score convention): where the engine finishes its search,
// its score for the side to move is the exact one, and its move keeps that
// value (a won position stays won, a drawn one is not given away).
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "engine/computer.h"
#include "engine/solver/solver.h"
#include "rules/setup_draw.h"
#include "test_games.h"

namespace ft::engine {
namespace {

struct Sample {
  std::string columns;
  int score = 0;
};

std::vector<Sample> read_set(const std::string& name, int count) {
  std::ifstream in(std::string(FT_TESTSETS) + "/" + name);
  std::vector<Sample> out;
  std::string line;
  while (static_cast<int>(out.size()) < count && std::getline(in, line)) {
    std::istringstream fields(line);
    Sample s;
    if (fields >> s.columns >> s.score) out.push_back(s);
  }
  return out;
}

rules::FourGame game_of(const std::string& columns) {
  auto g = testing::new_game("classic");
  for (char c : columns) {
    const std::string move(1, static_cast<char>('a' + (c - '1')));
    EXPECT_TRUE(g.play(move).ok()) << columns;
  }
  return g;
}

ComputerRequest perfect() {
  ComputerRequest r;
  r.level = PERFECT;
  r.budget = std::chrono::milliseconds(20000);
  return r;
}

void check_set(const std::string& name, int count) {
  const auto set = read_set(name, count);
  ASSERT_EQ(static_cast<int>(set.size()), count) << name << " missing at " << FT_TESTSETS;
  for (const Sample& s : set) {
    const auto g = game_of(s.columns);
    const ComputerMove m = choose_move(g, perfect());
    ASSERT_TRUE(m.error.empty()) << m.error;
    EXPECT_TRUE(m.exact) << s.columns;
    EXPECT_EQ(m.score, s.score) << s.columns;
    // The chosen move keeps the value: after it, the opponent's exact score
    // is the negation (same convention, one disc later).
    auto after = g;
    ASSERT_TRUE(after.play(m.move).ok());
    if (after.outcome().over()) {
      // The last disc: a win only where the score said so, else the full-board draw.
      EXPECT_EQ(after.outcome().status == rules::Status::win, s.score > 0) << s.columns;
      continue;
    }
    const ComputerMove reply = choose_move(after, perfect());
    EXPECT_TRUE(reply.exact);
    EXPECT_EQ(reply.score, -s.score) << s.columns << " then " << m.move;
  }
}

// A position reached by seeded random drops that end nothing.
rules::FourGame random_position(const rules::VariantSpec& spec, int plies, std::uint64_t seed) {
  auto g = rules::FourGame::create(spec).value();
  rules::SeededRandom rng(seed);
  for (int i = 0; i < plies; ++i) {
    std::vector<std::string> quiet;
    for (const auto& m : g.legal_moves()) {
      auto probe = g;
      if (probe.play(m).ok() && !probe.outcome().over()) quiet.push_back(m);
    }
    if (quiet.empty()) break;
    EXPECT_TRUE(g.play(quiet[rng.below(static_cast<int>(quiet.size()))]).ok());
  }
  return g;
}

// The perfect level agrees with the exact solver, and its move keeps
// the position's value, on every variant the solver plays.
TEST(PerfectLevel, AgreesWithTheSolverAcrossVariants) {
  struct Case {
    const char* key;
    int width, height, plies;
  };
  const Case cases[] = {{"classic", 7, 6, 20},  {"classic", 7, 6, 26},    {"misere", 5, 4, 4},
                        {"cylinder", 6, 5, 10}, {"two-vs-two", 6, 5, 10}, {"five", 0, 0, 24},
                        {"small", 0, 0, 12}};
  engine::solver::TranspositionTable table(std::size_t{16} << 20);
  engine::solver::Solver solver(table);
  for (const Case& c : cases) {
    rules::VariantOptions o;
    o.width = c.width;
    o.height = c.height;
    const rules::VariantSpec spec = rules::make_variant(c.key, o).value();
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      const auto g = random_position(spec, c.plies, seed);
      if (g.outcome().over()) continue;
      const auto problem = engine::solver::problem_from(g.position());
      ASSERT_TRUE(problem.ok()) << c.key;
      const auto value = solver.solve(*problem);
      ASSERT_TRUE(value.has_value());
      const ComputerMove m = choose_move(g, perfect());
      ASSERT_TRUE(m.error.empty()) << m.error;
      EXPECT_TRUE(m.exact) << c.key << " seed " << seed;
      EXPECT_EQ(m.score, *value) << c.key << " seed " << seed;
      auto after = g;
      ASSERT_TRUE(after.play(m.move).ok());
      if (after.outcome().over()) continue;
      const auto reply = solver.solve(engine::solver::problem_from(after.position()).value());
      ASSERT_TRUE(reply.has_value());
      EXPECT_EQ(-*reply, *value) << c.key << " seed " << seed << ": " << m.move << " lost value";
    }
  }
}

TEST(PerfectLevel, EndgameScoresMatchTestSetL3R1) {
  check_set("Test_L3_R1", 60);
}
TEST(PerfectLevel, MiddleGameScoresMatchTestSetL2R1) {
  check_set("Test_L2_R1", 100);
}

}  // namespace
}  // namespace ft::engine
