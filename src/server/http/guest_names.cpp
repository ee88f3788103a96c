#include "server/http/guest_names.h"

#include <sodium.h>

#include <array>
#include <cstdint>

namespace ft::server {
namespace {
constexpr std::array<std::string_view, 16> ADJECTIVES = {
    "Quiet",  "Brave", "Clever",  "Swift", "Calm",   "Bright", "Lucky", "Bold",
    "Gentle", "Merry", "Patient", "Keen",  "Nimble", "Sunny",  "Wise",  "Jolly"};
constexpr std::array<std::string_view, 16> ANIMALS = {
    "Otter",  "Lynx", "Heron", "Fox",  "Badger", "Falcon", "Marten", "Owl",
    "Beaver", "Hare", "Wren",  "Seal", "Ibex",   "Crane",  "Panda",  "Robin"};

// "Adjective Animal N" with N below `numbers`; "Guest" without libsodium.
std::string draw(std::uint32_t numbers) {
  if (sodium_init() < 0) return "Guest";
  const auto a = ADJECTIVES[randombytes_uniform(ADJECTIVES.size())];
  const auto b = ANIMALS[randombytes_uniform(ANIMALS.size())];
  return std::string(a) + " " + std::string(b) + " " + std::to_string(randombytes_uniform(numbers));
}
}  // namespace

std::string guest_name(const std::function<bool(const std::string&)>& kept) {
  std::string name;
  for (int i = 0; i < 16; ++i) {
    name = draw(i < 8 ? 100 : 10000);
    if (!kept(name)) break;
  }
  return name;
}

}  // namespace ft::server
