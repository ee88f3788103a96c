// The computer's seats (engine/computer.h): their moves, thought on a
// worker thread and played through the queue like a person's; their Ready
// and piece choice; and the vetting of a drawn opening before a match starts.
#include <algorithm>
#include <chrono>

#include "engine/computer.h"
#include "engine/fair_setup.h"
#include "server/protocol/log.h"
#include "server/tables/room.h"

namespace ft::server {

// RULES.md A9: a drawn opening comes from a seed the engine
// has vetted (no early forced win for either side). The proofs cost up to a
// second or two of search, so a worker thread does them while the players wait
// for the first move; the seed is deterministic, so a restart finds the same.
bool Room::setup_ready() {
  if (setup_vetted_) return true;
  auto spec = t_.settings.game == rules::GameKind::four
                  ? rules::make_variant(t_.settings.variant, t_.settings.options)
                  : Result<rules::VariantSpec>(rules::VariantSpec{});
  if (!spec || spec->opening_plies <= 0) {
    setup_vetted_ = true;
    return true;
  }
  if (vetting_) return false;
  vetting_ = true;
  host_.think([self = shared_from_this(), spec = *spec, seed = seed_] {
    const engine::FairSetup fair = engine::fair_setup_seed(spec, seed);
    self->submit([self, fair] {
      self->seed_ = fair.seed;
      self->setup_vetted_ = true;
      self->vetting_ = false;
      const std::int64_t now = self->host_.now_ms();
      Outbox out;
      StoreJob job;
      self->maybe_start(now, out, job);
      self->automatic(now, out, job);
      self->finish(out, std::move(job));
    });
  });
  return false;
}

// ---- the computer's seats ---------------------------------------------------

void Room::schedule_computer() {
  if (!t_.match || thinking_ || busy_ || t_.match->phase() != match::Phase::playing) return;
  const int seat = t_.match->seat_to_move();
  if (seat < 0 || t_.seats[std::size_t(seat)].computer == 0) return;
  thinking_ = true;
  std::shared_ptr<const rules::GameState> state = t_.match->game()->clone();
  engine::ComputerRequest request;
  request.level = t_.seats[std::size_t(seat)].computer;
  request.seed = seed_ ^ (static_cast<std::uint64_t>(t_.match->game_index()) << 32) ^
                 static_cast<std::uint64_t>(t_.plies);
  const std::int64_t left = t_.match->clock().remaining(seat, host_.now_ms());
  request.budget = std::chrono::milliseconds(std::clamp<std::int64_t>(left / 20, 50, 2000));
  const int game = t_.match->game_index();
  const int ply = t_.plies;
  host_.think([self = shared_from_this(), state, request, game, ply] {
    engine::ComputerMove chosen = engine::choose_move(*state, request);
    if (!chosen.error.empty()) log::warn() << "the computer found no move: " << chosen.error;
    if (request.level == engine::PERFECT && chosen.error.empty() && !chosen.exact)
      self->host_.perfect_fell_back();
    self->computer_move(game, ply, std::move(chosen.move));
  });
}

void Room::computer_move(int game, int ply, std::string move) {
  submit([this, game, ply, move] {
    thinking_ = false;
    if (!t_.match || t_.match->phase() != match::Phase::playing || t_.match->game_index() != game ||
        t_.plies != ply || move.empty())
      return schedule_computer();
    const int seat = t_.match->seat_to_move();
    if (t_.seats[std::size_t(seat)].computer == 0) return;
    const std::int64_t now = host_.now_ms();
    match::Update update = t_.match->move(seat, move, now, std::nullopt);
    Outbox out;
    StoreJob job;
    if (!update.ok()) {
      log::warn() << "the computer's move " << move << " was refused: " << update.error->message;
      if (update.events.empty()) return;
    }
    out.computer_move = update.ok();
    run(update, now, out, job);
  });
}

void Room::automatic(std::int64_t now, Outbox& out, StoreJob& job) {
  if (!t_.match || t_.settings.computer_level == 0) return;
  for (int round = 0; round < 4; ++round) {
    bool acted = false;
    const match::Phase phase = t_.match->phase();
    if (phase == match::Phase::between_games || phase == match::Phase::choosing_pieces) {
      const match::MatchView view = t_.match->view(now);
      for (std::size_t i = 0; i < t_.seats.size(); ++i) {
        if (t_.seats[i].computer == 0) continue;
        if (phase == match::Phase::between_games && !view.ready[i]) {
          apply(t_.match->ready(static_cast<int>(i), now), now, out, job);
          acted = true;
        } else if (phase == match::Phase::choosing_pieces && view.piece_wish[i] < 0) {
          // Take the piece the person did not ask for (circle until they ask).
          int wish = 1;
          for (std::size_t k = 0; k < t_.seats.size(); ++k) {
            if (k != i && view.piece_wish[k] >= 0) wish = 1 - view.piece_wish[k];
          }
          bool other_chose = false;
          for (std::size_t k = 0; k < t_.seats.size(); ++k)
            if (k != i && view.piece_wish[k] >= 0) other_chose = true;
          if (!other_chose) continue;
          apply(t_.match->choose_piece(static_cast<int>(i), wish, now), now, out, job);
          acted = true;
        }
      }
    }
    if (!acted) return;
  }
}

}  // namespace ft::server
