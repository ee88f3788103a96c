// The server's lines to its operator (docs/operations.md, "Logs"): each one
// whole on standard error, with the UTC time in milliseconds and the node's
// name, so the logs of several nodes can be read in one order (a lease lost
// against a Redis outage). As text, or as JSON lines for a log collector.
//
//   log::warn() << "node " << node << " renewed its leases late";
#pragma once

#include <cstdint>
#include <sstream>
#include <string>
#include <string_view>

namespace ft::server::log {

enum class Level : std::uint8_t { info, warn, alarm };
enum class Format : std::uint8_t { text, json };

// Once, before the server's threads start; the name is --node's (or the host's).
void configure(std::string node, Format format);
// 2026-12-03T15:06:34.123Z for `unix_ms`.
std::string iso_time(std::int64_t unix_ms);
// One line in the configured format (text: "<time> <node> <level> <text>").
std::string format_line(Level level, std::string_view text, std::int64_t unix_ms);
// The same line at the present time (for a line that goes elsewhere than
// standard error, as the "listening on" one does).
std::string format_line(Level level, std::string_view text);
// Writes one line at once (one write call), whatever other threads write.
void write(Level level, std::string_view text);

// Collects one line, written when it goes out of scope.
class Line {
 public:
  explicit Line(Level level) : level_(level) {}
  ~Line() { write(level_, out_.str()); }
  Line(const Line&) = delete;
  Line& operator=(const Line&) = delete;
  template <class T>
  Line& operator<<(const T& value) {
    out_ << value;
    return *this;
  }

 private:
  Level level_;
  std::ostringstream out_;
};

inline Line info() {
  return Line(Level::info);
}
inline Line warn() {
  return Line(Level::warn);
}
// Something lost or refused that an operator must look at (metrics count it too).
inline Line alarm() {
  return Line(Level::alarm);
}

}  // namespace ft::server::log
