// A room owns one table (architecture.md): its seats, its match (the `match`
// library's state machine), the sockets watching it, and the versioned event
// log of docs/protocol.md 5.5. It orders commands, makes them durable and
// delivers their frames; what they say comes from its parts: the match's
// events become protocol events in room_events.h (the table's views in
// table_json.h), store writes in table_writes.h, results and ratings in
// match_finish.h. It never touches the network or the disk itself: frames go
// to Peers, writes go to the store writer through the RoomHost.
//
// What must stay true:
// - A room handles one command at a time. A command that must be stored
//   keeps the room busy until the store says it is durable; only then are its
//   frames sent (ack first, then the events). So what a client is ever shown
//   is durable, and the in-memory state equals the published state whenever
//   the room is idle.
// - A command whose write fails shows nothing: no event, no ack. The room
//   then stops (fail_back) and leaves memory, so the table comes back as the
//   store holds it, here or on the node that took its lease.
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
#include "server/edge/net.h"
#include "server/protocol/errors.h"
#include "server/protocol/messages.h"
#include "server/protocol/settings.h"
#include "server/tables/match_finish.h"
#include "server/tables/rematch.h"
#include "server/tables/table_state.h"
#include "server/tables/table_writes.h"
#include "store/records.h"
#include "store/store.h"

namespace ft::server {

// After a restart the clock of the seat to move stands this long, so the
// players can reconnect before their time runs again (protocol.md 6).
inline constexpr std::int64_t RESTART_GRACE_MS = 10000;

class Room;

class RoomHost {
 public:
  virtual ~RoomHost() = default;
  virtual std::int64_t now_ms() = 0;  // wall clock: the match's time, kept across restarts
  virtual void persist(StoreJob job) = 0;
  virtual void think(std::function<void()> task) = 0;  // on a worker thread
  virtual void table_changed() = 0;                    // the lobby may need redrawing
  virtual void moved(std::int64_t latency_us, bool computer) = 0;
  // A perfect-level move not proven best: the exact solver did not finish in
  // its time or does not play the variant (the move metrics say how often).
  virtual void perfect_fell_back() {}
  virtual void error_sent(WsError code) = 0;
  // Several nodes (table_feed.h): the frames the room just sent to all its
  // sockets (events in version order, presence), for spectators on other
  // nodes. Called under the room's lock: queue them, never block.
  virtual void table_frames(const std::string& /*table*/,
                            const std::vector<std::shared_ptr<const std::string>>& /*frames*/) {}
  // A store write of the table failed: an alarm (metrics, log), never silent.
  virtual void store_failed(const std::string& table, const std::string& what) = 0;
  // After a failed write the room stopped (Room::fail_back): it must leave
  // memory, so the table's next hello finds it as the store holds it. Called
  // under the room's lock: queue it, never block.
  virtual void room_failed(std::shared_ptr<Room> room) = 0;
  // Rematch (server/tables/rematch.cpp): a new table with `settings` and these
  // seats; `done` gets its id, or "" and why not.
  virtual void open_rematch(const TableSettings& settings, std::vector<SeatInfo> seats,
                            std::function<void(std::string table, std::string error)> done) = 0;
};

enum class RoomAction : std::uint8_t { ready, resign_game, resign_match, claim };

class Room : public std::enable_shared_from_this<Room> {
 public:
  // A new table; seat 0 is the creator's, computer seats are filled.
  Room(RoomHost& host, std::string id, TableSettings settings, const Identity& creator,
       std::int64_t now, std::uint64_t seed);
  // ---- rematch hooks (defined in server/tables/rematch.cpp) ----
  // A table with its seats given (a rematch: the old seats moved round).
  Room(RoomHost& host, std::string id, TableSettings settings, std::vector<SeatInfo> seats,
       std::int64_t now, std::uint64_t seed);
  void rematch(const std::shared_ptr<Peer>& peer, RematchAction action);
  // ---- end of rematch hooks ----
  // The current game's board rows for the lobby's live boards
  // (server/tables/live_board.cpp); null before the first game.
  boost::json::value live_board() const;
  // A table brought back from the store after a restart. `seated` gives
  // the seated players by seat (their names and bot flags; an empty
  // Player for a free or computer seat).
  static Result<std::shared_ptr<Room>> restore(RoomHost& host, const store::LiveTable& live,
                                               const std::vector<store::Player>& seated,
                                               std::int64_t now);

