// A name to keep, over HTTP (docs/protocol.md 2.12): a guest sets a password
// (and with it a name nobody else who did may use), logs in from another
// browser, logs out, changes its password. Every cookie token is stored only
// as a hash (store::Store::add_session); a login makes a new token for the
// new browser, so logging out there ends that browser's session alone.
#include "server/http_json.h"
#include "server/hub.h"
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

HttpResponse limited(const LoginVerdict& v) {
  const std::int64_t seconds = (v.retry_after_ms + 999) / 1000;
  HttpResponse r = error(
      429, "login_rate_limited",
      v.kind == LoginVerdict::name_limited
          ? "too many failed logins for this name; try again in " + std::to_string(seconds) + " s"
          : "too many failed logins from this address; try again in " + std::to_string(seconds) +
                " s");
  r.headers.emplace_back("Retry-After", std::to_string(seconds));
  return r;
}

json::object me_object(std::int64_t player, std::string_view name) {
  json::object me = player_object(player, name);
  me["account"] = true;
  return me;
}

}  // namespace

LoginVerdict Hub::login_verdict(const std::string& address, const std::string& name_key,
                                std::int64_t now) {
  const int enough = std::max(login_limits_.per_name, login_limits_.per_address);
  return judge_login(
      store_.login_failures(name_key, address, now - login_limits_.window_ms, enough),
      login_limits_, now);
}

void Hub::login_failed(const std::string& address, const std::string& name_key, std::int64_t now) {
  write_now([address, name_key, now, forget = now - login_limits_.window_ms](store::Store& st) {
    st.add_login_failure(name_key, address, now, forget);
  });
}

void Hub::login_succeeded(const std::string& name_key) {
  write_now([name_key](store::Store& st) { st.clear_login_failures(name_key); });
}

HttpResponse Hub::api_account(std::string_view path, const HttpRequest& request,
                              const Identity* who) {
  if (request.method != "POST") return error(405, "method_not_allowed", "use POST");
  if (path == "/api/account/login") return account_login(request);
  if (path == "/api/account/logout") return account_logout(request);
  if (who == nullptr) return error(500, "server_error", "no identity");
  if (path == "/api/account/password") return account_set_password(request, *who);
  if (path == "/api/account/change-password") return account_change_password(request, *who);
  return error(404, "not_found", "no such API endpoint");
}

HttpResponse Hub::account_set_password(const HttpRequest& request, const Identity& who) {
  boost::system::error_code ec;
  const json::value body = json::parse(request.body, ec);
  if (ec || !body.is_object()) return error(400, "bad_json", "the body must be a JSON object");
  if (store_.find_account(who.player))
    return error(409, "has_password", "a password is set already; change it instead");
  const auto password = string_field(body.as_object(), "password");
  if (!password) return error(400, "bad_password", "'password' must be a string");
  if (auto problem = password_problem(*password); !problem.empty())
    return error(400, "bad_password", problem);
  std::string name = who.name;  // a name from before the rule is checked too
  if (body.as_object().contains("name")) {
    const auto given = string_field(body.as_object(), "name");
    if (!given) return error(400, "bad_name", "'name' must be a string");
    name = *given;
  }
  store::CleanName checked = store::clean_name(name);
  if (!checked.problem.empty()) return error(400, "bad_name", checked.problem);
  name = std::move(checked.name);
  const std::string hash = hash_password(*password);
  try {
    write_now([player = who.player, name, hash, now = now_ms()](store::Store& st) {
      st.set_account(player, name, hash, now);
    });
  } catch (const store::StoreError& e) {
    if (e.code() != store::StoreErrc::conflict) throw;
    return error(409, "name_taken", "'" + name + "' is kept by another player; choose another");
  }
  renamed(who.player, name);
  return json_response(200, me_object(who.player, name));
}

