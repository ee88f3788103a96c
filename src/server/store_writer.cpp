#include "server/store_writer.h"

#include <iostream>

namespace ft::server {

StoreWriter::StoreWriter(store::Store& store) : store_(store), thread_([this] { loop(); }) {}

StoreWriter::~StoreWriter() {
  {
    std::lock_guard lock(mu_);
    stopping_ = true;
  }
  cv_.notify_all();
  thread_.join();
}

void StoreWriter::submit(StoreJob job) {
  {
    std::lock_guard lock(mu_);
    queue_.push_back(std::move(job));
  }
  cv_.notify_one();
}

bool StoreWriter::healthy() const {
  std::lock_guard lock(mu_);
  return healthy_;
}

std::size_t StoreWriter::queued() const {
  std::lock_guard lock(mu_);
  return queue_.size();
}

void StoreWriter::loop() {
  for (;;) {
    std::vector<StoreJob> jobs;
    {
      std::unique_lock lock(mu_);
      cv_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
      if (queue_.empty() && stopping_) return;
      jobs.assign(std::make_move_iterator(queue_.begin()), std::make_move_iterator(queue_.end()));
      queue_.clear();
    }
    run_batch(jobs);
  }
}

// Jobs keep their order. Runs of move-only jobs become one append_moves call
// (one transaction, one fsync); if that fails, each job of the run is retried
// alone so that one bad write does not fail its neighbours.
void StoreWriter::run_batch(std::vector<StoreJob>& jobs) {
  auto finish = [this](StoreJob& job, bool ok, const std::string& error) {
    if (!ok) std::cerr << "fourtable: store write failed: " << error << "\n";
    {
      std::lock_guard lock(mu_);
      healthy_ = ok;
    }
    if (job.done) job.done(ok, error);
  };
  auto run_one = [&](StoreJob& job) {
    try {
      if (!job.moves.empty()) store_.append_moves(job.moves);
      if (job.then) job.then(store_);
      finish(job, true, {});
    } catch (const std::exception& e) {
      finish(job, false, e.what());
    }
  };
  std::size_t i = 0;
  while (i < jobs.size()) {
    if (jobs[i].then) {
      run_one(jobs[i]);
      ++i;
      continue;
    }
    std::size_t j = i;
    std::vector<store::MoveWrite> batch;
    while (j < jobs.size() && !jobs[j].then) {
      for (auto& m : jobs[j].moves) batch.push_back(m);
      ++j;
    }
    bool ok = true;
    try {
      if (!batch.empty()) store_.append_moves(batch);
    } catch (const std::exception&) {
      ok = false;
    }
    for (std::size_t k = i; k < j; ++k) {
      if (ok) {
        finish(jobs[k], true, {});
      } else {
        run_one(jobs[k]);
      }
    }
    i = j;
  }
}

}  // namespace ft::server
