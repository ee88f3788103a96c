// Random identifiers and the one-way hash under which guest tokens are kept.
// libsodium's CSPRNG and BLAKE2b (crypto_generichash): a cookie token has
// 192 bits of entropy, so a fast unkeyed hash is enough to make a leaked
// database useless for impersonation (no password stretching needed).
#pragma once

#include <string>
#include <string_view>

namespace ft::store {

// A table id: 10 characters of a 31-letter alphabet without look-alikes
// (digits 2-9 and lower-case letters but i, l, o), about 49.5 random bits:
// short enough for a link, far too many to guess at the server's rate limits.
std::string new_table_id();
inline constexpr std::size_t TABLE_ID_LENGTH = 10;
// True for a string that new_table_id could have made (cheap pre-check for
// ids coming from URLs before they reach the database).
bool is_table_id(std::string_view id);

// A guest cookie token: 24 random bytes in base64url (32 characters).
std::string new_guest_token();

// 64 hex characters: BLAKE2b-256 of the token. What the store keeps.
std::string token_hash(std::string_view token);

}  // namespace ft::store
