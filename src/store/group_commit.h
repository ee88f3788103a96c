// Group commit in front of a Store: the server hands every write to the
// committer (moves, seats, game starts and ends, snapshots, new guests and
// tables) and acts on it from the `done` callback, which runs once the write
// is durable. One thread drains the queue and writes everything waiting in it
// with ONE Store::write_batch call: one transaction, one fsync (about 10 ms
// on this machine's disk) shared by all writes that arrived meanwhile. 2,500
// moves/s need batches of ~25, which form on their own under that load.
// bench/store_append.cpp has the figures.
//
// Order: writes run in submission order, so a write can never overtake one
// submitted before it (a move queued before its game's end is written first).
//
// A write that fails gets its own error and the others of its batch still
// commit (Store::write_batch retries them one at a time).
#pragma once

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <variant>

#include "store/store.h"

namespace ft::store {

class GroupCommitter {
 public:
  // error is null when the write is durable, else the StoreError (or other
  // exception) it failed with. Runs on the committer's thread: post to your
  // own executor, do not block.
  using Done = std::function<void(std::exception_ptr error)>;
  // Any sequence of store calls; see Store::write_batch for what it may do.
  using Job = Store::Write;

  explicit GroupCommitter(Store& store, std::size_t max_batch = 512);
  // Writes everything already submitted, then stops the thread.
  ~GroupCommitter();
  GroupCommitter(const GroupCommitter&) = delete;
  GroupCommitter& operator=(const GroupCommitter&) = delete;

  void submit_move(MoveWrite write, Done done);
  // Any other store write, run in order with the moves.
  void submit(Job job, Done done);
  // submit(), waited for: returns once the write is durable, or throws
  // what it failed with. Never on a thread that must not block.
  void write(Job job);
  // Blocks until every write submitted so far is done and its callback has
  // returned (callbacks may submit more; those are waited for too).
  void wait_idle();
  // False after a batch in which the store itself failed (unavailable,
  // internal, schema), until a batch without such a failure (for /healthz).
  // A write refused for its own content (conflict, not_found, bad_input)
  // says nothing about the store.
  bool healthy() const;

  struct Stats {
    std::uint64_t commits = 0;        // batches written (one transaction each)
    std::uint64_t moves = 0;          // moves made durable
    std::uint64_t jobs = 0;           // other writes made durable
    std::uint64_t failures = 0;       // writes that ended with an error
    std::uint64_t largest_batch = 0;  // writes (moves and jobs) in the largest batch
  };
  Stats stats() const;
  std::size_t queued() const;

 private:
  struct Item {
    std::variant<MoveWrite, Job> what;
    Done done;
  };
  void run();
  void push(Item item);

  Store& store_;
  const std::size_t max_batch_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::condition_variable idle_;
  std::deque<Item> queue_;
  bool stopping_ = false;
  bool busy_ = false;  // a batch is being written or its callbacks run
  bool healthy_ = true;
  Stats stats_;
  std::thread thread_;  // last: started after everything above exists
};

}  // namespace ft::store
