#include "server/edge/forwarded.h"

#include <algorithm>
#include <cctype>

#include "common/text.h"

namespace ft::server {
namespace {

bool listed(std::string_view address, const std::vector<std::string>& trusted) {
  return std::find(trusted.begin(), trusted.end(), address) != trusted.end();
}

}  // namespace

std::string client_address(std::string_view peer, std::string_view forwarded_for,
                           const std::vector<std::string>& trusted) {
  if (!listed(peer, trusted)) return std::string(peer);
  std::string_view rest = forwarded_for;
  while (!rest.empty()) {
    const std::size_t comma = rest.rfind(',');
    const std::string_view entry =
        trim_ows(comma == std::string_view::npos ? rest : rest.substr(comma + 1));
    rest = comma == std::string_view::npos ? std::string_view() : rest.substr(0, comma);
    if (entry.empty() || listed(entry, trusted)) continue;
    // An address is at most 45 characters (IPv6 with an IPv4 tail): longer
    // is not an address, and a bucket key must not grow with the header.
    if (entry.size() > 45) return std::string(peer);
    return std::string(entry);
  }
  return std::string(peer);
}

bool forwarded_https(std::string_view peer, std::string_view forwarded_proto,
                     const std::vector<std::string>& trusted) {
  if (!listed(peer, trusted)) return false;
  const std::string_view proto = trim_ows(forwarded_proto);
  constexpr std::string_view HTTPS = "https";
  return proto.size() == HTTPS.size() &&
         std::equal(proto.begin(), proto.end(), HTTPS.begin(), [](char a, char b) {
           return std::tolower(static_cast<unsigned char>(a)) == b;
         });
}

}  // namespace ft::server
