#include "server/accounts.h"

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

std::int64_t LoginLimiter::wait_ms(Failures& f, int max, std::int64_t now_ms) const {
  while (!f.empty() && f.front() <= now_ms - limits_.window_ms) f.pop_front();
  if (static_cast<int>(f.size()) < max) return 0;
  return f.front() + limits_.window_ms - now_ms;
}

void LoginLimiter::prune(std::int64_t now_ms) {
  // Now and then forget the keys whose failures all left the window, so the
  // maps hold only recent trouble.
  if (++calls_ % 1024 != 0) return;
  for (auto* map : {&by_name_, &by_address_})
    std::erase_if(*map, [&](const auto& kv) {
      return kv.second.empty() || kv.second.back() <= now_ms - limits_.window_ms;
    });
}

LoginLimiter::Verdict LoginLimiter::check(const std::string& address, const std::string& name_key,
                                          std::int64_t now_ms) {
  std::lock_guard lock(mu_);
  prune(now_ms);
  if (auto it = by_address_.find(address); it != by_address_.end()) {
    if (auto wait = wait_ms(it->second, limits_.per_address, now_ms))
      return {Verdict::address_limited, wait};
  }
  if (auto it = by_name_.find(name_key); it != by_name_.end()) {
    if (auto wait = wait_ms(it->second, limits_.per_name, now_ms))
      return {Verdict::name_limited, wait};
  }
  return {};
}

void LoginLimiter::failed(const std::string& address, const std::string& name_key,
                          std::int64_t now_ms) {
  std::lock_guard lock(mu_);
  // Bounded: no more than the limit is ever needed to decide.
  auto add = [now_ms](Failures& f, int max) {
    f.push_back(now_ms);
    while (static_cast<int>(f.size()) > max) f.pop_front();
  };
  add(by_address_[address], limits_.per_address);
  add(by_name_[name_key], limits_.per_name);
}

void LoginLimiter::succeeded(const std::string& name_key) {
  std::lock_guard lock(mu_);
  by_name_.erase(name_key);
}

}  // namespace ft::server
