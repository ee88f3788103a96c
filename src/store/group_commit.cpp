#include "store/group_commit.h"

#include <vector>

namespace ft::store {

GroupCommitter::GroupCommitter(Store& store, std::size_t max_batch)
    : store_(store), max_batch_(max_batch == 0 ? 1 : max_batch), thread_([this] { run(); }) {}

GroupCommitter::~GroupCommitter() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_one();
  thread_.join();
}

void GroupCommitter::submit_move(MoveWrite write, Done done) {
  {
    std::lock_guard lock(mutex_);
    queue_.push_back(Item{std::move(write), std::move(done)});
  }
  wake_.notify_one();
}

void GroupCommitter::submit(Job job, Done done) {
  {
    std::lock_guard lock(mutex_);
    queue_.push_back(Item{std::move(job), std::move(done)});
  }
  wake_.notify_one();
}

GroupCommitter::Stats GroupCommitter::stats() const {
  std::lock_guard lock(mutex_);
  return stats_;
}

std::size_t GroupCommitter::queued() const {
  std::lock_guard lock(mutex_);
  return queue_.size();
}

namespace {
// A throwing callback must not take the committer thread (and every later
// acknowledgement) down with it.
void finish(const GroupCommitter::Done& done, std::exception_ptr error) {
  if (!done) return;
  try {
    done(std::move(error));
  } catch (...) {
  }
}
}  // namespace

void GroupCommitter::write_moves(std::vector<Item>& items, std::size_t begin, std::size_t end) {
  std::vector<MoveWrite> batch;
  batch.reserve(end - begin);
  for (std::size_t i = begin; i < end; ++i) batch.push_back(std::get<MoveWrite>(items[i].what));
  try {
    store_.append_moves(batch);
    {
      std::lock_guard lock(mutex_);
      ++stats_.commits;
      stats_.moves += batch.size();
      stats_.largest_batch = std::max<std::uint64_t>(stats_.largest_batch, batch.size());
    }
    for (std::size_t i = begin; i < end; ++i) finish(items[i].done, nullptr);
    return;
  } catch (...) {
    if (batch.size() == 1) {
      {
        std::lock_guard lock(mutex_);
        ++stats_.failures;
      }
      finish(items[begin].done, std::current_exception());
      return;
    }
  }
  // The batch was refused as a whole; find out which writes are at fault.
  for (std::size_t i = begin; i < end; ++i) write_moves(items, i, i + 1);
}

void GroupCommitter::run() {
  std::vector<Item> items;
  for (;;) {
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
      if (queue_.empty()) return;  // stopping and drained
      while (!queue_.empty() && items.size() < max_batch_) {
        items.push_back(std::move(queue_.front()));
        queue_.pop_front();
      }
    }
    std::size_t i = 0;
    while (i < items.size()) {
      if (std::holds_alternative<MoveWrite>(items[i].what)) {
        std::size_t j = i;
        while (j < items.size() && std::holds_alternative<MoveWrite>(items[j].what)) ++j;
        write_moves(items, i, j);
        i = j;
        continue;
      }
      try {
        std::get<Job>(items[i].what)(store_);
        {
          std::lock_guard lock(mutex_);
          ++stats_.jobs;
        }
        finish(items[i].done, nullptr);
      } catch (...) {
        {
          std::lock_guard lock(mutex_);
          ++stats_.failures;
        }
        finish(items[i].done, std::current_exception());
      }
      ++i;
    }
    items.clear();
  }
}

}  // namespace ft::store
