// Bot accounts (docs/bot-api.md, "Bot accounts"): POST
// /api/bot/account/upgrade, with a token of the scope bot:play, makes the
// token's account a bot for good, if it has a password and never sat at a
// table.
#include "server/http/api.h"
#include "server/http/json.h"

namespace ft::server {
namespace json = boost::json;

HttpResponse Api::api_bot_upgrade(const Identity& who) {
  using Upgrade = store::Store::BotUpgrade;
  Upgrade result = Upgrade::done;
  write_now(
      [&, now = clock_.now_ms()](store::Store& st) { result = st.make_bot(who.player, now); });
  switch (result) {
    case Upgrade::done:
      break;
    case Upgrade::already_bot:
      return error(HttpError::already_bot, "this account is a bot already");
    case Upgrade::has_games:
      return error(HttpError::has_games,
                   "this account has sat at a table; only an account without games becomes a bot");
    case Upgrade::no_account:
      return error(HttpError::no_password, "only an account with a password becomes a bot");
  }
  guests_.made_bot(who.player);
  return json_response(200, player_object(who.player, who.name, true));
}

}  // namespace ft::server
