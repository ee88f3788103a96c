// Who the client is behind a proxy (docs/operations.md, "On several machines"):
// the address a request's rate limit counts, and whether it reached the
// proxy over https.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace ft::server {

// `peer` is the socket's address. When it is one of `trusted` (a proxy of the
// site), the client is the right-most X-Forwarded-For entry that is not a
// trusted proxy (each proxy appends the address it saw; entries further left
// are the client's own word and could be anything). From anyone else the
// header is ignored. A header of only trusted entries or none gives `peer`.
std::string client_address(std::string_view peer, std::string_view forwarded_for,
                           const std::vector<std::string>& trusted);

// Whether `X-Forwarded-Proto` says https and may be believed: only from a
// trusted proxy (which sets it to the scheme the browser used); from anyone
// else, who could send it over plain http, it is ignored. One value only,
// "https" in any case: a list is not what a proxy of the site sends.
bool forwarded_https(std::string_view peer, std::string_view forwarded_proto,
                     const std::vector<std::string>& trusted);

}  // namespace ft::server
