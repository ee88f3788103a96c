#include "app/engine/solver_options.h"

#include "rules/four_game.h"
#include "rules/variant.h"

namespace ft::app {
namespace {
namespace sv = ft::engine::solver;
}  // namespace

Result<rules::VariantSpec> variant_option(Options& opt, std::optional<std::string>& blocks) {
  rules::VariantOptions vo;
  vo.width = static_cast<int>(opt.number("width", 0, rules::MIN_SIZE, rules::MAX_SIZE));
  vo.height = static_cast<int>(opt.number("height", 0, rules::MIN_SIZE, rules::MAX_SIZE));
  if (!opt.ok()) return make_error(ErrorCode::bad_input, opt.error());
  blocks = opt.text("blocks");
  if (blocks) vo.blocks = static_cast<int>(blocks->size());  // the callers place them
  auto spec = rules::make_variant(opt.text("variant", "classic"), vo);
  if (!spec) return spec.error();
  if (spec->blocks > 0 && !blocks)
    return make_error(ErrorCode::bad_input,
                      "obstacles: say where the blocks are with --blocks COLS");
  return spec;
}

Result<SolverOptions> parse_solver_options(Options& opt) {
  std::optional<std::string> blocks_given;
  auto spec = variant_option(opt, blocks_given);
  if (!spec) return spec.error();
  auto board = sv::board_for(*spec);
  if (!board) return board.error();
  const bool has_blocks = blocks_given.has_value();
  const std::string blocks = blocks_given.value_or("");
  SolverOptions o;
  o.start.board = *board;
  if (spec->prefilled_outer) {
    // Five in a row (RULES.md A6): the outer columns stand filled before the
    // first move; the moves read are the drops that follow.
    if (has_blocks) return make_error(ErrorCode::bad_input, "five in a row has no blocks");
    auto game = rules::FourGame::create(*spec);
    if (!game) return game.error();
    auto start = sv::problem_from(game->position());
    if (!start) return start.error();
    o.start = *start;
  }
  if (has_blocks) {
    // Blocks drop like discs of nobody: play them as moves of a side, then
    // move those discs to the block board.
    sv::Board bare = *board;
    for (std::size_t i = 0; i < blocks.size(); ++i) {
      const char ch = blocks[i];
      const int col = ch == '0' ? 9 : ch - '1';
      if (col < 0 || col >= bare.width)
        return make_error(ErrorCode::bad_input,
                          "--blocks: '" + std::string(1, ch) + "' is not a column of this board");
      sv::Problem p;
      p.board = bare;
      if (!sv::can_play(p, col))
        return make_error(ErrorCode::bad_setup,
                          "--blocks: column " + std::string(1, ch) + " is full");
      const sv::Problem after = sv::play(p, col);
      bare.blocks |= after.other;  // the cell just filled
    }
    o.start.board = bare;
  }
  o.table_mb = static_cast<std::size_t>(
      opt.number("table-mb", static_cast<long long>(o.table_mb), 1, 65536));
  o.threads = static_cast<int>(opt.number("threads", 1, 1, 64));
  if (!opt.ok()) return make_error(ErrorCode::bad_input, opt.error());
  return o;
}

}  // namespace ft::app
