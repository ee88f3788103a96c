#include "rules/result.h"

#include "common/name_table.h"

namespace ft {

// clang-format off
constexpr auto ERROR_CODE_NAMES = name_table<ErrorCode>({
    {ErrorCode::bad_input, "bad_input"}, {ErrorCode::unknown_variant, "unknown_variant"},
    {ErrorCode::bad_size, "bad_size"}, {ErrorCode::bad_setup, "bad_setup"},
    {ErrorCode::no_such_column, "no_such_column"}, {ErrorCode::column_full, "column_full"},
    {ErrorCode::not_your_disc, "not_your_disc"}, {ErrorCode::pop_not_allowed, "pop_not_allowed"},
    {ErrorCode::game_over, "game_over"}, {ErrorCode::illegal_move, "illegal_move"}});
// clang-format on

// The table's texts are string literals, so .data() ends with a NUL.
const char* error_code_name(ErrorCode code) {
  return ERROR_CODE_NAMES.text(code, "unknown").data();
}

}  // namespace ft
