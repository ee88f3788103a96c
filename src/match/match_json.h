// JSON for the match library's values: the record the store keeps (from
// which Match::restore rebuilds a match) and the view (what
// `fourtable match-replay` prints). The server's frames are its own
// (server/tables/room_events.cpp). Field names are snake_case; times are integers
// in ms; points are numbers (1.5) next to the score text ("1½:½").
#pragma once

#include <string>
#include <string_view>

#include "match/json.h"
#include "match/match.h"

namespace ft::match {

void write_json(json::Writer& w, const rules::Outcome& o);
void write_json(json::Writer& w, const ClockState& c);
void write_json(json::Writer& w, const GameRecord& g);
void write_json(json::Writer& w, const MatchConfig& c);
void write_json(json::Writer& w, const MatchView& v);
void write_json(json::Writer& w, const MatchRecord& r);

std::string to_json(const MatchView& v);
// {"version": 1, "config": {...}, "inputs": [...], "draws": [...]}
std::string to_json(const MatchRecord& r);

// Reads what to_json(MatchRecord) wrote; every field is checked, and an
// error names the first one that is missing or of the wrong type.
Result<MatchRecord> record_from_json(std::string_view text);
// The same from the record already parsed (the store's codec parses the
// saved match around it once, server/protocol/match_codec.cpp).
Result<MatchRecord> record_from_json(const json::Value& record);
Result<MatchConfig> config_from_json(const json::Value& v);

}  // namespace ft::match
