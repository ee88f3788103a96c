#include "engine/puzzles/builder.h"

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <set>
#include <thread>

#include "engine/puzzles/level_games.h"
#include "engine/puzzles/puzzle.h"
#include "engine/puzzles/themes.h"

namespace ft::engine::puzzles {
namespace {

using Clock = std::chrono::steady_clock;

// What the workers share, under `lock`.
struct Shared {
  const BuildOptions* options = nullptr;
  std::mutex lock;
  std::ofstream file;
  std::set<std::string> ids;
  int obvious = 0;  // kept puzzles with an obvious first move
  BuildProgress progress;
  std::atomic<std::uint64_t> next_seed{1};
  std::atomic<std::size_t> next_given{0};  // the next of options->games
  std::atomic<bool> done{false};
  Clock::time_point t0 = Clock::now();
};

// Counts of one game, merged into the shared progress once it is scanned.
struct GameCounts {
  long positions = 0;
  std::map<std::string, long> rejected;
};

// Under s.lock: keeps `p` unless its position is in the file already or the
// obvious share is full. Returns whether it was kept.
bool keep(Shared& s, const Puzzle& p, bool obvious, GameCounts& counts) {
  const BuildOptions& o = *s.options;
  if (s.done) return false;
  if (s.ids.count(p.id) != 0) {
    ++counts.rejected["duplicate"];
    return false;
  }
  if (obvious && (s.obvious + 1) * 100 > o.obvious_percent * (s.progress.kept + 1)) {
    ++counts.rejected["obvious"];
    return false;
  }
  s.file << format_puzzle(p) << "\n";
  s.file.flush();
  s.ids.insert(p.id);
  s.obvious += obvious ? 1 : 0;
  ++s.progress.kept;
  ++s.progress.kept_now;
  if (s.progress.kept >= o.count) s.done = true;
  return true;
}

void scan_game(Oracle& oracle, const std::vector<PuzzleMove>& game, const std::string& source,
               Shared& s, GameCounts& counts) {
  const BuildOptions& o = *s.options;
  int kept_here = 0;
  std::size_t skip_until = 0;
  for (std::size_t ply = static_cast<std::size_t>(o.min_ply); ply < game.size(); ++ply) {
    if (s.done || kept_here >= o.per_game) return;
    if (ply < skip_until) continue;
    const std::vector<PuzzleMove> moves(game.begin(),
                                        game.begin() + static_cast<std::ptrdiff_t>(ply));
    const auto node = oracle.replay(moves);
    if (!node) return;  // PopOut: a repeated position, which its solver does not take
    ++counts.positions;
    const FindResult found = find_line(oracle, *node, o.max_moves);
    if (found.why != Reject::none) {
      ++counts.rejected[reject_name(found.why)];
      continue;
    }
    if (!check_line(oracle, *node, found.line)) {
      ++counts.rejected["check-failed"];
      continue;
    }
    Puzzle p;
    p.id = puzzle_id(o.spec, *node);
    p.variant = o.spec.key;
    p.width = o.spec.width;
    p.height = o.spec.height;
    p.moves = moves;
    p.line = found.line;
    p.themes = themes_of(oracle, *node, found.line);
    p.source = source;
    const bool obvious = obvious_start(oracle, *node, found.line);
    std::lock_guard<std::mutex> guard(s.lock);
    if (keep(s, p, obvious, counts)) {
      ++kept_here;
      skip_until = ply + found.line.size() + 1;
    }
  }
}

void worker(Shared& s) {
  const BuildOptions& o = *s.options;
  auto oracle = Oracle::create(o.spec, o.table_bytes, o.max_nodes);
  if (!oracle) return;  // checked before the threads start
  while (!s.done) {
    const std::uint64_t n0 = (*oracle)->nodes();
    GameCounts counts;
    if (const std::size_t given = s.next_given++; given < o.games.size()) {
      scan_game(**oracle, o.games[given].moves, o.games[given].source, s, counts);
    } else {
      const std::uint64_t seed = s.next_seed++;
      const auto game = play_level_game(o.spec, seed, o.move_budget);
      if (game) {
        scan_game(**oracle, game->moves, "g" + std::to_string(seed), s, counts);
      } else {
        ++counts.rejected["game-error"];
      }
    }
    std::lock_guard<std::mutex> guard(s.lock);
    BuildProgress& p = s.progress;
    ++p.games;
    p.positions += counts.positions;
    p.nodes += (*oracle)->nodes() - n0;
    for (const auto& [why, n] : counts.rejected) p.rejected[why] += n;
    p.seconds = std::chrono::duration<double>(Clock::now() - s.t0).count();
    if (o.progress) o.progress(p);
  }
}

// The puzzles already in the file: their ids, how many have an obvious
// start, and the seed to go on from.
Result<bool> resume(Shared& s) {
  const BuildOptions& o = *s.options;
  if (!std::filesystem::exists(o.out)) return true;
  auto earlier = read_puzzles(o.out);
  if (!earlier) return earlier.error();
  auto oracle = Oracle::create(o.spec, std::size_t{1} << 16, 1);
  if (!oracle) return oracle.error();
  std::uint64_t last = 0;
  for (const Puzzle& p : *earlier) {
    if (p.variant != o.spec.key || p.width != o.spec.width || p.height != o.spec.height)
      return make_error(ErrorCode::bad_input,
                        o.out + " holds puzzles of another variant or board (" + p.id + ")");
    const auto node = (*oracle)->replay(p.moves);
    if (!node) return make_error(ErrorCode::bad_input, p.id + ": " + node.error().message);
    s.ids.insert(p.id);
    s.obvious += obvious_start(**oracle, *node, p.line) ? 1 : 0;
    last = std::max(last, level_game_seed(p.source).value_or(0));
  }
  s.progress.kept = static_cast<int>(earlier->size());
  s.next_seed = last + 1;
  return true;
}

}  // namespace

Result<BuildProgress> build_puzzles(const BuildOptions& options) {
  if (auto probe = Oracle::create(options.spec, std::size_t{1} << 16, 1); !probe)
    return probe.error();
  Shared s;
  s.options = &options;
  if (auto r = resume(s); !r) return r.error();
  if (s.progress.kept >= options.count) return s.progress;
  const bool fresh =
      !std::filesystem::exists(options.out) || std::filesystem::file_size(options.out) == 0;
  s.file.open(options.out, std::ios::app);
  if (!s.file) return make_error(ErrorCode::bad_input, "cannot write " + options.out);
  if (fresh) {
    s.file << "# fourtable puzzles, " << options.spec.key << " " << options.spec.width << "x"
           << options.spec.height
           << ": <id> <variant> <WxH> <moves> <line> <themes> <source>"
              " (src/engine/puzzles/puzzle.h)\n";
  }
  std::vector<std::thread> pool;
  for (int i = 1; i < options.threads; ++i) pool.emplace_back(worker, std::ref(s));
  worker(s);
  for (auto& t : pool) t.join();
  return s.progress;
}

}  // namespace ft::engine::puzzles
