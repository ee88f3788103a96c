// A room owns one table (ARCHITECTURE.md): its seats, its match (the `match`
// library's state machine), the sockets watching it, and the versioned event
// log of docs/protocol.md 5.5. It applies actions through `match` (which asks
// `rules`) and never touches the network or the disk itself: frames go to
// Peers, writes go to the store writer through the RoomHost.
//
// What must stay true:
// - A room handles one command at a time. A command that must be stored
//   keeps the room busy until the store says it is durable; only then are its
//   frames sent (ack first, then the events). So what a client is ever shown
//   is durable, and the in-memory state equals the published state whenever
//   the room is idle.
// - Events are numbered 1, 2, 3, ... per table; every subscriber gets each
//   one once, in order, after its catch-up or its full state.
#pragma once

#include <atomic>
#include <boost/json.hpp>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "match/match.h"
#include "server/errors.h"
#include "server/messages.h"
#include "server/net.h"
#include "server/rematch.h"
#include "server/settings.h"
#include "store/records.h"
#include "store/store.h"

namespace ft::server {

// What one room command writes: its moves, then anything else. The host
// hands it to the group commit (one transaction with other rooms' writes);
// `done` runs once it is durable (error null) or failed.
struct StoreJob {
  std::vector<store::MoveWrite> moves;
  std::function<void(store::Store&)> then;
  std::function<void(std::exception_ptr error)> done;
  // The match changed beyond plain moves (a game started or ended, Ready,
  // pieces): its record is stored once, after everything else, as of
  // `snapshot_at`. Plain moves need only their rows (Room::restore replays
  // them on top of the last record), so a move costs O(1) to store.
  bool snapshot = false;
  std::int64_t snapshot_at = 0;
  bool match_finished = false;  // the record went with finish_match
  bool empty() const { return moves.empty() && !then && !snapshot; }
};

// After a restart the clock of the seat to move stands this long, so the
// players can reconnect before their time runs again (protocol.md 6).
inline constexpr std::int64_t RESTART_GRACE_MS = 10000;

struct SeatInfo;

class RoomHost {
 public:
  virtual ~RoomHost() = default;
  virtual std::int64_t now_ms() = 0;  // wall clock: the match's time, kept across restarts
  virtual void persist(StoreJob job) = 0;
  virtual void think(std::function<void()> task) = 0;  // on a worker thread
  virtual void table_changed() = 0;                    // the lobby may need redrawing
  virtual void moved(std::int64_t latency_us, bool computer) = 0;
  // A perfect-level move not proven best: the exact solver did not finish in
  // its time or does not play the variant (issue 15: the metrics say how often).
  virtual void perfect_fell_back() {}
  virtual void error_sent(WsError code) = 0;
  // A store write of the table failed: an alarm (metrics, log), never silent.
  virtual void store_failed(const std::string& table, const std::string& what) = 0;
  // Rematch (server/rematch.cpp): a new table with `settings` and these
  // seats; `done` gets its id, or "" and why not.
  virtual void open_rematch(const TableSettings& settings, std::vector<SeatInfo> seats,
                            std::function<void(std::string table, std::string error)> done) = 0;
};

struct SeatInfo {
  std::int64_t player = 0;  // 0: empty or a computer
  std::string name;
  int computer = 0;          // level for a computer seat, else 0
  bool joined = false;       // the person has opened the table (the first game waits for it)
  int sockets = 0;           // connected sockets playing this seat
  std::string last_move_id;  // protocol 4.2: a resent move id is acknowledged again
  std::int64_t last_move_version = 0;
  bool taken() const { return player != 0 || computer != 0; }
};

enum class RoomAction : std::uint8_t { ready, resign_game, resign_match, claim };

class Room : public std::enable_shared_from_this<Room> {
 public:
  // A new table; seat 0 is the creator's, computer seats are filled.
  Room(RoomHost& host, std::string id, TableSettings settings, std::int64_t player,
       std::string name, std::int64_t now, std::uint64_t seed);
  // A table brought back from the store after a restart. `names` gives the
  // display names of the seated players.
  // ---- rematch hooks (issue 16; defined in server/rematch.cpp) ----
  // A table with its seats given (a rematch: the old seats moved round).
  Room(RoomHost& host, std::string id, TableSettings settings, std::vector<SeatInfo> seats,
       std::int64_t now, std::uint64_t seed);
  void rematch(const std::shared_ptr<Peer>& peer, RematchAction action);
  // ---- end of rematch hooks ----
  // The current game's board rows for the lobby's live boards (issue 16;
  // server/live_board.cpp); null before the first game.
  boost::json::value live_board() const;
  static Result<std::shared_ptr<Room>> restore(RoomHost& host, const store::LiveTable& live,
                                               const std::vector<std::string>& names,
                                               std::int64_t now);

  const std::string& id() const { return id_; }
  // Why the table is read-only ("" when it is not): its stored match could
  // not be replayed, so it is shown as far as it replays and takes no action.
  const std::string& read_only_reason() const { return read_only_; }
  // What the store keeps about the table (create_table).
  store::TableRecord record() const;

  void hello(const std::shared_ptr<Peer>& peer, const HelloMsg& msg);
  void leave(const std::shared_ptr<Peer>& peer);
  // Shutdown: forgets every socket and queued command (they hold sockets),
  // so none outlives the network that owns it.
  void close();
  void move(const std::shared_ptr<Peer>& peer, const MoveMsg& msg, std::int64_t received_us);
  void act(const std::shared_ptr<Peer>& peer, RoomAction action);
  void choose_piece(const std::shared_ptr<Peer>& peer, int piece);
  // The player changed its name (protocol.md 2.2): its seat shows the new
  // one from the next `state` on.
  void rename(std::int64_t player, const std::string& name);
  // Lets the match's deadlines fire (flag, Ready timeout) when one is due,
  // and tells the table when a claim has become possible (protocol.md 5.6).
  void tick();
  bool due(std::int64_t now) const;

