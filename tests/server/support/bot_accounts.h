// Bot accounts for the tests of the Bot API through the real server: an
// account with a password and a token of the scope bot:play, upgraded to a
// bot (POST /api/bot/account/upgrade, docs/bot-api.md) unless it is to stay
// a person.
#pragma once

#include <boost/json.hpp>
#include <string>

#include "support/table_helpers.h"

namespace ft::test {

struct Bot {
  Guest account;  // its cookie: the account's own browser session
  std::string token;
  std::string id;
};

// A new token of `scopes` made by the account's browser (201 expected).
std::string new_token(int port, const Guest& g, const boost::json::array& scopes);

// An account named `name` with a bot:play token; a bot unless `person`.
Bot bot_account(int port, const std::string& name, bool person = false);

}  // namespace ft::test
