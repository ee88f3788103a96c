#include "store/group_commit.h"

#include <algorithm>
#include <future>
#include <memory>
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

void GroupCommitter::push(Item item) {
  {
    std::lock_guard lock(mutex_);
    queue_.push_back(std::move(item));
  }
  wake_.notify_one();
}

void GroupCommitter::submit_move(MoveWrite write, Done done) {
  push(Item{std::move(write), std::move(done)});
}

void GroupCommitter::submit(Job job, Done done) {
  push(Item{std::move(job), std::move(done)});
}

void GroupCommitter::write(Job job) {
  // Shared: the committer thread may still be inside set_value() when this
  // thread, woken by it, returns.
  auto done = std::make_shared<std::promise<std::exception_ptr>>();
  std::future<std::exception_ptr> result = done->get_future();
  submit(std::move(job), [done](std::exception_ptr e) { done->set_value(e); });
  if (std::exception_ptr e = result.get()) std::rethrow_exception(e);
}

void GroupCommitter::wait_idle() {
  std::unique_lock lock(mutex_);
  idle_.wait(lock, [&] { return queue_.empty() && !busy_; });
}

bool GroupCommitter::healthy() const {
  std::lock_guard lock(mutex_);
  return healthy_;
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
// Whether an error speaks of the store itself (it cannot be written) rather
// than of one write (a replayed ply, a finished match, an unknown id).
bool store_failure(const std::exception_ptr& error) {
  try {
    std::rethrow_exception(error);
  } catch (const StoreError& e) {
    return e.code() == StoreErrc::unavailable || e.code() == StoreErrc::internal ||
           e.code() == StoreErrc::schema;
  } catch (...) {
  }
  return false;  // not the store's: a bug of the write itself
}

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

void GroupCommitter::run() {
  std::vector<Item> items;
  std::vector<Store::Write> writes;
  for (;;) {
    {
      std::unique_lock lock(mutex_);
      busy_ = false;
      if (queue_.empty()) idle_.notify_all();
      wake_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
      if (queue_.empty()) return;  // stopping and drained
      busy_ = true;
      while (!queue_.empty() && items.size() < max_batch_) {
        items.push_back(std::move(queue_.front()));
        queue_.pop_front();
      }
    }
    std::size_t moves = 0;
    for (const Item& item : items) {
      if (const auto* move = std::get_if<MoveWrite>(&item.what)) {
        ++moves;
        writes.push_back([move](Store& s) { s.append_move(*move); });
      } else {
        writes.push_back(std::get<Job>(item.what));
      }
    }
    std::vector<std::exception_ptr> errors;
    try {
      errors = store_.write_batch(writes);
    } catch (...) {
      errors.assign(items.size(), std::current_exception());
    }
    std::uint64_t failed = 0;
    std::uint64_t moves_failed = 0;
    bool store_ok = true;
    for (std::size_t i = 0; i < items.size(); ++i) {
      if (!errors[i]) continue;
      ++failed;
      if (std::holds_alternative<MoveWrite>(items[i].what)) ++moves_failed;
      if (store_failure(errors[i])) store_ok = false;
    }
    {
      std::lock_guard lock(mutex_);
      if (failed < items.size()) ++stats_.commits;
      stats_.moves += moves - moves_failed;
      stats_.jobs += (items.size() - moves) - (failed - moves_failed);
      stats_.failures += failed;
      stats_.largest_batch = std::max<std::uint64_t>(stats_.largest_batch, items.size());
      healthy_ = store_ok;
    }
    for (std::size_t i = 0; i < items.size(); ++i) finish(items[i].done, errors[i]);
    items.clear();
    writes.clear();
  }
}

}  // namespace ft::store