  const std::string& id() const { return t_.id; }
  // Why the table is read-only ("" when it is not): its stored match could
  // not be replayed, so it is shown as far as it replays and takes no action.
  const std::string& read_only_reason() const { return t_.read_only; }
  // What the store keeps about the table (create_table).
  store::TableRecord record() const;

  void hello(const std::shared_ptr<Peer>& peer, const HelloMsg& msg);
  void leave(const std::shared_ptr<Peer>& peer);
  // Shutdown: forgets every socket and queued command (they hold sockets),
  // so none outlives the network that owns it.
  void close();
  // Several nodes (server/cluster/cluster.h, room_retire.cpp): the table moves to
  // another node. After every command queued before it is stored and sent,
  // the room takes no more commands and closes its sockets (their clients
  // reconnect to the table's new node); then `done` runs, under the room's
  // lock (it may only post work). A second call does nothing.
  void retire(std::function<void()> done);
  void move(const std::shared_ptr<Peer>& peer, const MoveMsg& msg, std::int64_t received_us);
  void act(const std::shared_ptr<Peer>& peer, RoomAction action);
  void choose_piece(const std::shared_ptr<Peer>& peer, int piece);
  // Runs `fn` on the room's queue once every command queued before it ran
  // and its frames went out (after its store write): the Bot API answers a
  // command whose success sends no ack (Ready, a resignation) this way.
  void after(std::function<void()> fn) { submit(std::move(fn)); }
  // The player changed its name (protocol.md 2.2): its seat shows the new
  // one from the next `state` on.
  void rename(std::int64_t player, const std::string& name);
  // Several nodes: a spectator's state (seat -1) goes out through
  // table_frames after every event before it, from the room's queue, and
  // then the pending rematch offer, as a local spectator gets them.
  void publish_state();
  // Several nodes: how many spectators other nodes serve for this table
  // (their lobby parts, cluster_lobby.h). A change sends a presence frame,
  // so every spectator sees the count of all nodes.
  void set_remote_spectators(int count);
  int spectator_count() const;  // this node's and the other nodes'

  // Lets the match's deadlines fire (flag, Ready timeout) when one is due,
  // and tells the table when a claim has become possible (protocol.md 5.6).
  void tick();
  bool due(std::int64_t now) const;

  boost::json::object summary() const;  // protocol.md 2.4
  // Players (with sides) and outcome of game `number` (1-based) for
  // protocol.md 2.7; null when there is no such finished game.
  boost::json::value game_players(int number) const;
  // The match_over body once the match is over (protocol.md 2.6, its `reason`).
  boost::json::value match_result() const;
  bool listed() const { return t_.settings.listed; }
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
  using Frame = std::shared_ptr<const std::string>;
  // A joining socket's catch-up (protocol.md 4.1), worked out when the
  // command's frames go out, so it holds every event the command made.
  struct CatchUp {
    std::shared_ptr<Peer> peer;
    std::int64_t since = 0;
    int seat = -1;
  };
  // The match_over of a command: its version is taken when the match ends;
  // its frame is built once the finish (ratings included) is durable.
  struct MatchOverFrame {
    boost::json::object event;
    std::int64_t version = 0;
    std::int64_t at = 0;
    std::shared_ptr<Settled> settled;
    bool durable = false;
  };
  // Frames of one command, sent once its store job is durable.
  struct Outbox {
    std::vector<std::pair<std::shared_ptr<Peer>, Frame>> first;
    std::vector<Frame> events;
    std::optional<MatchOverFrame> match_over;
    std::vector<CatchUp> catch_up;
    bool presence = false;
    bool lobby = false;
    std::int64_t move_received_us = -1;
    std::string move_id;  // the acknowledged move's, for its error if the write fails
    bool computer_move = false;
  };

