#include "rules/outcome.h"

namespace ft::rules {

std::string_view status_name(Status s) {
  switch (s) {
    case Status::ongoing:
      return "ongoing";
    case Status::win:
      return "win";
    case Status::draw:
      return "draw";
  }
  return "ongoing";
}

std::string_view reason_name(Reason r) {
  switch (r) {
    case Reason::none:
      return "";
    case Reason::line:
      return "line";
    case Reason::full:
      return "full";
    case Reason::empty:
      return "empty";
    case Reason::repetition:
      return "repetition";
    case Reason::points:
      return "points";
    case Reason::move_limit:
      return "move-limit";
    case Reason::no_moves:
      return "no-moves";
  }
  return "";
}

}  // namespace ft::rules