  boost::json::object summary() const;  // protocol.md 2.4
  // Players (with sides) and outcome of game `number` (1-based) for
  // protocol.md 2.7; null when there is no such finished game.
  boost::json::value game_players(int number) const;
  // The match_over body once the match is over (protocol.md 2.6 "reason").
  boost::json::value match_result() const;
  bool listed() const { return settings_.listed; }
  // When the match ended (in memory: since the room held it over), 0 while
  // it runs; and how many sockets watch the table. The hub drops finished
  // tables nobody watches after a while (the store serves them again).
  std::int64_t finished_at() const { return finished_at_.load(); }
  std::size_t watchers() const;
  std::string status() const;  // waiting, playing, between_games, finished

 private:
  struct Sub {
    std::shared_ptr<Peer> peer;
    int seat = -1;
  };
  // Frames of one command, sent once its store job is durable.
  struct Outbox {
    std::vector<std::pair<std::shared_ptr<Peer>, std::shared_ptr<const std::string>>> first;
    std::vector<std::shared_ptr<const std::string>> events;
    std::vector<std::pair<std::shared_ptr<Peer>, std::shared_ptr<const std::string>>> after;
    std::vector<Sub> joining;
    bool presence = false;
    bool lobby = false;
    std::int64_t move_received_us = -1;
    bool computer_move = false;
  };

  Room(RoomHost& host, std::string id, TableSettings settings, std::int64_t created);

  // The command queue (see the class comment). `fn` runs under mu_.
  void submit(std::function<void()> fn);
  void drain();
  void finish(Outbox& out, StoreJob job);
  void publish(Outbox& out);

  // Helpers, all called under mu_.
  void maybe_start(std::int64_t now, Outbox& out, StoreJob& job);
  bool setup_ready();  // false while the engine vets a drawn opening
  // `think_ms`: the client's thinking time of the move in `update`, if any.
  // `move_id`: the client's id of that move, stored with it (protocol.md 4.2).
  void apply(const match::Update& update, std::int64_t now, Outbox& out, StoreJob& job,
             std::optional<std::int64_t> think_ms = std::nullopt, std::string_view move_id = {});
  // Per seat "win"/"draw"/"loss" of a finished match (protocol.md 5.5).
  boost::json::array match_results() const;
  // Replays the stored match; on a refusal, as much of it as replays, and
  // the table becomes read-only with the reason.
  void restore_match(const store::LiveTable& live, std::int64_t now);
  // Refuses a command on a read-only table; true if it did.
  bool refuse_read_only(const std::shared_ptr<Peer>& peer, const std::string& id = {});
  void automatic(std::int64_t now, Outbox& out, StoreJob& job);  // computer seats: ready, pieces
  void schedule_computer();
  void computer_move(int game, int ply, std::string move);
  void add_event(Outbox& out, boost::json::object event, std::int64_t now);
  void send_error(const std::shared_ptr<Peer>& peer, WsError code, std::string message,
                  std::string id = {}, std::optional<std::int64_t> version = {});
  int seat_of_player(std::int64_t player) const;
  const Sub* sub_of(const std::shared_ptr<Peer>& peer) const;
  void persist_seats(StoreJob& job);
  store::MatchSnapshot snapshot(std::int64_t now) const;
  void add_finish(std::int64_t now, const match::MatchOver& over,
                  std::shared_ptr<std::string> frame, boost::json::object event, StoreJob& job);

  // Rematch (server/rematch.cpp): the offer's frame, null when none; to every socket.
  std::shared_ptr<const std::string> rematch_frame() const;
  void send_rematch_frame();

  boost::json::object summary_unlocked() const;
  boost::json::object state_frame(int seat, std::int64_t now) const;
  boost::json::value outcome_json(match::GameEnd end, const rules::Outcome& outcome, int loser_team,
                                  const std::vector<int>& side_team) const;
  std::string status_unlocked() const;
  boost::json::object game_json(bool with_moves) const;
  boost::json::object clocks_json(std::int64_t now) const;
  boost::json::object match_json(std::int64_t now) const;
  boost::json::object presence_json(std::int64_t now) const;
  boost::json::array score_json() const;
  boost::json::value player_json(int seat) const;

  RoomHost& host_;
  const std::string id_;
  const TableSettings settings_;
  const std::int64_t created_ms_;
  std::uint64_t seed_ = 0;
  std::string read_only_;  // set once, by restore

  mutable std::mutex mu_;
  std::deque<std::function<void()>> inbox_;
  bool busy_ = false;
  bool draining_ = false;

  std::vector<SeatInfo> seats_;
  std::optional<match::Match> match_;
  store::MatchId match_id_ = 0;
  std::vector<int> side_team_;       // current game: team of each side
  boost::json::value game_outcome_;  // current game's outcome once over, else null
  boost::json::value match_result_;  // match_over body once over, else null
  boost::json::array winning_cells_;
  int plies_ = 0;  // moves played in the current game
  std::int64_t version_ = 0;
  std::deque<std::pair<std::int64_t, std::shared_ptr<const std::string>>> log_;
  std::vector<Sub> subs_;
  bool thinking_ = false;
  bool setup_vetted_ = false;  // the seed's set-up is the one the match may draw
  bool vetting_ = false;
  std::atomic<std::int64_t> next_deadline_{0};  // 0: none
  std::int64_t claim_told_ = 0;  // the claim time last announced with a presence frame
  std::atomic<std::int64_t> finished_at_{0};    // 0: not over
  RematchOffer rematch_;                        // issue 16: after the match
};

}  // namespace ft::server
