#include "engine/computer.h"

#include "engine/four_in_a_row_player.h"
#include "engine/twicefour/player.h"
#include "rules/four_game.h"

namespace ft::engine {

ComputerMove choose_move(const rules::GameState& state, const ComputerRequest& request) {
  ComputerMove out;
  if (request.level < MIN_LEVEL || request.level > MAX_LEVEL) {
    out.error = "level " + std::to_string(request.level) + " does not exist (1..7, 8 = perfect)";
    return out;
  }
  if (request.budget.count() <= 0) {
    out.error = "the thinking budget must be positive";
    return out;
  }
  if (state.outcome().over()) {
    out.error = "the game is over";
    return out;
  }
  switch (state.kind()) {
    case rules::GameKind::four:
      if (const auto* game = dynamic_cast<const rules::FourGame*>(&state)) {
        return choose_four_move(*game, request, TablePool::shared());
      }
      out.error = "a four-in-a-row state that is not a rules::FourGame";
      return out;
    case rules::GameKind::twicefour:
      if (const auto* game = dynamic_cast<const rules::TwiceFourGame*>(&state)) {
        return choose_twicefour_move(*game, request, TablePool::shared());
      }
      out.error = "a twiceFour state that is not a rules::TwiceFourGame";
      return out;
  }
  out.error = "no computer player for game '" + std::string(state.game()) + "'";
  return out;
}

void configure_table_memory(std::size_t total_bytes) {
  TablePool::shared().configure(total_bytes);
}

TableMemoryStats table_memory_stats() {
  return TablePool::shared().stats();
}

}  // namespace ft::engine
