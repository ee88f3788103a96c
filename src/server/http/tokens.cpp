// Personal API tokens (docs/bot-api.md, "Tokens"): listed, made and revoked
// by the account's own browser (GET, POST /api/account/tokens, DELETE
// /api/account/tokens/<id>), and a request that carries one in
// `Authorization: Bearer` answered as its player's. A token is 32 random
// bytes shown once when it is made; the store keeps its BLAKE2b-256 hash.
#include <sodium.h>

#include <array>
#include <set>

#include "common/text.h"
#include "server/http/api.h"
#include "server/http/json.h"
#include "store/ids.h"

namespace ft::server {
namespace json = boost::json;
namespace {

constexpr std::size_t MAX_DESCRIPTION_BYTES = 100;
// A use is noted at most once a minute: a bot's every move is no write.
constexpr std::int64_t LAST_USED_STEP_MS = 60'000;

// "ft_" and 32 random bytes in base64url without padding (43 characters).
std::string new_api_token() {
  if (sodium_init() < 0) throw std::runtime_error("libsodium could not start");
  std::array<unsigned char, 32> bytes{};
  randombytes_buf(bytes.data(), bytes.size());
  std::array<char, 48> out{};
  sodium_bin2base64(out.data(), out.size(), bytes.data(), bytes.size(),
                    sodium_base64_VARIANT_URLSAFE_NO_PADDING);
  return "ft_" + std::string(out.data());
}

json::array scope_list(std::string_view scopes) {
  json::array out;
  while (!scopes.empty()) {
    const std::size_t space = scopes.find(' ');
    out.push_back(json::string(scopes.substr(0, space)));
    scopes = space == std::string_view::npos ? std::string_view() : scopes.substr(space + 1);
  }
  return out;
}

json::object token_object(const store::ApiToken& t) {
  json::object o{{"id", "t_" + std::to_string(t.id)},
                 {"description", t.description},
                 {"scopes", scope_list(t.scopes)},
                 {"created_at", t.created_ms}};
  if (t.last_used_ms > 0)
    o["last_used_at"] = t.last_used_ms;
  else
    o["last_used_at"] = nullptr;
  return o;
}

// The description trimmed, or why it cannot be one.
std::optional<std::string> clean_description(const json::value* v, std::string& problem) {
  if (v == nullptr || !v->is_string()) {
    problem = "'description' must be a string";
    return std::nullopt;
  }
  const std::string_view text = trim_ows(std::string_view(v->as_string()));
  if (text.empty() || text.size() > MAX_DESCRIPTION_BYTES) {
    problem = "a description has 1..100 bytes";
    return std::nullopt;
  }
  for (unsigned char c : text)
    if (c < 0x20 || c == 0x7f) {
      problem = "a description holds no control characters";
      return std::nullopt;
    }
  return std::string(text);
}

// The scopes asked for, in the order of TOKEN_SCOPES, as the store keeps
// them ("bot:play challenge:write"); or why not.
std::optional<std::string> clean_scopes(const json::value* v, std::string& problem) {
  problem = "'scopes' must be a non-empty list of: bot:play, challenge:write";
  if (v == nullptr || !v->is_array() || v->as_array().empty()) return std::nullopt;
  std::set<std::string_view> asked;
  for (const json::value& s : v->as_array()) {
    if (!s.is_string() || !token_scope_known(std::string_view(s.as_string()))) return std::nullopt;
    asked.insert(std::string_view(s.as_string()));
  }
  std::string out;
  for (std::string_view known : TOKEN_SCOPES) {
    if (!asked.contains(known)) continue;
    if (!out.empty()) out += ' ';
    out += known;
  }
  return out;
}

bool holds_scope(std::string_view scopes, std::string_view scope) {
  for (json::value& s : scope_list(scopes))
    if (s.as_string() == scope) return true;
  return false;
}

}  // namespace

HttpResponse Api::api_tokens(const HttpRequest& request, const RouteMatch& m, const Identity* who) {
  if (who == nullptr)
    return error(HttpError::not_logged_in, "this browser has no guest or session");
  if (request.method == "DELETE") return revoke_token(m.args.front(), *who);
  if (request.method == "POST") return create_token(request, *who);
  json::array list;
  for (const store::ApiToken& t : store_.api_tokens_of(who->player))
    list.push_back(token_object(t));
  json::array scopes;
  for (std::string_view s : TOKEN_SCOPES) scopes.push_back(json::string(s));
  return json_response(200, json::object{{"tokens", std::move(list)},
                                         {"max", options_.tokens_per_account},
                                         {"scopes", std::move(scopes)}});
}

HttpResponse Api::create_token(const HttpRequest& request, const Identity& who) {
  if (!store_.find_account(who.player))
    return error(HttpError::no_password, "set a password first: tokens belong to accounts");
  boost::system::error_code ec;
  const json::value body = json::parse(request.body, ec);
  if (ec || !body.is_object()) return error(HttpError::bad_json, "the body must be a JSON object");
  std::string problem;
  const auto description = clean_description(body.as_object().if_contains("description"), problem);
  if (!description) return error(HttpError::bad_description, problem);
  const auto scopes = clean_scopes(body.as_object().if_contains("scopes"), problem);
  if (!scopes) return error(HttpError::bad_scopes, problem);
  const std::string token = new_api_token();
  std::optional<store::ApiToken> made;
  write_now([&, now = clock_.now_ms(), max = options_.tokens_per_account](store::Store& st) {
    made = st.add_api_token(token, who.player, *description, *scopes, now, max);
  });
  if (!made)
    return error(HttpError::too_many_tokens, "an account holds at most " +
                                                 std::to_string(options_.tokens_per_account) +
                                                 " tokens; revoke one first");
  json::object o = token_object(*made);
  o["token"] = token;  // the only time it is shown
  return json_response(201, o);
}

HttpResponse Api::revoke_token(std::string_view id, const Identity& who) {
  std::int64_t n = 0;
  if (id.size() > 2 && id.size() < 20 && id.starts_with("t_")) {
    for (char c : id.substr(2)) n = c >= '0' && c <= '9' ? n * 10 + (c - '0') : -1;
  }
  bool revoked = false;
  if (n > 0) write_now([&, n](store::Store& st) { revoked = st.revoke_api_token(who.player, n); });
  if (!revoked) return error(HttpError::not_found, "you have no token " + std::string(id));
  return json_response(200, json::object{{"revoked", id}});
}

// A request with `Authorization`: its token's player, never a cookie's;
// no same-site rule (a browser never adds this header by itself, so no
// other site can send it for a visitor: docs/security.md).
HttpResponse Api::answer_bearer(const HttpRequest& request, const RouteMatch& m) {
  const std::string_view header = trim_ows(request.authorization);
  if (header.size() < 8 || !iequals_ascii(header.substr(0, 7), "Bearer "))
    return error(HttpError::bad_token, "Authorization must be 'Bearer <token>'");
  const std::string token(trim_ows(header.substr(7)));
  const auto found = token.empty() ? std::nullopt : store_.find_api_token(token);
  if (!found) return error(HttpError::bad_token, "this token is unknown or was revoked");
  if (m.token == TokenUse::never) {
    // A bot asking to wait in a pool hears why it never may, not only
    // that a token may not (protocol.md 2.19).
    const auto player = store_.find_player(found->player);
    if (m.route == Route::pool && request.method == "POST" && player && player->bot_ms > 0)
      return bot_refused();
    return error(HttpError::session_only,
                 "a token may not do this; only the account's own browser may");
  }
  if (const auto taken = token_scopes_taken(m.token); !taken.empty()) {
    bool holds = false;
    std::string names;
    for (std::string_view scope : taken) {
      holds = holds || holds_scope(found->scopes, scope);
      names += (names.empty() ? "" : " or ") + std::string(scope);
    }
    if (!holds)
      return error(HttpError::missing_scope, "this endpoint needs a token with the scope " + names);
  }
  const auto player = store_.find_player(found->player);
  if (!player) return error(HttpError::bad_token, "this token's player is gone");
  const std::int64_t now = clock_.now_ms();
  if (now - found->last_used_ms >= LAST_USED_STEP_MS)
    write_now([id = found->id, now](store::Store& st) { st.touch_api_token(id, now); });
  const Identity who{player->id, player->display_name, {}, player->bot_ms > 0};
  if (bot_route(m.route))
    return api_bot(request, m, BotCaller{who, found->id, token, player->bot_ms > 0});
  return dispatch(request, m, &who);
}

}  // namespace ft::server
