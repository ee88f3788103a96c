#include "server/http/guests.h"

#include <algorithm>

#include "server/http/guest_names.h"
#include "store/ids.h"

namespace ft::server {

Guests::Guests(store::Store& store, store::GroupCommitter& committer, const Clock& clock,
               double per_hour)
    : store_(store),
      committer_(committer),
      clock_(clock),
      per_hour_(per_hour),
      made_(per_hour / 3600.0, std::max(1.0, per_hour / 3.0)) {}

std::optional<Identity> Guests::known(std::string_view token) {
  if (token.empty()) return std::nullopt;
  if (!several_nodes_) {
    std::lock_guard lock(mu_);
    auto it = by_token_.find(std::string(token));
    if (it != by_token_.end()) return it->second;
  }
  auto p = store_.find_player_by_token(token);
  if (!p) return std::nullopt;
  Identity who{p->id, p->display_name, {}, p->bot_ms > 0};
  std::lock_guard lock(mu_);
  by_token_[std::string(token)] = who;
  return who;
}

std::optional<Identity> Guests::identify(std::string_view token, const std::string& address,
                                         std::int64_t& retry_after_ms) {
  retry_after_ms = 0;
  if (auto who = known(token)) return who;
  if (per_hour_ > 0) {
    retry_after_ms = made_.take(address);
    if (retry_after_ms > 0) return std::nullopt;
  }
  const std::string fresh = store::new_guest_token();
  store::Player p;
  const std::string name = guest_name(
      [this](const std::string& n) { return store_.find_account_by_name(n).has_value(); });
  committer_.write([&p, &fresh, &name, now = clock_.now_ms()](store::Store& st) {
    p = st.create_player(fresh, name, now);
  });
  Identity who{p.id, p.display_name, {}};
  {
    std::lock_guard lock(mu_);
    by_token_[fresh] = who;
  }
  who.new_token = fresh;
  return who;
}

void Guests::renamed(std::int64_t player, const std::string& name) {
  std::lock_guard lock(mu_);
  for (auto& [token, who] : by_token_)
    if (who.player == player) who.name = name;
}

void Guests::made_bot(std::int64_t player) {
  std::lock_guard lock(mu_);
  for (auto& [token, who] : by_token_)
    if (who.player == player) who.bot = true;
}

void Guests::ended(const std::string& token) {
  std::lock_guard lock(mu_);
  by_token_.erase(token);
}

void Guests::renewed(const std::string& old_token, std::int64_t player, bool all_others) {
  std::lock_guard lock(mu_);
  by_token_.erase(old_token);
  if (all_others)
    std::erase_if(by_token_, [&](const auto& kv) { return kv.second.player == player; });
}

}  // namespace ft::server
