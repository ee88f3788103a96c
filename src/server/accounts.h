// A name to keep (docs/protocol.md 2.12): password hashing and the limits on
// login attempts. The HTTP side is http_accounts.cpp.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "store/store.h"

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
// the window; a success clears the name's failures. The failures are kept in
// the store (store::Store::login_failures, migration 008), so that every node
// behind nginx counts the same ones and a restart forgets none.
struct LoginLimits {
  int per_name = 5;
  int per_address = 20;
  std::int64_t window_ms = 15 * 60 * 1000;
};

struct LoginVerdict {
  enum Kind { allowed, name_limited, address_limited } kind = allowed;
  std::int64_t retry_after_ms = 0;
};

// The verdict on an attempt at `now_ms` from the failures in the window
// (newest first, at least the limits' worth of them when there are that many).
LoginVerdict judge_login(const store::Store::LoginFailures& failures, const LoginLimits& limits,
                         std::int64_t now_ms);

}  // namespace ft::server
