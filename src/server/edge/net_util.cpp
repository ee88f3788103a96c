// The parts of the edge that need no Beast: cookie and Origin checks.
#include <algorithm>
#include <optional>

#include "server/edge/net.h"

namespace ft::server {

bool origin_allowed(std::string_view origin, std::string_view scheme, std::string_view host,
                    const std::vector<std::string>& allowed) {
  if (origin.empty()) return true;  // not a browser: nothing to protect against
  // The scheme counts: a page of http://host (say, one a network attacker
  // injected into) may not drive the sockets of a site served as https.
  if (!host.empty() && origin == std::string(scheme) + "://" + std::string(host)) return true;
  return std::find(allowed.begin(), allowed.end(), origin) != allowed.end();
}

namespace {

constexpr std::string_view PLAIN_NAME = "ft_guest";
constexpr std::string_view HOST_NAME = "__Host-ft_guest";

// The value of the cookie `name` in a Cookie header, nullopt if absent.
std::optional<std::string_view> cookie_value(std::string_view header, std::string_view name) {
  std::size_t pos = 0;
  while (pos < header.size()) {
    while (pos < header.size() && (header[pos] == ' ' || header[pos] == ';')) ++pos;
    std::size_t end = header.find(';', pos);
    if (end == std::string_view::npos) end = header.size();
    const std::string_view part = header.substr(pos, end - pos);
    if (part.size() > name.size() && part.substr(0, name.size()) == name &&
        part[name.size()] == '=')
      return part.substr(name.size() + 1);
    pos = end;
  }
  return std::nullopt;
}

std::string cookie_line(std::string_view name, std::string_view token, bool secure) {
  std::string line = std::string(name) + "=" + std::string(token) + "; Path=/; ";
  line += token.empty() ? "Max-Age=0" : "Max-Age=31536000";
  line += "; HttpOnly; SameSite=Lax";
  if (secure) line += "; Secure";
  return line;
}

}  // namespace

GuestCookie guest_cookie(std::string_view header, bool https) {
  if (https) {
    if (auto token = cookie_value(header, HOST_NAME); token && !token->empty())
      return {std::string(*token), false};
    if (auto token = cookie_value(header, PLAIN_NAME); token && !token->empty())
      return {std::string(*token), true};
    return {};
  }
  return {std::string(cookie_value(header, PLAIN_NAME).value_or("")), false};
}

std::vector<std::string> guest_cookie_headers(std::string_view token, bool https,
                                              bool clear_plain) {
  if (!https) return {cookie_line(PLAIN_NAME, token, false)};
  std::vector<std::string> lines{cookie_line(HOST_NAME, token, true)};
  if (clear_plain) lines.push_back(cookie_line(PLAIN_NAME, "", true));
  return lines;
}

}  // namespace ft::server
