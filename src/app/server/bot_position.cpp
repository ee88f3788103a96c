// The reference bot's position (bot_position.h).
#include "app/server/bot_position.h"

#include <algorithm>
#include <optional>

#include "rules/four_game.h"
#include "rules/notation.h"
#include "rules/twicefour_game.h"
#include "rules/variant.h"

namespace ft::app {
namespace json = boost::json;
namespace {

std::vector<std::string> words(std::string_view text) {
  std::vector<std::string> out;
  while (!text.empty()) {
    const std::size_t space = text.find(' ');
    if (space != 0) out.emplace_back(text.substr(0, space));
    text = space == std::string_view::npos ? std::string_view() : text.substr(space + 1);
  }
  return out;
}

std::vector<std::string> rows_of(const json::object& state) {
  std::vector<std::string> rows;
  if (const json::value* b = state.if_contains("board"); b && b->is_array())
    for (const json::value& r : b->as_array())
      if (r.is_string()) rows.emplace_back(r.as_string());
  return rows;
}

// Plays `moves` on `game`; true when all were legal and the board is `rows`.
bool replays(rules::GameState& game, const std::vector<std::string>& moves,
             const std::vector<std::string>& rows) {
  for (const std::string& m : moves)
    if (!game.play(m)) return false;
  return game.board_rows() == rows;
}

// The blocks (RULES.md A8) standing on the board, bottom up in each column.
std::vector<rules::Cell> blocks_of(const std::vector<std::string>& rows) {
  std::vector<rules::Cell> cells;
  if (rows.empty()) return cells;
  const int height = int(rows.size());
  for (int col = 0; col < int(rows.front().size()); ++col)
    for (int row = 0; row < height; ++row)
      if (rows[std::size_t(height - 1 - row)][std::size_t(col)] == '#') cells.push_back({col, row});
  return cells;
}

// Orders the discs of `stacks` (each column's, bottom up) into drops
// whose colours alternate from red, the first side's (RULES.md A9); the
// columns in `order`. False when no order builds them.
bool drop_order(std::vector<std::string>& stacks, std::vector<std::size_t>& height,
                std::vector<int>& order, int left) {
  if (left == 0) return true;
  const char colour = order.size() % 2 == 0 ? 'R' : 'Y';
  for (std::size_t col = 0; col < stacks.size(); ++col) {
    if (height[col] >= stacks[col].size() || stacks[col][height[col]] != colour) continue;
    ++height[col];
    order.push_back(int(col));
    if (drop_order(stacks, height, order, left - 1)) return true;
    order.pop_back();
    --height[col];
  }
  return false;
}

// A drawn opening's drops are the game's set-up, not among the stream's
// moves, but the board shows them: the moves taken back off the board
// (drops only: each the top disc of its column) leave the opening, and any
// order of drops that builds it gives the same position. Empty with `why`
// when there is none (a pop among the moves cannot be taken back so).
std::optional<std::vector<int>> opening_of(std::vector<std::string> rows,
                                           const std::vector<std::string>& moves, int plies,
                                           std::string& why) {
  why = "the drawn opening cannot be read off the board";
  for (auto m = moves.rbegin(); m != moves.rend(); ++m) {
    if (m->size() != 1 || rows.empty() || std::size_t((*m)[0] - 'a') >= rows.front().size())
      return std::nullopt;
    const std::size_t col = std::size_t((*m)[0] - 'a');
    auto top = std::find_if(rows.begin(), rows.end(),
                            [col](const std::string& r) { return r[col] != '.'; });
    if (top == rows.end() || (*top)[col] == '#') return std::nullopt;
    (*top)[col] = '.';
  }
  std::vector<std::string> stacks(rows.empty() ? 0 : rows.front().size());
  int discs = 0;
  for (auto r = rows.rbegin(); r != rows.rend(); ++r)
    for (std::size_t col = 0; col < r->size(); ++col)
      if ((*r)[col] != '.' && (*r)[col] != '#') {
        stacks[col] += (*r)[col];
        ++discs;
      }
  std::vector<std::size_t> height(stacks.size(), 0);
  std::vector<int> order;
  if (discs != plies || !drop_order(stacks, height, order, discs)) return std::nullopt;
  return order;
}

std::unique_ptr<rules::GameState> four_position(const json::object& settings,
                                                const std::vector<std::string>& moves,
                                                const std::vector<std::string>& rows,
                                                std::string& why) {
  rules::VariantOptions options;
  options.width = int(settings.at("width").to_number<std::int64_t>());
  options.height = int(settings.at("height").to_number<std::int64_t>());
  options.popout = settings.at("popout").as_bool() ? 1 : 0;
  options.blocks = int(settings.at("blocks").to_number<std::int64_t>());
  options.opening_plies = int(settings.at("opening_plies").to_number<std::int64_t>());
  auto spec = rules::make_variant(std::string(settings.at("variant").as_string()), options);
  if (!spec) {
    why = spec.error().message;
    return nullptr;
  }
  rules::Setup setup;
  setup.blocks = blocks_of(rows);  // blocks never move unless a pop moves them
  if (spec->opening_plies > 0) {
    auto opening = opening_of(rows, moves, spec->opening_plies, why);
    if (!opening) return nullptr;
    setup.opening = *opening;
  }
  auto game = rules::FourGame::create(*spec, setup);
  if (!game) {
    why = game.error().message;
    return nullptr;
  }
  auto state = std::make_unique<rules::FourGame>(std::move(game).value());
  if (!replays(*state, moves, rows)) {
    why = "the moves do not replay to the board the server shows";
    return nullptr;
  }
  return state;
}

// twiceFour: either side may start a round (RULES.md B6), from either of
// the two starts; the one whose replay gives the server's board with the
// side the server says is to move (`side`, -1: not told) is it. Before the
// round's first move only that side tells them apart.
std::unique_ptr<rules::GameState> twicefour_position(const std::vector<std::string>& moves,
                                                     const std::vector<std::string>& rows, int side,
                                                     std::string& why) {
  for (rules::TfStart layout : {rules::TfStart::fair, rules::TfStart::first}) {
    for (int first : {rules::TF_CROSS, rules::TF_CIRCLE}) {
      auto state =
          std::make_unique<rules::TwiceFourGame>(rules::TwiceFourGame::start(first, layout));
      if (replays(*state, moves, rows) && (side < 0 || state->side_to_move() == side)) return state;
    }
  }
  why = "the moves do not replay to the board the server shows";
  return nullptr;
}

}  // namespace

std::unique_ptr<rules::GameState> rebuild_position(const json::object& settings,
                                                   const json::object& state, std::string& why) {
  const std::vector<std::string> moves = words(std::string_view(state.at("moves").as_string()));
  const std::vector<std::string> rows = rows_of(state);
  if (settings.at("game") == "twicefour") {
    const json::value* to_move = state.if_contains("to_move");
    const json::value* side = to_move != nullptr && to_move->is_object()
                                  ? to_move->as_object().if_contains("side")
                                  : nullptr;
    return twicefour_position(moves, rows,
                              side != nullptr ? int(side->to_number<std::int64_t>()) : -1, why);
  }
  return four_position(settings, moves, rows, why);
}

int move_budget_ms(const json::object& state, int seat) {
  const json::value* clocks = state.if_contains("clocks");
  if (clocks == nullptr || !clocks->is_object()) return 1000;
  const json::value* left = clocks->as_object().if_contains("remaining_ms");
  if (left == nullptr || !left->is_array() || std::size_t(seat) >= left->as_array().size())
    return 1000;
  const std::int64_t ms = left->as_array()[std::size_t(seat)].to_number<std::int64_t>();
  return int(std::clamp<std::int64_t>(ms / 20, 50, 2000));
}

std::vector<std::string> playable_variants() {
  std::vector<std::string> out;
  for (std::string_view k : rules::variant_keys()) out.emplace_back(k);
  out.emplace_back("twicefour");
  return out;
}

std::vector<std::string> split_list(const std::string& text) {
  std::vector<std::string> out;
  std::string_view rest = text;
  while (!rest.empty()) {
    const std::size_t comma = rest.find(',');
    std::string_view v = rest.substr(0, comma);
    while (!v.empty() && v.front() == ' ') v.remove_prefix(1);
    while (!v.empty() && v.back() == ' ') v.remove_suffix(1);
    if (!v.empty()) out.emplace_back(v);
    rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
  }
  return out;
}

}  // namespace ft::app
