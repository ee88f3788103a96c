// libFuzzer target over one input line of `fourtable referee`: whatever the
// bytes, process_line must answer with one JSON line and not crash, leak or hang.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "app/rules/referee.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view line(reinterpret_cast<const char*>(data), size);
  // The command splits its input at '\n', so a line never holds one.
  if (line.find('\n') != std::string_view::npos) return -1;
  const std::string reply = ft::app::referee::process_line(line);
  // Every reply is a single line of JSON holding an object.
  boost::system::error_code ec;
  const boost::json::value v = boost::json::parse(reply, ec);
  if (ec || !v.is_object() || reply.find('\n') != std::string::npos) std::abort();
  return 0;
}
