// A name to keep (docs/protocol.md 2.12): password hashing and the limits on
// login attempts. The HTTP side is http_accounts.cpp.
#pragma once

#include <cstdint>
#include <deque>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>

namespace ft::server {

inline constexpr std::size_t MIN_PASSWORD_BYTES = 8;
inline constexpr std::size_t MAX_PASSWORD_BYTES = 128;

// Why a new password is refused ("" when it is fine).
std::string password_problem(std::string_view password);

// argon2id through libsodium's crypto_pwhash_str at its "interactive" cost
// (64 MiB, about 0.1-0.3 s on this class of machine); the salt and the cost
// are inside the string. At most two hashes run at once, so a burst of logins
// holds at most 128 MiB and leaves the other threads their cores.
// Throws std::runtime_error when the memory cannot be had.
std::string hash_password(std::string_view password);
bool verify_password(std::string_view hash, std::string_view password);
// For a login to a name nobody kept: the same work as a real check, so the
// answer's time does not tell which names exist. Always false.
bool verify_nobody(std::string_view password);

// Failed login attempts per client address and per name (its name_key), in a
// sliding window. An attempt is refused while either has `max` failures in
// the window; a success clears the name's failures. In memory: a restart
// forgets them (a cost an attacker pays in waiting anyway), and with several
// nodes each keeps its own (docs/operations.md).
struct LoginLimits {
  int per_name = 5;
  int per_address = 20;
  std::int64_t window_ms = 15 * 60 * 1000;
};

class LoginLimiter {
 public:
  using Limits = LoginLimits;
  explicit LoginLimiter(Limits limits = {}) : limits_(limits) {}

  struct Verdict {
    enum Kind { allowed, name_limited, address_limited } kind = allowed;
    std::int64_t retry_after_ms = 0;
  };
  Verdict check(const std::string& address, const std::string& name_key, std::int64_t now_ms);
  void failed(const std::string& address, const std::string& name_key, std::int64_t now_ms);
  void succeeded(const std::string& name_key);

 private:
  using Failures = std::deque<std::int64_t>;  // times, oldest first
  // Drops the failures that left the window; how long until the oldest
  // leaves if `max` remain, else 0.
  std::int64_t wait_ms(Failures& f, int max, std::int64_t now_ms) const;
  void prune(std::int64_t now_ms);

  Limits limits_;
  std::mutex mu_;
  std::unordered_map<std::string, Failures> by_name_;
  std::unordered_map<std::string, Failures> by_address_;
  std::uint64_t calls_ = 0;
};

}  // namespace ft::server
