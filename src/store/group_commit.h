// Group commit in front of a Store: the server hands each write to the
// committer and acknowledges the move from the `done` callback, which runs
// once the write is durable. One thread drains the queue and writes every
// move waiting in it with ONE append_moves call, so the cost of a commit's
// fsync (about 10 ms on this machine's disk) is shared by all moves that
// arrived meanwhile: 2,500 moves/s need batches of ~25, which form on their
// own under that load. bench/store_append.cpp has the figures.
//
// Order: items are written in submission order. Other writes (a game's end,
// a snapshot, a match's result) go through submit() so they can never
// overtake a move submitted before them.
//
// A batch that fails is retried one write at a time, so one bad move (a
// replayed ply) gets its own error and the others still commit.
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
  using Job = std::function<void(Store&)>;

  explicit GroupCommitter(Store& store, std::size_t max_batch = 512);
  // Writes everything already submitted, then stops the thread.
  ~GroupCommitter();
  GroupCommitter(const GroupCommitter&) = delete;
  GroupCommitter& operator=(const GroupCommitter&) = delete;

  void submit_move(MoveWrite write, Done done);
  // Any other store write, run in order with the moves.
  void submit(Job job, Done done);

  struct Stats {
    std::uint64_t commits = 0;   // append_moves calls that succeeded
    std::uint64_t moves = 0;     // moves made durable
    std::uint64_t jobs = 0;      // other writes run
    std::uint64_t failures = 0;  // writes that ended with an error
    std::uint64_t largest_batch = 0;
  };
  Stats stats() const;
  std::size_t queued() const;

 private:
  struct Item {
    std::variant<MoveWrite, Job> what;
    Done done;
  };
  void run();
  void write_moves(std::vector<Item>& items, std::size_t begin, std::size_t end);

  Store& store_;
  const std::size_t max_batch_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<Item> queue_;
  bool stopping_ = false;
  Stats stats_;
  std::thread thread_;  // last: started after everything above exists
};

}  // namespace ft::store
