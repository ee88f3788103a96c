// `fourtable puzzles build`: a collection of puzzles the solver proves
// (engine/puzzles/builder.h); `puzzles list`: its puzzles one a line;
// `puzzles check`: each puzzle checked again with the solver.
#include <chrono>
#include <cstdio>
#include <iostream>
#include <string>

#include "app/command.h"
#include "app/engine/puzzle_store_games.h"
#include "app/options.h"
#include "engine/puzzles/builder.h"
#include "engine/puzzles/checker.h"
#include "engine/puzzles/puzzle.h"

namespace ft::app {
namespace {

namespace pz = ft::engine::puzzles;

constexpr const char* HELP =
    R"(usage: fourtable puzzles build --variant K --count N --out FILE [options]
       fourtable puzzles list FILE...
       fourtable puzzles check FILE... [--every N]

build: looks at the finished games of the store, if given, then plays games
between computer levels 1 to 4, and keeps the positions where exactly one
move wins, with a line where, after each longest resistance, again exactly
one move wins (at most --max-moves of the solver's moves;
src/engine/puzzles/line.h). Each puzzle is checked a second
time before it is appended to FILE. Run again, it resumes: the puzzles in
FILE count towards N. A progress line goes to stderr, a summary to stdout.

  --variant K         classic, small, misere, cylinder, popout (default classic)
  --width W --height H  another board of the variant
  --count N           puzzles FILE should hold
  --out FILE          the collection (data/puzzles/<variant>.txt in the repository)
  --threads N         searchers, each with its own table (default 2)
  --min-ply P         the fewest plies before a puzzle (default: classic, small 8;
                      cylinder 10; popout 12; misere 16: the solver is slower early)
  --max-moves M       the solver's moves in a line at most (default 5)
  --per-game G        puzzles from one game at most (default 3)
  --obvious-percent Q at most Q% with an obvious first move (default 20)
  --max-nodes X       a probe's node limit; past it the position is dropped
                      (default 20000000; popout 300000)
  --table-mb T        each searcher's table (default 16; popout 64)
  --budget-ms B       the levels' time per move at most (default 200)
  --store URL         also the finished games of this store (sqlite:FILE,
                      postgres://...), looked at first
  --store-tables T    the newest T finished tables of the store (default 10000)

list: prints <id> <variant> <W>x<H> <moves from the start> <solution> a line,
in the notation `fourtable solve` reads (pops as 4^).

check: checks every N-th puzzle (default every one) with the solver, prints
each failure, and a count; exit code 1 if one fails.
)";

int default_min_ply(const rules::VariantSpec& spec) {
  if (spec.misere) return 16;
  if (spec.popout) return 12;
  if (spec.cylinder) return 10;
  return 8;
}

// At most one progress line a second (they overwrite each other).
void print_progress(const pz::BuildProgress& p, const std::string& variant, int count) {
  static double shown = -1;
  if (p.seconds - shown < 1 && p.kept < count) return;
  shown = p.seconds;
  std::fprintf(stderr, "\r%s: %d/%d kept (%d this run), %ld games, %ld positions, %.0f s   ",
               variant.c_str(), p.kept, count, p.kept_now, p.games, p.positions, p.seconds);
}

int build(std::span<const std::string> args) {
  Options opt("puzzles build", args.subspan(1));
  rules::VariantOptions vo;
  vo.width = static_cast<int>(opt.number("width", 0, rules::MIN_SIZE, rules::MAX_SIZE));
  vo.height = static_cast<int>(opt.number("height", 0, rules::MIN_SIZE, rules::MAX_SIZE));
  pz::BuildOptions o;
  o.count = static_cast<int>(opt.required_number("count", 1, 1'000'000));
  o.out = opt.required_text("out");
  o.threads = static_cast<int>(opt.number("threads", 2, 1, 64));
  o.max_moves = static_cast<int>(opt.number("max-moves", pz::MAX_LINE_MOVES, 1, 10));
  o.per_game = static_cast<int>(opt.number("per-game", 3, 1, 100));
  o.obvious_percent = static_cast<int>(opt.number("obvious-percent", 20, 0, 100));
  o.move_budget = std::chrono::milliseconds(opt.number("budget-ms", 200, 1, 60'000));
  if (!opt.ok()) return opt.usage_error();
  auto spec = rules::make_variant(opt.text("variant", "classic"), vo);
  if (!spec) return opt.report(spec.error().message, 2);
  o.spec = *spec;
  o.min_ply = static_cast<int>(opt.number("min-ply", default_min_ply(*spec), 0, 200));
  // PopOut's full solves of the other moves are its cost: positions whose
  // moves do not all solve within a few hundred thousand nodes are dropped.
  o.max_nodes = static_cast<std::uint64_t>(
      opt.number("max-nodes", spec->popout ? 300'000 : 20'000'000, 1000, 1LL << 40));
  o.table_bytes = static_cast<std::size_t>(opt.number("table-mb", spec->popout ? 64 : 16, 1, 4096))
                  << 20;
  if (!opt.ok()) return opt.usage_error();
  const long long store_tables = opt.number("store-tables", 10'000, 1, 10'000'000);
  if (!opt.ok()) return opt.usage_error();
  if (const auto url = opt.text("store")) {
    try {
      const auto store = store::open_store(*url);
      o.games = store_games(*store, o.spec, static_cast<int>(store_tables));
    } catch (const store::StoreError& e) {
      return opt.report(e.what(), 1);
    }
    std::fprintf(stderr, "%zu finished %s games from the store\n", o.games.size(),
                 o.spec.key.c_str());
  }
  o.progress = [&](const pz::BuildProgress& p) { print_progress(p, o.spec.key, o.count); };
  auto done = pz::build_puzzles(o);
  std::fprintf(stderr, "\n");
  if (!done) return opt.report(done.error().message, 1);
  const pz::BuildProgress& p = *done;
  std::printf("%s %dx%d: %d puzzles in %s (%d this run), %ld games, %ld positions, %.1f s\n",
              o.spec.key.c_str(), o.spec.width, o.spec.height, p.kept, o.out.c_str(), p.kept_now,
              p.games, p.positions, p.seconds);
  std::printf("nodes %llu, %.0f per puzzle kept\n", static_cast<unsigned long long>(p.nodes),
              p.kept_now > 0 ? static_cast<double>(p.nodes) / p.kept_now : 0.0);
  std::printf("rejected:");
  for (const auto& [why, n] : p.rejected) std::printf(" %s %ld", why.c_str(), n);
  std::printf("\n");
  return 0;
}

// The file arguments: every argument that is not an option or its value.
std::vector<std::string> files(std::span<const std::string> args) {
  std::vector<std::string> out;
  for (std::size_t i = 1; i < args.size(); ++i) {
    if (args[i].rfind("--", 0) == 0) {
      if (args[i].find('=') == std::string::npos) ++i;  // its value follows
      continue;
    }
    out.push_back(args[i]);
  }
  return out;
}

int list(std::span<const std::string> args) {
  const std::vector<std::string> paths = files(args);
  if (paths.empty()) return Options("puzzles list", args).report("name a collection file", 2);
  for (const std::string& path : paths) {
    auto all = pz::read_puzzles(path);
    if (!all) return Options("puzzles list", args).report(all.error().message, 1);
    for (const pz::Puzzle& p : *all) std::cout << pz::list_line(p) << "\n";
  }
  return 0;
}

int check(std::span<const std::string> args) {
  Options opt("puzzles check", args.subspan(1));
  const long long every = opt.number("every", 1, 1, 1'000'000);
  if (!opt.ok()) return opt.usage_error();
  long checked = 0;
  long failed = 0;
  pz::PuzzleChecker checker;
  const auto t0 = std::chrono::steady_clock::now();
  for (const std::string& path : files(args)) {
    auto all = pz::read_puzzles(path);
    if (!all) return opt.report(all.error().message, 1);
    for (std::size_t i = 0; i < all->size(); i += static_cast<std::size_t>(every)) {
      const pz::Puzzle& p = (*all)[i];
      ++checked;
      const auto why = checker.check(p);
      if (!why) {
        ++failed;
        std::cout << p.id << " " << why.error().message << "\n";
      }
    }
  }
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::cout << checked << " checked, " << failed << " wrong, " << s << " s\n";
  return failed > 0 ? 1 : 0;
}

int run_puzzles(std::span<const std::string> args) {
  if (args.empty()) {
    std::cout << HELP;
    return 2;
  }
  if (args[0] == "build") return build(args);
  if (args[0] == "list") return list(args);
  if (args[0] == "check") return check(args);
  std::cerr << "fourtable puzzles: unknown subcommand '" << args[0] << "' (build, list, check)\n";
  return 2;
}

const RegisterCommand reg("puzzles", "puzzles the solver proves: build, list, check", run_puzzles,
                          HELP);

}  // namespace
}  // namespace ft::app
