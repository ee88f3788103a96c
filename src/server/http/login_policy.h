// A name to keep (docs/protocol.md 2.12): password hashing and the limits on
// login attempts. The HTTP side is accounts.cpp.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

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

// The failed-login policy (docs/protocol.md 2.12): stop guessing without
// letting a stranger lock the owner out. Failures are counted in a sliding
// window per name and client address (a small limit: one address guessing
// one name), per address over all names (one address spraying many names),
// and per name over all addresses (guessing from many addresses) -- but the
// last does not apply to an address the owner logged in from lately, so a
// stranger's failures elsewhere never refuse the owner at home. A success
// clears that name's failures from that address. The failures are kept in
// the store (store::Store::login_failures, migrations 008 and 010), so that
// every node behind nginx counts the same ones and a restart forgets none.
//
// A change of password checks the old password of a logged-in session: its
// wrong old passwords count against that session alone (per_session), never
// against the name's or the address's limits, so nobody else's failures stop
// the owner from changing it.
struct LoginLimits {
  int per_name_and_address = 5;
  int per_address = 20;
  int per_name = 30;  // from addresses the owner did not log in from lately
  int per_session = 5;
  std::int64_t window_ms = 15 * 60 * 1000;
  std::int64_t known_address_ms = 30LL * 24 * 60 * 60 * 1000;
};

struct LoginVerdict {
  enum Kind { allowed, name_and_address_limited, address_limited, name_limited, session_limited };
  Kind kind = allowed;
  std::int64_t retry_after_ms = 0;
};

// The verdict on a login at `now_ms` from the failures in the window (each
// list newest first, at least the limits' worth of them when there are that
// many). `known_address`: the name's owner logged in from this address lately,
// so the per-name limit does not apply.
LoginVerdict judge_login(const store::Store::LoginFailures& failures, bool known_address,
                         const LoginLimits& limits, std::int64_t now_ms);
// The verdict on a change of password from the session's own wrong old
// passwords in the window (newest first).
LoginVerdict judge_password_change(const std::vector<std::int64_t>& session_failures,
                                   const LoginLimits& limits, std::int64_t now_ms);

}  // namespace ft::server
