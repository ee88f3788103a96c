// The parts of the edge that need no Beast: cookie and Origin checks.
#include <algorithm>

#include "server/net.h"

namespace ft::server {

bool origin_allowed(std::string_view origin, std::string_view scheme, std::string_view host,
                    const std::vector<std::string>& allowed) {
  if (origin.empty()) return true;  // not a browser: nothing to protect against
  // The scheme counts: a page of http://host (say, one a network attacker
  // injected into) may not drive the sockets of a site served as https.
  if (!host.empty() && origin == std::string(scheme) + "://" + std::string(host)) return true;
  return std::find(allowed.begin(), allowed.end(), origin) != allowed.end();
}

std::string guest_cookie(std::string_view header) {
  constexpr std::string_view NAME = "ft_guest=";
  std::size_t pos = 0;
  while (pos < header.size()) {
    while (pos < header.size() && (header[pos] == ' ' || header[pos] == ';')) ++pos;
    std::size_t end = header.find(';', pos);
    if (end == std::string_view::npos) end = header.size();
    const std::string_view part = header.substr(pos, end - pos);
    if (part.substr(0, NAME.size()) == NAME) return std::string(part.substr(NAME.size()));
    pos = end;
  }
  return {};
}

std::string guest_cookie_header(std::string_view token) {
  if (token.empty()) return "ft_guest=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax";
  return "ft_guest=" + std::string(token) + "; Path=/; Max-Age=31536000; HttpOnly; SameSite=Lax";
}

}  // namespace ft::server
