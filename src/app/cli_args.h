// Command-line options as every fourtable command line writes them: `--name
// value` or `--name=value`, and numbers checked against a range. Header-only,
// so `fourtable`'s subcommands, the server's `serve` options (ft_server) and
// ft_loadgen (which links no fourtable library) share it.
#pragma once

#include <algorithm>
#include <charconv>
#include <cmath>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>

namespace ft::cli {

// One argument: "--name=value" splits into both; anything else is a name.
struct Arg {
  std::string name;
  std::string value;
  bool has_value = false;
};

inline Arg split_arg(const std::string& arg) {
  const auto eq = arg.find('=');
  if (arg.rfind("--", 0) != 0 || eq == std::string::npos) return Arg{arg, {}, false};
  return Arg{arg.substr(0, eq), arg.substr(eq + 1), true};
}

// Calls on(name, value) for each option in order until it returns false (it
// sets `error` for what it refuses, unknown names included). The names in
// `with_value` take the next argument unless written `--name=value`; others
// get value "". Returns false with `error` set when a value is missing.
template <typename On>
bool parse_options(std::span<const std::string> args, std::span<const std::string_view> with_value,
                   std::string& error, On&& on) {
  for (std::size_t i = 0; i < args.size(); ++i) {
    Arg a = split_arg(args[i]);
    const bool takes_value =
        std::find(with_value.begin(), with_value.end(), a.name) != with_value.end();
    if (takes_value && !a.has_value) {
      if (i + 1 >= args.size()) {
        error = "option " + a.name + " needs a value";
        return false;
      }
      a.value = args[++i];
    }
    if (!on(a.name, a.value)) return false;
  }
  return true;
}

// The whole of `text` as a whole number in [lo, hi] (no sign but '-', no
// spaces): the one integer reader of every command line.
inline std::optional<long long> to_whole(std::string_view text, long long lo, long long hi) {
  long long v = 0;
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, v);
  if (text.empty() || ec != std::errc() || ptr != end || v < lo || v > hi) return std::nullopt;
  return v;
}

inline bool to_int(const std::string& text, int lo, int hi, int& out) {
  const std::optional<long long> v = to_whole(text, lo, hi);
  if (v) out = static_cast<int>(*v);
  return v.has_value();
}

// The whole of `text` as a finite number in [lo, hi].
inline bool to_double(const std::string& text, double lo, double hi, double& out) {
  try {
    std::size_t used = 0;
    const double v = std::stod(text, &used);
    if (used != text.size() || !std::isfinite(v) || v < lo || v > hi) return false;
    out = v;
    return true;
  } catch (const std::exception&) {
    return false;
  }
}

}  // namespace ft::cli
