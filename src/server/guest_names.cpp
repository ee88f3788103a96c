#include "server/guest_names.h"

#include <sodium.h>

#include <array>

namespace ft::server {
namespace {
constexpr std::array<std::string_view, 16> ADJECTIVES = {
    "Quiet",  "Brave", "Clever",  "Swift", "Calm",   "Bright", "Lucky", "Bold",
    "Gentle", "Merry", "Patient", "Keen",  "Nimble", "Sunny",  "Wise",  "Jolly"};
constexpr std::array<std::string_view, 16> ANIMALS = {
    "Otter",  "Lynx", "Heron", "Fox",  "Badger", "Falcon", "Marten", "Owl",
    "Beaver", "Hare", "Wren",  "Seal", "Ibex",   "Crane",  "Panda",  "Robin"};
}  // namespace

std::string guest_name() {
  if (sodium_init() < 0) return "Guest";
  const auto a = ADJECTIVES[randombytes_uniform(ADJECTIVES.size())];
  const auto b = ANIMALS[randombytes_uniform(ANIMALS.size())];
  return std::string(a) + " " + std::string(b) + " " + std::to_string(randombytes_uniform(100));
}

std::string clean_name(std::string_view name) {
  while (!name.empty() && name.front() == ' ') name.remove_prefix(1);
  while (!name.empty() && name.back() == ' ') name.remove_suffix(1);
  std::size_t chars = 0;
  for (unsigned char c : name) {
    if (c < 0x20 || c == 0x7f) return {};
    if ((c & 0xC0) != 0x80) ++chars;  // count UTF-8 code points, not bytes
  }
  if (chars == 0 || chars > 24) return {};
  return std::string(name);
}

}  // namespace ft::server
