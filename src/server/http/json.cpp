#include "server/http/json.h"

#include <boost/url.hpp>

#include "server/protocol/plain_json.h"

namespace ft::server {
namespace json = boost::json;

HttpResponse json_response(int status, const json::value& body) {
  HttpResponse r;
  r.status = status;
  r.body = json_text(body);
  return r;
}

HttpResponse error(HttpError code, std::string message) {
  return json_response(
      http_error_status(code),
      json::object{{"error", json::object{{"code", http_error_name(code)}, {"message", message}}}});
}

std::int64_t parse_player_id(std::string_view id) {
  if (id.substr(0, 2) != "p_" || id.size() < 3 || id.size() > 20) return 0;
  std::int64_t n = 0;
  for (char c : id.substr(2)) {
    if (c < '0' || c > '9') return 0;
    n = n * 10 + (c - '0');
  }
  return n;
}

std::optional<std::vector<std::pair<std::string, std::string>>> query_params(
    std::string_view target) {
  auto url = boost::urls::parse_origin_form(target);
  if (!url) return std::nullopt;
  std::vector<std::pair<std::string, std::string>> out;
  // params() decodes escapes and '+'; a malformed escape fails the parse above.
  for (const auto& p : url->params()) out.emplace_back(p.key, p.value);
  return out;
}

void add_result_fields(json::object& o, const store::GameRecord& g) {
  o["setup"] = g.setup;
  o["result"] = g.result;
  // Since migration 011 each seat's points in seat order, with the sides
  // that say who had which colour; before it, each team's (the seat's,
  // but in two vs two) and no sides.
  o["result_by"] = g.sides.empty() ? "team" : "seat";
  if (g.sides.empty()) {
    o["colours"] = nullptr;
    return;
  }
  json::array colours;
  std::string_view rest = g.sides;
  while (!rest.empty()) {
    const std::size_t space = rest.find(' ');
    colours.push_back(json::string(rest.substr(0, space)));
    rest = space == std::string_view::npos ? std::string_view() : rest.substr(space + 1);
  }
  o["colours"] = std::move(colours);
}

std::variant<TableSettings, HttpResponse> settings_of(const HttpRequest& request) {
  boost::system::error_code ec;
  const boost::json::value body = boost::json::parse(request.body, ec);
  if (ec || !body.is_object()) return error(HttpError::bad_json, "the body must be a JSON object");
  auto settings = parse_settings(request.body);
  if (!settings)
    return error(settings.error().code == ErrorCode::illegal_move ? HttpError::bad_start
                                                                  : HttpError::bad_settings,
                 settings.error().message);
  return std::move(*settings);
}

}  // namespace ft::server
