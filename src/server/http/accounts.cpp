// A name to keep, over HTTP (docs/protocol.md 2.12): a guest sets a password
// (and with it a name nobody else who did may use), logs in from another
// browser, logs out, changes its password. Every cookie token is stored only
// as a hash (store::Store::add_session). Setting a password, logging in and
// changing the password each give the browser a new token and end the one
// it had, so a token copied before is worth nothing afterwards; a change of
// password ends every other browser's token as well.
#include "server/http/api.h"
#include "server/http/guest_names.h"
#include "server/http/json.h"
#include "store/ids.h"
#include "store/names.h"

namespace ft::server {
namespace json = boost::json;
namespace {

// The body's string field `key`, or nullopt when it is missing or not a string.
std::optional<std::string> string_field(const json::object& body, std::string_view key) {
  const json::value* v = body.if_contains(key);
  if (v == nullptr || !v->is_string()) return std::nullopt;
  return std::string(v->as_string());
}

std::string limit_message(const LoginVerdict& v, std::int64_t seconds) {
  const std::string wait = "; try again in " + std::to_string(seconds) + " s";
  switch (v.kind) {
    case LoginVerdict::name_and_address_limited:
      return "too many failed logins for this name from this address" + wait;
    case LoginVerdict::address_limited:
      return "too many failed logins from this address" + wait;
    case LoginVerdict::name_limited:
      return "too many failed logins for this name" + wait;
    case LoginVerdict::session_limited:
      return "too many wrong old passwords from this browser" + wait;
    case LoginVerdict::allowed:
      break;
  }
  return "try again" + wait;
}

HttpResponse limited(const LoginVerdict& v) {
  const std::int64_t seconds = (v.retry_after_ms + 999) / 1000;
  HttpResponse r = error(HttpError::login_rate_limited, limit_message(v, seconds));
  r.headers.emplace_back("Retry-After", std::to_string(seconds));
  return r;
}

// Gives the browser `token` ("" clears it) under the cookie name of the
// request's scheme (net.h guest_cookie_headers).
void give_cookie(HttpResponse& r, const HttpRequest& request, std::string_view token) {
  for (std::string& value : guest_cookie_headers(token, request.https, request.plain_cookie))
    r.headers.emplace_back("Set-Cookie", std::move(value));
}

}  // namespace

LoginVerdict Api::login_verdict(const std::string& address, const std::string& name_key,
                                std::int64_t owner, std::int64_t now) {
  const LoginLimits& l = login_limits_;
  const int enough = std::max({l.per_name, l.per_address, l.per_name_and_address});
  const bool known =
      owner != 0 && store_.login_address_known(owner, address, now - l.known_address_ms);
  return judge_login(store_.login_failures(name_key, address, now - l.window_ms, enough), known, l,
                     now);
}

void Api::login_failed(const std::string& address, const std::string& name_key, std::int64_t now) {
  write_now([address, name_key, now, forget = now - login_limits_.window_ms](store::Store& st) {
    st.add_login_failure(name_key, address, now, forget);
  });
}

Api::NewSession Api::renew_session(std::int64_t player, const std::string& old_token,
                                   const std::string& address, bool all_others,
                                   store::Store::Write also) {
  NewSession fresh{store::new_guest_token(), 0};
  const std::int64_t now = clock_.now_ms();
  write_now([&, now, forget = now - login_limits_.known_address_ms](store::Store& st) {
    if (also) also(st);
    st.add_session(fresh.token, player, now);
    if (!old_token.empty()) st.end_session(old_token);
    if (all_others) fresh.others_ended = st.end_other_sessions(player, fresh.token);
    st.add_login_address(player, address, now, forget);
  });
  guests_.renewed(old_token, player, all_others);
  return fresh;
}

HttpResponse Api::api_account(std::string_view path, const HttpRequest& request,
                              const Identity* who) {
  if (path == "/api/account/login") return account_login(request);
  if (path == "/api/account/logout") return account_logout(request);
  if (who == nullptr)
    return error(HttpError::not_logged_in, "this browser has no guest or session");
  if (path == "/api/account/password") return account_set_password(request, *who);
  if (path == "/api/account/change-password") return account_change_password(request, *who);
  return error(HttpError::not_found, "no such API endpoint");
}

HttpResponse Api::account_set_password(const HttpRequest& request, const Identity& who) {
  boost::system::error_code ec;
  const json::value body = json::parse(request.body, ec);
  if (ec || !body.is_object()) return error(HttpError::bad_json, "the body must be a JSON object");
  if (store_.find_account(who.player))
    return error(HttpError::has_password, "a password is set already; change it instead");
  const auto password = string_field(body.as_object(), "password");
  if (!password) return error(HttpError::bad_password, "'password' must be a string");
  if (auto problem = password_problem(*password); !problem.empty())
    return error(HttpError::bad_password, problem);
  std::string name = who.name;  // a name from before the rule is checked too
  if (body.as_object().contains("name")) {
    const auto given = string_field(body.as_object(), "name");
    if (!given) return error(HttpError::bad_name, "'name' must be a string");
    name = *given;
  }
  store::CleanName checked = store::clean_name(name);
  if (!checked.problem.empty()) return error(HttpError::bad_name, checked.problem);
  name = std::move(checked.name);
  const std::string hash = hash_password(*password);
  // A new token: one copied from this browser while it was a guest does not
  // become a session of the account.
  NewSession session;
  try {
    session = renew_session(
        who.player, who.new_token.empty() ? request.guest_token : who.new_token, request.address,
        true, [player = who.player, name, hash, now = clock_.now_ms()](store::Store& st) {
          st.set_account(player, name, hash, now);
        });
  } catch (const store::StoreError& e) {
    if (e.code() != store::StoreErrc::conflict) throw;
    return error(HttpError::name_taken, "'" + name + "' is kept by another player; choose another");
  }
  renamed(who.player, name);
  HttpResponse r = json_response(200, me_json(who.player, name));
  give_cookie(r, request, session.token);
  return r;
}

HttpResponse Api::account_login(const HttpRequest& request) {
  boost::system::error_code ec;
  const json::value body = json::parse(request.body, ec);
  if (ec || !body.is_object()) return error(HttpError::bad_json, "the body must be a JSON object");
  const auto name = string_field(body.as_object(), "name");
  if (!name || name->empty())
    return error(HttpError::bad_name, "'name' must be a non-empty string");
  const auto password = string_field(body.as_object(), "password");
  if (!password || password->empty())
    return error(HttpError::bad_password, "'password' must be a non-empty string");
  if (password->size() > MAX_PASSWORD_BYTES)
    return error(HttpError::bad_password, "a password has at most 128 bytes");
  const std::string key = store::name_key(*name);
  const std::int64_t now = clock_.now_ms();
  const auto account = store_.find_account_by_name(*name);
  if (auto v = login_verdict(request.address, key, account ? account->player : 0, now);
      v.kind != LoginVerdict::allowed)
    return limited(v);
  const bool ok =
      account ? verify_password(account->password_hash, *password) : verify_nobody(*password);
  if (!ok) {
    login_failed(request.address, key, now);
    return error(HttpError::wrong_login, "no player kept this name with this password");
  }
  // The browser's earlier token (a guest's, or an older login's) ends: it
  // is replaced by the new one in this answer.
  const NewSession session =
      renew_session(account->player, request.guest_token, request.address, false,
                    [key, address = request.address](store::Store& st) {
                      st.clear_login_failures(key, address);
                    });
  HttpResponse r = json_response(200, me_json(account->player, account->name));
  give_cookie(r, request, session.token);
  return r;
}

HttpResponse Api::account_logout(const HttpRequest& request) {
  const std::string& token = request.guest_token;
  const auto player = token.empty() ? std::nullopt : store_.find_player_by_token(token);
  if (!player) return error(HttpError::not_logged_in, "this browser has no session to end");
  // A guest without a password that logged out could never come back.
  if (!store_.find_account(player->id))
    return error(HttpError::no_password, "set a password first: without one this guest is lost");
  write_now([token](store::Store& st) { st.end_session(token); });
  guests_.ended(token);
  HttpResponse r = json_response(200, json::object{{"logged_out", true}});
  give_cookie(r, request, "");
  return r;
}

HttpResponse Api::account_change_password(const HttpRequest& request, const Identity& who) {
  boost::system::error_code ec;
  const json::value body = json::parse(request.body, ec);
  if (ec || !body.is_object()) return error(HttpError::bad_json, "the body must be a JSON object");
  const auto account = store_.find_account(who.player);
  if (!account) return error(HttpError::no_password, "no password is set; set one first");
  const auto old_password = string_field(body.as_object(), "old_password");
  const auto new_password = string_field(body.as_object(), "new_password");
  if (!old_password || !new_password)
    return error(HttpError::bad_password, "'old_password' and 'new_password' must be strings");
  if (auto problem = password_problem(*new_password); !problem.empty())
    return error(HttpError::bad_password, problem);
  // Wrong old passwords count against this browser's session alone: nobody
  // else's failed logins may stop the owner from changing the password.
  const std::int64_t now = clock_.now_ms();
  const std::string& token = request.guest_token;
  const LoginLimits& l = login_limits_;
  if (auto v = judge_password_change(
          store_.password_failures(token, now - l.window_ms, l.per_session), l, now);
      v.kind != LoginVerdict::allowed)
    return limited(v);
  if (old_password->size() > MAX_PASSWORD_BYTES ||
      !verify_password(account->password_hash, *old_password)) {
    write_now([token, now, forget = now - l.window_ms](store::Store& st) {
      st.add_password_failure(token, now, forget);
    });
    return error(HttpError::wrong_password, "the old password is not right");
  }
  const std::string hash = hash_password(*new_password);
  // This browser gets a new token and every other browser is logged out:
  // whoever knew the old password or held a copied token must not stay in.
  const NewSession session =
      renew_session(who.player, token, request.address, true,
                    [player = who.player, name = account->name, hash, now](store::Store& st) {
                      st.set_account(player, name, hash, now);
                    });
  json::object me = me_json(who.player, account->name);
  me["sessions_ended"] = session.others_ended;
  HttpResponse r = json_response(200, me);
  give_cookie(r, request, session.token);
  return r;
}

}  // namespace ft::server
