// libFuzzer target over the stored match record decoder (server/protocol/match_codec.h),
// what a restart reads back from the store. Whatever the bytes:
//  - decode_match answers a record or a bad_input error, and never crashes;
//  - a decoded record, encoded and decoded again, encodes to the same text
//    (so a record survives any number of restarts unchanged);
//  - a record that Match::restore accepts gives a match that answers view(),
//    whose own record restores again to the same view (restore is what a
//    restart does, and a restored table is restarted in turn).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "match/match.h"
#include "match/match_json.h"
#include "server/protocol/match_codec.h"

namespace {
using namespace ft;

[[noreturn]] void fail(const char* what, std::string_view input, std::string_view detail = {}) {
  std::fprintf(stderr, "match_record_fuzz: %s\ninput: %.*s\n%.*s\n", what,
               static_cast<int>(input.size()), input.data(), static_cast<int>(detail.size()),
               detail.data());
  std::abort();
}

void check_restore(const match::MatchRecord& record, std::string_view input) {
  // Restore at the last recorded time, as a restart right after the last
  // write would (restore charges the gap to nobody, so the choice only
  // matters for what is due).
  std::int64_t now = 0;
  for (const match::Input& in : record.inputs) now = std::max(now, in.at);
  auto restored = match::Match::restore(record, now);
  if (!restored) {
    if (restored.error().message.empty()) fail("restore refused without a reason", input);
    return;
  }
  const std::string view = match::to_json(restored->view(now));
  // The restored match's record is what the server stores next; restoring it
  // must give the same match.
  auto again = match::Match::restore(restored->record(), now);
  if (!again) fail("a restored match's record does not restore", input, again.error().message);
  const std::string view_again = match::to_json(again->view(now));
  if (view_again != view)
    fail("restoring twice changes the match", input, view + "\n" + view_again);
  // Deadlines due at `now` fire without trouble.
  restored.value().tick(now);
  (void)restored->next_deadline();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  auto decoded = server::decode_match(input);
  if (!decoded) {
    if (decoded.error().code != ErrorCode::bad_input || decoded.error().message.empty())
      fail("decode_match failed with something else than a bad_input error", input);
    return 0;
  }
  const std::string encoded =
      server::encode_match(decoded->record, decoded->version, decoded->result);
  auto redecoded = server::decode_match(encoded);
  if (!redecoded) fail("an encoded record does not decode", input, redecoded.error().message);
  const std::string reencoded =
      server::encode_match(redecoded->record, redecoded->version, redecoded->result);
  if (reencoded != encoded) fail("encode/decode is not stable", input, encoded + "\n" + reencoded);
  check_restore(decoded->record, input);
  return 0;
}
