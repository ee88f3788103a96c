// `fourtable move`: which move a computer level plays in
// positions read from stdin. Every answer comes from engine::choose_move with
// the request the server's computer seat builds (server/tables/room.cpp
// schedule_computer: level, seed, budget), so the levels can be checked
// outside the server.
#include <chrono>
#include <cstdio>
#include <iostream>
#include <string>
#include <string_view>

#include "app/command.h"
#include "app/engine/solver_options.h"
#include "engine/computer.h"
#include "rules/four_game.h"
#include "rules/notation.h"
#include "rules/variant.h"

namespace ft::app {
namespace {

constexpr const char* HELP = R"(usage: fourtable move [options] < positions

Reads one position a line, as `fourtable solve` does: the columns played from
the start, as digits 1..W (0 for a tenth column), e.g. 4453; in PopOut a digit
followed by ^ pops that column. An empty line is the starting position.
Prints `<position> <move>` a line, the move in the game's notation (d, d^):
the move the server's computer seat at that level plays. A bad line prints
`<line> error: <why>`.

options:
  --level L        1..7 or perfect (default perfect)
  --budget-ms M    thinking cap per move, as the server's (default 2000)
  --seed N         seed of the levels that randomise (default 1)
  --variant K      variant key (classic, small, popout, misere, cylinder,
                   obstacles, drawn-opening, two-vs-two, single, five,
                   three-players); default classic
  --width W        board width (default: the variant's)
  --height H       board height (default: the variant's)
  --blocks COLS    obstacles: neutral blocks dropped in these columns first
  --verbose        append exact/heuristic, score, nodes and milliseconds
)";

struct MoveOptions {
  rules::VariantSpec spec;
  rules::Setup setup;
  engine::ComputerRequest request;
  bool verbose = false;
};

// Blocks given as drop columns become cells, bottom up in each column.
Result<std::vector<rules::Cell>> block_cells(const rules::VariantSpec& spec,
                                             std::string_view cols) {
  std::vector<rules::Cell> cells;
  std::vector<int> height(static_cast<std::size_t>(spec.width), 0);
  for (char ch : cols) {
    const int col = ch == '0' ? 9 : ch - '1';
    if (col < 0 || col >= spec.width)
      return make_error(ErrorCode::bad_input,
                        "--blocks: '" + std::string(1, ch) + "' is not a column of this board");
    int& h = height[static_cast<std::size_t>(col)];
    if (h >= spec.height)
      return make_error(ErrorCode::bad_setup,
                        "--blocks: column " + std::string(1, ch) + " is full");
    cells.push_back(rules::Cell{col, h++});
  }
  return cells;
}

Result<MoveOptions> parse_move_options(Options& opt) {
  MoveOptions o;
  const std::string level = opt.text("level", "perfect");
  if (level == "perfect") {
    o.request.level = engine::PERFECT;
  } else if (level.size() == 1 && level[0] >= '1' && level[0] <= '7') {
    o.request.level = level[0] - '0';
  } else {
    return make_error(ErrorCode::bad_input, "--level wants 1..7 or perfect, not '" + level + "'");
  }
  o.request.budget = std::chrono::milliseconds(opt.number("budget-ms", 2000, 1, 3'600'000));
  o.request.seed = static_cast<std::uint64_t>(opt.number("seed", 1, 0, INT64_MAX));
  if (!opt.ok()) return make_error(ErrorCode::bad_input, opt.error());

  std::optional<std::string> blocks;
  // A drawn opening is part of the position read (no Setup::opening): the
  // moves start from the empty board, as in `solve`.
  auto spec = variant_option(opt, blocks);
  if (!spec) return spec.error();
  o.spec = *spec;
  if (blocks) {
    auto cells = block_cells(*spec, *blocks);
    if (!cells) return cells.error();
    o.setup.blocks = *cells;
  }
  if (auto game = rules::FourGame::create(o.spec, o.setup); !game) return game.error();
  o.verbose = opt.flag("verbose");
  return o;
}

// Plays the digits of `line` on `game`; says why not (like `solve`).
Result<bool> play_line(rules::FourGame& game, std::string_view line) {
  const int w = game.position().geometry().width();
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char ch = line[i];
    const auto where = [&] {
      return "move " + std::to_string(i + 1) + " ('" + std::string(1, ch) + "')";
    };
    int col = -1;
    if (ch >= '1' && ch <= '9') col = ch - '1';
    if (ch == '0') col = 9;
    if (col < 0) return make_error(ErrorCode::bad_input, where() + " is not a column digit");
    if (col >= w)
      return make_error(ErrorCode::no_such_column,
                        where() + ": the board has " + std::to_string(w) + " columns");
    const bool pop = i + 1 < line.size() && line[i + 1] == '^';
    if (pop) ++i;
    if (game.outcome().over())
      return make_error(ErrorCode::game_over, where() + ": the game is already over");
    auto r = game.play(rules::Move{static_cast<std::int8_t>(col), pop});
    if (!r) return make_error(r.error().code, where() + ": " + r.error().message);
  }
  if (game.outcome().over()) return make_error(ErrorCode::game_over, "the game is over");
  return true;
}

int run_move(std::span<const std::string> args) {
  Options opt("move", args);
  auto opts = parse_move_options(opt);
  if (!opts) return opt.report(opts.error().message, 2);
  const rules::FourGame start = rules::FourGame::create(opts->spec, opts->setup).value();
  int errors = 0;
  std::string line;
  while (std::getline(std::cin, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    const auto first = line.find_first_not_of(" \t");
    const auto last = line.find_last_not_of(" \t");
    const std::string_view moves = first == std::string::npos
                                       ? std::string_view{}
                                       : std::string_view(line).substr(first, last - first + 1);
    rules::FourGame game = start;
    if (auto played = play_line(game, moves); !played) {
      ++errors;
      std::cout << line << " error: " << played.error().message << std::endl;
      continue;
    }
    const auto t0 = std::chrono::steady_clock::now();
    const engine::ComputerMove m = engine::choose_move(game, opts->request);
    const double ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    if (!m.error.empty()) {
      ++errors;
      std::cout << line << " error: " << m.error << std::endl;
      continue;
    }
    std::cout << moves << " " << m.move;
    if (opts->verbose) {
      char buf[128];
      std::snprintf(buf, sizeof buf, " %s %d %llu %.1f", m.exact ? "exact" : "heuristic", m.score,
                    static_cast<unsigned long long>(m.nodes), ms);
      std::cout << buf;
    }
    // Each answer as soon as it is known: a program may wait for it.
    std::cout << std::endl;
  }
  return errors > 0 ? 1 : 0;
}

const RegisterCommand reg("move", "the move a computer level plays in positions (stdin)", run_move,
                          HELP);

}  // namespace
}  // namespace ft::app
