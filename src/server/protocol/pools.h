// The pools of "play someone now" (docs/protocol.md 2.19): one per game,
// variant, match clock and rated or casual, fixed in this build. A pool is
// named by its id ("classic-5-5-rated": variant, clock in minutes + seconds
// or "30s" a move, rated or casual) and opens its tables with the settings
// a create-table body of the same values would give.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "server/protocol/settings.h"

namespace ft::server {

struct Pool {
  std::string id;
  TableSettings settings;  // a two-game match between two people, listed
};

// Every pool, in the home page's order (classic first).
std::span<const Pool> pools();
// The pool named `id`; null for none.
const Pool* find_pool(std::string_view id);

}  // namespace ft::server
