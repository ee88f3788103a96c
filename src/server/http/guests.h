// Who a guest cookie names (docs/protocol.md 1): the identities of known
// tokens, cached, and new guests, made only for a route that needs one or a
// WebSocket handshake, and at most `per_hour` from one client address.
// On one node of several the store is asked every time: another node may
// have ended the token (a log-out or a change of password there).
#pragma once

#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

#include "server/edge/net.h"
#include "server/edge/rate_limits.h"
#include "server/tables/clock.h"
#include "store/group_commit.h"
#include "store/store.h"

namespace ft::server {

class Guests {
 public:
  // `per_hour` <= 0: no limit.
  Guests(store::Store& store, store::GroupCommitter& committer, const Clock& clock,
         double per_hour);
  void set_several_nodes() { several_nodes_ = true; }

  // The player the token names (nullopt: nobody); never makes one.
  std::optional<Identity> known(std::string_view token);
  // known(), else a new guest (its token in `new_token`); nullopt when
  // `address` made too many guests lately, with how long to wait.
  std::optional<Identity> identify(std::string_view token, const std::string& address,
                                   std::int64_t& retry_after_ms);
  // The player's name changed.
  void renamed(std::int64_t player, const std::string& name);
  // The player's account became a bot (bot-api.md): its sessions say so.
  void made_bot(std::int64_t player);
  // The token's session ended (a log-out).
  void ended(const std::string& token);
  // A fresh token names `player` from now on in place of `old_token`; with
  // `all_others` every other token of the player ended too. The fresh one
  // is read from the store at its first use (known()), so its identity is
  // the store's, the bot flag with it.
  void renewed(const std::string& old_token, std::int64_t player, bool all_others);

 private:
  store::Store& store_;
  store::GroupCommitter& committer_;
  const Clock& clock_;
  const double per_hour_;
  bool several_nodes_ = false;
  std::mutex mu_;
  std::unordered_map<std::string, Identity> by_token_;
  KeyedBuckets made_;  // guests made, per client address
};

}  // namespace ft::server
