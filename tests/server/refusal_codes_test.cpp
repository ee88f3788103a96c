// The code a client gets for each reason the match refuses a command
// (server/protocol/errors.h ws_error_of; protocol.md 5.7): the codes clients have
// always had, one place for all of them.
#include <gtest/gtest.h>

#include <map>
#include <string>

#include "match/match.h"
#include "server/protocol/errors.h"

namespace ft::server {
namespace {

TEST(RefusalCodes, EachRefusalOfTheMatchHasItsCode) {
  const std::map<std::string, std::string> want = {
      {"not_your_turn", "not_your_turn"},
      {"illegal_move", "illegal_move"},
      {"not_now", "not_now"},
      // No code of their own: what the match refused has always been not_now.
      {"no_such_seat", "not_now"},
      {"bad_input", "not_now"},
      {"internal", "not_now"},
      // Not a refusal: a fault if it ever reached a client.
      {"none", "server_error"},
  };
  std::size_t seen = 0;
  for (int k = 0; k < 256; ++k) {
    const auto refusal = static_cast<match::Refusal>(k);
    const std::string name(match::refusal_name(refusal));
    if (name.empty()) continue;  // not a Refusal
    ++seen;
    ASSERT_TRUE(want.count(name)) << "a refusal with no expected code: " << name;
    EXPECT_EQ(ws_error_name(ws_error_of(refusal)), want.at(name)) << name;
  }
  EXPECT_EQ(seen, want.size());
}

}  // namespace
}  // namespace ft::server
