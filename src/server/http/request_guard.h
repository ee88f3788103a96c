// The same-site rule for requests that change state (docs/security.md,
// "Forged requests"; protocol.md 2, "Only the site changes state"). One
// check, at one place (net.cpp, before any handler), for every method but
// GET, HEAD and OPTIONS and for every endpoint, now and later:
// - `Content-Type: application/json` (415 otherwise), body or not. A page
//   of another site can send a form or text/plain without asking, but a
//   JSON content type only after a CORS preflight, which this server never
//   approves (it sends no Access-Control-Allow-* header at all).
// - an `Origin`, when sent, is the site's own (403 cross_site otherwise):
//   the scheme and Host the request came in on, the --public-origin, or an
//   --allow-origin.
// - without an Origin, a `Sec-Fetch-Site`, when sent, is same-origin or
//   none (403 cross_site): a sibling subdomain or another port is
//   same-site, not same-origin, and SameSite=Lax cookies go there too.
// A request with neither header comes from a program (curl, a bot) or a
// browser too old to send them; the content type rule alone keeps a forged
// one out, since no browser sends JSON cross-origin without the preflight.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "server/edge/net.h"

namespace ft::server {

struct SiteOrigins {
  std::string_view scheme;                         // "http", or "https" behind a TLS proxy
  std::string_view host;                           // the Host header
  const std::vector<std::string>* also = nullptr;  // --public-origin, --allow-origin
};

// Why `request` may not change state, as the answer to send; nullopt when it
// may (or when its method changes nothing).
std::optional<HttpResponse> refuse_forged(const HttpRequest& request, const SiteOrigins& site);

// Whether a Content-Type header names application/json (parameters such as
// charset allowed, case-insensitive).
bool is_json_content_type(std::string_view header);

}  // namespace ft::server
