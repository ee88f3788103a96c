// The referee's judge for twiceFour (RULES.md part B). One request is one
// round from the start position:
//   {"game":"twicefour","first":"cross"|"circle","start":1|2,"moves":["c1-c2",...]}
// "first" is optional (cross); "start" too (2, RULES.md B2 since 2026-12-01;
// 1 is the first start, for rounds of matches played before). The reply is that of four in a row
// (status, winner "cross"/"circle", reason "points"|"move-limit"|"repetition"| "no-moves"|null,
// ply, to_move, legal, board, warning) plus
//   "points":{"cross":N,"circle":N}, "placement":{"cross":N,"circle":N}
// (RULES.md B3 points and B5 placement of the final position). Board rows are
// row 5 first, columns a..e: 'X' cross, 'O' circle, '.' empty, ' ' a corner.
#include "app/rules/referee.h"
#include "rules/twicefour_game.h"

namespace ft::app::referee {
namespace json = boost::json;

Reply judge_twicefour(const json::object& req) {
  if (auto k = unknown_key(req, {"game", "first", "start", "moves"}); !k.empty())
    return error_reply(k);
  int first = rules::TF_CROSS;
  if (const json::value* f = req.if_contains("first")) {
    const json::string* s = f->if_string();
    if (s == nullptr) return error_reply("first must be a string: cross or circle");
    first = rules::tf_side_from_name(std::string_view(s->data(), s->size()));
    if (first < 0) return error_reply("first must be cross or circle");
  }
  rules::TfStart layout = rules::TF_START_CURRENT;
  if (const json::value* s = req.if_contains("start")) {
    if (!s->is_int64() || !rules::tf_start_known(static_cast<int>(s->as_int64())))
      return error_reply("start must be 1 (the first start) or 2 (RULES.md B2)");
    layout = static_cast<rules::TfStart>(s->as_int64());
  }
  auto game = rules::TwiceFourGame::start(first, layout);
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
