#include "server/protocol/log.h"

#include <unistd.h>

#include <chrono>
#include <ctime>
#include <mutex>

namespace ft::server::log {
namespace {

struct Config {
  std::mutex mu;  // configure() against the writers
  std::string node = "fourtable";
  Format format = Format::text;
};

Config& config() {
  static Config c;
  return c;
}

const char* level_name(Level level) {
  switch (level) {
    case Level::info:
      return "info";
    case Level::warn:
      return "warn";
    case Level::alarm:
      return "ALARM";
  }
  return "info";
}

void append_json_string(std::string& out, std::string_view s) {
  out += '"';
  for (const char ch : s) {
    const auto c = static_cast<unsigned char>(ch);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += ch;
    } else if (c < 0x20) {
      static const char* hex = "0123456789abcdef";
      out += "\\u00";
      out += hex[c >> 4];
      out += hex[c & 15];
    } else {
      out += ch;
    }
  }
  out += '"';
}

std::int64_t unix_now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

}  // namespace

void configure(std::string node, Format format) {
  std::lock_guard lock(config().mu);
  if (!node.empty()) config().node = std::move(node);
  config().format = format;
}

std::string iso_time(std::int64_t unix_ms) {
  const std::time_t seconds = static_cast<std::time_t>(unix_ms / 1000);
  std::tm utc{};
  gmtime_r(&seconds, &utc);
  char buf[40];
  const std::size_t n = std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%S", &utc);
  std::string out(buf, n);
  const int ms = static_cast<int>(unix_ms % 1000);
  out += '.';
  out += static_cast<char>('0' + ms / 100);
  out += static_cast<char>('0' + ms / 10 % 10);
  out += static_cast<char>('0' + ms % 10);
  out += 'Z';
  return out;
}

std::string format_line(Level level, std::string_view text, std::int64_t unix_ms) {
  std::string node;
  Format format = Format::text;
  {
    std::lock_guard lock(config().mu);
    node = config().node;
    format = config().format;
  }
  // One line per record: a newline inside the text would split it.
  std::string body(text);
  while (!body.empty() && body.back() == '\n') body.pop_back();
  std::string out;
  if (format == Format::json) {
    out = "{\"time\":\"" + iso_time(unix_ms) + "\",\"node\":";
    append_json_string(out, node);
    out += ",\"level\":\"";
    out += level_name(level);
    out += "\",\"message\":";
    append_json_string(out, body);
    out += "}\n";
    return out;
  }
  for (char& c : body)
    if (c == '\n') c = ' ';
  out = iso_time(unix_ms) + " " + node + " " + level_name(level) + " " + body + "\n";
  return out;
}

std::string format_line(Level level, std::string_view text) {
  return format_line(level, text, unix_now_ms());
}

void write(Level level, std::string_view text) {
  const std::string line = format_line(level, text);
  // One write(2): lines of several threads never interleave.
  std::size_t done = 0;
  while (done < line.size()) {
    const ssize_t n = ::write(STDERR_FILENO, line.data() + done, line.size() - done);
    if (n <= 0) return;
    done += static_cast<std::size_t>(n);
  }
}

}  // namespace ft::server::log
