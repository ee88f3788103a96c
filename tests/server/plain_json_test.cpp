// Numbers on the wire without exponents (server/protocol/plain_json.h): the writer
// every answer and frame goes through, and the rounding of ratings.
#include "server/protocol/plain_json.h"

#include <gtest/gtest.h>

#include <limits>

namespace ft::server {
namespace {

namespace json = boost::json;

TEST(PlainJson, DoublesArePlainDecimalsAndReadBackTheSame) {
  const json::array values{1500.0, 0.06, 1.5, 0.5, 1620.7709525542778, -2.25, 1e-7, 1e21};
  const std::string text = json_text(values);
  EXPECT_EQ(text.find('E'), std::string::npos) << text;
  EXPECT_EQ(text.find('e'), std::string::npos) << text;
  EXPECT_EQ(text.substr(0, 31), "[1500,0.06,1.5,0.5,1620.7709525") << text;
  const json::array back = json::parse(text).as_array();
  ASSERT_EQ(back.size(), values.size());
  for (std::size_t i = 0; i < values.size(); ++i)
    EXPECT_EQ(back[i].to_number<double>(), values[i].to_number<double>()) << i;
}

TEST(PlainJson, EverythingElseAsBoostWritesIt) {
  const json::value v =
      json::parse(R"({"a":[1,-2,18446744073709551615,true,false,null],"s":"q\"\\\n\u0001é●",)"
                  R"("o":{"k":{}},"e":[]})");
  EXPECT_EQ(json_text(v), json::serialize(v));  // no double: Boost's writer itself
  // With a double the whole value goes through the plain writer: the rest
  // reads as Boost writes it.
  json::value with = v;
  with.as_object()["d"] = 0.5;
  std::string want = json::serialize(v);
  want.insert(want.size() - 1, ",\"d\":0.5");
  EXPECT_EQ(json_text(with), want);
  const double nan = std::numeric_limits<double>::quiet_NaN();
  EXPECT_EQ(json_text(json::array{nan, std::numeric_limits<double>::infinity(), -0.0}),
            "[null,null,0]");
}

TEST(PlainJson, RatingsAreWholePointsHalvesUpAsThePageRoundsThem) {
  EXPECT_EQ(rating_number(1620.77), 1621);
  EXPECT_EQ(rating_number(1620.5), 1621);
  EXPECT_EQ(rating_number(1620.49), 1620);
  EXPECT_EQ(rating_number(396.44), 396);
  EXPECT_EQ(rating_number(-120.5), -120);  // Math.round(-120.5) is -120
  EXPECT_EQ(rating_number(-120.51), -121);
  EXPECT_DOUBLE_EQ(volatility_number(0.0599999871), 0.06);
  EXPECT_EQ(json_text(volatility_number(0.0599999871)), "0.06");
}

}  // namespace
}  // namespace ft::server
