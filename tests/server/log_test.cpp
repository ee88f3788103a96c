// The server's log lines (protocol/log.h): the time in UTC to the
// millisecond and the node's name first, one record a line, as text or JSON.
#include "server/protocol/log.h"

#include <gtest/gtest.h>

#include <boost/json.hpp>

namespace ft::server {
namespace {

// 2026-12-03T15:06:34.123Z: 1796310394 s since the epoch, and 123 ms.
constexpr std::int64_t AT = 1796310394123;

TEST(Log, TimesAreUtcToTheMillisecond) {
  EXPECT_EQ(log::iso_time(AT), "2026-12-03T15:06:34.123Z");
  EXPECT_EQ(log::iso_time(0), "1970-01-01T00:00:00.000Z");
  EXPECT_EQ(log::iso_time(AT - 123 + 7), "2026-12-03T15:06:34.007Z");
}

TEST(Log, ATextLineHasTimeNodeLevelAndOneLineOfText) {
  log::configure("node2", log::Format::text);
  EXPECT_EQ(log::format_line(log::Level::warn, "leases renewed late", AT),
            "2026-12-03T15:06:34.123Z node2 warn leases renewed late\n");
  // A newline inside the text would make two records of one.
  EXPECT_EQ(log::format_line(log::Level::alarm, "store write failed:\nfenced\n", AT),
            "2026-12-03T15:06:34.123Z node2 ALARM store write failed: fenced\n");
}

TEST(Log, AJsonLineIsOneObjectWhateverTheTextHolds) {
  log::configure("node\"1", log::Format::json);
  const std::string line = log::format_line(log::Level::info, "took table \"t1\"\\ at\n\tonce", AT);
  log::configure("fourtable", log::Format::text);
  ASSERT_EQ(line.back(), '\n');
  ASSERT_EQ(line.find('\n'), line.size() - 1);
  const boost::json::object o = boost::json::parse(line).as_object();
  EXPECT_EQ(o.at("time"), "2026-12-03T15:06:34.123Z");
  EXPECT_EQ(o.at("node"), "node\"1");
  EXPECT_EQ(o.at("level"), "info");
  EXPECT_EQ(o.at("message"), "took table \"t1\"\\ at\n\tonce");
}

}  // namespace
}  // namespace ft::server
