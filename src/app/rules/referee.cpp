// The game-independent half of the referee: reading a line, dispatching on
// "game", playing the moves and writing the reply (see referee.h).
#include "app/rules/referee.h"

#include <algorithm>

namespace ft::app::referee {
namespace json = boost::json;

namespace {

// Longest request line we read. A real request is well under 1 KB (a 10x10
// board has at most a few hundred moves); the limit keeps a runaway producer
// from making us buffer without end.
constexpr std::size_t MAX_LINE = 1 << 20;

// A move as it may be echoed in an error: short printable ASCII only, so an
// error message never carries a megabyte or a broken UTF-8 sequence back.
std::string describe_move(std::string_view move) {
  const bool printable =
      std::all_of(move.begin(), move.end(), [](unsigned char c) { return c >= 0x20 && c < 0x7f; });
  if (printable && move.size() <= 12) return "'" + std::string(move) + "'";
  return "of " + std::to_string(move.size()) + " bytes";
}

// "red won by line", "drawn by repetition".
std::string describe_end(const rules::GameState& game) {
  const rules::Outcome& o = game.outcome();
  std::string how = " by " + std::string(rules::reason_name(o.reason));
  if (o.status == rules::Status::win) return std::string(game.side_name(o.winner)) + " won" + how;
  return "drawn" + how;
}

}  // namespace

Reply error_reply(std::string_view message) {
  Reply r;
  r["error"] = message;
  return r;
}

std::string unknown_key(const json::object& request,
                        std::initializer_list<std::string_view> known) {
  for (const auto& kv : request) {
    if (std::find(known.begin(), known.end(), kv.key()) == known.end()) {
      std::string list;
      for (auto k : known) list += (list.empty() ? "" : ", ") + std::string(k);
      return "unknown field '" + std::string(kv.key()) + "' (known: " + list + ")";
    }
  }
  return "";
}

Reply state_reply(const rules::GameState& game) {
  const rules::Outcome& o = game.outcome();
  Reply r;
  r["status"] = rules::status_name(o.status);
  if (o.status == rules::Status::win)
    r["winner"] = game.side_name(o.winner);
  else
    r["winner"] = nullptr;
  if (o.reason != rules::Reason::none)
    r["reason"] = rules::reason_name(o.reason);
  else
    r["reason"] = nullptr;
  r["ply"] = game.ply();
  if (o.over())
    r["to_move"] = nullptr;
  else
    r["to_move"] = game.side_name(game.side_to_move());
  json::array legal;
  for (const auto& m : game.legal_moves()) legal.emplace_back(m);
  r["legal"] = std::move(legal);
  json::array board;
  for (const auto& row : game.board_rows()) board.emplace_back(row);
  r["board"] = std::move(board);
  if (game.repetition_warning())
    r["warning"] = "repetition";
  else
    r["warning"] = nullptr;
  return r;
}

Reply play_and_report(rules::GameState& game, const json::value* moves) {
  if (moves != nullptr) {
    const json::array* list = moves->if_array();
    if (list == nullptr) return error_reply("moves must be an array of strings");
    std::size_t index = 0;
    for (const json::value& v : *list) {
      ++index;
      const std::string ply = "ply " + std::to_string(game.ply() + 1);
      const json::string* text = v.if_string();
      if (text == nullptr) {
        return error_reply(ply + ": move #" + std::to_string(index) + " is not a string");
      }
      const std::string_view move(text->data(), text->size());
      if (game.outcome().over()) {
        return error_reply(ply + ": move " + describe_move(move) + ": the game is already over (" +
                           describe_end(game) + " at ply " + std::to_string(game.ply()) + ")");
      }
      auto played = game.play(move);
      if (!played) {
        return error_reply(ply + ": move " + describe_move(move) + ": " + played.error().message);
      }
    }
  }
  return state_reply(game);
}

Reply judge(const json::object& request) {
  std::string_view game = "four";
  if (const json::value* g = request.if_contains("game")) {
    const json::string* s = g->if_string();
    if (s == nullptr) return error_reply("game must be a string: four or twicefour");
    game = std::string_view(s->data(), s->size());
  }
  const std::optional<rules::GameKind> kind = rules::game_kind_from_text(game);
  if (kind == rules::GameKind::four) return judge_four(request);
  if (kind == rules::GameKind::twicefour) return judge_twicefour(request);
  return error_reply("unknown game " + describe_move(game) + " (known: four, twicefour)");
}

std::string process_line(std::string_view line) {
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  if (line.size() > MAX_LINE) {
    return json::serialize(error_reply("line of " + std::to_string(line.size()) +
                                       " bytes is longer than the limit of " +
                                       std::to_string(MAX_LINE)));
  }
  if (line.find_first_not_of(" \t") == std::string_view::npos) {
    return json::serialize(error_reply("empty line: expected a JSON object"));
  }
  boost::system::error_code ec;
  json::value request = json::parse(json::string_view(line.data(), line.size()), ec);
  if (ec) return json::serialize(error_reply("malformed JSON: " + ec.message()));
  const json::object* object = request.if_object();
  if (object == nullptr) return json::serialize(error_reply("a request must be a JSON object"));
  return json::serialize(judge(*object));
}

}  // namespace ft::app::referee
