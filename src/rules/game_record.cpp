#include "rules/game_record.h"

#include <algorithm>
#include <array>

#include "rules/notation.h"

namespace ft::rules {
namespace {

// Ways a game ends that the board does not show (RULES.md A3, A4): the match
// layer decides them and the record keeps them.
constexpr std::array<std::string_view, 3> OFF_BOARD = {"resignation", "time", "abandonment"};

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
    s.remove_suffix(1);
  return s;
}

std::vector<std::string_view> words(std::string_view s) {
  std::vector<std::string_view> out;
  while (true) {
    s = trim(s);
    if (s.empty()) return out;
    const auto end = s.find_first_of(" \t");
    out.push_back(s.substr(0, end));
    if (end == std::string_view::npos) return out;
    s.remove_prefix(end);
  }
}

bool parse_small_int(std::string_view s, int& out) {
  if (s.empty() || s.size() > 4) return false;
  out = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return false;
    out = out * 10 + (c - '0');
  }
  return true;
}

// A result the board cannot show: "<colour> wins by <off-board reason>".
bool off_board_result(const FourGame& game, std::string_view result) {
  const auto w = words(result);
  if (w.size() != 4 || w[1] != "wins" || w[2] != "by") return false;
  bool colour = false;
  for (int c = 0; c < game.sides(); ++c) colour = colour || w[0] == game.side_name(c);
  return colour && std::find(OFF_BOARD.begin(), OFF_BOARD.end(), w[3]) != OFF_BOARD.end();
}

Error line_error(int line, const std::string& message) {
  return make_error(ErrorCode::bad_input, "line " + std::to_string(line) + ": " + message);
}

}  // namespace

std::string describe_result(const FourGame& game) {
  const Outcome& o = game.outcome();
  const std::string how = " by " + std::string(reason_name(o.reason));
  switch (o.status) {
    case Status::ongoing:
      return "ongoing";
    case Status::win:
      return std::string(game.side_name(o.winner)) + " wins" + how;
    case Status::draw:
      return "draw" + how;
  }
  return "ongoing";
}

std::vector<std::string> seat_labels(const VariantSpec& spec) {
  if (spec.seats == 4) return {"Red 1", "Yellow 1", "Red 2", "Yellow 2"};  // RULES.md A11
  if (spec.seats == 3) return {"Red", "Yellow", "Green"};
  return {"Red", "Yellow"};
}

std::string format_setup(const FourGame& game) {
  const VariantSpec& spec = game.spec();
  std::string out = "Variant: " + spec.key + "\n";
  out += "Size: " + std::to_string(spec.width) + "x" + std::to_string(spec.height) + "\n";
  if (spec.popout && spec.key != "popout") out += "PopOut: yes\n";
  if (!game.setup().blocks.empty()) {
    out += "Blocks:";
    for (const Cell& c : game.setup().blocks) out += " " + format_cell(c);
    out += "\n";
  }
  if (!game.setup().opening.empty()) {
    out += "Opening:";
    for (int col : game.setup().opening)
      out += " " + format_move(Move{static_cast<std::int8_t>(col), false});
    out += "\n";
  }
  return out;
}

Result<std::string> format_record(const FourGame& game, std::span<const std::string> players,
                                  std::string_view result) {
  const VariantSpec& spec = game.spec();
  const auto labels = seat_labels(spec);
  if (!players.empty() && players.size() != labels.size())
    return make_error(ErrorCode::bad_input,
                      "a " + spec.key + " game has " + std::to_string(labels.size()) + " seats");
  std::string board_result = describe_result(game);
  std::string result_line = board_result;
  if (!result.empty() && result != board_result) {
    if (game.outcome().over() || !off_board_result(game, result))
      return make_error(ErrorCode::bad_input, "result '" + std::string(result) +
                                                  "' contradicts the board (" + board_result + ")");
    result_line = std::string(result);
  }

  std::string out = format_setup(game);
  for (std::size_t seat = 0; seat < labels.size(); ++seat) {
    const std::string name = players.empty() ? "" : players[seat];
    if (name.find_first_of("\r\n") != std::string::npos)
      return make_error(ErrorCode::bad_input, "a player's name cannot hold a line break");
    const std::string_view trimmed = trim(name);
    out += labels[seat] + ":" + (trimmed.empty() ? "" : " " + std::string(trimmed)) + "\n";
  }
  out += "Result: " + result_line + "\n";
  out += "Moves:\n";
  int ply = game.start().ply();
  int colour = game.start().to_move();
  for (Move m : game.move_list()) {
    out += format_move_line(++ply, colour, m) + "\n";
    colour = (colour + 1) % spec.colours;
  }
  return out;
}

