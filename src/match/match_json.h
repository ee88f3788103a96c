// JSON for the match library's values, for the server (events, views) and
// the store (the record from which a match is restored). Field names are
// snake_case; times are integers in ms; points are numbers (1.5) next to the
// score text ("1½:½").
#pragma once

#include <string>
#include <string_view>

#include "match/json.h"
#include "match/match.h"

namespace ft::match {

void write_json(json::Writer& w, const rules::Outcome& o);
void write_json(json::Writer& w, const MoveCharge& c);
void write_json(json::Writer& w, const ClockState& c);
void write_json(json::Writer& w, const GameRecord& g);
void write_json(json::Writer& w, const MatchConfig& c);
void write_json(json::Writer& w, const Event& e);
void write_json(json::Writer& w, const MatchView& v);
void write_json(json::Writer& w, const MatchRecord& r);

// {"kind": "move-made", "at": ..., <the event's fields>}
std::string to_json(const Event& e);
std::string to_json(const MatchView& v);
// {"version": 1, "config": {...}, "inputs": [...], "draws": [...]}
std::string to_json(const MatchRecord& r);

// Reads what to_json(MatchRecord) wrote; every field is checked, and an
// error names the first one that is missing or of the wrong type.
Result<MatchRecord> record_from_json(std::string_view text);
Result<MatchConfig> config_from_json(const json::Value& v);

}  // namespace ft::match
