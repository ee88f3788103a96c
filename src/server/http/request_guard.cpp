#include "server/http/request_guard.h"

#include <cctype>

#include "common/text.h"
#include "server/http/json.h"
#include "server/protocol/http_routes.h"

namespace ft::server {

bool is_json_content_type(std::string_view header) {
  return iequals_ascii(trim_ows(header.substr(0, header.find(';'))), "application/json");
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