namespace {

// The lines of a record as written, before any is checked against the rules.
struct RecordFields {
  std::string variant, size, popout, blocks, opening, result;
  bool have_result = false;
  std::vector<std::pair<std::string, std::string>> seats;    // label, name
  std::vector<std::pair<int, std::string_view>> move_lines;  // line number, text
  bool have_moves = false;
  int lines = 0;
};

// `setup_only`: the set-up lines alone (format_setup), no seats, result or moves.
Result<RecordFields> read_fields(std::string_view text, bool setup_only = false) {
  RecordFields f;
  while (!text.empty()) {
    const auto nl = text.find('\n');
    std::string_view line = text.substr(0, nl);
    text.remove_prefix(nl == std::string_view::npos ? text.size() : nl + 1);
    const int number = ++f.lines;
    line = trim(line);
    if (line.empty()) continue;
    if (f.have_moves) {
      f.move_lines.emplace_back(number, line);
      continue;
    }
    const auto colon = line.find(':');
    if (colon == std::string_view::npos) return line_error(number, "expected 'Field: value'");
    const std::string key(trim(line.substr(0, colon)));
    std::string value(trim(line.substr(colon + 1)));
    if (setup_only && (key == "Moves" || key == "Result"))
      return line_error(number, "a set-up has no '" + key + "' line");
    if (key == "Moves") {
      if (!value.empty()) return line_error(number, "moves follow on their own lines");
      f.have_moves = true;
      continue;
    }
    f.have_result = f.have_result || key == "Result";
    std::string* field = key == "Variant"   ? &f.variant
                         : key == "Size"    ? &f.size
                         : key == "PopOut"  ? &f.popout
                         : key == "Blocks"  ? &f.blocks
                         : key == "Opening" ? &f.opening
                         : key == "Result"  ? &f.result
                                            : nullptr;
    if (field == nullptr) {
      if (setup_only) return line_error(number, "'" + key + "' is not a line of a set-up");
      f.seats.emplace_back(key, std::move(value));
    } else {
      *field = std::move(value);
    }
  }
  if (f.variant.empty()) return line_error(f.lines, "the record has no Variant line");
  if (setup_only) return f;
  if (!f.have_result) return line_error(f.lines, "the record has no Result line");
  if (!f.have_moves) return line_error(f.lines, "the record has no Moves line");
  return f;
}

// The game before the first move: the variant with the record's size,
// PopOut, blocks and drawn opening.
Result<FourGame> start_of(const RecordFields& f) {
  VariantOptions options;
  if (!f.size.empty()) {
    const auto x = f.size.find('x');
    if (x == std::string::npos ||
        !parse_small_int(std::string_view(f.size).substr(0, x), options.width) ||
        !parse_small_int(std::string_view(f.size).substr(x + 1), options.height))
      return make_error(ErrorCode::bad_input, "Size must be WxH, e.g. 7x6");
  }
  if (f.popout == "yes")
    options.popout = 1;
  else if (!f.popout.empty() && f.popout != "no")
    return make_error(ErrorCode::bad_input, "PopOut must be yes or no");
  Setup setup;
  auto spec_for_cells = make_variant(f.variant, options);
  if (!spec_for_cells) return spec_for_cells.error();
  for (auto w : words(f.blocks)) {
    auto cell = parse_cell(w, spec_for_cells->width, spec_for_cells->height);
    if (!cell)
      return make_error(ErrorCode::bad_setup,
                        "block '" + std::string(w) + "': " + cell.error().message);
    setup.blocks.push_back(*cell);
  }
  // An obstacles game states its own block count (RULES.md A8 table setting).
  if (spec_for_cells->blocks > 0 && !setup.blocks.empty())
    options.blocks = static_cast<int>(setup.blocks.size());
  for (auto w : words(f.opening)) {
    auto m = parse_move(w, spec_for_cells->width);
    if (!m || m->pop)
      return make_error(ErrorCode::bad_setup,
                        "opening move '" + std::string(w) + "' is not a drop");
    setup.opening.push_back(m->col);
  }
  if (spec_for_cells->opening_plies > 0 && !setup.opening.empty())
    options.opening_plies = static_cast<int>(setup.opening.size());
  auto spec = make_variant(f.variant, options);
  if (!spec) return spec.error();
  return FourGame::create(*spec, setup);
}

}  // namespace

Result<FourGame> parse_setup(std::string_view text) {
  auto fields = read_fields(text, true);
  if (!fields) return fields.error();
  return start_of(*fields);
}

Result<GameRecord> parse_record(std::string_view text) {
  auto fields = read_fields(text);
  if (!fields) return fields.error();
  const RecordFields& f = *fields;
  const std::string& result = f.result;
  auto game = start_of(f);
  if (!game) return game.error();
  const auto& seats = f.seats;

  GameRecord record{game.value(), {}, result};
  const auto labels = seat_labels(record.game.spec());
  if (seats.size() != labels.size())
    return make_error(ErrorCode::bad_input, "a " + record.game.spec().key + " game names " +
                                                std::to_string(labels.size()) +
                                                " seats, the record " +
                                                std::to_string(seats.size()));
  for (std::size_t i = 0; i < labels.size(); ++i) {
    if (seats[i].first != labels[i])
      return make_error(ErrorCode::bad_input,
                        "expected seat '" + labels[i] + "', found '" + seats[i].first + "'");
    record.players.push_back(seats[i].second);
  }

  for (const auto& [line, text_line] : f.move_lines) {
    const auto w = words(text_line);
    const int ply = record.game.ply() + 1;
    const int mover = record.game.side_to_move();
    if (w.size() != 3) return line_error(line, "a move line reads '7. ● d'");
    if (w[0] != std::to_string(ply) + ".")
      return line_error(line, "expected ply " + std::to_string(ply));
    if (colour_from_disc(w[1]) != mover)
      return line_error(
          line, "ply " + std::to_string(ply) + " is " + std::string(colour_name(mover)) + "'s");
    auto played = record.game.play(w[2]);
    if (!played)
      return line_error(line, "move '" + std::string(w[2]) + "': " + played.error().message);
  }
  const std::string board = describe_result(record.game);
  if (result != board && (record.game.outcome().over() || !off_board_result(record.game, result)))
    return make_error(ErrorCode::bad_input,
                      "the record says '" + result + "' but the moves give '" + board + "'");
  return record;
}

}  // namespace ft::rules
