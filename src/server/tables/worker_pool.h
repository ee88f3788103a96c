// Threads for the computer seats: engine searches take up to seconds and must
// never run on an I/O thread (architecture.md). A plain queue of tasks.
#pragma once

#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace ft::server {

class WorkerPool {
 public:
  explicit WorkerPool(int threads);
  ~WorkerPool();  // stop()
  WorkerPool(const WorkerPool&) = delete;
  WorkerPool& operator=(const WorkerPool&) = delete;

  // Tasks posted after stop() are dropped.
  void post(std::function<void()> task);
  // Drops queued tasks, waits for running ones. Idempotent.
  void stop();
  std::size_t queued() const;

 private:
  mutable std::mutex mu_;
  std::condition_variable cv_;
  std::deque<std::function<void()>> tasks_;
  bool stopping_ = false;
  std::vector<std::thread> threads_;
};

}  // namespace ft::server
