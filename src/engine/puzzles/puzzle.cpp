#include "engine/puzzles/puzzle.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace ft::engine::puzzles {
namespace {

std::uint64_t mix(std::uint64_t h, std::uint64_t v) {
  h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
  return h * 0xbf58476d1ce4e5b9ULL;
}

std::uint64_t mix_bits(std::uint64_t h, rules::Bits b) {
  return mix(mix(h, static_cast<std::uint64_t>(b)), static_cast<std::uint64_t>(b >> 64));
}

std::vector<std::string> words(std::string_view text) {
  std::vector<std::string> out;
  std::istringstream in{std::string(text)};
  std::string w;
  while (in >> w) out.push_back(w);
  return out;
}

bool digits(std::string_view s) {
  return !s.empty() && s.size() <= 18 &&
         s.find_first_not_of("0123456789") == std::string_view::npos;
}

// `m<match>.<game>`: a finished game of the store.
bool store_source(std::string_view s) {
  const std::size_t dot = s.find('.');
  return s.size() > 3 && s[0] == 'm' && dot != std::string_view::npos &&
         digits(s.substr(1, dot - 1)) && digits(s.substr(dot + 1));
}

Error bad(const std::string& why) {
  return make_error(ErrorCode::bad_input, why);
}

}  // namespace

std::string puzzle_id(const rules::VariantSpec& spec, const Node& n) {
  std::uint64_t h = 0x2545f4914f6cdd1dULL;
  for (char c : spec.key) h = mix(h, static_cast<unsigned char>(c));
  h = mix(h, static_cast<std::uint64_t>(spec.width * 16 + spec.height));
  if (spec.popout) {
    h = mix_bits(mix_bits(h, n.pops.mover), n.pops.other);
  } else {
    h = mix_bits(mix_bits(h, n.drops.mover), n.drops.other);
  }
  char buf[16];
  std::snprintf(buf, sizeof buf, "%010llx", static_cast<unsigned long long>(h >> 24));
  return buf;
}

std::optional<std::uint64_t> level_game_seed(const std::string& source) {
  if (source.size() < 2 || source[0] != 'g' || !digits(std::string_view(source).substr(1)))
    return std::nullopt;
  return std::stoull(source.substr(1));
}

std::string list_line(const Puzzle& p) {
  const std::string moves = p.moves.empty() ? "-" : moves_text(p.moves);
  return p.id + " " + p.variant + " " + std::to_string(p.width) + "x" + std::to_string(p.height) +
         " " + moves + " " + moves_text(p.line);
}

std::string format_puzzle(const Puzzle& p) {
  std::string themes;
  for (const std::string& t : p.themes) themes += (themes.empty() ? "" : ",") + t;
  return list_line(p) + " " + (themes.empty() ? "-" : themes) + " " + p.source;
}

Result<rules::VariantSpec> puzzle_variant(const Puzzle& p) {
  rules::VariantOptions vo;
  vo.width = p.width;
  vo.height = p.height;
  return rules::make_variant(p.variant, vo);
}

Result<Puzzle> parse_puzzle(std::string_view text) {
  const std::vector<std::string> w = words(text);
  if (w.size() != 7) return bad("a puzzle has 7 fields, not " + std::to_string(w.size()));
  Puzzle p;
  p.id = w[0];
  p.variant = w[1];
  int width = 0;
  int height = 0;
  char x = 0;
  char extra = 0;
  if (std::sscanf(w[2].c_str(), "%d%c%d%c", &width, &x, &height, &extra) != 3 || x != 'x')
    return bad("'" + w[2] + "' is not a board like 7x6");
  p.width = width;
  p.height = height;
  auto spec = puzzle_variant(p);
  if (!spec) return spec.error();
  auto moves = parse_moves(w[3] == "-" ? "" : w[3], width);
  if (!moves) return bad("moves: " + moves.error().message);
  p.moves = *moves;
  auto line = parse_moves(w[4], width);
  if (!line) return bad("line: " + line.error().message);
  p.line = *line;
  if (w[5] != "-") {
    std::istringstream themes(w[5]);
    std::string t;
    while (std::getline(themes, t, ',')) p.themes.push_back(t);
  }
  if (!level_game_seed(w[6]) && !store_source(w[6]))
    return bad("'" + w[6] + "' is not a source like g17 or m12.2");
  p.source = w[6];
  return p;
}

Result<std::vector<Puzzle>> read_puzzles(const std::string& path) {
  std::ifstream in(path);
  if (!in) return make_error(ErrorCode::bad_input, "cannot read " + path);
  std::vector<Puzzle> out;
  std::string text;
  for (int n = 1; std::getline(in, text); ++n) {
    if (text.empty() || text[0] == '#') continue;
    auto p = parse_puzzle(text);
    if (!p) return bad(path + ":" + std::to_string(n) + ": " + p.error().message);
    out.push_back(std::move(*p));
  }
  return out;
}

std::string collection_dir() {
  if (const char* env = std::getenv("FOURTABLE_PUZZLES"); env != nullptr && *env != 0) return env;
  return FT_PUZZLES_DIR;
}

Result<std::vector<Puzzle>> read_collection(const std::string& dir) {
  namespace fs = std::filesystem;
  std::error_code ec;
  std::vector<std::string> files;
  for (const auto& e : fs::directory_iterator(dir, ec))
    if (e.path().extension() == ".txt") files.push_back(e.path().string());
  if (ec) return make_error(ErrorCode::bad_input, "cannot read " + dir + ": " + ec.message());
  std::sort(files.begin(), files.end());
  std::vector<Puzzle> out;
  for (const std::string& f : files) {
    auto some = read_puzzles(f);
    if (!some) return some.error();
    out.insert(out.end(), some->begin(), some->end());
  }
  return out;
}

}  // namespace ft::engine::puzzles
