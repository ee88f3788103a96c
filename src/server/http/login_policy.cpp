#include "server/http/login_policy.h"

#include <sodium.h>

#include <algorithm>
#include <semaphore>
#include <stdexcept>

namespace ft::server {
namespace {

std::counting_semaphore<2>& hash_slots() {
  static std::counting_semaphore<2> slots(2);
  return slots;
}

// Holds one of the two hashing slots for its lifetime.
class HashSlot {
 public:
  HashSlot() { hash_slots().acquire(); }
  ~HashSlot() { hash_slots().release(); }
  HashSlot(const HashSlot&) = delete;
  HashSlot& operator=(const HashSlot&) = delete;
};

void ensure_sodium() {
  if (sodium_init() < 0) throw std::runtime_error("libsodium could not be initialised");
}

}  // namespace

std::string password_problem(std::string_view password) {
  if (password.size() < MIN_PASSWORD_BYTES || password.size() > MAX_PASSWORD_BYTES)
    return "a password has " + std::to_string(MIN_PASSWORD_BYTES) + " to " +
           std::to_string(MAX_PASSWORD_BYTES) + " bytes";
  if (std::all_of(password.begin(), password.end(), [](char c) { return c == ' '; }))
    return "a password must not be only spaces";
  return {};
}

std::string hash_password(std::string_view password) {
  ensure_sodium();
  char out[crypto_pwhash_STRBYTES];
  HashSlot slot;
  if (crypto_pwhash_str(out, password.data(), password.size(), crypto_pwhash_OPSLIMIT_INTERACTIVE,
                        crypto_pwhash_MEMLIMIT_INTERACTIVE) != 0)
    throw std::runtime_error("not enough memory to hash a password");
  return out;
}

bool verify_password(std::string_view hash, std::string_view password) {
  ensure_sodium();
  const std::string h(hash);  // crypto_pwhash_str_verify reads a C string
  HashSlot slot;
  return crypto_pwhash_str_verify(h.c_str(), password.data(), password.size()) == 0;
}

bool verify_nobody(std::string_view password) {
  // Made once with the same cost as every stored hash; its password is random.
  static const std::string nobody = [] {
    unsigned char random[32];
    ensure_sodium();
    randombytes_buf(random, sizeof random);
    return hash_password(std::string_view(reinterpret_cast<const char*>(random), sizeof random));
  }();
  verify_password(nobody, password);
  return false;
}

namespace {
// How long until fewer than `max` of `newest_first` are in the window (0:
// already fewer).
std::int64_t wait_ms(const std::vector<std::int64_t>& newest_first, int max, std::int64_t window_ms,
                     std::int64_t now_ms) {
  if (static_cast<int>(newest_first.size()) < max) return 0;
  return std::max<std::int64_t>(
      1, newest_first[static_cast<std::size_t>(max - 1)] + window_ms - now_ms);
}
}  // namespace

LoginVerdict judge_login(const store::Store::LoginFailures& failures, bool known_address,
                         const LoginLimits& limits, std::int64_t now_ms) {
  if (auto wait = wait_ms(failures.by_address, limits.per_address, limits.window_ms, now_ms))
    return {LoginVerdict::address_limited, wait};
  if (auto wait = wait_ms(failures.by_name_and_address, limits.per_name_and_address,
                          limits.window_ms, now_ms))
    return {LoginVerdict::name_and_address_limited, wait};
  if (known_address) return {};
  if (auto wait = wait_ms(failures.by_name, limits.per_name, limits.window_ms, now_ms))
    return {LoginVerdict::name_limited, wait};
  return {};
}

LoginVerdict judge_password_change(const std::vector<std::int64_t>& session_failures,
                                   const LoginLimits& limits, std::int64_t now_ms) {
  if (auto wait = wait_ms(session_failures, limits.per_session, limits.window_ms, now_ms))
    return {LoginVerdict::session_limited, wait};
  return {};
}

}  // namespace ft::server
