// `fourtable play`: play the computer in the terminal. The
// board is drawn as text, moves are typed in the game's notation, and every
// computer move comes through the engine facade (engine/computer.h), so this
// is also a quick way to test a level by hand or from a script.
#include <algorithm>
#include <iostream>
#include <memory>
#include <string>

#include "app/command.h"
#include "engine/computer.h"
#include "rules/four_game.h"
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

bool parse_number(const std::string& text, long long lo, long long hi, long long& out) {
  if (text.empty() || text.size() > 18) return false;
  long long v = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return false;
    v = v * 10 + (c - '0');
  }
  if (v < lo || v > hi) return false;
  out = v;
  return true;
}

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

int run_play(std::span<const std::string> args) {
  if (has_flag(args, "help")) {
    std::cout << USAGE;
    return 0;
  }
  std::string game_name = "twicefour", text;
  option_value(args, "game", game_name);
  long long level = 3, seed = 1, budget = 15000, width = 0, height = 0;
  struct NumberOption {
    const char* name;
    long long lo, hi;
    long long* value;
  };
  const NumberOption numbers[] = {{"level", 1, engine::PERFECT, &level},
                                  {"seed", 0, INT64_MAX, &seed},
                                  {"budget-ms", 1, 3'600'000, &budget},
                                  {"width", 4, 10, &width},
                                  {"height", 4, 10, &height}};
  for (const NumberOption& o : numbers) {
    if (option_value(args, o.name, text) && !parse_number(text, o.lo, o.hi, *o.value)) {
      std::cerr << "fourtable play: --" << o.name << " must be a whole number in " << o.lo << ".."
                << o.hi << ", not '" << text << "'\n";
      return 2;
    }
  }

  std::unique_ptr<rules::GameState> game;
  if (game_name == "twicefour") {
    int first = rules::TF_CROSS;
    if (option_value(args, "first", text)) {
      first = rules::tf_side_from_name(text);
      if (first < 0) {
        std::cerr << "fourtable play: --first must be cross or circle, not '" << text << "'\n";
        return 2;
      }
    }
    game = std::make_unique<rules::TwiceFourGame>(rules::TwiceFourGame::start(first));
  } else if (game_name == "four") {
    std::string variant = "classic";
    option_value(args, "variant", variant);
    rules::VariantOptions options;
    options.width = static_cast<int>(width);
    options.height = static_cast<int>(height);
    auto spec = rules::make_variant(variant, options);
    if (!spec) {
      std::cerr << "fourtable play: " << spec.error().message << "\n";
      return 2;
    }
    auto g =
        rules::FourGame::create(*spec, rules::draw_setup(*spec, static_cast<std::uint64_t>(seed)));
    if (!g) {
      std::cerr << "fourtable play: " << g.error().message << "\n";
      return 2;
    }
    game = std::make_unique<rules::FourGame>(std::move(g).value());
  } else {
    std::cerr << "fourtable play: unknown game '" << game_name << "' (twicefour or four)\n";
    return 2;
  }

  int human = game->side_to_move();
  if (option_value(args, "side", text)) {
    human = -1;
    for (int s = 0; s < game->sides(); ++s) {
      if (game->side_name(s) == text) human = s;
    }
    if (human < 0) {
      std::string names;
      for (int s = 0; s < game->sides(); ++s)
        names += (s ? ", " : "") + std::string(game->side_name(s));
      std::cerr << "fourtable play: --side must be one of " << names << ", not '" << text << "'\n";
      return 2;
    }
  }

  std::ostream& out = std::cout;
  out << "fourtable play: " << game_name
      << (game_name == "four" ? " " + std::string(game->variant()) : "") << ", computer level "
      << level << ", you play " << game->side_name(human) << ". Type 'help' for help.\n\n";
  draw(*game, out);
  status_line(*game, out);

  engine::ComputerRequest request;
  request.level = static_cast<int>(level);
  request.budget = std::chrono::milliseconds(budget);
  std::string line;
  while (!game->outcome().over()) {
    const int mover = game->side_to_move();
    if (mover != human) {
      request.seed =
          static_cast<std::uint64_t>(seed) * 1000003ULL + static_cast<std::uint64_t>(game->ply());
      const engine::ComputerMove m = engine::choose_move(*game, request);
      if (!m.error.empty()) {
        std::cerr << "fourtable play: the computer cannot move: " << m.error << "\n";
        return 1;
      }
      auto played = game->play(m.move);
      if (!played) {
        std::cerr << "fourtable play: the computer's move " << m.move
                  << " was refused: " << played.error().message << "\n";
        return 1;
      }
      out << "\n"
          << game->ply() << ". " << game->side_name(mover) << " (computer) plays " << m.move
          << "\n";
      draw(*game, out);
      status_line(*game, out);
      continue;
    }
    out << game->side_name(mover) << " to move> " << std::flush;
    if (!std::getline(std::cin, line)) {
      out << "\nend of input: game left unfinished after " << game->ply() << " moves\n";
      return 0;
    }
    const std::string input = trim(line);
    if (input.empty()) continue;
    if (input == "quit" || input == "exit") {
      out << "game left unfinished after " << game->ply() << " moves\n";
      return 0;
    }
    if (input == "help") {
      out << USAGE;
      continue;
    }
    if (input == "moves") {
      out << (game->ply() == 0 ? "no moves yet" : join(game->moves())) << "\n";
      continue;
    }
    if (input == "legal") {
      out << join(game->legal_moves()) << "\n";
      continue;
    }
    auto played = game->play(input);
    if (!played) {
      const std::string shown = input.size() > 20 ? input.substr(0, 20) + "..." : input;
      out << "not a legal move: '" << shown << "': " << played.error().message
          << " (type 'legal' for the legal moves)\n";
      continue;
    }
    out << "\n";
    draw(*game, out);
    status_line(*game, out);
  }
  out << "game over after " << game->ply() << " moves: " << describe_end(*game) << "\n";
  return 0;
}

const RegisterCommand REGISTER{"play", "play the computer in the terminal (twicefour, four)",
                               run_play};

}  // namespace
}  // namespace ft::app
