// What the load generator reads about a process and the machine from /proc:
// CPU time, resident memory, open-file limits, load average.
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <optional>
#include <string>

namespace ft::loadgen {

struct ProcSample {
  double cpu_s = 0;          // user + system CPU time so far
  std::int64_t rss_kib = 0;  // VmRSS
  std::int64_t hwm_kib = 0;  // VmHWM (peak RSS)
  int threads = 0;
  double runqueue_wait_s = 0;  // time its threads waited for a CPU (schedstat, all threads)
  double wall_s = 0;           // monotonic time of the sample
};

// nullopt if the process is gone or /proc cannot be read.
std::optional<ProcSample> sample_process(pid_t pid);

// The 1-minute load average ("?" if unreadable), for the report.
std::string load_average();

// Raises this process's soft RLIMIT_NOFILE to its hard limit; the new soft limit.
std::uint64_t raise_nofile_limit();

// The soft "Max open files" of another process, 0 if unknown.
std::uint64_t process_nofile_limit(pid_t pid);

double monotonic_s();

}  // namespace ft::loadgen
