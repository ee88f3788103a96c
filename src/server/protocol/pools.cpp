#include "server/protocol/pools.h"

#include <stdexcept>
#include <vector>

namespace ft::server {
namespace {

// One row of the pool list: the clock in the units people say it in.
struct PoolRow {
  std::string_view game;
  std::string_view variant;
  int bank_min;     // Fischer bank in minutes; 0 for time per move
  int increment_s;  // Fischer increment, or the time per move, in seconds
  bool rated;
};

// Why these clocks: a two-game classic match lasts about two games of ~20
// moves each side, so 3+2 is a quick match (under 15 minutes), 5+5 the
// clock of a new table (the create form's default) and 10+5 the slow one.
// PopOut games run longer (pops undo threats), so its clocks start at 5+5.
// twiceFour is played with time per move (RULES.md B7): 30 s, between its
// levels' 60 and 15. The rarer variants get one clock, rated only: few
// pools keep their waiting players together; casual games of them are
// still opened in the lobby.
constexpr PoolRow ROWS[] = {
    {"four", "classic", 3, 2, true},
    {"four", "classic", 3, 2, false},
    {"four", "classic", 5, 5, true},
    {"four", "classic", 5, 5, false},
    {"four", "classic", 10, 5, true},
    {"four", "classic", 10, 5, false},
    {"four", "popout", 5, 5, true},
    {"four", "popout", 5, 5, false},
    {"four", "popout", 10, 5, true},
    {"twicefour", "twicefour", 0, 30, true},
    {"twicefour", "twicefour", 0, 30, false},
    {"four", "five", 5, 5, true},
    {"four", "cylinder", 5, 5, true},
    {"four", "misere", 5, 5, true},
    {"four", "small", 3, 2, true},
    {"four", "obstacles", 5, 5, true},
    {"four", "drawn-opening", 5, 5, true},
};

Pool make_pool(const PoolRow& r) {
  const std::string clock =
      r.bank_min > 0
          ? R"({"kind":"fischer","bank_ms":)" + std::to_string(r.bank_min * 60000) +
                R"(,"increment_ms":)" + std::to_string(r.increment_s * 1000) + "}"
          : R"({"kind":"per_move","move_ms":)" + std::to_string(r.increment_s * 1000) + "}";
  const std::string body = R"({"game":")" + std::string(r.game) + R"(","variant":")" +
                           std::string(r.variant) + R"(","format":"match","rated":)" +
                           (r.rated ? "true" : "false") + R"(,"visibility":"open","clock":)" +
                           clock + "}";
  auto settings = parse_settings(body);
  // The rows are this file's: a row the settings refuse is a bug here.
  if (!settings) throw std::logic_error("pool " + body + ": " + settings.error().message);
  const std::string time = r.bank_min > 0
                               ? std::to_string(r.bank_min) + "-" + std::to_string(r.increment_s)
                               : std::to_string(r.increment_s) + "s";
  return Pool{std::string(r.variant) + "-" + time + (r.rated ? "-rated" : "-casual"), *settings};
}

}  // namespace

std::span<const Pool> pools() {
  static const std::vector<Pool> all = [] {
    std::vector<Pool> v;
    for (const PoolRow& r : ROWS) v.push_back(make_pool(r));
    return v;
  }();
  return all;
}

const Pool* find_pool(std::string_view id) {
  for (const Pool& p : pools())
    if (p.id == id) return &p;
  return nullptr;
}

}  // namespace ft::server
