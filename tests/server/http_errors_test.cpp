// The HTTP API's error codes (server/protocol/http_errors.h): each code has
// one name and one error status, the names read back to their codes, an
// answer carries the code's name and status, and the list of
// docs/protocol.md 2 names the same codes with the same statuses.
#include "server/protocol/http_errors.h"

#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>

#include "server/http/json.h"

namespace ft::server {
namespace {

std::map<std::string, int> enum_codes() {
  std::map<std::string, int> out;
  for (int i = 0; i < HTTP_ERROR_COUNT; ++i) {
    const auto code = static_cast<HttpError>(i);
    out[std::string(http_error_name(code))] = http_error_status(code);
  }
  return out;
}

TEST(HttpErrors, EachCodeHasItsOwnNameAndAnErrorStatus) {
  std::set<std::string> names;
  for (int i = 0; i < HTTP_ERROR_COUNT; ++i) {
    const auto code = static_cast<HttpError>(i);
    const std::string name(http_error_name(code));
    EXPECT_FALSE(name.empty()) << i;
    EXPECT_TRUE(names.insert(name).second) << name << " twice";
    const int status = http_error_status(code);
    EXPECT_GE(status, 400) << name;
    EXPECT_LE(status, 599) << name;
    EXPECT_EQ(http_error_from_name(name), code) << name;
  }
  EXPECT_EQ(http_error_from_name("no_such_code"), std::nullopt);
  EXPECT_EQ(http_error_from_name(""), std::nullopt);
}

// The codes whose status is not 400 are the ones most easily mistaken:
// pinned one by one, as clients see them.
TEST(HttpErrors, StatusesAreTheProtocolsOwn) {
  EXPECT_EQ(http_error_status(HttpError::bad_json), 400);
  EXPECT_EQ(http_error_status(HttpError::wrong_login), 401);
  EXPECT_EQ(http_error_status(HttpError::cross_site), 403);
  EXPECT_EQ(http_error_status(HttpError::origin_refused), 403);
  EXPECT_EQ(http_error_status(HttpError::not_found), 404);
  EXPECT_EQ(http_error_status(HttpError::method_not_allowed), 405);
  EXPECT_EQ(http_error_status(HttpError::too_many_tables), 409);
  EXPECT_EQ(http_error_status(HttpError::body_too_large), 413);
  EXPECT_EQ(http_error_status(HttpError::unsupported_media_type), 415);
  EXPECT_EQ(http_error_status(HttpError::too_many_sockets), 429);
  EXPECT_EQ(http_error_status(HttpError::headers_too_large), 431);
  EXPECT_EQ(http_error_status(HttpError::server_error), 500);
  EXPECT_EQ(http_error_status(HttpError::unavailable), 503);
}

TEST(HttpErrors, AnAnswerCarriesTheCodesNameAndStatus) {
  const HttpResponse r = error(HttpError::name_taken, "that name is \"taken\"");
  EXPECT_EQ(r.status, 409);
  const boost::json::value body = boost::json::parse(r.body);
  EXPECT_EQ(body, boost::json::parse(
                      R"({"error": {"code": "name_taken", "message": "that name is \"taken\""}})"));
}

// docs/protocol.md 2 lists the codes in one paragraph, "HTTP error codes:"
// to the next blank line, each as `name` (status...).
TEST(HttpErrors, TheProtocolDocumentListsTheSameCodes) {
  const std::string path = std::string(FT_DOCS_DIR) + '/' + "protocol.md";
  std::ifstream in(path);
  ASSERT_TRUE(in) << path;
  std::stringstream text;
  text << in.rdbuf();
  const std::string doc = text.str();
  const std::size_t from = doc.find("HTTP error codes:");
  ASSERT_NE(from, std::string::npos);
  const std::size_t to = doc.find("\n\n", from);
  const std::string list = doc.substr(from, to - from);

  std::map<std::string, int> documented;
  const std::regex entry("`([a-z_]+)`\\s+\\(([0-9]{3})");
  for (auto it = std::sregex_iterator(list.begin(), list.end(), entry);
       it != std::sregex_iterator(); ++it) {
    const std::string name = (*it)[1];
    EXPECT_EQ(documented.count(name), 0U) << name << " listed twice";
    documented[name] = std::stoi((*it)[2]);
  }
  EXPECT_EQ(documented, enum_codes());
}

}  // namespace
}  // namespace ft::server
