#include "server/tables/worker_pool.h"
#include "server/protocol/log.h"

#include <exception>

namespace ft::server {

WorkerPool::WorkerPool(int threads) {
  for (int i = 0; i < threads; ++i) {
    threads_.emplace_back([this] {
      for (;;) {
        std::function<void()> task;
        {
          std::unique_lock lock(mu_);
          cv_.wait(lock, [this] { return stopping_ || !tasks_.empty(); });
          if (stopping_) return;
          task = std::move(tasks_.front());
          tasks_.pop_front();
        }
        try {
          task();
        } catch (const std::exception& e) {
          log::warn() << "worker task failed: " << e.what();
        }
      }
    });
  }
}

WorkerPool::~WorkerPool() {
  stop();
}

void WorkerPool::stop() {
  std::deque<std::function<void()>> dropped;  // destroyed outside the lock
  {
    std::lock_guard lock(mu_);
    stopping_ = true;
    dropped.swap(tasks_);
  }
  cv_.notify_all();
  for (auto& t : threads_)
    if (t.joinable()) t.join();
}

void WorkerPool::post(std::function<void()> task) {
  {
    std::lock_guard lock(mu_);
    if (stopping_) return;
    tasks_.push_back(std::move(task));
  }
  cv_.notify_one();
}

std::size_t WorkerPool::queued() const {
  std::lock_guard lock(mu_);
  return tasks_.size();
}

}  // namespace ft::server
