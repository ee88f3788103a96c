// A table's settings (docs/protocol.md 2.3): parsed and checked once, from the
// create-table body or the store, then turned into the match library's config.
#pragma once

#include <boost/json/object.hpp>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "rules/game_kind.h"
#include "rules/result.h"
#include "rules/variant.h"

namespace ft::match {
struct MatchConfig;
}

namespace ft::server {

inline constexpr int PERFECT_LEVEL = 8;  // engine contract: levels 1..7, 8 = perfect

struct TableSettings {
  rules::GameKind game = rules::GameKind::four;
  std::string variant = "classic";  // rules variant key, or "twicefour"
  rules::VariantSpec spec;          // four only: the resolved variant
  rules::VariantOptions options;    // four only: what was asked on top of the variant
  bool single = false;
  bool per_move = false;
  std::int64_t bank_ms = 300000;
  std::int64_t increment_ms = 5000;
  std::int64_t move_ms = 0;
  bool rated = true;
  bool listed = true;      // visibility "open"
  int computer_level = 0;  // 0: a person; 1..7; PERFECT_LEVEL
  int seats = 2;
  // four only: drops played before the first move of every game (a position
  // opened from a game page or the analysis board), in notation ("d").
  std::vector<std::string> start;
};

// The body of POST /api/tables; errors name the field. An error of the
// "start" field has the code ErrorCode::illegal_move (the API's bad_start).
Result<TableSettings> parse_settings(std::string_view body);
// The normalised settings object of a table summary (protocol.md 2.4).
boost::json::object settings_json(const TableSettings& s);

// The match library's config of a match on this table, drawn from `seed`.
match::MatchConfig match_config(const TableSettings& s, std::uint64_t seed);

// RULES.md A5 pool of the table ("classic", ..., "twicefour").
std::string rating_pool(const TableSettings& s);

}  // namespace ft::server
