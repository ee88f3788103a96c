// One API (docs/protocol.md 2): an endpoint that does not exist is 404 for
// every method, a known one with the wrong method is 405 with Allow, and
// every 429 says when to come back. Through the real server.
#include <gtest/gtest.h>

#include "support/table_helpers.h"
#include "support/test_client.h"

namespace ft::test {
namespace {

TEST(OneApi, UnknownEndpointsAre404WhateverTheMethod) {
  ServerProcess server(temp_db("api_404"));
  const int port = server.port();
  const Guest g = new_guest(port);
  for (const std::string method : {"GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"}) {
    for (const std::string target :
         {"/api/nope", "/api/tables/abc/def", "/api/me/nope", "/api/account/nope", "/api/",
          "/api/players/p_1/nope", "/nosuchfile.js"}) {
      HttpResult r = http(port, method, target, {}, g.cookie);
      EXPECT_EQ(r.status, 404) << method << " " << target << ": " << r.body;
      if (r.status == 404) {
        EXPECT_EQ(error_code(r), "not_found");
      }
    }
  }
}

TEST(OneApi, AKnownEndpointWithAnotherMethodIs405WithAllow) {
  ServerProcess server(temp_db("api_405"));
  const int port = server.port();
  const Guest g = new_guest(port);
  const std::vector<std::tuple<std::string, std::string, std::string>> cases = {
      {"DELETE", "/api/me", "GET, HEAD, POST"}, {"GET", "/api/tables", "POST"},
      {"PUT", "/api/lobby", "GET, HEAD"},       {"GET", "/api/account/login", "POST"},
      {"POST", "/healthz", "GET, HEAD"},
  };
  for (const auto& [method, target, allow] : cases) {
    HttpResult r = http(port, method, target, {}, g.cookie);
    EXPECT_EQ(r.status, 405) << method << " " << target;
    if (r.status != 405) continue;
    EXPECT_EQ(error_code(r), "method_not_allowed");
    EXPECT_EQ(r.header("allow"), allow) << method << " " << target;
  }
}

// The number of seconds in a Retry-After header; -1 when there is none.
int retry_after(const HttpResult& r) {
  const std::string v = r.header("retry-after");
  return v.empty() ? -1 : std::stoi(v);
}

TEST(OneApi, Every429SaysWhenToComeBack) {
  // The analysis board: 30 positions a minute per player.
  ServerProcess server(temp_db("api_retry"));
  int port = server.port();
  const Guest g = new_guest(port);
  HttpResult r;
  for (int i = 0; i < 31 && r.status != 429; ++i)
    r = http(port, "POST", "/api/analysis", R"({"game":"four","moves":[]})", g.cookie);
  ASSERT_EQ(r.status, 429) << r.body;
  EXPECT_GE(retry_after(r), 1);
  EXPECT_LE(retry_after(r), 60);
  // The per-address request limit.
  ServerProcess limited_server(temp_db("api_retry_rate"), "--http-rate 1");  // bursts of 3
  port = limited_server.port();
  int limited = 0;
  for (int i = 0; i < 8; ++i) {
    HttpResult l = http(port, "GET", "/api/lobby");
    if (l.status != 429) continue;
    ++limited;
    EXPECT_GE(retry_after(l), 1) << l.body;
  }
  EXPECT_GE(limited, 3);
}

}  // namespace
}  // namespace ft::test
