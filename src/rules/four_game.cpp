#include "rules/four_game.h"

#include <algorithm>

namespace ft::rules {

FourGame::FourGame(std::shared_ptr<const Geometry> geo) : GameBase(Position(*geo)), geo_(geo) {}

Result<FourGame> FourGame::create(const VariantSpec& spec, const Setup& setup) {
  if (auto ok = validate(spec); !ok) return ok.error();
  FourGame g(std::make_shared<const Geometry>(spec));
  g.setup_ = setup;
  Position& p = g.start_;
  const int w = spec.width, h = spec.height;
  if (spec.prefilled_outer) {
    // RULES.md A6 five in a row: a1 red, a2 yellow, ...; the right column
    // mirrored: i1 yellow, i2 red, ...
    for (int row = 0; row < h; ++row) {
      p.put_disc(0, row % 2);
      p.put_disc(w - 1, 1 - row % 2);
    }
  }
  // Blocks are placed bottom up whatever order they are listed in, so that a
  // layout is one set of cells (RULES.md A8).
  std::sort(g.setup_.blocks.begin(), g.setup_.blocks.end(), [](const Cell& a, const Cell& b) {
    return a.col != b.col ? a.col < b.col : a.row < b.row;
  });
  for (const Cell& b : g.setup_.blocks) {
    if (b.col < 0 || b.col >= w || b.row < 0 || b.row >= h)
      return make_error(ErrorCode::bad_setup, "block " + format_cell(b) + " is off the board");
    if (b.row < p.height(b.col))
      return make_error(ErrorCode::bad_setup,
                        "block " + format_cell(b) + " is on a cell already taken");
    if (b.row > p.height(b.col))
      return make_error(
          ErrorCode::bad_setup,
          "block " + format_cell(b) + " would float: it rests on neither the bottom nor a block");
    p.put_block(b.col);
  }
  // The opening's discs are played as moves from the empty board, then the
  // game starts from there with its ply count (RULES.md A9).
  for (int col : setup.opening) {
    if (col < 0 || col >= w || !p.can_drop(col))
      return make_error(ErrorCode::bad_setup, "opening drop cannot be played");
    if (p.play(Move{static_cast<std::int8_t>(col), false}).over())
      return make_error(ErrorCode::bad_setup, "an opening must not end the game");
  }
  g.pos_ = g.start_;
  g.seen_[g.pos_.key()] = 1;
  return g;
}

Result<Outcome> FourGame::play(Move m) {
  if (outcome_.over()) return make_error(ErrorCode::game_over, "the game is over");
  if (auto ok = pos_.check(m); !ok) return ok.error();
  outcome_ = pos_.play(m);
  moves_.push_back(m);
  warning_ = false;
  if (geo_->popout()) {
    // RULES.md A7 (our rule): third occurrence draws, the second warns.
    const int seen = ++seen_[pos_.key()];
    if (!outcome_.over()) {
      if (seen >= 3)
        outcome_ = Outcome{Status::draw, -1, Reason::repetition};
      else
        warning_ = seen == 2;
    }
  }
  return outcome_;
}

int FourGame::repetitions() const {
  auto it = seen_.find(pos_.key());
  return it == seen_.end() ? 1 : it->second;
}

std::vector<std::string> FourGame::board_rows() const {
  static constexpr char SYMBOL[] = {'R', 'Y', 'G', '#'};
  std::vector<std::string> rows;
  for (int row = geo_->height() - 1; row >= 0; --row) {
    std::string line;
    for (int col = 0; col < geo_->width(); ++col) {
      const int piece = pos_.at(col, row);
      line += piece == NO_PIECE ? '.' : SYMBOL[piece];
    }
    rows.push_back(std::move(line));
  }
  return rows;
}

std::vector<Cell> FourGame::winning_cells() const {
  std::vector<Cell> cells;
  if (outcome_.reason != Reason::line) return cells;
  for (int colour = 0; colour < geo_->colours(); ++colour) {
    const Bits lines = geo_->line_cells(pos_.discs(colour));
    for (int col = 0; col < geo_->width(); ++col) {
      for (int row = 0; row < geo_->height(); ++row) {
        if (test(lines, geo_->index(col, row))) cells.push_back(Cell{col, row});
      }
    }
  }
  return cells;
}

}  // namespace ft::rules
