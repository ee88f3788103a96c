#include "store/ids.h"

#include <sodium.h>

#include <array>
#include <stdexcept>

namespace ft::store {
namespace {

constexpr std::string_view TABLE_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz";

void ensure_sodium() {
  // sodium_init is thread-safe and idempotent; it returns 1 once initialised.
  static const int rc = sodium_init();
  if (rc < 0) throw std::runtime_error("libsodium failed to initialise");
}

}  // namespace

std::string new_table_id() {
  ensure_sodium();
  static_assert(TABLE_ALPHABET.size() == 31);
  std::string id;
  id.reserve(TABLE_ID_LENGTH);
  for (std::size_t i = 0; i < TABLE_ID_LENGTH; ++i) {
    id.push_back(TABLE_ALPHABET[randombytes_uniform(TABLE_ALPHABET.size())]);
  }
  return id;
}

bool is_table_id(std::string_view id) {
  if (id.size() != TABLE_ID_LENGTH) return false;
  for (char c : id) {
    if (TABLE_ALPHABET.find(c) == std::string_view::npos) return false;
  }
  return true;
}

std::string new_guest_token() {
  ensure_sodium();
  std::array<unsigned char, 24> bytes{};
  randombytes_buf(bytes.data(), bytes.size());
  std::array<char, 40> out{};
  sodium_bin2base64(out.data(), out.size(), bytes.data(), bytes.size(),
                    sodium_base64_VARIANT_URLSAFE_NO_PADDING);
  return std::string(out.data());
}

std::string token_hash(std::string_view token) {
  ensure_sodium();
  std::array<unsigned char, crypto_generichash_BYTES> digest{};
  crypto_generichash(digest.data(), digest.size(),
                     reinterpret_cast<const unsigned char*>(token.data()), token.size(), nullptr,
                     0);
  std::array<char, crypto_generichash_BYTES * 2 + 1> hex{};
  sodium_bin2hex(hex.data(), hex.size(), digest.data(), digest.size());
  return std::string(hex.data());
}

}  // namespace ft::store
