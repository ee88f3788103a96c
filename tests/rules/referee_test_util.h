// Helpers of the referee tests (referee_test.cpp, twicefour_referee_test.cpp):
// a request line's reply as a JSON object, and the error of a bad request.
#pragma once

#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <string>
#include <string_view>

#include "app/rules/referee.h"

namespace ft::app::referee {

namespace json = boost::json;

inline json::object reply(std::string_view line) {
  const std::string out = process_line(line);
  EXPECT_EQ(out.find('\n'), std::string::npos) << out;
  boost::system::error_code ec;
  json::value v = json::parse(out, ec);
  EXPECT_FALSE(ec) << out;
  EXPECT_TRUE(v.is_object()) << out;
  return v.is_object() ? v.as_object() : json::object{};
}

inline std::string error_of(std::string_view line) {
  json::object r = reply(line);
  EXPECT_TRUE(r.contains("error")) << line << " -> " << json::serialize(r);
  EXPECT_EQ(r.size(), 1u);
  return r.contains("error") ? std::string(r["error"].as_string()) : "";
}

inline bool contains(const std::string& s, std::string_view part) {
  return s.find(part) != std::string::npos;
}

}  // namespace ft::app::referee