  Room(RoomHost& host, std::string id, TableSettings settings, std::int64_t created);

  // The command queue (see the class comment). `fn` runs under mu_.
  void submit(std::function<void()> fn);
  void drain();
  // Stores the command's job, then publishes its frames; `job` may be empty.
  void finish(Outbox& out, StoreJob job);
  void publish(Outbox& out);
  // The command's write failed: its frames are dropped, the room stops.
  void fail_back(Outbox& out, const std::string& error);
  void send_catch_up(const CatchUp& c, std::int64_t now);

  // Helpers, all called under mu_.
  void maybe_start(std::int64_t now, Outbox& out, StoreJob& job);
  bool setup_ready();  // false while the engine vets a drawn opening
  // The match's events of `update` become the table's events (numbered,
  // logged, sent) and its store writes. `origin`: the client's thinking time
  // and id of the move in `update`, if any (protocol.md 4.2).
  void apply(const match::Update& update, std::int64_t now, Outbox& out, StoreJob& job,
             const MoveOrigin& origin = {});
  void match_over(const match::MatchOver& over, boost::json::object event, std::int64_t now,
                  Outbox& out, StoreJob& job);
  // Runs a match call's update through apply and the computer seats, then
  // stores and sends it.
  void run(const match::Update& update, std::int64_t now, Outbox& out, StoreJob& job,
           const MoveOrigin& origin = {});
  // Replays the stored match; on a refusal, as much of it as replays, and
  // the table becomes read-only with the reason.
  void restore_match(const store::LiveTable& live, std::int64_t now);
  // Refuses a command on a read-only table; true if it did.
  bool refuse_read_only(const std::shared_ptr<Peer>& peer, const std::string& id = {});
  // The seat of a joined socket that may act, or -1 after sending the error.
  int acting_seat(const std::shared_ptr<Peer>& peer, const std::string& id = {});
  using MatchCall = std::function<match::Update(match::Match&, int seat, std::int64_t now)>;
  void match_call(const std::shared_ptr<Peer>& peer, const MatchCall& call);
  void automatic(std::int64_t now, Outbox& out, StoreJob& job);  // computer seats: ready, pieces
  void schedule_computer();
  void computer_move(int game, int ply, std::string move);
  void add_event(Outbox& out, boost::json::object event, std::int64_t now);
  void log_frame(std::int64_t version, Frame frame);
  void send_error(const std::shared_ptr<Peer>& peer, WsError code, std::string message,
                  std::string id = {}, std::optional<std::int64_t> version = {});
  int seat_of_player(std::int64_t player) const;
  const Sub* sub_of(const std::shared_ptr<Peer>& peer) const;
  int spectators() const;
  // Rematch (server/tables/rematch.cpp): the offer's frame, null when none; to every socket.
  std::shared_ptr<const std::string> rematch_frame() const;
  void send_rematch_frame();

  RoomHost& host_;
  TableState t_;  // the table; changed only by a command, under mu_
  TableWrites writes_;
  std::uint64_t seed_ = 0;

  mutable std::mutex mu_;
  std::deque<std::function<void()>> inbox_;
  bool busy_ = false;
  bool draining_ = false;
  bool retired_ = false;  // retire(): no command runs any more

  std::deque<std::pair<std::int64_t, Frame>> log_;  // the last events, for catch-up
  std::vector<Sub> subs_;
  bool thinking_ = false;
  bool setup_vetted_ = false;  // the seed's set-up is the one the match may draw
  bool vetting_ = false;
  std::atomic<std::int64_t> next_deadline_{0};  // 0: none
  std::int64_t claim_told_ = 0;               // the claim time last announced with a presence frame
  std::atomic<std::int64_t> finished_at_{0};  // 0: not over
  RematchOffer rematch_;                      // offers after the match
  std::atomic<int> remote_spectators_{0};     // served by other nodes
};

}  // namespace ft::server
