// The JSON answers of the HTTP API (docs/protocol.md 2): a body, or an error
// object {"error": {"code", "message"}}. Shared by the API's files.
#pragma once

#include <boost/json.hpp>
#include <string>
#include <string_view>

#include "server/net.h"

namespace ft::server::http {

inline HttpResponse json_response(int status, const boost::json::value& body) {
  HttpResponse r;
  r.status = status;
  r.body = boost::json::serialize(body);
  return r;
}

inline HttpResponse error(int status, std::string_view code, std::string message) {
  return json_response(
      status,
      boost::json::object{{"error", boost::json::object{{"code", code}, {"message", message}}}});
}

}  // namespace ft::server::http