HttpResponse Hub::account_login(const HttpRequest& request) {
  boost::system::error_code ec;
  const json::value body = json::parse(request.body, ec);
  if (ec || !body.is_object()) return error(400, "bad_json", "the body must be a JSON object");
  const auto name = string_field(body.as_object(), "name");
  if (!name || name->empty()) return error(400, "bad_name", "'name' must be a non-empty string");
  const auto password = string_field(body.as_object(), "password");
  if (!password || password->empty())
    return error(400, "bad_password", "'password' must be a non-empty string");
  if (password->size() > MAX_PASSWORD_BYTES)
    return error(400, "bad_password", "a password has at most 128 bytes");
  const std::string key = store::name_key(*name);
  const std::int64_t now = now_ms();
  if (auto v = login_verdict(request.address, key, now); v.kind != LoginVerdict::allowed)
    return limited(v);
  const auto account = store_.find_account_by_name(*name);
  const bool ok =
      account ? verify_password(account->password_hash, *password) : verify_nobody(*password);
  if (!ok) {
    login_failed(request.address, key, now);
    return error(401, "wrong_login", "no player kept this name with this password");
  }
  login_succeeded(key);
  const std::string token = store::new_guest_token();
  write_now([token, player = account->player, now](store::Store& st) {
    st.add_session(token, player, now);
  });
  {
    std::lock_guard lock(guests_mu_);
    guests_[token] = Identity{account->player, account->name, {}};
  }
  HttpResponse r = json_response(200, me_object(account->player, account->name));
  r.headers.emplace_back("Set-Cookie", guest_cookie_header(token));
  return r;
}

HttpResponse Hub::account_logout(const HttpRequest& request) {
  const std::string& token = request.guest_token;
  const auto player = token.empty() ? std::nullopt : store_.find_player_by_token(token);
  if (!player) return error(401, "not_logged_in", "this browser has no session to end");
  // A guest without a password that logged out could never come back.
  if (!store_.find_account(player->id))
    return error(409, "no_password", "set a password first: without one this guest is lost");
  write_now([token](store::Store& st) { st.end_session(token); });
  {
    std::lock_guard lock(guests_mu_);
    guests_.erase(token);
  }
  HttpResponse r = json_response(200, json::object{{"logged_out", true}});
  r.headers.emplace_back("Set-Cookie", guest_cookie_header(""));
  return r;
}

HttpResponse Hub::account_change_password(const HttpRequest& request, const Identity& who) {
  boost::system::error_code ec;
  const json::value body = json::parse(request.body, ec);
  if (ec || !body.is_object()) return error(400, "bad_json", "the body must be a JSON object");
  const auto account = store_.find_account(who.player);
  if (!account) return error(409, "no_password", "no password is set; set one first");
  const auto old_password = string_field(body.as_object(), "old_password");
  const auto new_password = string_field(body.as_object(), "new_password");
  if (!old_password || !new_password)
    return error(400, "bad_password", "'old_password' and 'new_password' must be strings");
  if (auto problem = password_problem(*new_password); !problem.empty())
    return error(400, "bad_password", problem);
  // Guessing the old password is a login attempt like any other.
  const std::string key = store::name_key(account->name);
  const std::int64_t now = now_ms();
  if (auto v = login_verdict(request.address, key, now); v.kind != LoginVerdict::allowed)
    return limited(v);
  if (old_password->size() > MAX_PASSWORD_BYTES ||
      !verify_password(account->password_hash, *old_password)) {
    login_failed(request.address, key, now);
    return error(401, "wrong_password", "the old password is not right");
  }
  const std::string hash = hash_password(*new_password);
  int ended = 0;
  // The other browsers are logged out: whoever knew the old password there
  // must not stay in.
  write_now([&ended, player = who.player, name = account->name, hash, now,
             keep = request.guest_token](store::Store& st) {
    st.set_account(player, name, hash, now);
    ended = st.end_other_sessions(player, keep);
  });
  {
    std::lock_guard lock(guests_mu_);
    std::erase_if(guests_, [&](const auto& kv) {
      return kv.second.player == who.player && kv.first != request.guest_token;
    });
  }
  json::object me = me_object(who.player, account->name);
  me["sessions_ended"] = ended;
  return json_response(200, me);
}

}  // namespace ft::server
