#include "proc_probe.h"

#include <sys/resource.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace ft::loadgen {

double monotonic_s() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

std::optional<ProcSample> sample_process(pid_t pid) {
  ProcSample s;
  s.wall_s = monotonic_s();
  const std::string dir = "/proc/" + std::to_string(pid);
  std::ifstream stat(dir + "/stat");
  std::string line;
  if (!std::getline(stat, line)) return std::nullopt;
  // The command name (field 2) may hold spaces; the fields after it start past the last ')'.
  const auto close = line.rfind(')');
  if (close == std::string::npos) return std::nullopt;
  std::istringstream rest(line.substr(close + 2));
  std::string field;
  // rest starts at field 3 (state); utime and stime are fields 14 and 15.
  unsigned long long utime = 0, stime = 0;
  for (int f = 3; f <= 15 && rest >> field; ++f) {
    if (f == 14) utime = std::stoull(field);
    if (f == 15) stime = std::stoull(field);
  }
  const long ticks = sysconf(_SC_CLK_TCK);
  s.cpu_s = static_cast<double>(utime + stime) / static_cast<double>(ticks > 0 ? ticks : 100);

  std::ifstream status(dir + "/status");
  while (std::getline(status, line)) {
    std::istringstream in(line);
    std::string key;
    in >> key;
    if (key == "VmRSS:") in >> s.rss_kib;
    if (key == "VmHWM:") in >> s.hwm_kib;
    if (key == "Threads:") in >> s.threads;
  }
  // schedstat: "<on-CPU ns> <waiting-on-a-runqueue ns> <timeslices>", per thread.
  std::error_code ec;
  for (const auto& task : std::filesystem::directory_iterator(dir + "/task", ec)) {
    std::ifstream sched(task.path() / "schedstat");
    unsigned long long on_cpu = 0, waiting = 0;
    if (sched >> on_cpu >> waiting) s.runqueue_wait_s += static_cast<double>(waiting) * 1e-9;
  }
  return s;
}

std::string load_average() {
  std::ifstream in("/proc/loadavg");
  std::string one, five, fifteen;
  if (!(in >> one >> five >> fifteen)) return "?";
  return one + " " + five + " " + fifteen;
}

std::uint64_t raise_nofile_limit() {
  rlimit lim{};
  if (getrlimit(RLIMIT_NOFILE, &lim) != 0) return 0;
  if (lim.rlim_cur < lim.rlim_max) {
    rlimit want = lim;
    want.rlim_cur = lim.rlim_max;
    if (setrlimit(RLIMIT_NOFILE, &want) == 0) lim = want;
  }
  return lim.rlim_cur;
}

std::uint64_t process_nofile_limit(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/limits");
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("Max open files", 0) == 0) {
      std::istringstream rest(line.substr(14));
      std::string soft;
      rest >> soft;
      if (soft == "unlimited") return UINT64_MAX;
      try {
        return std::stoull(soft);
      } catch (const std::exception&) {
        return 0;
      }
    }
  }
  return 0;
}

}  // namespace ft::loadgen
