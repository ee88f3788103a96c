// The calling thread's CPU time, for budgets that measure what a search
// costs rather than how long it waited: a search on a busy machine, or at a
// low priority (the analysis of finished games), gets its budget's worth of
// work, not less (Limits::cpu_deadline_ns).
#pragma once

#include <time.h>

#include <cstdint>

namespace ft::engine::solver {

inline std::int64_t thread_cpu_ns() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return std::int64_t(t.tv_sec) * 1'000'000'000 + t.tv_nsec;
}

}  // namespace ft::engine::solver
