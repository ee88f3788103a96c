#include "server/protocol/match_codec.h"

#include <boost/json.hpp>

#include "match/match_json.h"

namespace ft::server {
namespace json = boost::json;

// {"version": <table version>, "record": <match::to_json(record)>, "result": {...}}:
// the record in the match library's own format (match_json.h), which checks
// every field when it is read back.
std::string encode_match(const match::MatchRecord& record, std::int64_t version,
                         const json::value& result) {
  std::string out =
      "{\"version\":" + std::to_string(version) + ",\"record\":" + match::to_json(record);
  if (!result.is_null()) out += ",\"result\":" + json::serialize(result);
  out += "}";
  return out;
}

Result<SavedMatch> decode_match(std::string_view text) {
  boost::system::error_code ec;
  const json::value v = json::parse(text, ec);
  const json::object* o = ec ? nullptr : v.if_object();
  const json::value* version = o ? o->if_contains("version") : nullptr;
  const json::value* record = o ? o->if_contains("record") : nullptr;
  if (!version || !version->is_int64() || !record || !record->is_object())
    return make_error(ErrorCode::bad_input,
                      "saved match is unreadable: not {\"version\": N, \"record\": {...}}");
  auto parsed = match::record_from_json(json::serialize(*record));
  if (!parsed)
    return make_error(ErrorCode::bad_input, "saved match is unreadable: " + parsed.error().message);
  SavedMatch saved;
  saved.version = version->as_int64();
  saved.record = std::move(parsed).value();
  if (const json::value* result = o->if_contains("result")) {
    // The match_over body goes out to clients as it is: it must write back
    // as JSON (a number like 0E01000001 parses as NaN and writes as no
    // number at all; found by match_record_fuzz).
    boost::system::error_code again;
    json::parse(json::serialize(*result), again);
    if (again)
      return make_error(ErrorCode::bad_input,
                        "saved match is unreadable: its result does not write back as JSON");
    saved.result = *result;
  }
  return saved;
}

}  // namespace ft::server
