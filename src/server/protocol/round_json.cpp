#include "server/protocol/round_json.h"

#include <bit>
#include <boost/json.hpp>

namespace ft::server {
namespace json = boost::json;

json::object twicefour_round_json(const rules::TwiceFourGame& game) {
  json::object o;
  o["points"] = json::array{game.points(rules::TF_CROSS), game.points(rules::TF_CIRCLE)};
  json::array lines;
  for (const auto& c : game.counted_lines()) {
    json::array cells;
    for (rules::TfBits b = rules::tf_lines()[std::size_t(c.line)]; b; b &= b - 1)
      cells.push_back(json::string(rules::tf_format_point(std::countr_zero(b))));
    json::object line{{"line", rules::tf_format_line(c.line)}, {"cells", std::move(cells)}};
    if (c.side >= 0) {
      line["side"] = c.side;
    } else {
      line["side"] = nullptr;
    }
    line["ply"] = c.ply;
    lines.push_back(std::move(line));
  }
  o["lines"] = std::move(lines);
  // RULES.md B5: placement decides only a round that ends by a limit; a
  // round won by two points (or still going) has none to show.
  const rules::Outcome& out = game.outcome();
  const bool by_limit = out.over() && out.reason != rules::Reason::points;
  if (by_limit) {
    o["placement"] = json::array{game.placement(rules::TF_CROSS), game.placement(rules::TF_CIRCLE)};
  } else {
    o["placement"] = nullptr;
  }
  return o;
}

}  // namespace ft::server
