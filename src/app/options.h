// How every `fourtable` command reads its command line: `--name value` or
// `--name=value`, flags written `--name`, whole numbers checked against a
// range. A bad or missing value is an error that names the option; the first
// one is kept, and the command reports it with usage_error() (exit code 2).
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace ft::app {

// The whole of `text` as a whole number in [lo, hi] (cli::to_whole).
std::optional<long long> whole_number(std::string_view text, long long lo, long long hi);

class Options {
 public:
  // `command` names the command in messages ("perft", "bench levels").
  Options(std::string command, std::span<const std::string> args);

  bool flag(std::string_view name) const;
  std::optional<std::string> text(std::string_view name) const;
  std::string text(std::string_view name, std::string fallback) const;
  // Every value of an option that may be given more than once, in order.
  std::vector<std::string> texts(std::string_view name) const;
  // An option the command cannot do without: "" and an error when absent.
  std::string required_text(std::string_view name);

  // --name N in [lo, hi]; `fallback` when the option is absent.
  long long number(std::string_view name, long long fallback, long long lo, long long hi);
  // --name N in [lo, hi]; an error when the option is absent.
  long long required_number(std::string_view name, long long lo, long long hi);

  // A command's own check of what it read; kept unless an error came first.
  void fail(std::string message);
  bool ok() const { return error_.empty(); }
  const std::string& error() const { return error_; }
  // Prints "fourtable <command>: <error> (see --help)" and returns 2.
  int usage_error() const;
  // Prints "fourtable <command>: <message>" and returns `code`: the one form
  // of every command's error line.
  int report(const std::string& message, int code) const;

 private:
  std::string command_;
  std::span<const std::string> args_;
  std::string error_;
};

}  // namespace ft::app
