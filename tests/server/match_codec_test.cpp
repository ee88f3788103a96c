// The saved-match wrapper (match_codec.h) keeps what a twiceFour match began
// from: a match saved before the start of RULES.md B2 changed (no
// twicefour_start in its config) comes back on the first start.
#include "server/protocol/match_codec.h"

#include <gtest/gtest.h>

#include "match/match.h"

namespace ft::server {
namespace {

match::MatchRecord twicefour_record(rules::TfStart start) {
  match::MatchConfig c;
  c.variant = std::string(rules::TWICEFOUR_VARIANT);
  c.time = match::TimeControl{0, 0, 60'000};
  c.twicefour_start = static_cast<int>(start);
  auto m = match::Match::create(c, [](int) { return 0; }).value();
  m.start(0);
  m.choose_piece(0, rules::TF_CROSS, 1000);
  m.choose_piece(1, rules::TF_CIRCLE, 2000);
  return m.record();
}

TEST(MatchCodec, TwiceFourMatchSavedBeforeTheNewStartRestoresOnTheFirstStart) {
  std::string text = encode_match(twicefour_record(rules::TfStart::first), 7);
  const std::string field = R"(,"twicefour_start":1)";
  ASSERT_NE(text.find(field), std::string::npos);
  text.erase(text.find(field), field.size());  // as written before the field existed
  auto saved = decode_match(text);
  ASSERT_TRUE(saved.ok()) << saved.error().message;
  EXPECT_EQ(saved->version, 7);
  EXPECT_EQ(saved->record.config.twicefour_start, 1);
  auto old = match::Match::restore(saved->record, 3000);
  ASSERT_TRUE(old.ok()) << old.error().message;
  EXPECT_EQ(old->view(3000).board,
            (std::vector<std::string>{" OOO ", "O...O", ".....", "X...X", " XXX "}));

  auto now = decode_match(encode_match(twicefour_record(rules::TF_START_CURRENT), 8));
  ASSERT_TRUE(now.ok()) << now.error().message;
  EXPECT_EQ(now->record.config.twicefour_start, 2);
  EXPECT_EQ(match::Match::restore(now->record, 3000)->view(3000).board,
            (std::vector<std::string>{" OOO ", ".O.O.", ".....", ".X.X.", " XXX "}));
}

// What the store keeps reads back as it was written, result included, from
// the one parse of its text.
TEST(MatchCodec, ASavedMatchReadsBackAsWritten) {
  const boost::json::value result = {{"end", "resigned"}, {"score", "1:0"}, {"points", {1.5, 0.5}}};
  const std::string text = encode_match(twicefour_record(rules::TF_START_CURRENT), 9, result);
  auto saved = decode_match(text);
  ASSERT_TRUE(saved.ok()) << saved.error().message;
  EXPECT_EQ(saved->version, 9);
  EXPECT_EQ(saved->result, result);
  EXPECT_EQ(saved->record.inputs.size(), 3u);
  EXPECT_EQ(encode_match(saved->record, saved->version, saved->result), text);
}

// A number the parse makes infinite or NaN, in the record or its result, and
// a whole number beyond 64 bits where the record wants an integer, are refused.
TEST(MatchCodec, NumbersOutOfRangeAreRefused) {
  const std::string text = encode_match(twicefour_record(rules::TF_START_CURRENT), 9);
  const std::string record = R"("record":{)";
  ASSERT_NE(text.find(record), std::string::npos);
  for (const char* number : {"1e999", "-1e999", "0E01000001"}) {
    std::string bad = text;
    bad.insert(bad.find(record) + record.size(), std::string(R"("extra":)") + number + ",");
    auto r = decode_match(bad);
    ASSERT_FALSE(r.ok()) << number;
    EXPECT_EQ(r.error().code, ErrorCode::bad_input);
    EXPECT_NE(r.error().message.find("a number out of range"), std::string::npos)
        << r.error().message;
    bad = text;
    bad.insert(bad.size() - 1, std::string(R"(,"result":{"points":[)") + number + "]}");
    r = decode_match(bad);
    ASSERT_FALSE(r.ok()) << number;
    EXPECT_NE(r.error().message.find("its result does not write back as JSON"), std::string::npos)
        << r.error().message;
  }
  std::string bad = text;
  const std::string seat = R"("seat":0)";
  ASSERT_NE(bad.find(seat), std::string::npos);
  bad.replace(bad.find(seat), seat.size(), R"("seat":9223372036854775808)");
  auto r = decode_match(bad);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("seat: missing or not an integer"), std::string::npos)
      << r.error().message;
}

}  // namespace
}  // namespace ft::server
