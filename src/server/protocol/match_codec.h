// The match's record (config, inputs, lottery draws; in the match library's own
// JSON, match_json.h) for the store:
// Match::restore rebuilds the identical match from it after a restart. The
// table's event version travels with it so that reconnecting clients and the
// restored room agree on what they have seen.
#pragma once

#include <boost/json/value.hpp>
#include <cstdint>
#include <string>
#include <string_view>

#include "match/match.h"
#include "rules/result.h"

namespace ft::server {

struct SavedMatch {
  std::int64_t version = 0;  // the table's event version when this was written
  match::MatchRecord record;
  // The match_over event body (protocol.md 5.3) once the match is over, so a
  // finished table is shown as it ended (ratings included); else null.
  boost::json::value result;
};

std::string encode_match(const match::MatchRecord& record, std::int64_t version,
                         const boost::json::value& result = nullptr);
Result<SavedMatch> decode_match(std::string_view text);

}  // namespace ft::server
