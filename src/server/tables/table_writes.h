// What a table writes to the store: its seats, its match's start, the games
// and moves the match's events make, the match record as of a moment. Each
// write is added to the command's StoreJob; the host commits it with other
// rooms' writes and the room publishes the command once it is durable.
#pragma once

#include <atomic>
#include <cstdint>
#include <exception>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "server/tables/table_state.h"
#include "store/records.h"
#include "store/store.h"

namespace ft::server {

// What one room command writes: its moves, then anything else. The host
// hands it to the group commit (one transaction with other rooms' writes);
// `done` runs once it is durable (error null) or failed.
struct StoreJob {
  std::string table;  // whose writes: on several nodes, its lease is checked
  std::vector<store::MoveWrite> moves;
  std::function<void(store::Store&)> then;
  std::function<void(std::exception_ptr error)> done;
  // The match changed beyond plain moves (a game started or ended, Ready,
  // pieces): its record is stored once, after everything else, as of
  // `snapshot_at`. Plain moves need only their rows (the room's restore
  // replays them on top of the last record), so a move costs O(1) to store.
  bool snapshot = false;
  std::int64_t snapshot_at = 0;
  bool match_finished = false;  // the record went with finish_match
  // (table, game number) of the games this job ends: their analysis job is
  // queued in the job's transaction, and an idle analysis thread woken once
  // it is durable (analysis_service.h).
  std::vector<std::pair<std::string, int>> games_finished{};
  bool empty() const { return moves.empty() && !then && !snapshot; }
};

// Runs `fn` after what the job already does, in the same transaction.
void add_then(StoreJob& job, std::function<void(store::Store&)> fn);

// The seats as the store keeps them.
std::vector<store::Seat> seat_rows(const std::vector<SeatInfo>& seats);

// The match record as of `now` with every seat's time left (what a restart
// resumes from); `result` is the match_over body once the match is over.
store::MatchSnapshot match_snapshot(const TableState& t, std::int64_t now,
                                    const boost::json::value& result = nullptr);

// Game `game` (0-based) as the store keeps it, replayed from the game's own
// moves: `setup`, the board it starts from (rules::format_setup; "" for
// twiceFour), and `moves`, its move lines: for four in a row those of
// rules::format_record (RULES.md A1, one notation for every game, however
// the match ended); for twiceFour "1. <piece> <move>". Both empty for a
// game lost unplayed with the match.
struct GameText {
  std::string setup;
  std::string moves;
};
GameText game_text(const TableState& t, int game, std::int64_t now);

// Each seat's side by name in seat order ("yellow red"), for sides
// `side_team` (match::GameRecord); "" if a seat has none.
std::string seat_sides_text(const TableState& t, const std::vector<int>& side_team);

// The client's side of a move: its thinking time and id (protocol.md 4.2).
struct MoveOrigin {
  std::optional<std::int64_t> think_ms;
  std::string_view move_id;
};

class TableWrites {
 public:
  explicit TableWrites(std::string table_id);

  // The stored match's id: known once the match's creation is stored.
  // Writes queued in the same job read it when they run.
  store::MatchId match_id() const { return match_id_->load(); }
  void set_match_id(store::MatchId id) { match_id_->store(id); }

  void seats(StoreJob& job, const std::vector<SeatInfo>& seats, std::int64_t now) const;
  // A match starts on the table: its row (the record as of the start) and
  // the table's status.
  void match_started(StoreJob& job, const TableState& t, std::int64_t now) const;
  // The store's side of one match event, read after the room has followed
  // and numbered it (`t.version` is its version): a game's row when it
  // starts and its result and record when it ends, a move's row. Other
  // events write nothing here (the record goes with the snapshot).
  void event(StoreJob& job, const TableState& t, const match::EventBody& ev, std::int64_t now,
             const MoveOrigin& origin) const;
  void snapshot(StoreJob& job, store::MatchSnapshot snap) const;
  // The finished table: a StoreJob's then that runs finish_match and sets
  // the table's status (match_finish.h builds `finish`).
  void finished(StoreJob& job, std::function<store::MatchFinish(store::Store&)> finish,
                std::int64_t now) const;

 private:
  void game_finished(StoreJob& job, const TableState& t, const match::GameOver& g,
                     std::int64_t now) const;
  std::string table_;
  std::shared_ptr<std::atomic<store::MatchId>> match_id_;
};

}  // namespace ft::server
