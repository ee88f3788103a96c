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

}  // namespace
}  // namespace ft::server
