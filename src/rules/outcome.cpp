#include "rules/outcome.h"

#include "common/name_table.h"

namespace ft::rules {

constexpr auto STATUS_NAMES = name_table<Status>(
    {{Status::ongoing, "ongoing"}, {Status::win, "win"}, {Status::draw, "draw"}});

// clang-format off
constexpr auto REASON_NAMES = name_table<Reason>({
    {Reason::none, ""}, {Reason::line, "line"}, {Reason::full, "full"}, {Reason::empty, "empty"},
    {Reason::repetition, "repetition"}, {Reason::points, "points"},
    {Reason::move_limit, "move-limit"}, {Reason::no_moves, "no-moves"}});
// clang-format on

std::string_view status_name(Status s) {
  return STATUS_NAMES.text(s, "ongoing");
}

std::string_view reason_name(Reason r) {
  return REASON_NAMES.text(r);
}

}  // namespace ft::rules
