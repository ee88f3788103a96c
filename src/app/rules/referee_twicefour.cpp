// The referee's judge for twiceFour (RULES.md part B). One request is one
// round from the start position:
//   {"game":"twicefour","first":"cross"|"circle","moves":["b1-b2","e4-e3",...]}
// "first" is optional (cross). The reply is that of four in a row (status,
// winner "cross"/"circle", reason "points"|"move-limit"|"repetition"|
// "no-moves"|null, ply, to_move, legal, board, warning) plus
//   "points":{"cross":N,"circle":N}, "placement":{"cross":N,"circle":N}
// (RULES.md B3 points and B5 placement of the final position). Board rows are
// row 5 first, columns a..e: 'X' cross, 'O' circle, '.' empty, ' ' a corner.
#include "app/rules/referee.h"
#include "rules/twicefour_game.h"

namespace ft::app::referee {
namespace json = boost::json;

Reply judge_twicefour(const json::object& req) {
  if (auto k = unknown_key(req, {"game", "first", "moves"}); !k.empty()) return error_reply(k);
  int first = rules::TF_CROSS;
  if (const json::value* f = req.if_contains("first")) {
    const json::string* s = f->if_string();
    if (s == nullptr) return error_reply("first must be a string: cross or circle");
    first = rules::tf_side_from_name(std::string_view(s->data(), s->size()));
    if (first < 0) return error_reply("first must be cross or circle");
  }
  auto game = rules::TwiceFourGame::start(first);
  Reply r = play_and_report(game, req.if_contains("moves"));
  if (r.contains("error")) return r;
  json::object points, placement;
  for (int side : {rules::TF_CROSS, rules::TF_CIRCLE}) {
    points[rules::tf_side_name(side)] = game.points(side);
    placement[rules::tf_side_name(side)] = game.placement(side);
  }
  r["points"] = std::move(points);
  r["placement"] = std::move(placement);
  return r;
}

}  // namespace ft::app::referee
