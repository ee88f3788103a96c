// `fourtable book build`: the opening book of 7x6 classic from this solver
// (engine/solver/book_builder.h); `fourtable book info`: what
// a book holds.
#include <chrono>
#include <cstdio>
#include <iostream>
#include <map>
#include <optional>
#include <string>

#include "app/command.h"
#include "app/options.h"
#include "engine/solver/book_builder.h"

namespace ft::app {
namespace {

namespace sv = ft::engine::solver;

constexpr const char* HELP = R"(usage: fourtable book build --discs D --out FILE [options]
       fourtable book info [FILE]

build: every 7x6 classic position with up to D discs (once under mirror
symmetry): its exact score and a best column. The positions with D discs are
searched, on --threads searchers sharing one table; each goes to the progress
file (default FILE.progress) when done, so an interrupted build run again
with the same options resumes. The shallower entries come from the deeper.

  --discs D       depth of the book (default 8)
  --out FILE      the book written at the end
  --progress P    the progress file (default FILE.progress)
  --threads N     searchers (default 2)
  --table-mb N    their shared table (default 1024)
  --partial       search nothing: write the book the progress file completes
                  so far (its searched entries, and every shallower one whose
                  children are all known); the build searches opening by
                  opening, the centre's first, so whole openings fill in
  --base B        add the entries of the book B for the positions the new
                  one lacks (with --partial: keeps the empty board and the
                  first moves of an earlier, shallower book until the new
                  one completes them)

info: entries by number of discs (default: the book the engine loads).
)";

int build(std::span<const std::string> args) {
  Options opt("book build", args);
  const std::optional<std::string> out = opt.text("out");
  if (!out) return opt.report("--out FILE is needed", 2);
  sv::BookBuildOptions o;
  o.discs = static_cast<int>(opt.number("discs", 8, 0, 41));
  o.threads = static_cast<int>(opt.number("threads", 2, 1, 64));
  o.table_bytes = static_cast<std::size_t>(opt.number("table-mb", 1024, 1, 65536)) << 20;
  if (!opt.ok()) return opt.report(opt.error(), 2);
  o.progress = opt.text("progress", *out + ".progress");
  o.partial = opt.flag("partial");
  const std::optional<std::string> base_path = opt.text("base");
  std::optional<sv::OpeningBook> base;
  if (base_path) {
    auto loaded = sv::OpeningBook::load(*base_path);
    if (!loaded) return opt.report(loaded.error().message, 1);
    base = std::move(*loaded);
  }
  const auto t0 = std::chrono::steady_clock::now();
  o.report = [&](std::size_t done, std::size_t total, std::uint64_t nodes) {
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::fprintf(stderr, "\r%zu/%zu searched, last %llu nodes, %.0f s", done, total,
                 static_cast<unsigned long long>(nodes), s);
  };
  auto book = sv::build_book(o);
  std::fprintf(stderr, "\n");
  if (!book) return opt.report(book.error().message, 1);
  const sv::OpeningBook made = base ? sv::with_base(*book, *base) : *book;
  if (auto saved = made.save(*out); !saved) return opt.report(saved.error().message, 1);
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf("book: %zu entries up to %d discs, %zu bytes, %.0f s\n", made.size(),
              made.max_discs(), 16 + 8 * made.size(), s);
  return 0;
}

int info(std::span<const std::string> args) {
  const std::string path =
      args.size() > 1 && args[1].rfind("--", 0) != 0 ? args[1] : sv::shared_book_path();
  auto book = sv::OpeningBook::load(path);
  if (!book) return Options("book info", args).report(book.error().message, 1);
  std::map<int, std::size_t> by_discs;
  for (std::uint64_t e : book->entries())
    ++by_discs[sv::OpeningBook::problem_of(sv::OpeningBook::key(e)).discs()];
  std::cout << path << ": " << book->size() << " entries\n";
  for (const auto& [d, n] : by_discs) std::cout << "  " << d << " discs: " << n << "\n";
  return 0;
}

int run_book(std::span<const std::string> args) {
  if (args.empty()) {
    std::cout << HELP;
    return 2;
  }
  if (args[0] == "build") return build(args);
  if (args[0] == "info") return info(args);
  std::cerr << "fourtable book: unknown subcommand '" << args[0] << "' (build, info)\n";
  return 2;
}

const RegisterCommand reg("book", "the opening book of 7x6 classic: build, info", run_book, HELP);

}  // namespace
}  // namespace ft::app
