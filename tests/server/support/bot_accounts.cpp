// Bot accounts for tests (bot_accounts.h).
#include "support/bot_accounts.h"

#include <gtest/gtest.h>

namespace ft::test {

namespace json = boost::json;

std::string new_token(int port, const Guest& g, const json::array& scopes) {
  HttpResult r =
      http(port, "POST", "/api/account/tokens",
           json::serialize(json::object{{"description", "engine"}, {"scopes", scopes}}), g.cookie);
  EXPECT_EQ(r.status, 201) << r.body;
  return str(r.json().at("token"));
}

Bot bot_account(int port, const std::string& name, bool person) {
  Bot b;
  b.account = new_guest(port);
  HttpResult r = http(port, "POST", "/api/account/password",
                      json::serialize(json::object{{"password", "correct horse"}, {"name", name}}),
                      b.account.cookie);
  EXPECT_EQ(r.status, 200) << r.body;
  b.account.cookie = r.set_cookie;
  b.id = str(r.json().at("id"));
  b.account.id = b.id;
  b.token = new_token(port, b.account, json::array{"bot:play"});
  if (!person) {
    HttpResult up = http(port, "POST", "/api/bot/account/upgrade", "", "", "",
                         {{"Authorization", "Bearer " + b.token}});
    EXPECT_EQ(up.status, 200) << up.body;
  }
  return b;
}

}  // namespace ft::test
