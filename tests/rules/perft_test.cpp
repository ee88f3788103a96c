// Perft: counts per variant kept as data beside the tests and
// recomputed here, the published classic counts, and a cross-check of the
// merged breadth-first counting against a plain depth-first walk.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "rules/perft.h"
#include "rules/setup_draw.h"

namespace ft::rules {
namespace {

FourGame start_of(const VariantSpec& spec, std::uint64_t seed) {
  auto g = FourGame::create(spec, draw_setup(spec, seed));
  EXPECT_TRUE(g.ok());
  return g.value();
}

// RULES.md D, OEIS A212693: legal 7x6 positions after n plies.
TEST(RulesA2Perft, ClassicDistinctPositionsArePublishedCounts) {
  const std::vector<std::uint64_t> published = {1,    7,     49,    238,    1120,
                                                4263, 16422, 54859, 184275, 558186};
  const auto rows = perft(start_of(find_variant("classic").value(), 0), 9);
  ASSERT_EQ(rows.size(), published.size());
  for (std::size_t i = 0; i < rows.size(); ++i) EXPECT_EQ(rows[i].positions, published[i]) << i;
  // Sequences: 7^n until the first line can appear at ply 7.
  EXPECT_EQ(rows[6].sequences, 117649u);
  EXPECT_LT(rows[7].sequences, 823543u);
}

struct DataFile {
  std::string name;
  std::map<std::string, std::string> header;
  std::vector<PerftRow> rows;
};

DataFile read_data(const std::filesystem::path& path) {
  DataFile f;
  f.name = path.filename().string();
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("# perft ", 0) == 0) {
      std::istringstream words(line.substr(8));
      std::string kv;
      while (words >> kv) {
        const auto eq = kv.find('=');
        if (eq != std::string::npos) f.header[kv.substr(0, eq)] = kv.substr(eq + 1);
      }
    } else if (!line.empty() && line[0] != '#') {
      std::istringstream nums(line);
      PerftRow r;
      nums >> r.ply >> r.sequences >> r.positions;
      EXPECT_FALSE(nums.fail()) << f.name << ": " << line;
      f.rows.push_back(r);
    }
  }
  return f;
}

TEST(RulesA6Perft, EveryVariantHasADataFileThatIsRecomputed) {
  std::set<std::string> covered;
  int files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(FT_TEST_DATA)) {
    const std::string name = entry.path().filename().string();
    if (name.rfind("perft_", 0) != 0) continue;
    const DataFile f = read_data(entry.path());
    if (f.header.count("variant") == 0) continue;  // another game's file
    ++files;
    ASSERT_FALSE(f.rows.empty()) << name;
    VariantOptions o;
    o.width = std::stoi(f.header.at("width"));
    o.height = std::stoi(f.header.at("height"));
    o.popout = std::stoi(f.header.at("popout"));
    const std::string key = f.header.at("variant");
    if (key != "popout" && o.popout == 0) o.popout = -1;
    auto spec = make_variant(key, o);
    ASSERT_TRUE(spec.ok()) << name << ": " << spec.error().message;
    const auto rows = perft(start_of(*spec, std::stoull(f.header.at("seed"))), f.rows.back().ply);
    ASSERT_EQ(rows.size(), f.rows.size()) << name;
    for (std::size_t i = 0; i < rows.size(); ++i) {
      EXPECT_EQ(rows[i].ply, f.rows[i].ply) << name;
      EXPECT_EQ(rows[i].sequences, f.rows[i].sequences) << name << " ply " << i;
      EXPECT_EQ(rows[i].positions, f.rows[i].positions) << name << " ply " << i;
    }
    covered.insert(key);
    // Deep enough to reach wins and, for PopOut, pops: at least depth 6
    // everywhere, depth 8 for PopOut.
    EXPECT_GE(f.rows.back().ply, key == "popout" ? 8 : 6) << name;
  }
  EXPECT_GE(files, 11);
  for (auto k : variant_keys()) EXPECT_EQ(covered.count(std::string(k)), 1u) << k;
}

// A plain depth-first walk through FourGame (with its repetition history) and
// a set of board pictures: no merging, no compact keys.
void walk(const FourGame& g, int ply, int depth, std::vector<std::uint64_t>& sequences,
          std::vector<std::set<std::vector<std::string>>>& boards) {
  ++sequences[ply];
  boards[ply].insert(g.board_rows());
  if (ply == depth || g.outcome().over()) return;
  for (const auto& m : g.legal_moves()) {
    FourGame next = g;
    ASSERT_TRUE(next.play(m).ok());
    walk(next, ply + 1, depth, sequences, boards);
  }
}

void expect_same_as_walk(const VariantSpec& spec, int depth, std::uint64_t seed = 0) {
  const FourGame g = start_of(spec, seed);
  std::vector<std::uint64_t> sequences(depth + 1);
  std::vector<std::set<std::vector<std::string>>> boards(depth + 1);
  walk(g, 0, depth, sequences, boards);
  const auto rows = perft(g, depth);
  for (int i = 0; i <= depth; ++i) {
    EXPECT_EQ(rows[i].sequences, sequences[i]) << spec.key << " ply " << i;
    // The side to move follows the ply, so a board picture is a position.
    EXPECT_EQ(rows[i].positions, boards[i].size()) << spec.key << " ply " << i;
  }
}

TEST(RulesA7Perft, MergedCountsEqualAPlainWalk) {
  expect_same_as_walk(find_variant("popout").value(), 5);
  VariantOptions small;
  small.width = 4;
  small.height = 4;
  expect_same_as_walk(make_variant("popout", small).value(), 7);
  VariantOptions five_pop;
  five_pop.popout = 1;
  expect_same_as_walk(make_variant("five", five_pop).value(), 5);
}

TEST(RulesA6Perft, MergedCountsEqualAPlainWalkForOtherVariants) {
  VariantOptions tiny;
  tiny.width = 4;
  tiny.height = 4;
  expect_same_as_walk(make_variant("cylinder", tiny).value(), 8);
  expect_same_as_walk(make_variant("classic", tiny).value(), 8);
  expect_same_as_walk(find_variant("obstacles").value(), 5, 3);
  expect_same_as_walk(find_variant("drawn-opening").value(), 5, 3);
  expect_same_as_walk(make_variant("three-players", tiny).value(), 6);
}

}  // namespace
}  // namespace ft::rules
