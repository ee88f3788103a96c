#include "rules/result.h"

namespace ft {

const char* error_code_name(ErrorCode code) {
  switch (code) {
    case ErrorCode::bad_input:
      return "bad_input";
    case ErrorCode::unknown_variant:
      return "unknown_variant";
    case ErrorCode::bad_size:
      return "bad_size";
    case ErrorCode::bad_setup:
      return "bad_setup";
    case ErrorCode::no_such_column:
      return "no_such_column";
    case ErrorCode::column_full:
      return "column_full";
    case ErrorCode::not_your_disc:
      return "not_your_disc";
    case ErrorCode::pop_not_allowed:
      return "pop_not_allowed";
    case ErrorCode::game_over:
      return "game_over";
    case ErrorCode::illegal_move:
      return "illegal_move";
  }
  return "unknown";
}

}  // namespace ft
