// `fourtable play`: play the computer in the terminal. The
// board is drawn as text, moves are typed in the game's notation, and every
// computer move comes through the engine facade (engine/computer.h), so this
// is also a quick way to test a level by hand or from a script.
#include <algorithm>
#include <iostream>
#include <memory>
#include <optional>
#include <string>

#include "app/command.h"
#include "app/options.h"
#include "engine/computer.h"
#include "rules/four_game.h"
#include "rules/game_kind.h"
#include "rules/notation.h"
#include "rules/setup_draw.h"
#include "rules/twicefour_game.h"

namespace ft::app {
namespace {

constexpr const char* USAGE =
    "usage: fourtable play [--game twicefour|four] [--level L] [--side S] [--first S]\n"
    "                      [--variant K] [--width W --height H] [--seed N] [--budget-ms M]\n\n"
    "Play the computer in the terminal. Type a move in the game's notation:\n"
    "  twicefour: a step like d4-e4, or pass when you cannot step (RULES.md B3)\n"
    "  four:      a column letter like d, or d^ to pop (PopOut)\n"
    "Other input: 'moves' lists the moves so far, 'legal' the legal moves, 'help',\n"
    "'quit'. The end of input also quits.\n\n"
    "  --game      twicefour (default) or four\n"
    "  --level     computer level 1..7, or 8 for the deepest search (default 3)\n"
    "  --side      your side: cross or circle (twicefour), red, yellow or green (four);\n"
    "              default: the side that moves first\n"
    "  --first     twicefour: cross (default) or circle moves first\n"
    "  --variant   four: variant key (default classic); --width/--height as the table\n"
    "  --seed      seeds the computer and any drawn set-up (default 1)\n"
    "  --budget-ms the computer's thinking cap per move (default 15000)\n";

// Rows top first, each with its number, and the column letters underneath.
void draw(const rules::GameState& game, std::ostream& out) {
  const auto rows = game.board_rows();
  const std::size_t width = rows.empty() ? 0 : rows.front().size();
  for (std::size_t r = 0; r < rows.size(); ++r) {
    const std::size_t number = rows.size() - r;
    out << (number < 10 ? " " : "") << number << " ";
    for (char c : rows[r]) out << ' ' << c;
    out << "\n";
  }
  out << "   ";
  for (std::size_t c = 0; c < width; ++c) out << ' ' << static_cast<char>('a' + c);
  out << "\n";
}

void status_line(const rules::GameState& game, std::ostream& out) {
  if (const auto* tf = dynamic_cast<const rules::TwiceFourGame*>(&game)) {
    out << "points: cross " << tf->points(rules::TF_CROSS) << ", circle "
        << tf->points(rules::TF_CIRCLE) << "   placement: cross " << tf->placement(rules::TF_CROSS)
        << ", circle " << tf->placement(rules::TF_CIRCLE) << "   half-move " << tf->ply() << "/"
        << rules::TF_MOVE_LIMIT << "\n";
  }
  if (game.repetition_warning()) out << "2nd repetition: a third ends the round\n";
}

std::string describe_end(const rules::GameState& game) {
  const rules::Outcome& o = game.outcome();
  const std::string how = " (" + std::string(rules::reason_name(o.reason)) + ")";
  if (o.status == rules::Status::win) return std::string(game.side_name(o.winner)) + " wins" + how;
  return "draw" + how;
}

std::string join(const std::vector<std::string>& items) {
  std::string s;
  for (const auto& i : items) s += (s.empty() ? "" : " ") + i;
  return s;
}

std::string trim(const std::string& s) {
  const auto b = s.find_first_not_of(" \t\r");
  if (b == std::string::npos) return "";
  const auto e = s.find_last_not_of(" \t\r");
  return s.substr(b, e - b + 1);
}

// The game of --game, --first or --variant (four: `size` as --width and
// --height, `seed` for a drawn set-up); null after an error recorded in `opt`.
std::unique_ptr<rules::GameState> new_game(Options& opt, rules::GameKind kind,
                                           const rules::VariantOptions& size, long long seed) {
  if (kind == rules::GameKind::twicefour) {
    int first = rules::TF_CROSS;
    if (const std::optional<std::string> text = opt.text("first")) {
      first = rules::tf_side_from_name(*text);
      if (first < 0) opt.fail("--first must be cross or circle, not '" + *text + "'");
    }
    if (!opt.ok()) return nullptr;
    return std::make_unique<rules::TwiceFourGame>(rules::TwiceFourGame::start(first));
  }
  auto spec = rules::make_variant(opt.text("variant", "classic"), size);
  if (!spec) {
    opt.fail(spec.error().message);
    return nullptr;
  }
  auto g =
      rules::FourGame::create(*spec, rules::draw_setup(*spec, static_cast<std::uint64_t>(seed)));
  if (!g) {
    opt.fail(g.error().message);
    return nullptr;
  }
  return std::make_unique<rules::FourGame>(std::move(g).value());
}

// The side of --side, by name; the side to move first when not given.
int human_side(Options& opt, const rules::GameState& game) {
  const std::optional<std::string> text = opt.text("side");
  if (!text) return game.side_to_move();
  for (int s = 0; s < game.sides(); ++s) {
    if (game.side_name(s) == *text) return s;
  }
  std::string names;
  for (int s = 0; s < game.sides(); ++s) names += (s ? ", " : "") + std::string(game.side_name(s));
  opt.fail("--side must be one of " + names + ", not '" + *text + "'");
  return -1;
}

// One line typed by the person: a command or a move. False: stop playing.
bool take_input(rules::GameState& game, const std::string& input, std::ostream& out) {
  if (input.empty()) return true;
  if (input == "quit" || input == "exit") {
    out << "game left unfinished after " << game.ply() << " moves\n";
    return false;
  }
  if (input == "help") {
    out << USAGE;
  } else if (input == "moves") {
    out << (game.ply() == 0 ? "no moves yet" : join(game.moves())) << "\n";
  } else if (input == "legal") {
    out << join(game.legal_moves()) << "\n";
  } else if (auto played = game.play(input); !played) {
    const std::string shown = input.size() > 20 ? input.substr(0, 20) + "..." : input;
    out << "not a legal move: '" << shown << "': " << played.error().message
        << " (type 'legal' for the legal moves)\n";
  } else {
    out << "\n";
    draw(game, out);
    status_line(game, out);
  }
  return true;
}

int run_play(std::span<const std::string> args) {
  Options opt("play", args);
  const std::string game_name = opt.text("game", "twicefour");
  const long long level = opt.number("level", 3, 1, engine::PERFECT);
  const long long seed = opt.number("seed", 1, 0, INT64_MAX);
  const long long budget = opt.number("budget-ms", 15000, 1, 3'600'000);
  rules::VariantOptions size;
  size.width = static_cast<int>(opt.number("width", 0, 4, 10));
  size.height = static_cast<int>(opt.number("height", 0, 4, 10));
  const std::optional<rules::GameKind> kind = rules::game_kind_from_text(game_name);
  if (!kind) opt.fail("unknown game '" + game_name + "' (twicefour or four)");
  std::unique_ptr<rules::GameState> game = opt.ok() ? new_game(opt, *kind, size, seed) : nullptr;
  const int human = game ? human_side(opt, *game) : -1;
  if (!opt.ok()) return opt.report(opt.error(), 2);

  std::ostream& out = std::cout;
  out << "fourtable play: " << game_name
      << (kind == rules::GameKind::four ? " " + std::string(game->variant()) : "")
      << ", computer level " << level << ", you play " << game->side_name(human)
      << ". Type 'help' for help.\n\n";
  draw(*game, out);
  status_line(*game, out);

  engine::ComputerRequest request;
  request.level = static_cast<int>(level);
  request.budget = std::chrono::milliseconds(budget);
  std::string line;
  while (!game->outcome().over()) {
    const int mover = game->side_to_move();
    if (mover == human) {
      out << game->side_name(mover) << " to move> " << std::flush;
      if (!std::getline(std::cin, line)) {
        out << "\nend of input: game left unfinished after " << game->ply() << " moves\n";
        return 0;
      }
      if (!take_input(*game, trim(line), out)) return 0;
      continue;
    }
    request.seed =
        static_cast<std::uint64_t>(seed) * 1000003ULL + static_cast<std::uint64_t>(game->ply());
    const engine::ComputerMove m = engine::choose_move(*game, request);
    if (!m.error.empty()) return opt.report("the computer cannot move: " + m.error, 1);
    if (auto played = game->play(m.move); !played)
      return opt.report("the computer's move " + m.move + " was refused: " + played.error().message,
                        1);
    out << "\n"
        << game->ply() << ". " << game->side_name(mover) << " (computer) plays " << m.move << "\n";
    draw(*game, out);
    status_line(*game, out);
  }
  out << "game over after " << game->ply() << " moves: " << describe_end(*game) << "\n";
  return 0;
}

const RegisterCommand REGISTER{"play", "play the computer in the terminal (twicefour, four)",
                               run_play, USAGE};

}  // namespace
}  // namespace ft::app
