#include "app/options.h"

#include <algorithm>
#include <iostream>

#include "app/cli_args.h"

namespace ft::app {

std::optional<long long> whole_number(std::string_view text, long long lo, long long hi) {
  return cli::to_whole(text, lo, hi);
}

Options::Options(std::string command, std::span<const std::string> args)
    : command_(std::move(command)), args_(args) {}

bool Options::flag(std::string_view name) const {
  const std::string wanted = "--" + std::string(name);
  return std::find(args_.begin(), args_.end(), wanted) != args_.end();
}

std::vector<std::string> Options::texts(std::string_view name) const {
  const std::string wanted = "--" + std::string(name);
  std::vector<std::string> out;
  for (std::size_t i = 0; i < args_.size(); ++i) {
    const cli::Arg a = cli::split_arg(args_[i]);
    if (a.name != wanted || (!a.has_value && i + 1 >= args_.size())) continue;
    out.push_back(a.has_value ? a.value : args_[i + 1]);
  }
  return out;
}

std::optional<std::string> Options::text(std::string_view name) const {
  std::vector<std::string> all = texts(name);
  if (all.empty()) return std::nullopt;
  return std::move(all.front());
}

std::string Options::text(std::string_view name, std::string fallback) const {
  return text(name).value_or(std::move(fallback));
}

std::string Options::required_text(std::string_view name) {
  std::optional<std::string> t = text(name);
  if (!t) fail("--" + std::string(name) + " is required");
  return t.value_or("");
}

long long Options::number(std::string_view name, long long fallback, long long lo, long long hi) {
  const std::optional<std::string> t = text(name);
  if (!t) return fallback;
  if (const std::optional<long long> v = whole_number(*t, lo, hi)) return *v;
  fail("--" + std::string(name) + " must be a whole number in " + std::to_string(lo) + ".." +
       std::to_string(hi) + ", not '" + *t + "'");
  return fallback;
}

long long Options::required_number(std::string_view name, long long lo, long long hi) {
  if (!text(name)) {
    fail("--" + std::string(name) + " is required");
    return lo;
  }
  return number(name, lo, lo, hi);
}

void Options::fail(std::string message) {
  if (error_.empty()) error_ = std::move(message);
}

int Options::usage_error() const {
  std::cerr << "fourtable " << command_ << ": " << error_ << " (see --help)\n";
  return 2;
}

int Options::report(const std::string& message, int code) const {
  std::cerr << "fourtable " << command_ << ": " << message << "\n";
  return code;
}

}  // namespace ft::app
