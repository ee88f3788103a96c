// Who the caller is (protocol.md 2.1, 2.2): GET /api/me, and POST to choose a name.
#include "server/http/api.h"

#include "server/http/json.h"
#include "store/names.h"

namespace ft::server {
namespace json = boost::json;

HttpResponse Api::api_me(const HttpRequest& request, const Identity& who) {
  if (request.method == "POST") {
    boost::system::error_code ec;
    json::value body = json::parse(request.body, ec);
    if (ec || !body.is_object())
      return error(HttpError::bad_json, "the body must be a JSON object");
    const json::value* name = body.as_object().if_contains("name");
    if (name == nullptr || !name->is_string())
      return error(HttpError::bad_name, "'name' must be a string");
    const store::CleanName checked = store::clean_name(std::string_view(name->as_string()));
    if (!checked.problem.empty()) return error(HttpError::bad_name, checked.problem);
    const std::string& clean = checked.name;
    try {
      write_now(
          [player = who.player, clean](store::Store& st) { st.rename_player(player, clean); });
    } catch (const store::StoreError& e) {
      if (e.code() != store::StoreErrc::conflict) throw;
      return error(HttpError::name_taken, "'" + clean + "' is kept by a player with a password");
    }
    renamed(who.player, clean);
    return json_response(200, me_json(who.player, clean));
  }
  return json_response(200, me_json(who.player, who.name));
}

json::object Api::me_json(std::int64_t player, std::string_view name) {
  const auto p = store_.find_player(player);
  json::object me = player_object(player, name, p && p->bot_ms > 0);
  me["account"] = store_.find_account(player).has_value();
  return me;
}

void Api::renamed(std::int64_t player, const std::string& name) {
  guests_.renamed(player, name);
  tables_.renamed(player, name);
}

}  // namespace ft::server
