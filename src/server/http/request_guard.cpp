#include "server/http/request_guard.h"

#include <cctype>

#include "server/http/json.h"
#include "server/protocol/http_routes.h"

namespace ft::server {
namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(a[i])) !=
        std::tolower(static_cast<unsigned char>(b[i])))
      return false;
  return true;
}

}  // namespace

bool is_json_content_type(std::string_view header) {
  return iequals(trim(header.substr(0, header.find(';'))), "application/json");
}

std::optional<HttpResponse> refuse_forged(const HttpRequest& request, const SiteOrigins& site) {
  if (safe_method(request.method)) return std::nullopt;
  if (!request.origin.empty()) {
    // "null" (a sandboxed frame, a file) never equals the site.
    static const std::vector<std::string> none;
    if (!origin_allowed(request.origin, site.scheme, site.host, site.also ? *site.also : none))
      return error(HttpError::cross_site, "this request came from another site (Origin " +
                                              std::string(request.origin.substr(0, 100)) +
                                              "); only pages of " +
                                              "this site may change anything here");
  }
  // Origin, when sent, decides (an --allow-origin is another site the
  // operator trusts); without it, the fetch metadata does.
  if (request.origin.empty() && !request.sec_fetch_site.empty() &&
      request.sec_fetch_site != "same-origin" && request.sec_fetch_site != "none")
    return error(HttpError::cross_site, "this request came from another site (Sec-Fetch-Site " +
                                            std::string(request.sec_fetch_site.substr(0, 20)) +
                                            ")");
  if (!is_json_content_type(request.content_type))
    return error(HttpError::unsupported_media_type,
                 "requests that change something carry Content-Type: application/json");
  return std::nullopt;
}

}  // namespace ft::server
