#include "cluster/spectator_log.h"

namespace ft::test::cluster {
namespace json = boost::json;
namespace {

std::vector<std::string> strings(const json::array& a) {
  std::vector<std::string> out;
  for (const json::value& v : a) out.emplace_back(v.as_string());
  return out;
}

}  // namespace

void SpectatorLog::fail(const std::string& what) {
  ok_ = false;
  problem_ += " " + what + ";";
}

void SpectatorLog::frame(const json::object& f) {
  const std::string type(f.at("type").as_string());
  if (type == "state") {
    // A full state: everything up to its version, whatever was missed.
    ++states_;
    version_ = f.at("version").as_int64();
    trace_ += " s" + std::to_string(version_);
    if (const json::object* game = f.at("game").if_object())
      moves_[int(game->at("number").as_int64())] = strings(game->at("moves").as_array());
    if (f.at("match").at("over").as_bool()) saw_end_ = true;
    return;
  }
  if (type != "event") return;
  const std::int64_t v = f.at("version").as_int64();
  trace_ += " e" + std::to_string(v);
  if (version_ == 0) return fail("event " + std::to_string(v) + " before any state");
  if (v <= version_) return;  // a catch-up may repeat what was seen
  if (v != version_ + 1)
    fail("event " + std::to_string(v) + " after " + std::to_string(version_) + " without a state");
  version_ = v;
  ++events_;
  const json::object& event = f.at("event").as_object();
  const std::string kind(event.at("kind").as_string());
  if (kind == "match_over") saw_end_ = end_event_ = true;
  if (kind == "game_started") {
    moves_[int(event.at("game").at("number").as_int64())].clear();
  } else if (kind == "moved") {
    auto& seen = moves_[int(event.at("game").at("number").as_int64())];
    const std::int64_t ply = event.at("ply").as_int64();
    if (ply != std::int64_t(seen.size()) + 1)
      fail("move at ply " + std::to_string(ply) + " after " + std::to_string(seen.size()) +
           " moves seen");
    seen.emplace_back(event.at("move").as_string());
    ++moved_;
  }
}

void SpectatorLog::check_moves(const std::vector<Acked>& acked) {
  std::map<int, std::vector<std::string>> expected;
  for (const Acked& a : acked) {
    auto& game = expected[a.game];
    if (std::size_t(a.ply) > game.size()) game.resize(std::size_t(a.ply));
    game[std::size_t(a.ply - 1)] = a.move;
  }
  for (const auto& [number, seen] : moves_) {
    const auto& want = expected[number];
    for (std::size_t i = 0; i < seen.size(); ++i)
      if (i >= want.size() || seen[i] != want[i])
        return fail("game " + std::to_string(number) + " ply " + std::to_string(i + 1) + ": saw " +
                    seen[i] + ", acknowledged " + (i < want.size() ? want[i] : "nothing"));
  }
  if (expected.empty()) return;
  const auto& [last, want] = *expected.rbegin();
  if (moves_[last] != want)
    fail("game " + std::to_string(last) + ": saw " + std::to_string(moves_[last].size()) +
         " of its " + std::to_string(want.size()) + " moves");
}

}  // namespace ft::test::cluster
