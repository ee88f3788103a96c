// The one thread that writes to the store. Rooms hand it jobs and get a
// callback once the job is durable (store contract: a write is durable when
// the method returns). Moves that arrive while a write is under way are
// written together in one transaction (group commit), which is what lets one
// SQLite file keep up with thousands of tables.
#pragma once

#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

#include "store/store.h"

namespace ft::server {

struct StoreJob {
  std::vector<store::MoveWrite> moves;              // appended first, batched across rooms
  std::function<void(store::Store&)> then;          // anything else, after the moves
  std::function<void(bool ok, const std::string& error)> done;  // on the writer thread
};

class StoreWriter {
 public:
  explicit StoreWriter(store::Store& store);
  ~StoreWriter();  // finishes queued jobs, then stops
  StoreWriter(const StoreWriter&) = delete;
  StoreWriter& operator=(const StoreWriter&) = delete;

  void submit(StoreJob job);
  bool healthy() const;      // false after a write failed, until one succeeds
  std::size_t queued() const;

 private:
  void loop();
  void run_batch(std::vector<StoreJob>& jobs);

  store::Store& store_;
  mutable std::mutex mu_;
  std::condition_variable cv_;
  std::deque<StoreJob> queue_;
  bool stopping_ = false;
  bool healthy_ = true;
  std::thread thread_;
};

}  // namespace ft::server
