// Errors as values: the rules library is called from search loops, a fuzzer and
// the server, so no exceptions cross its API and every failure says why.
#pragma once

#include <string>
#include <utility>
#include <variant>

namespace ft {

// Stable codes so that callers (server error frames, tests) can branch on the
// kind of failure without parsing messages.
enum class ErrorCode {
  bad_input,  // malformed text, unknown key, out-of-range value
  unknown_variant,
  bad_size,
  bad_setup,  // blocks or opening that cannot stand on the board
  no_such_column,
  column_full,
  not_your_disc,    // pop of an opponent's disc, a block or a pre-filled disc
  pop_not_allowed,  // pop outside PopOut
  game_over,
  illegal_move,
};

struct Error {
  ErrorCode code = ErrorCode::bad_input;
  std::string message;
};

const char* error_code_name(ErrorCode code);

// A value or an error; a minimal stand-in for C++23 std::expected.
template <typename T>
class Result {
 public:
  Result(T value) : v_(std::move(value)) {}      // NOLINT(google-explicit-constructor)
  Result(Error error) : v_(std::move(error)) {}  // NOLINT(google-explicit-constructor)

  bool ok() const { return v_.index() == 0; }
  explicit operator bool() const { return ok(); }
  const T& value() const& { return std::get<0>(v_); }
  T& value() & { return std::get<0>(v_); }
  T&& value() && { return std::get<0>(std::move(v_)); }
  const T& operator*() const& { return value(); }
  const T* operator->() const { return &value(); }
  const Error& error() const { return std::get<1>(v_); }

 private:
  std::variant<T, Error> v_;
};

inline Error make_error(ErrorCode code, std::string message) {
  return Error{code, std::move(message)};
}

}  // namespace ft
